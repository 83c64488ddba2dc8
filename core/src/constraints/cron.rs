//! Just enough of hibernation schedules for `AutomaticCredentialsRotationPossible`: the next firing of
//! each schedule entry, and whether the shoot sleeps through its next maintenance window.
//!
//! Follows `robfig/cron` v1.2.0 (`ParseStandard`, `(*SpecSchedule).Next`, `dayMatches`,
//! `ConstantDelaySchedule`), `pkg/utils/hibernation/hibernationschedule.go` (`Parse`, `Next`) and
//! `pkg/gardenlet/controller/shoot/care/hibernation.go` (`IsShootHibernatedDuringNextMaintenanceWindow`,
//! `parseNextHibernationEvents`).
//!
//! Limitation: without a time-zone database only the UTC location (absent, empty, `UTC`, `Etc/UTC`) is
//! evaluated; any other location is reported as an error, which makes the overlap check answer false.

use crate::duration;
use crate::timewindow::MaintenanceTime;
use chrono::{DateTime, Datelike, Days, Months, NaiveDate, TimeDelta, Timelike, Utc};
use serde::{Deserialize, Serialize};

const STAR_BIT: u64 = 1 << 63;

/// One `spec.hibernation.schedules[]` entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HibernationSchedule {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
}

/// A parsed cron expression.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Schedule {
    Spec {
        minute: u64,
        hour: u64,
        dom: u64,
        month: u64,
        dow: u64,
    },
    /// `@every <duration>`, in whole seconds (at least 1).
    Every(i64),
}

/// Whether a shoot with these schedules is asleep during its next maintenance window
/// (`IsShootHibernatedDuringNextMaintenanceWindow`). `window` is `(begin, end)` of
/// `spec.maintenance.timeWindow`; `hibernated` is `status.hibernated`.
pub fn hibernated_during_next_maintenance_window(
    window: Option<(&str, &str)>,
    schedules: &[HibernationSchedule],
    hibernated: bool,
    now: DateTime<Utc>,
) -> bool {
    let Some((begin, end)) = window else {
        return false;
    };
    let (Ok(begin), Ok(end)) = (MaintenanceTime::parse(begin), MaintenanceTime::parse(end)) else {
        return false;
    };
    let mut next_begin = on_date_of(begin, now);
    if next_begin <= now {
        next_begin = add_day(next_begin);
    }
    let mut next_end = on_date_of(end, now);
    if end <= begin {
        next_end = add_day(next_end);
    }
    if next_end <= next_begin {
        next_end = add_day(next_end);
    }

    let Ok((next_hibernate, next_wake_up)) = next_hibernation_events(schedules, now) else {
        return false;
    };
    if hibernated {
        let Some(wake_up) = next_wake_up.filter(|w| *w <= next_begin) else {
            return true; // never wakes up, or only after maintenance has begun
        };
        return next_hibernate.is_some_and(|h| h > wake_up && h < next_end);
    }
    match next_hibernate {
        None => false,
        Some(h) if h > next_end => false,
        Some(h) => next_wake_up.is_none_or(|w| w < h || w > next_begin),
    }
}

/// The earliest next `Hibernate` and the earliest next `WakeUp` firing, if any.
type NextEvents = (Option<DateTime<Utc>>, Option<DateTime<Utc>>);

/// The earliest next `Hibernate` and `WakeUp` firings after `now` (`parseNextHibernationEvents`).
fn next_hibernation_events(
    schedules: &[HibernationSchedule],
    now: DateTime<Utc>,
) -> Result<NextEvents, String> {
    let mut hibernate: Option<DateTime<Utc>> = None;
    let mut wake_up: Option<DateTime<Utc>> = None;
    for schedule in schedules {
        let location = schedule.location.as_deref().unwrap_or("");
        if !matches!(location, "" | "UTC" | "Etc/UTC") {
            return Err(format!("time zone {location:?} is not supported"));
        }
        for (cron, slot) in [
            (&schedule.start, &mut hibernate),
            (&schedule.end, &mut wake_up),
        ] {
            if let Some(cron) = cron {
                let next = next_firing(&parse_standard(cron)?, now);
                if slot.is_none_or(|current| next < current) {
                    *slot = Some(next);
                }
            }
        }
    }
    Ok((hibernate, wake_up))
}

