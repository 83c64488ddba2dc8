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

/// A piece of a text as [`line_breaks`] cuts it.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    /// A date (`2027-04-01`): browsers break after its hyphens, so it is kept on one line.
    Date(&'a str),
    /// Where a long name may break: after a `/`, before a `.` that a letter follows
    /// (`configuration/<wbr>validation<wbr>.gatekeeper<wbr>.sh`), so a webhook's name breaks
    /// there rather than at an arbitrary letter.
    Break,
}

/// Cuts `text` for rendering with its dates unbroken and its long names breakable where a reader
/// expects (the HTML it becomes adds no character, so a copy of the text is the text).
pub fn line_breaks(text: &str) -> Vec<Piece<'_>> {
    let bytes = text.as_bytes();
    let is_date = |at: usize| {
        let digits = |from: usize, to: usize| bytes[from..to].iter().all(u8::is_ascii_digit);
        at + 10 <= bytes.len()
            && digits(at, at + 4)
            && bytes[at + 4] == b'-'
            && digits(at + 5, at + 7)
            && bytes[at + 7] == b'-'
            && digits(at + 8, at + 10)
            && (at == 0 || !bytes[at - 1].is_ascii_digit())
    };
    let (mut pieces, mut start, mut at) = (Vec::new(), 0, 0);
    while at < bytes.len() {
        let name_dot = bytes[at] == b'.'
            && at > start
            && bytes.get(at + 1).is_some_and(u8::is_ascii_alphabetic);
        if is_date(at) || name_dot {
            if start < at {
                pieces.push(Piece::Text(&text[start..at]));
            }
            start = at;
            if name_dot {
                pieces.push(Piece::Break);
                at += 1;
            } else {
                at += 10;
                pieces.push(Piece::Date(&text[start..at]));
                start = at;
            }
        } else if bytes[at] == b'/' {
            at += 1;
            pieces.push(Piece::Text(&text[start..at]));
            pieces.push(Piece::Break);
            start = at;
        } else {
            at += 1;
        }
    }
    if start < bytes.len() {
        pieces.push(Piece::Text(&text[start..]));
    }
    pieces
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

    #[test]
    fn dates_stay_whole_and_long_names_break_at_their_dots_and_slashes() {
        use Piece::*;
        assert_eq!(
            line_breaks("1.32.9 → 1.33.5 on 2027-04-01 21:00 UTC"),
            [
                Text("1.32.9 → 1.33.5 on "),
                Date("2027-04-01"),
                Text(" 21:00 UTC")
            ]
        );
        assert_eq!(
            line_breaks("hook-configuration/validation.gatekeeper.sh, x"),
            [
                Text("hook-configuration/"),
                Break,
                Text("validation"),
                Break,
                Text(".gatekeeper"),
                Break,
                Text(".sh, x")
            ]
        );
        // Not dates: a longer number, a version; a sentence's full stop before a space.
        assert_eq!(line_breaks("12027-04-01"), [Text("12027-04-01")]);
        assert_eq!(line_breaks("v1.2. Then"), [Text("v1.2. Then")]);
        assert_eq!(line_breaks(""), []);
        assert_eq!(line_breaks("2026-11-22"), [Date("2026-11-22")]);
        // Nothing is lost or added.
        let text = "a/b.c on 2026-11-22/2026-11-23.x";
        let joined: String = (line_breaks(text).iter())
            .map(|piece| match piece {
                Text(t) | Date(t) => *t,
                Break => "",
            })
            .collect();
        assert_eq!(joined, text);
    }
}
