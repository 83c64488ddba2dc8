//! Text formatting shared by the cards and the exports.
//!
//! Instants are written field by field rather than through chrono's strftime, which with
//! Unicode's case tables would otherwise be in the app's module for these few texts alone (the
//! core writes its own). The texts are chrono's, which a test holds them to.

use chrono::{DateTime, Datelike, Timelike, Utc};

/// `2026-11-22 21:00 UTC` and `2026-11-22` (chrono's `%Y-%m-%d %H:%M UTC` and `%Y-%m-%d`), as the
/// core's summary writes them.
pub use shoot_policy::summary::{date, date_time};

/// `2026-11-22T21:00`, what an `<input type="datetime-local">` holds (chrono's `%Y-%m-%dT%H:%M`).
pub fn local_input(t: DateTime<Utc>) -> String {
    format!("{}T{:02}:{:02}", date(t), t.hour(), t.minute())
}

/// `Nov 2026`, a month on the timeline's axis (chrono's `%b %Y`).
pub fn month_and_year(t: DateTime<Utc>) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!("{} {}", MONTHS[t.month0() as usize], year(t))
}

/// `20261122T210000Z`, an iCalendar date-time in UTC (RFC 5545; chrono's `%Y%m%dT%H%M%SZ`).
pub fn ical_utc(t: DateTime<Utc>) -> String {
    format!(
        "{}{:02}{:02}T{:02}{:02}{:02}Z",
        year(t),
        t.month(),
        t.day(),
        t.hour(),
        t.minute(),
        // chrono holds a leap second as :59 and a second's worth of nanoseconds.
        t.second() + t.nanosecond() / 1_000_000_000
    )
}

/// chrono's `%Y`, as the core writes it.
fn year(t: DateTime<Utc>) -> String {
    shoot_policy::rfc3339::year(&t)
}

/// The text with its first letter in upper case: the core's English texts, which start with an
/// ASCII letter.
pub use shoot_policy::ascii::capitalized;

/// `1 webhook`, `4 webhooks`.
/// A size as a user reads it: `4.2 MB`.
pub fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn instants_are_written_as_chronos_strftime_writes_them() {
        let mut instants: Vec<DateTime<Utc>> = (0..2_000)
            .map(|step: i64| {
                // Every month and hour over two centuries, minutes and seconds varying.
                at("1950-01-01T00:00:00Z")
                    + chrono::TimeDelta::seconds(step * 3_155_761 + step % 61)
            })
            .collect();
        instants.extend(
            [
                "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59Z",
                "2016-12-31T23:59:60Z",
            ]
            .map(at),
        );
        instants.push(DateTime::<Utc>::MAX_UTC);
        instants.push(DateTime::<Utc>::MIN_UTC);
        for t in instants {
            assert_eq!(date_time(t), t.format("%Y-%m-%d %H:%M UTC").to_string());
            assert_eq!(date(t), t.format("%Y-%m-%d").to_string());
            assert_eq!(local_input(t), t.format("%Y-%m-%dT%H:%M").to_string());
            assert_eq!(month_and_year(t), t.format("%b %Y").to_string());
            assert_eq!(ical_utc(t), t.format("%Y%m%dT%H%M%SZ").to_string());
        }
    }

    #[test]
    fn a_count_takes_the_singular_for_one_only() {
        assert_eq!(count(1, "webhook", "webhooks"), "1 webhook");
        assert_eq!(count(0, "webhook", "webhooks"), "0 webhooks");
        assert_eq!(count(4, "pool", "pools"), "4 pools");
    }

    #[test]
    fn capitalized_raises_the_first_letter() {
        assert_eq!(
            capitalized("rolling update of arm"),
            "Rolling update of arm"
        );
        assert_eq!(capitalized(""), "");
    }
}