/// `cron.ParseStandard`: five fields or a descriptor.
fn parse_standard(spec: &str) -> Result<Schedule, String> {
    if spec.is_empty() {
        return Err("Empty spec string".to_string());
    }
    if spec.starts_with('@') {
        return parse_descriptor(spec);
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!(
            "Expected 5 to 5 fields, found {}: {spec}",
            fields.len()
        ));
    }
    Ok(Schedule::Spec {
        minute: field_bits(fields[0], 0, 59, &[])?,
        hour: field_bits(fields[1], 0, 23, &[])?,
        dom: field_bits(fields[2], 1, 31, &[])?,
        month: field_bits(fields[3], 1, 12, MONTHS)?,
        dow: field_bits(fields[4], 0, 6, WEEKDAYS)?,
    })
}

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const WEEKDAYS: &[&str] = &["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

fn parse_descriptor(spec: &str) -> Result<Schedule, String> {
    let all = |min: u32, max: u32| bits(min, max, 1) | STAR_BIT;
    let spec_of = |dom: u64, month: u64, dow: u64, hour: u64| Schedule::Spec {
        minute: 1,
        hour,
        dom,
        month,
        dow,
    };
    match spec {
        "@yearly" | "@annually" => Ok(spec_of(1 << 1, 1 << 1, all(0, 6), 1)),
        "@monthly" => Ok(spec_of(1 << 1, all(1, 12), all(0, 6), 1)),
        "@weekly" => Ok(spec_of(all(1, 31), all(1, 12), 1, 1)),
        "@daily" | "@midnight" => Ok(spec_of(all(1, 31), all(1, 12), all(0, 6), 1)),
        "@hourly" => Ok(spec_of(all(1, 31), all(1, 12), all(0, 6), all(0, 23))),
        _ => match spec.strip_prefix("@every ") {
            Some(text) => {
                let every = duration::parse(text)
                    .map_err(|e| format!("Failed to parse duration {spec}: {e}"))?;
                Ok(Schedule::Every(every.num_seconds().max(1)))
            }
            None => Err(format!("Unrecognized descriptor: {spec}")),
        },
    }
}

fn field_bits(field: &str, min: u32, max: u32, names: &[&str]) -> Result<u64, String> {
    let mut out = 0;
    for expr in field.split(',').filter(|e| !e.is_empty()) {
        out |= range_bits(expr, min, max, names)?;
    }
    Ok(out)
}

/// `getRange`: `*`, `?`, `n`, `a-b`, each optionally `/step` (`n/step` runs to the maximum).
fn range_bits(expr: &str, min: u32, max: u32, names: &[&str]) -> Result<u64, String> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step[0].split('-').collect();
    let single = low_and_high.len() == 1;
    let (start, mut end, extra) = if matches!(low_and_high[0], "*" | "?") {
        (min, max, STAR_BIT)
    } else {
        let start = int_or_name(low_and_high[0], names)?;
        let end = match low_and_high.len() {
            1 => start,
            2 => int_or_name(low_and_high[1], names)?,
            _ => return Err(format!("Too many hyphens: {expr}")),
        };
        (start, end, 0)
    };
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            if single {
                end = max;
            }
            plain_int(range_and_step[1])?
        }
        _ => return Err(format!("Too many slashes: {expr}")),
    };
    if start < min {
        return Err(format!(
            "Beginning of range ({start}) below minimum ({min}): {expr}"
        ));
    }
    if end > max {
        return Err(format!(
            "End of range ({end}) above maximum ({max}): {expr}"
        ));
    }
    if start > end {
        return Err(format!(
            "Beginning of range ({start}) beyond end of range ({end}): {expr}"
        ));
    }
    if step == 0 {
        return Err(format!("Step of range should be a positive number: {expr}"));
    }
    Ok(bits(start, end, step) | extra)
}

fn int_or_name(text: &str, names: &[&str]) -> Result<u32, String> {
    let lower = text.to_ascii_lowercase();
    if let Some(index) = names.iter().position(|n| *n == lower) {
        // Months are 1-based, weekdays 0-based.
        return Ok(index as u32 + u32::from(names.len() == 12));
    }
    plain_int(text)
}

/// `mustParseInt`: Go's `strconv.Atoi`, negatives rejected.
fn plain_int(text: &str) -> Result<u32, String> {
    let value: i64 = text
        .parse()
        .map_err(|_| format!("Failed to parse int from {text}"))?;
    if value < 0 {
        return Err(format!("Negative number ({value}) not allowed: {text}"));
    }
    u32::try_from(value.min(i64::from(u32::MAX)))
        .map_err(|_| format!("Failed to parse int from {text}"))
}

fn bits(min: u32, max: u32, step: u32) -> u64 {
    if step == 1 {
        // max <= 59 here, so the shift cannot overflow.
        return !(u64::MAX << (max + 1)) & (u64::MAX << min);
    }
    (min..=max)
        .step_by(step as usize)
        .fold(0, |acc, i| acc | (1 << i))
}

