//! Instants written as RFC 3339 text exactly as chrono's `Serialize` writes a `DateTime<Utc>`
//! (`2026-11-22T22:00:00Z`, a fraction only when there is one, in 3, 6 or 9 digits), without
//! `core::fmt`. A report holds thousands of instants (every version's expiration, every window and
//! schedule event), and chrono writes each through a formatter a character at a time: in wasm,
//! the version matrix of a large CloudProfile spent a tenth of its conversion to JavaScript there.
//!
//! Use on a field: `#[serde(serialize_with = "crate::rfc3339::serialize")]`, or
//! `serialize_option` for an `Option`.
//!
//! [`parse`] reads such text back as chrono's `FromStr` for `DateTime<FixedOffset>` does.

use chrono::{DateTime, Datelike, Timelike, Utc};
use serde::{Serialize, Serializer};

/// `text` as chrono's `DateTime<FixedOffset>::from_str` reads it, in UTC. The form the API server
/// writes (`2026-11-22T22:00:00Z`) is read here directly; every other text, valid or not, goes to
/// chrono. A Shoot's status holds a dozen such instants, and chrono's general reader costs more
/// than the rest of reading its conditions.
pub fn parse(text: &str) -> Result<DateTime<Utc>, chrono::ParseError> {
    match utc_seconds(text) {
        Some(instant) => Ok(instant),
        None => text
            .parse::<DateTime<chrono::FixedOffset>>()
            .map(|time| time.with_timezone(&Utc)),
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` with a valid date and time, no leap second.
fn utc_seconds(text: &str) -> Option<DateTime<Utc>> {
    let bytes: &[u8; 20] = text.as_bytes().try_into().ok()?;
    let separators = [
        (4, b'-'),
        (7, b'-'),
        (10, b'T'),
        (13, b':'),
        (16, b':'),
        (19, b'Z'),
    ];
    if separators.iter().any(|&(at, byte)| bytes[at] != byte) {
        return None;
    }
    let number = |from: usize, to: usize| -> Option<u32> {
        (bytes[from..to].iter()).try_fold(0, |sum: u32, digit| {
            digit
                .is_ascii_digit()
                .then(|| sum * 10 + u32::from(digit - b'0'))
        })
    };
    let date = chrono::NaiveDate::from_ymd_opt(
        i32::try_from(number(0, 4)?).ok()?,
        number(5, 7)?,
        number(8, 10)?,
    )?;
    // chrono reads a second of 60 as a leap second; that one is left to it.
    let second = number(17, 19).filter(|second| *second < 60)?;
    let time = date.and_hms_opt(number(11, 13)?, number(14, 16)?, second)?;
    Some(time.and_utc())
}

/// `instant` as chrono's `Serialize` writes it.
pub fn serialize<S: Serializer>(instant: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
    Rfc3339(instant).serialize(serializer)
}

/// [`serialize`] for an optional instant: `None` as serde writes `None`.
pub fn serialize_option<S: Serializer>(
    instant: &Option<DateTime<Utc>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match instant {
        Some(instant) => serializer.serialize_some(&Rfc3339(instant)),
        None => serializer.serialize_none(),
    }
}

/// An instant that serialises as RFC 3339 text.
struct Rfc3339<'a>(&'a DateTime<Utc>);

impl Serialize for Rfc3339<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut buffer = [0; LONGEST];
        match write(self.0, &mut buffer) {
            Some(text) => serializer.serialize_str(text),
            // Years before 0 or after 9999 carry a sign; chrono writes those few.
            None => self.0.serialize(serializer),
        }
    }
}

/// `YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ`.
const LONGEST: usize = 30;

/// Go's `time.Time.String()` of a UTC instant with whole seconds, as Gardener prints a `metav1.Time`
/// (the API server keeps no fraction): `2026-01-01 00:00:00 +0000 UTC`. Written as chrono's
/// `%Y-%m-%d %H:%M:%S +0000 UTC` wrote it, so the wasm builds carry no strftime machinery.
pub fn go_string(instant: &DateTime<Utc>) -> String {
    let mut buffer = [0; LONGEST];
    let mut rest = Text {
        buffer: &mut buffer,
        length: 0,
    };
    rest.month_to_second(instant, b' ');
    format!("{}{} +0000 UTC", year(instant), rest.as_str())
}

/// The year as chrono's `%Y` writes it: four digits, and a sign outside 0 to 9999. RFC 3339 text
/// never has such a year, but a certificate valid until `DateTime::MAX_UTC` does.
pub fn year(instant: &DateTime<Utc>) -> String {
    match instant.year() {
        year @ 0..=9999 => format!("{year:04}"),
        year => format!("{year:+05}"),
    }
}

/// The text of `instant` in `buffer`; `None` for a year outside 0..=9999.
fn write<'b>(instant: &DateTime<Utc>, buffer: &'b mut [u8; LONGEST]) -> Option<&'b str> {
    let mut text = Text { buffer, length: 0 };
    let nano = text.date_and_time(instant, b'T')?;
    // chrono's `SecondsFormat::AutoSi`: the shortest of milli-, micro- and nanoseconds.
    if nano != 0 {
        text.byte(b'.');
        if nano % 1_000_000 == 0 {
            text.digits(nano / 1_000_000, 3);
        } else if nano % 1_000 == 0 {
            text.digits(nano / 1_000, 6);
        } else {
            text.digits(nano, 9);
        }
    }
    text.byte(b'Z');
    let Text { buffer, length } = text;
    std::str::from_utf8(&buffer[..length]).ok()
}

struct Text<'a> {
    buffer: &'a mut [u8; LONGEST],
    length: usize,
}

impl Text<'_> {
    /// `YYYY-MM-DD`, `between`, `HH:MM:SS`; gives the nanoseconds left after the second (a leap
    /// second written as :60), or `None` with nothing written for a year outside 0..=9999.
    fn date_and_time(&mut self, instant: &DateTime<Utc>, between: u8) -> Option<u32> {
        let year = instant.year();
        if !(0..=9999).contains(&year) {
            return None;
        }
        self.digits(year as u32, 4);
        Some(self.month_to_second(instant, between))
    }

    /// `-MM-DD`, `between`, `HH:MM:SS`: [`Text::date_and_time`] after the year.
    fn month_to_second(&mut self, instant: &DateTime<Utc>, between: u8) -> u32 {
        let (mut second, mut nano) = (instant.second(), instant.nanosecond());
        // A leap second is held as a nanosecond count of a second or more past :59.
        if nano >= 1_000_000_000 {
            second += 1;
            nano -= 1_000_000_000;
        }
        self.byte(b'-');
        self.digits(instant.month(), 2);
        self.byte(b'-');
        self.digits(instant.day(), 2);
        self.byte(between);
        self.digits(instant.hour(), 2);
        self.byte(b':');
        self.digits(instant.minute(), 2);
        self.byte(b':');
        self.digits(second, 2);
        nano
    }

    fn as_str(&self) -> &str {
        // Only ASCII digits and separators are written.
        std::str::from_utf8(&self.buffer[..self.length]).unwrap_or_default()
    }

    fn byte(&mut self, byte: u8) {
        self.buffer[self.length] = byte;
        self.length += 1;
    }

    /// `value` in `width` decimal digits, zero-padded (`value` has no more).
    fn digits(&mut self, mut value: u32, width: usize) {
        for slot in self.buffer[self.length..self.length + width]
            .iter_mut()
            .rev()
        {
            *slot = b'0' + (value % 10) as u8;
            value /= 10;
        }
        self.length += width;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{NaiveDate, TimeDelta};

    /// What chrono's own `Serialize` writes, through serde_json.
    fn chrono_text(instant: &DateTime<Utc>) -> String {
        serde_json::to_string(instant).unwrap()
    }

    fn our_text(instant: &DateTime<Utc>) -> String {
        serde_json::to_string(&Rfc3339(instant)).unwrap()
    }

    /// chrono's reading, which [`parse`] must give for every text.
    fn chrono_reading(text: &str) -> Result<DateTime<Utc>, String> {
        (text.parse::<DateTime<chrono::FixedOffset>>())
            .map(|time| time.with_timezone(&Utc))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn instants_read_as_chrono_reads_them() {
        let mut texts: Vec<String> = Vec::new();
        // Every field at and beyond its bounds, in leap and common years.
        for year in ["0000", "1970", "2024", "2026", "2100", "9999"] {
            for month in ["00", "01", "02", "04", "12", "13"] {
                for day in ["00", "01", "28", "29", "30", "31", "32"] {
                    texts.push(format!("{year}-{month}-{day}T12:30:45Z"));
                }
            }
        }
        for (hour, minute, second) in [
            ("00", "00", "00"),
            ("23", "59", "59"),
            ("23", "59", "60"),
            ("24", "00", "00"),
            ("12", "60", "00"),
            ("12", "00", "61"),
        ] {
            texts.push(format!("2026-11-22T{hour}:{minute}:{second}Z"));
        }
        // The same instant in the forms the fast path leaves to chrono, and broken ones.
        texts.extend(
            [
                "2026-11-22t22:00:00z",
                "2026-11-22 22:00:00Z",
                "2026-11-22T22:00:00+00:00",
                "2026-11-22T23:00:00+01:00",
                "2026-11-22T22:00:00.5Z",
                "2026-11-22T22:00:00",
                "2026-11-22T22:00Z",
                "2026-1a-22T22:00:00Z",
                "+2026-11-22T22:00:0Z",
                "2026-11-22T22:00:00Z ",
                "2026_11-22T22:00:00Z",
                "",
            ]
            .map(String::from),
        );
        let mut read = 0;
        for text in &texts {
            let ours = parse(text).map_err(|e| e.to_string());
            assert_eq!(ours, chrono_reading(text), "{text:?}");
            read += usize::from(ours.is_ok());
        }
        // Both paths were taken: valid texts and rejected ones.
        assert!(
            read > 100 && read < texts.len() - 100,
            "{read} of {}",
            texts.len()
        );
        assert!(utc_seconds("2024-02-29T12:30:45Z").is_some());
        assert!(utc_seconds("2026-11-22T22:00:00+00:00").is_none());
    }

    /// 20 000 instants over the years 0 to 9999, each kind of fraction in turn: none, milli-,
    /// micro- and nanoseconds.
    fn random_instants() -> impl Iterator<Item = DateTime<Utc>> {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let start = NaiveDate::from_ymd_opt(0, 1, 1)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap();
        let span_seconds = 10_000 * 366 * 86_400;
        (0..20_000).map(move |case| {
            let seconds = (next() % span_seconds) as i64;
            let nanos = match case % 4 {
                0 => 0,
                1 => (next() % 1_000) as i64 * 1_000_000,
                2 => (next() % 1_000_000) as i64 * 1_000,
                _ => (next() % 1_000_000_000) as i64,
            };
            (start + TimeDelta::seconds(seconds) + TimeDelta::nanoseconds(nanos)).and_utc()
        })
    }

    #[test]
    fn instants_are_written_as_chrono_writes_them() {
        for instant in random_instants() {
            assert_eq!(our_text(&instant), chrono_text(&instant), "{instant:?}");
        }
    }

    /// A leap second with a fraction and without, both ends of the years written without a sign,
    /// the years just past them, and chrono's extremes.
    fn edge_instants() -> [DateTime<Utc>; 8] {
        let leap = |nanos| {
            NaiveDate::from_ymd_opt(2016, 12, 31)
                .unwrap()
                .and_hms_nano_opt(23, 59, 59, nanos)
                .unwrap()
                .and_utc()
        };
        let at = |y, mo, d| {
            NaiveDate::from_ymd_opt(y, mo, d)
                .unwrap()
                .and_hms_opt(0, 0, 0)
                .unwrap()
                .and_utc()
        };
        [
            leap(1_500_000_000),
            leap(1_000_000_000),
            at(0, 1, 1),
            at(9999, 12, 31) + TimeDelta::nanoseconds(86_399_999_999_999),
            at(-1, 12, 31),
            at(10_000, 1, 1),
            DateTime::<Utc>::MIN_UTC,
            DateTime::<Utc>::MAX_UTC,
        ]
    }

    #[test]
    fn edges_leap_seconds_and_signed_years() {
        let edges = edge_instants();
        for instant in edges {
            assert_eq!(our_text(&instant), chrono_text(&instant));
        }
        assert_eq!(our_text(&edges[0]), "\"2016-12-31T23:59:60.500Z\"");
        assert_eq!(our_text(&edges[5]), "\"+10000-01-01T00:00:00Z\"");
    }

    #[test]
    fn go_strings_are_chronos_strftime() {
        for instant in random_instants().chain(edge_instants()) {
            let chrono = instant.format("%Y-%m-%d %H:%M:%S +0000 UTC").to_string();
            assert_eq!(go_string(&instant), chrono, "{instant:?}");
        }
        let edges = edge_instants();
        assert_eq!(go_string(&edges[0]), "2016-12-31 23:59:60 +0000 UTC");
        assert_eq!(go_string(&edges[5]), "+10000-01-01 00:00:00 +0000 UTC");
    }

    #[test]
    fn an_absent_instant_is_written_as_serde_writes_none() {
        #[derive(Serialize)]
        struct Both {
            #[serde(serialize_with = "serialize_option")]
            ours: Option<DateTime<Utc>>,
            chronos: Option<DateTime<Utc>>,
        }
        let instant = "2026-11-22T22:00:00.25Z".parse().unwrap();
        for value in [None, Some(instant)] {
            let json = serde_json::to_value(Both {
                ours: value,
                chronos: value,
            })
            .unwrap();
            assert_eq!(json["ours"], json["chronos"]);
        }
    }
}
