//! The maintenance time window: `HHMMSS±hhmm` times of day, the effective window Gardener uses, and
//! when the next maintenance run happens.
//!
//! Follows `pkg/apis/utils/timewindow` and `EffectiveShootMaintenanceTimeWindow` in
//! `pkg/utils/gardener/shoot.go`. Times of day are held in UTC; the date never matters.

use chrono::{DateTime, Days, NaiveTime, TimeDelta, Timelike, Utc};
use std::fmt;

const SECONDS_PER_DAY: u32 = 86_400;

/// A UTC time of day with whole seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MaintenanceTime {
    seconds_of_day: u32,
}

impl MaintenanceTime {
    pub fn new(hour: u32, minute: u32, second: u32) -> Option<MaintenanceTime> {
        (hour < 24 && minute < 60 && second < 60).then_some(MaintenanceTime {
            seconds_of_day: hour * 3600 + minute * 60 + second,
        })
    }

    /// Parses `HHMMSS±hhmm` (Go layout `150405-0700`) and converts it to UTC.
    pub fn parse(text: &str) -> Result<MaintenanceTime, String> {
        let fail = |why: &str| {
            format!("could not parse the value into the maintenanceTime format: parsing time {text:?}: {why}")
        };
        let bytes = text.as_bytes();
        if bytes.len() != 11 || !text.is_ascii() {
            return Err(fail("does not match the layout HHMMSS±hhmm"));
        }
        let number = |range: std::ops::Range<usize>| -> Result<u32, String> {
            let part = &text[range];
            if part.bytes().all(|b| b.is_ascii_digit()) {
                Ok(part.parse().expect("two ASCII digits"))
            } else {
                Err(fail("does not match the layout HHMMSS±hhmm"))
            }
        };
        let (hour, minute, second) = (number(0..2)?, number(2..4)?, number(4..6)?);
        if hour >= 24 {
            return Err(fail("hour out of range"));
        }
        if minute >= 60 {
            return Err(fail("minute out of range"));
        }
        if second >= 60 {
            return Err(fail("second out of range"));
        }
        let sign: i64 = match bytes[6] {
            b'+' => 1,
            b'-' => -1,
            _ => return Err(fail("does not match the layout HHMMSS±hhmm")),
        };
        let (offset_hours, offset_minutes) = (number(7..9)?, number(9..11)?);
        if offset_hours > 24 || offset_minutes > 60 {
            return Err(fail("time zone offset out of range"));
        }
        let local = i64::from(hour * 3600 + minute * 60 + second);
        let offset = sign * i64::from(offset_hours * 3600 + offset_minutes * 60);
        let utc = (local - offset).rem_euclid(i64::from(SECONDS_PER_DAY));
        Ok(MaintenanceTime {
            seconds_of_day: utc as u32,
        })
    }

    /// The time of day of an instant, truncated to whole seconds.
    pub fn of_instant(instant: DateTime<Utc>) -> MaintenanceTime {
        MaintenanceTime {
            seconds_of_day: instant.num_seconds_from_midnight(),
        }
    }

    /// This time of day moved by a signed number of seconds, wrapping around midnight.
    pub fn shifted(self, seconds: i64) -> MaintenanceTime {
        let moved =
            (i64::from(self.seconds_of_day) + seconds).rem_euclid(i64::from(SECONDS_PER_DAY));
        MaintenanceTime {
            seconds_of_day: moved as u32,
        }
    }

    pub fn hour(self) -> u32 {
        self.seconds_of_day / 3600
    }

    fn naive(self) -> NaiveTime {
        NaiveTime::from_num_seconds_from_midnight_opt(self.seconds_of_day, 0)
            .expect("seconds of day are below 86400")
    }

    /// This time of day on the UTC date of `day`.
    pub(crate) fn on_date_of(self, day: DateTime<Utc>) -> DateTime<Utc> {
        day.date_naive().and_time(self.naive()).and_utc()
    }

    /// The `HHMMSS+0000` form Gardener writes.
    pub fn formatted(self) -> String {
        let (hour, minute, second) = self.clock();
        format!("{hour:02}{minute:02}{second:02}+0000")
    }

    /// Hour, minute and second, as a clock shows them.
    fn clock(self) -> (u32, u32, u32) {
        let seconds = self.seconds_of_day;
        (seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}

impl fmt::Display for MaintenanceTime {
    /// `HH:MM:SS`, as Gardener prints a maintenance time.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (hour, minute, second) = self.clock();
        write!(f, "{hour:02}:{minute:02}:{second:02}")
    }
}

/// A daily window in UTC; `end` before `begin` means the window spans midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaintenanceTimeWindow {
    pub begin: MaintenanceTime,
    pub end: MaintenanceTime,
}

/// How far Gardener pulls the end of a shoot's window in, so a run started late still finishes inside.
const EFFECTIVE_END_CUT_SECONDS: i64 = 15 * 60;