/// The first firing strictly after `t`; Go's zero time when nothing matches within five years.
fn next_firing(schedule: &Schedule, t: DateTime<Utc>) -> DateTime<Utc> {
    let (minute, hour, dom, month, dow) = match *schedule {
        Schedule::Every(seconds) => {
            let whole = t.with_nanosecond(0).unwrap_or(t);
            return whole
                .checked_add_signed(TimeDelta::seconds(seconds))
                .unwrap_or_else(go_zero_time);
        }
        Schedule::Spec {
            minute,
            hour,
            dom,
            month,
            dow,
        } => (minute, hour, dom, month, dow),
    };
    let has = |mask: u64, value: u32| mask & (1 << value) != 0;
    let day_matches = |t: DateTime<Utc>| {
        let dom_match = has(dom, t.day());
        let dow_match = has(dow, t.weekday().num_days_from_sunday());
        if dom & STAR_BIT != 0 || dow & STAR_BIT != 0 {
            dom_match && dow_match
        } else {
            dom_match || dow_match
        }
    };
    let midnight = |y: i32, m: u32, d: u32| {
        NaiveDate::from_ymd_opt(y, m, d)
            .map(|date| date.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc())
    };

    let Some(mut t) = t
        .with_nanosecond(0)
        .unwrap_or(t)
        .checked_add_signed(TimeDelta::seconds(1))
    else {
        return go_zero_time();
    };
    let mut added = false;
    let year_limit = t.year() + 5;
    'wrap: loop {
        if t.year() > year_limit {
            return go_zero_time();
        }
        while !has(month, t.month()) {
            if !added {
                added = true;
                t = midnight(t.year(), t.month(), 1).unwrap_or(t);
            }
            let Some(next) = t.checked_add_months(Months::new(1)) else {
                return go_zero_time();
            };
            t = next;
            if t.month() == 1 {
                continue 'wrap;
            }
        }
        while !day_matches(t) {
            if !added {
                added = true;
                t = midnight(t.year(), t.month(), t.day()).unwrap_or(t);
            }
            let Some(next) = t.checked_add_days(Days::new(1)) else {
                return go_zero_time();
            };
            t = next;
            if t.day() == 1 {
                continue 'wrap;
            }
        }
        while !has(hour, t.hour()) {
            if !added {
                added = true;
                t = t.with_minute(0).and_then(|t| t.with_second(0)).unwrap_or(t);
            }
            let Some(next) = t.checked_add_signed(TimeDelta::hours(1)) else {
                return go_zero_time();
            };
            t = next;
            if t.hour() == 0 {
                continue 'wrap;
            }
        }
        while !has(minute, t.minute()) {
            if !added {
                added = true;
                t = t.with_second(0).unwrap_or(t);
            }
            let Some(next) = t.checked_add_signed(TimeDelta::minutes(1)) else {
                return go_zero_time();
            };
            t = next;
            if t.minute() == 0 {
                continue 'wrap;
            }
        }
        // Seconds are always 0 in the standard dialect.
        while t.second() != 0 {
            if !added {
                added = true;
            }
            let Some(next) = t.checked_add_signed(TimeDelta::seconds(1)) else {
                return go_zero_time();
            };
            t = next;
            if t.second() == 0 {
                continue 'wrap;
            }
        }
        return t;
    }
}

fn go_zero_time() -> DateTime<Utc> {
    NaiveDate::from_ymd_opt(1, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|d| d.and_utc())
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

/// A UTC time of day on the UTC date of `day` (`MaintenanceTime.adjust`).
fn on_date_of(time: MaintenanceTime, day: DateTime<Utc>) -> DateTime<Utc> {
    let formatted = time.formatted(); // HHMMSS+0000
    let part = |range: std::ops::Range<usize>| -> u32 {
        formatted
            .get(range)
            .and_then(|p| p.parse().ok())
            .unwrap_or(0)
    };
    day.date_naive()
        .and_hms_opt(part(0..2), part(2..4), part(4..6))
        .map(|d| d.and_utc())
        .unwrap_or(day)
}

fn add_day(t: DateTime<Utc>) -> DateTime<Utc> {
    t.checked_add_days(Days::new(1)).unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn next(spec: &str, from: &str) -> DateTime<Utc> {
        next_firing(&parse_standard(spec).unwrap(), at(from))
    }

    #[test]
    fn next_firings() {
        assert_eq!(
            next("0 8 * * *", "2022-02-22T22:22:22Z"),
            at("2022-02-23T08:00:00Z")
        );
        assert_eq!(
            next("30 1 * * mon", "2022-02-22T22:22:22Z"),
            at("2022-02-28T01:30:00Z")
        );
        assert_eq!(
            next("*/15 * * * *", "2022-02-22T22:22:22Z"),
            at("2022-02-22T22:30:00Z")
        );
        assert_eq!(
            next("0 0 1,15 * 3", "2022-02-22T22:22:22Z"),
            at("2022-02-23T00:00:00Z")
        );
        assert_eq!(next("0 0 30 2 *", "2022-02-22T22:22:22Z"), go_zero_time());
        assert_eq!(
            next("@weekly", "2022-02-22T22:22:22Z"),
            at("2022-02-27T00:00:00Z")
        );
    }

    #[test]
    fn invalid_specs() {
        for spec in [
            "",
            "* * * *",
            "0 0 * * 7",
            "0 24 * * *",
            "5-1 * * * *",
            "*/0 * * * *",
            "@never",
        ] {
            assert!(parse_standard(spec).is_err(), "{spec}");
        }
    }

    #[test]
    fn maintenance_inside_hibernation() {
        let schedules = [HibernationSchedule {
            start: Some("0 0 * * *".into()),
            end: Some("0 8 * * *".into()),
            location: None,
        }];
        let now = at("2022-02-22T22:22:22Z");
        assert!(hibernated_during_next_maintenance_window(
            Some(("010000+0000", "020000+0000")),
            &schedules,
            false,
            now
        ));
        assert!(!hibernated_during_next_maintenance_window(
            Some(("100000+0000", "110000+0000")),
            &schedules,
            false,
            now
        ));
    }
}
