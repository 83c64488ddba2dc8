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

    /// Parses `HHMMSS±hhmm` (Go layout `150405-0700`) and converts it to UTC, with Go's
    /// `time.Parse` errors: its elements in order, a range error as soon as an element is out of
    /// range, an element that does not parse named with what is left of the value.
    pub fn parse(text: &str) -> Result<MaintenanceTime, String> {
        const LAYOUT: &str = "150405-0700";
        let fail = |message: String| {
            format!(
                "could not parse the value into the maintenanceTime format: parsing time {}{message}",
                go_time_quote(text.as_bytes())
            )
        };
        let cannot = |rest: &[u8], element: &str| {
            fail(format!(
                " as \"{LAYOUT}\": cannot parse {} as \"{element}\"",
                go_time_quote(rest)
            ))
        };
        let out_of_range = |what: &str| fail(format!(": {what} out of range"));
        let value = text.as_bytes();
        // `getnum`: one or two digits (two when `fixed`).
        let digit = |s: &[u8], i: usize| s.get(i).is_some_and(u8::is_ascii_digit);
        let number = |s: &'_ [u8], fixed: bool| -> Option<(u32, usize)> {
            if !digit(s, 0) {
                return None;
            }
            if !digit(s, 1) {
                return (!fixed).then(|| (u32::from(s[0] - b'0'), 1));
            }
            Some((u32::from(s[0] - b'0') * 10 + u32::from(s[1] - b'0'), 2))
        };
        let Some((hour, used)) = number(value, false) else {
            return Err(cannot(value, "15"));
        };
        if hour >= 24 {
            return Err(out_of_range("hour"));
        }
        let value = &value[used..];
        let Some((minute, used)) = number(value, true) else {
            return Err(cannot(value, "04"));
        };
        if minute >= 60 {
            return Err(out_of_range("minute"));
        }
        let value = &value[used..];
        let Some((second, used)) = number(value, true) else {
            return Err(cannot(value, "05"));
        };
        if second >= 60 {
            return Err(out_of_range("second"));
        }
        let mut value = &value[used..];
        // A fractional second the layout does not have is read and dropped.
        if value.len() >= 2 && matches!(value[0], b'.' | b',') && digit(value, 1) {
            let digits = 1 + value[1..].iter().take_while(|b| b.is_ascii_digit()).count();
            value = &value[digits..];
        }
        if value.len() < 5 {
            return Err(cannot(value, "-0700"));
        }
        let (zone, rest) = value.split_at(5);
        // Go reads the minutes only once the hours read, and checks the ranges of what it read
        // before anything else (the minutes' error wins over the hours').
        let hours = number(&zone[1..3], true).map(|(n, _)| n);
        let minutes = hours.and(number(&zone[3..5], true)).map(|(n, _)| n);
        if minutes.is_some_and(|m| m > 60) {
            return Err(out_of_range("time zone offset minute"));
        }
        if hours.is_some_and(|h| h > 24) {
            return Err(out_of_range("time zone offset hour"));
        }
        let sign: i64 = match zone[0] {
            b'+' => 1,
            b'-' => -1,
            _ => return Err(cannot(value, "-0700")),
        };
        let (Some(offset_hours), Some(offset_minutes)) = (hours, minutes) else {
            return Err(cannot(value, "-0700"));
        };
        if !rest.is_empty() {
            return Err(fail(format!(": extra text: {}", go_time_quote(rest))));
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

/// Go's `time` package quoting of a value in a parse error: printable ASCII as it is (with `"` and
/// `\` escaped), every other rune as `\x` escapes of its bytes; a byte that is not valid UTF-8
/// is escaped alone.
fn go_time_quote(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = vec![b'"'];
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        // The rune's length by its first byte; an invalid sequence is one byte.
        let size = match byte {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => 1,
        };
        let size =
            if size > 1 && std::str::from_utf8(bytes.get(i..i + size).unwrap_or(&[])).is_err() {
                1
            } else {
                size
            };
        if (b' '..0x80).contains(&byte) {
            if byte == b'"' || byte == b'\\' {
                out.push(b'\\');
            }
            out.push(byte);
        } else {
            for &b in &bytes[i..i + size] {
                out.extend([
                    b'\\',
                    b'x',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ]);
            }
        }
        i += size;
    }
    out.push(b'"');
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn parse_errors_are_gos_time_parse_errors() {
        let error = |text: &str| {
            let message = MaintenanceTime::parse(text).unwrap_err();
            let prefix = "could not parse the value into the maintenanceTime format: parsing time ";
            message.strip_prefix(prefix).unwrap().to_string()
        };
        assert_eq!(error("25:00"), r#""25:00": hour out of range"#);
        assert_eq!(
            error("5:00"),
            r#""5:00" as "150405-0700": cannot parse ":00" as "04""#
        );
        assert_eq!(error(""), r#""" as "150405-0700": cannot parse "" as "15""#);
        assert_eq!(
            error("220000"),
            r#""220000" as "150405-0700": cannot parse "" as "-0700""#
        );
        assert_eq!(error("220000+0100x"), r#""220000+0100x": extra text: "x""#);
        assert_eq!(
            error("220000+2500"),
            r#""220000+2500": time zone offset hour out of range"#
        );
        assert_eq!(
            error("220000*0100"),
            r#""220000*0100" as "150405-0700": cannot parse "*0100" as "-0700""#
        );
        assert_eq!(
            error("22000ä+0100"),
            r#""22000\xc3\xa4+0100" as "150405-0700": cannot parse "0\xc3\xa4+0100" as "05""#
        );
        // A fractional second is read and dropped.
        assert_eq!(
            MaintenanceTime::parse("220000.5+0100"),
            MaintenanceTime::parse("220000+0100")
        );
    }

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
