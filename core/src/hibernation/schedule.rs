//! Hibernation schedules: parsing a Shoot's `spec.hibernation.schedules`, their firing times, and their
//! validation.
//!
//! Follows `pkg/utils/hibernation/hibernationschedule.go` (`Parse`, `ParsedSchedule.Next`,
//! `ParsedSchedule.Previous`) and `pkg/api/core/validation/shoot.go` (`ValidateHibernationSchedules`,
//! `ValidateHibernationSchedule`, `ValidateHibernationCronSpec`, `ValidateHibernationScheduleLocation`).

use super::cron::{parse_standard, CronSchedule};
use super::zone::{Location, TimeZones};
use crate::decode::FromValue;
use crate::field::FieldError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub use crate::api::HibernationSchedule;

/// What a schedule entry does when it fires (`hibernation.Operation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub enum Operation {
    Hibernate,
    WakeUp,
}

/// One parsed cron expression of a schedule (`hibernation.ParsedSchedule`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParsedSchedule {
    pub operation: Operation,
    /// The location's name as Go reports it (`UTC` when none was given).
    pub location: Location,
    /// The cron expression as written.
    pub cron: String,
    /// Index of the schedule in `spec.hibernation.schedules`.
    pub schedule_index: usize,
    #[serde(skip)]
    schedule: CronSchedule,
}

/// `hibernation.Parse`: every schedule becomes its `Hibernate` entry (from `start`) and then its
/// `WakeUp` entry (from `end`), in list order. The first bad location or cron expression fails the whole
/// list, with the error text Go gives (e.g. `unknown time zone Moon/Crater`, `Empty spec string`).
pub fn parse_schedules(schedules: &[HibernationSchedule]) -> Result<Vec<ParsedSchedule>, String> {
    parse_schedules_in(schedules, TimeZones::EMBEDDED)
}

/// [`parse_schedules`] with the offsets of `zones`.
pub fn parse_schedules_in(
    schedules: &[HibernationSchedule],
    zones: TimeZones,
) -> Result<Vec<ParsedSchedule>, String> {
    let mut parsed = Vec::new();
    for (index, schedule) in schedules.iter().enumerate() {
        let location = Location::load_in(schedule.location.as_deref().unwrap_or(""), zones)?;
        let crons = [
            (Operation::Hibernate, &schedule.start),
            (Operation::WakeUp, &schedule.end),
        ];
        for (operation, cron) in crons {
            if let Some(cron) = cron {
                parsed.push(ParsedSchedule {
                    operation,
                    location: location.clone(),
                    cron: cron.clone(),
                    schedule_index: index,
                    schedule: parse_standard(cron)?,
                });
            }
        }
    }
    Ok(parsed)
}

impl ParsedSchedule {
    /// `ParsedSchedule.Next`: the first firing strictly after `t`, in UTC. `None` where Go returns its
    /// zero time (no firing within five years, e.g. `0 0 30 2 *`).
    pub fn next(&self, t: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.schedule.next(&self.location, t)
    }

    /// `ParsedSchedule.Previous`: the last firing in `(from, to]` — `from` excluded, `to` included —
    /// or `None`.
    pub fn previous(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.schedule.previous(&self.location, from, to)
    }

    /// This entry's firing at `instant` as a timeline event.
    pub fn event_at(&self, instant: DateTime<Utc>) -> ScheduleEvent {
        ScheduleEvent {
            instant,
            operation: self.operation,
            location: self.location.name().to_string(),
            cron: self.cron.clone(),
            schedule_index: self.schedule_index,
        }
    }
}

/// A firing of a schedule entry, for timelines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ScheduleEvent {
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub instant: DateTime<Utc>,
    pub operation: Operation,
    /// The entry's time zone as Go names it (`UTC` when it names none). A name, not a loaded
    /// [`Location`]: a page reads reports without time-zone rules.
    pub location: String,
    pub cron: String,
    pub schedule_index: usize,
}

/// The firings of all schedules in `(from, until]`, earliest first (ties in parse order), at most
/// `limit` of them. Each entry's firings are the chain of `ParsedSchedule.Next` calls starting at `from`,
/// as the controller sees them.
pub fn next_events(
    schedules: &[HibernationSchedule],
    from: DateTime<Utc>,
    until: DateTime<Utc>,
    limit: usize,
) -> Result<Vec<ScheduleEvent>, String> {
    next_events_in(schedules, (from, until), limit, TimeZones::EMBEDDED)
}