impl MaintenanceTimeWindow {
    /// The window that contains every instant (00:00:00 to 23:59:59).
    pub const ALWAYS: MaintenanceTimeWindow = MaintenanceTimeWindow {
        begin: MaintenanceTime { seconds_of_day: 0 },
        end: MaintenanceTime {
            seconds_of_day: SECONDS_PER_DAY - 1,
        },
    };

    pub fn parse(begin: &str, end: &str) -> Result<MaintenanceTimeWindow, String> {
        let begin = MaintenanceTime::parse(begin)
            .map_err(|e| format!("could not parse begin time: {e}"))?;
        let end =
            MaintenanceTime::parse(end).map_err(|e| format!("could not parse end time: {e}"))?;
        Ok(MaintenanceTimeWindow { begin, end })
    }

    /// The window a Shoot's maintenance actually uses: the configured one with its end 15 minutes earlier,
    /// or [`ALWAYS`](Self::ALWAYS) (uncut) when the Shoot has no window or an unparsable one.
    pub fn effective(window: Option<(&str, &str)>) -> MaintenanceTimeWindow {
        match window.map(|(begin, end)| MaintenanceTimeWindow::parse(begin, end)) {
            Some(Ok(window)) => MaintenanceTimeWindow {
                begin: window.begin,
                end: window.end.shifted(-EFFECTIVE_END_CUT_SECONDS),
            },
            _ => MaintenanceTimeWindow::ALWAYS,
        }
    }

    fn spans_midnight(&self) -> bool {
        self.end < self.begin
    }

    /// Whether the instant's time of day lies in the window; both ends are inclusive.
    pub fn contains(&self, instant: DateTime<Utc>) -> bool {
        let t = MaintenanceTime::of_instant(instant);
        if self.spans_midnight() {
            t <= self.end || t >= self.begin
        } else {
            self.begin <= t && t <= self.end
        }
    }

    /// Length of the window; an end at or before the begin belongs to the next day.
    pub fn duration(&self) -> TimeDelta {
        let seconds = if self.end <= self.begin {
            SECONDS_PER_DAY - self.begin.seconds_of_day + self.end.seconds_of_day
        } else {
            self.end.seconds_of_day - self.begin.seconds_of_day
        };
        TimeDelta::seconds(i64::from(seconds))
    }

    /// The next occurrence the maintenance controller schedules itself into after a reconcile at `from`:
    /// `(begin, end)` instants. The controller picks a random instant in `[begin, end)`
    /// (`RandomDurationUntilNext(from, false)`).
    pub fn next_occurrence(&self, from: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
        let mut begin = self.begin.on_date_of(from);
        let mut end = self.end.on_date_of(from);
        if self.end <= self.begin {
            end = end + Days::new(1);
        }
        if begin < from && (self.contains(from) || from > end) {
            begin = begin + Days::new(1);
            end = end + Days::new(1);
        }
        (begin, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn parses_with_offsets_into_utc() {
        let window = MaintenanceTimeWindow::parse("220000+0100", "230000+0100").unwrap();
        assert_eq!(window.begin.to_string(), "21:00:00");
        let effective = MaintenanceTimeWindow::effective(Some(("220000+0100", "230000+0100")));
        assert_eq!(
            (effective.begin.to_string(), effective.end.to_string()),
            ("21:00:00".into(), "21:45:00".into())
        );
        assert_eq!(
            MaintenanceTime::parse("003000-0230").unwrap().to_string(),
            "03:00:00"
        );
    }

    #[test]
    fn unparsable_window_is_always_uncut() {
        let window = MaintenanceTimeWindow::effective(Some(("25", "x")));
        assert_eq!(window, MaintenanceTimeWindow::ALWAYS);
        assert!(MaintenanceTime::parse("240000+0000")
            .unwrap_err()
            .contains("hour out of range"));
    }

    #[test]
    fn contains_spans_midnight_inclusively() {
        let window = MaintenanceTimeWindow::parse("220000+0000", "020000+0000").unwrap();
        assert!(window.contains(at("2026-01-01T23:00:00Z")));
        assert!(window.contains(at("2026-01-01T02:00:00Z")));
        assert!(!window.contains(at("2026-01-01T02:00:01Z")));
    }

    #[test]
    fn next_occurrence_skips_a_window_already_entered() {
        let window = MaintenanceTimeWindow::parse("160000+0000", "190000+0000").unwrap();
        let (begin, end) = window.next_occurrence(at("2026-01-01T17:00:00Z"));
        assert_eq!(begin, at("2026-01-02T16:00:00Z"));
        assert_eq!(end, at("2026-01-02T19:00:00Z"));
        let (begin, _) = window.next_occurrence(at("2026-01-01T10:00:00Z"));
        assert_eq!(begin, at("2026-01-01T16:00:00Z"));
    }
}
