//! What the user typed: the four editors and the evaluation time, and how they become the core's
//! sources.

use chrono::{DateTime, Months, SecondsFormat, Utc};
use shoot_policy::decode::FromValue;
use shoot_policy::examples::Example;
use shoot_policy::report::{Source, SourceRole};

/// The text of the four editors and the evaluation time, as the user left them.
#[derive(Clone, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize, FromValue)]
#[serde(rename_all = "camelCase", default)]
pub struct Inputs {
    pub cloud_profile: String,
    pub shoot: String,
    pub previous_shoot: String,
    pub objects: String,
    /// RFC 3339; empty means "now".
    pub evaluation_time: String,
}

/// The editors: label (also the diagnostics' source name), role, and accessors.
pub struct EditorSpec {
    pub label: &'static str,
    pub role: SourceRole,
    pub get: fn(&Inputs) -> &String,
    pub get_mut: fn(&mut Inputs) -> &mut String,
}

pub const EDITORS: [EditorSpec; 4] = [
    EditorSpec {
        label: "CloudProfile",
        role: SourceRole::Auto,
        get: |i| &i.cloud_profile,
        get_mut: |i| &mut i.cloud_profile,
    },
    EditorSpec {
        label: "Shoot",
        role: SourceRole::Auto,
        get: |i| &i.shoot,
        get_mut: |i| &mut i.shoot,
    },
    EditorSpec {
        label: "Previous Shoot",
        role: SourceRole::PreviousShoot,
        get: |i| &i.previous_shoot,
        get_mut: |i| &mut i.previous_shoot,
    },
    EditorSpec {
        label: "Other objects",
        role: SourceRole::Auto,
        get: |i| &i.objects,
        get_mut: |i| &mut i.objects,
    },
];

impl Inputs {
    pub fn from_example(example: &Example) -> Inputs {
        Inputs {
            cloud_profile: example.cloud_profile.to_string(),
            shoot: example.shoot.to_string(),
            previous_shoot: example.previous_shoot.to_string(),
            objects: example.objects.to_string(),
            evaluation_time: String::new(),
        }
    }

    pub fn sources(&self) -> Vec<Source> {
        EDITORS
            .iter()
            .map(|editor| Source {
                name: editor.label.to_string(),
                role: editor.role,
                text: (editor.get)(self).clone(),
            })
            .collect()
    }

    /// Labelled texts, for the secret check and exports.
    pub fn texts(&self) -> Vec<(&'static str, &str)> {
        EDITORS
            .iter()
            .map(|editor| (editor.label, (editor.get)(self).as_str()))
            .collect()
    }

    /// The evaluation instant: the typed time, or `clock_now` when it is empty or unreadable.
    pub fn now(&self, clock_now: DateTime<Utc>) -> DateTime<Utc> {
        parse_time(&self.evaluation_time).unwrap_or(clock_now)
    }
}

/// Reads RFC 3339, or the `YYYY-MM-DDTHH:MM[:SS]` of a datetime-local input (taken as UTC, also
/// with a space for the `T`), or a date. The local forms are read here rather than by chrono's
/// format strings, whose reader cost the app 4 KB gzip.
pub fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    if let Ok(t) = shoot_policy::rfc3339::parse(text) {
        return Some(t);
    }
    let (date, time) = match text.split_once(['T', ' ']) {
        Some((date, time)) => (date, Some(time)),
        None => (text, None),
    };
    let mut date = date.splitn(3, '-').map(number);
    let (year, month, day) = (date.next()??, date.next()??, date.next()??);
    let date = chrono::NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)?;
    let Some(time) = time else {
        return Some(date.and_hms_opt(0, 0, 0)?.and_utc());
    };
    let mut time = time.splitn(3, ':').map(number);
    let (hour, minute) = (time.next()??, time.next()??);
    let second = time.next().unwrap_or(Some(0))?;
    Some(date.and_hms_opt(hour, minute, second)?.and_utc())
}

/// A number of one to four ASCII digits (no sign), as the datetime-local forms write their parts.
fn number(text: &str) -> Option<u32> {
    if !(1..=4).contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The evaluation-time text `months` after `from` (time travel buttons).
pub fn shifted(from: DateTime<Utc>, months: u32) -> String {
    rfc3339(from.checked_add_months(Months::new(months)).unwrap_or(from))
}

/// The evaluation-time text of an instant: RFC 3339 in UTC, whole seconds.
pub fn rfc3339(time: DateTime<Utc>) -> String {
    time.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn reads_the_usual_time_notations() {
        let expected = at("2026-11-22T10:30:00Z");
        for text in [
            "2026-11-22T10:30:00Z",
            "2026-11-22T11:30:00+01:00",
            "2026-11-22T10:30",
            " 2026-11-22 10:30 ",
        ] {
            assert_eq!(parse_time(text), Some(expected), "{text}");
        }
        assert_eq!(parse_time("2027-01-01"), Some(at("2027-01-01T00:00:00Z")));
        assert_eq!(
            parse_time("2026-11-22T10:30:15"),
            Some(at("2026-11-22T10:30:15Z"))
        );
        assert_eq!(
            parse_time("2026-11-22T10:30:00.250Z"),
            Some(at("2026-11-22T10:30:00.250Z"))
        );
        for wrong in [
            "next tuesday",
            "",
            "2026-13-01",
            "2026-02-30",
            "2026-11-22T24:00",
            "2026-11-22T10",
            "2026-11-22T10:30:00:00",
            "2026-11-22T10:30:61",
            "2026-11-22T-1:30",
            "2026-11-22T+1:30",
            "2026-11",
            "2026-11-22-",
        ] {
            assert_eq!(parse_time(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn empty_or_bad_time_means_now() {
        let clock = at("2026-05-05T05:05:05Z");
        let mut inputs = Inputs::default();
        assert_eq!(inputs.now(clock), clock);
        inputs.evaluation_time = "garbage".into();
        assert_eq!(inputs.now(clock), clock);
    }

    #[test]
    fn time_travel_adds_calendar_months() {
        assert_eq!(
            shifted(at("2026-01-31T12:00:00Z"), 1),
            "2026-02-28T12:00:00Z"
        );
        assert_eq!(
            shifted(at("2026-11-22T00:00:00Z"), 6),
            "2027-05-22T00:00:00Z"
        );
    }

    #[test]
    fn sources_carry_the_editor_labels_and_roles() {
        let sources = Inputs::default().sources();
        let names: Vec<&str> = sources.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["CloudProfile", "Shoot", "Previous Shoot", "Other objects"]
        );
        assert_eq!(sources[2].role, SourceRole::PreviousShoot);
    }
}