/// [`next_events`] with the offsets of `zones`.
pub fn next_events_in(
    schedules: &[HibernationSchedule],
    (from, until): (DateTime<Utc>, DateTime<Utc>),
    limit: usize,
    zones: TimeZones,
) -> Result<Vec<ScheduleEvent>, String> {
    let parsed = parse_schedules_in(schedules, zones)?;
    let mut events = Vec::new();
    for entry in &parsed {
        let mut cursor = entry.next(from);
        let mut taken = 0;
        while let Some(instant) = cursor {
            if instant > until || taken >= limit {
                break;
            }
            events.push(entry.event_at(instant));
            taken += 1;
            cursor = entry.next(instant);
        }
    }
    // A stable sort keeps parse order among simultaneous firings.
    crate::sorting::sort_by_key(&mut events, |event| event.instant);
    events.truncate(limit);
    Ok(events)
}

/// The most recent firing of any schedule in `(from, to]` — the event the hibernation controller acts on
/// (`getScheduleWithMostRecentTime`): the latest `Previous(from, to)` over all entries, the earlier
/// entry winning ties (a schedule's `start` before its `end`). `None` when nothing fired.
pub fn previous_event(
    schedules: &[HibernationSchedule],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Option<ScheduleEvent>, String> {
    let parsed = parse_schedules(schedules)?;
    Ok(latest_firing(&parsed, from, to).map(|(entry, instant)| entry.event_at(instant)))
}

/// The entry with the latest firing in `(from, to]`; on equal instants the earlier entry stays.
pub(crate) fn latest_firing(
    parsed: &[ParsedSchedule],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Option<(&ParsedSchedule, DateTime<Utc>)> {
    let mut best: Option<(&ParsedSchedule, DateTime<Utc>)> = None;
    for entry in parsed {
        if let Some(instant) = entry.previous(from, to) {
            if best.is_none_or(|(_, best_instant)| instant > best_instant) {
                best = Some((entry, instant));
            }
        }
    }
    best
}

/// The next hibernation and the next wake-up after `now` (each the earliest `Next` among the entries of
/// that operation), as a UI shows them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct UpcomingEvents {
    /// `None` when no `start` is configured or none of them fires within five years.
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub next_hibernation: Option<DateTime<Utc>>,
    /// `None` when no `end` is configured or none of them fires within five years.
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub next_wake_up: Option<DateTime<Utc>>,
}

/// The next firing per operation (`parseNextHibernationEvents` without Go's zero-time quirk: an entry
/// that never fires is simply ignored here).
pub fn upcoming_events(
    schedules: &[HibernationSchedule],
    now: DateTime<Utc>,
) -> Result<UpcomingEvents, String> {
    let parsed = parse_schedules(schedules)?;
    let earliest = |operation: Operation| {
        parsed
            .iter()
            .filter(|entry| entry.operation == operation)
            .filter_map(|entry| entry.next(now))
            .min()
    };
    Ok(UpcomingEvents {
        next_hibernation: earliest(Operation::Hibernate),
        next_wake_up: earliest(Operation::WakeUp),
    })
}

/// `ValidateHibernationSchedules` for `spec.hibernation.schedules` at `field_path` (e.g.
/// `spec.hibernation.schedules`): each schedule needs a start or an end, every cron expression must
/// parse and be unique across the whole list, and every location must load.
pub fn validate_hibernation_schedules(
    schedules: &[HibernationSchedule],
    field_path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut seen = BTreeSet::new();
    for (index, schedule) in schedules.iter().enumerate() {
        let path = format!("{field_path}[{index}]");
        if schedule.start.is_none() && schedule.end.is_none() {
            errors.push(FieldError::required(
                format!("{path}.start/end"),
                "either start or end has to be provided",
            ));
        }
        for (name, cron) in [("start", &schedule.start), ("end", &schedule.end)] {
            if let Some(cron) = cron {
                let cron_path = format!("{path}.{name}");
                match parse_standard(cron) {
                    Err(error) => errors.push(FieldError::invalid(
                        cron_path,
                        format!("not a valid cron spec: {error}"),
                    )),
                    Ok(_) if seen.contains(cron) => errors.push(FieldError::duplicate(cron_path)),
                    Ok(_) => {
                        seen.insert(cron.clone());
                    }
                }
            }
        }
        if let Some(location) = &schedule.location {
            if let Err(error) = Location::check_name(location) {
                errors.push(FieldError::invalid(
                    format!("{path}.location"),
                    format!("not a valid location: {error}"),
                ));
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;

    fn schedule(
        start: Option<&str>,
        end: Option<&str>,
        location: Option<&str>,
    ) -> HibernationSchedule {
        HibernationSchedule {
            start: start.map(str::to_string),
            end: end.map(str::to_string),
            location: location.map(str::to_string),
        }
    }

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn parse_orders_start_before_end_and_defaults_to_utc() {
        let parsed = parse_schedules(&[
            schedule(Some("0 20 * * 1-5"), Some("0 8 * * 1-5"), None),
            schedule(None, Some("0 10 * * 0,6"), Some("Europe/Berlin")),
        ])
        .unwrap();
        let summary: Vec<_> = parsed
            .iter()
            .map(|p| (p.operation, p.location.name().to_string(), p.schedule_index))
            .collect();
        assert_eq!(
            summary,
            vec![
                (Operation::Hibernate, "UTC".to_string(), 0),
                (Operation::WakeUp, "UTC".to_string(), 0),
                (Operation::WakeUp, "Europe/Berlin".to_string(), 1),
            ]
        );
        assert_eq!(
            parse_schedules(&[schedule(Some("0 20 * * *"), None, Some("Moon/Crater"))])
                .unwrap_err(),
            "unknown time zone Moon/Crater"
        );
        assert_eq!(
            parse_schedules(&[schedule(Some(""), None, None)]).unwrap_err(),
            "Empty spec string"
        );
    }

    #[test]
    fn events_merge_in_time_order() {
        let schedules = [schedule(Some("0 20 * * *"), Some("0 8 * * *"), None)];
        let events = next_events(
            &schedules,
            at("2024-01-01T12:00:00Z"),
            at("2024-01-03T00:00:00Z"),
            10,
        )
        .unwrap();
        let seen: Vec<_> = events.iter().map(|e| (e.instant, e.operation)).collect();
        assert_eq!(
            seen,
            vec![
                (at("2024-01-01T20:00:00Z"), Operation::Hibernate),
                (at("2024-01-02T08:00:00Z"), Operation::WakeUp),
                (at("2024-01-02T20:00:00Z"), Operation::Hibernate),
            ]
        );
        let upcoming = upcoming_events(&schedules, at("2024-01-01T12:00:00Z")).unwrap();
        assert_eq!(upcoming.next_wake_up, Some(at("2024-01-02T08:00:00Z")));
    }

    #[test]
    fn previous_event_prefers_the_latest_then_the_earlier_entry() {
        let schedules = [
            schedule(Some("0 7 * * *"), Some("0 2 * * *"), None),
            schedule(None, Some("0 7 * * *"), Some("UTC")),
        ];
        let event = previous_event(
            &schedules,
            at("2022-04-11T07:00:00Z"),
            at("2022-04-12T07:00:00Z"),
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            (event.operation, event.schedule_index),
            (Operation::Hibernate, 0)
        );
        assert_eq!(event.instant, at("2022-04-12T07:00:00Z"));
        let none = previous_event(
            &schedules,
            at("2022-04-12T07:00:00Z"),
            at("2022-04-12T08:00:00Z"),
        );
        assert_eq!(none, Ok(None));
    }

    #[test]
    fn validation_reports_duplicates_across_starts_and_ends() {
        let errors = validate_hibernation_schedules(
            &[
                schedule(Some("0 8 * * *"), Some("0 8 * * *"), Some("Moon/Crater")),
                schedule(None, None, None),
                schedule(Some("61 * * * *"), None, None),
            ],
            "spec.hibernation.schedules",
        );
        let shown: Vec<_> = errors
            .iter()
            .map(|e| (e.field.as_str(), e.error_type))
            .collect();
        assert_eq!(
            shown,
            vec![
                (
                    "spec.hibernation.schedules[0].end",
                    ErrorType::FieldValueDuplicate
                ),
                (
                    "spec.hibernation.schedules[0].location",
                    ErrorType::FieldValueInvalid
                ),
                (
                    "spec.hibernation.schedules[1].start/end",
                    ErrorType::FieldValueRequired
                ),
                (
                    "spec.hibernation.schedules[2].start",
                    ErrorType::FieldValueInvalid
                ),
            ]
        );
        assert_eq!(
            errors[3].detail,
            "not a valid cron spec: End of range (61) above maximum (59): 61"
        );
        assert_eq!(
            errors[1].detail,
            "not a valid location: unknown time zone Moon/Crater"
        );
    }
}
