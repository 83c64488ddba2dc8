//! The cron dialect of hibernation schedules: `github.com/robfig/cron` v1.2.0, `ParseStandard`.
//!
//! Parsing follows `parser.go` (`Parse` with the standard five fields plus descriptors, `getField`,
//! `getRange`, `parseIntOrName`, `mustParseInt`, `parseDescriptor`); firing times follow `spec.go`
//! (`SpecSchedule.Next`, `dayMatches`) and `constantdelay.go` (`Every`, `ConstantDelaySchedule.Next`).
//! Error texts are the library's, byte for byte.
//!
//! `Next` is reproduced step by step rather than with calendar arithmetic, because the library's way of
//! incrementing fields decides what happens around daylight-saving transitions.

use super::zone::{Civil, Location};
use crate::duration;
use crate::golang::quote as go_quote;
use chrono::{DateTime, TimeDelta, Utc};

/// Set in a field's bits when one of its items started with `*` or `?`.
const STAR_BIT: u64 = 1 << 63;
const NANOS_PER_SECOND: i64 = 1_000_000_000;

/// A parsed cron expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CronSchedule {
    /// Bit sets per field (`SpecSchedule`); bit n set means value n matches.
    Spec(SpecSchedule),
    /// `@every <duration>` (`ConstantDelaySchedule`): whole seconds, at least one.
    ConstantDelay { delay_seconds: i64 },
}

/// `SpecSchedule`: one bit set per field; the top bit marks a `*`/`?` item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpecSchedule {
    pub second: u64,
    pub minute: u64,
    pub hour: u64,
    pub day_of_month: u64,
    pub month: u64,
    pub day_of_week: u64,
}

struct Bounds {
    min: u64,
    max: u64,
    names: &'static [(&'static str, u64)],
}

const SECONDS: Bounds = Bounds {
    min: 0,
    max: 59,
    names: &[],
};
const MINUTES: Bounds = Bounds {
    min: 0,
    max: 59,
    names: &[],
};
const HOURS: Bounds = Bounds {
    min: 0,
    max: 23,
    names: &[],
};
const DAYS_OF_MONTH: Bounds = Bounds {
    min: 1,
    max: 31,
    names: &[],
};
const MONTHS: Bounds = Bounds {
    min: 1,
    max: 12,
    names: &[
        ("jan", 1),
        ("feb", 2),
        ("mar", 3),
        ("apr", 4),
        ("may", 5),
        ("jun", 6),
        ("jul", 7),
        ("aug", 8),
        ("sep", 9),
        ("oct", 10),
        ("nov", 11),
        ("dec", 12),
    ],
};
const DAYS_OF_WEEK: Bounds = Bounds {
    min: 0,
    max: 6,
    names: &[
        ("sun", 0),
        ("mon", 1),
        ("tue", 2),
        ("wed", 3),
        ("thu", 4),
        ("fri", 5),
        ("sat", 6),
    ],
};

/// Parses a cron expression like robfig/cron's `ParseStandard`: exactly five fields (minute, hour,
/// day of month, month, day of week; seconds are always 0), or a descriptor (`@daily`, `@every 1h`, …).
/// The error is the library's message.
pub fn parse_standard(spec: &str) -> Result<CronSchedule, String> {
    if spec.is_empty() {
        return Err("Empty spec string".to_string());
    }
    if spec.starts_with('@') {
        return parse_descriptor(spec);
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(format!(
            "Expected exactly 5 fields, found {}: {spec}",
            fields.len()
        ));
    }
    Ok(CronSchedule::Spec(SpecSchedule {
        second: field_bits("0", &SECONDS)?,
        minute: field_bits(fields[0], &MINUTES)?,
        hour: field_bits(fields[1], &HOURS)?,
        day_of_month: field_bits(fields[2], &DAYS_OF_MONTH)?,
        month: field_bits(fields[3], &MONTHS)?,
        day_of_week: field_bits(fields[4], &DAYS_OF_WEEK)?,
    }))
}

impl CronSchedule {
    /// The first firing strictly after `t`, with the wall clock read in `location`
    /// (`Schedule.Next(t.In(location))`). `None` is Go's zero time: nothing within five years, or a date
    /// outside the representable range.
    pub fn next(&self, location: &Location, t: DateTime<Utc>) -> Option<DateTime<Utc>> {
        match *self {
            CronSchedule::Spec(spec) => {
                let unix = spec.next(location, t.timestamp().checked_add(1)?)?;
                DateTime::from_timestamp(unix, 0)
            }
            CronSchedule::ConstantDelay { delay_seconds } => {
                let whole_seconds = t.timestamp().checked_add(delay_seconds)?;
                DateTime::from_timestamp(whole_seconds, 0)
            }
        }
    }

    /// Go's `ParsedSchedule.Previous(from, to)`: the last firing in `(from, to]`, found by following
    /// `Next` from `from`. Where Go would loop forever (a `Next` that finds nothing), the chain ends and
    /// the last firing found so far is returned.
    pub fn previous(
        &self,
        location: &Location,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        if let CronSchedule::ConstantDelay { delay_seconds } = *self {
            // The chain is an arithmetic progression: from's whole second plus k delays.
            let first = from.timestamp().checked_add(delay_seconds)?;
            let first = DateTime::from_timestamp(first, 0)?;
            if first > to {
                return None;
            }
            let steps = (to - first).num_seconds() / delay_seconds;
            return DateTime::from_timestamp(first.timestamp() + steps * delay_seconds, 0);
        }
        let mut last = None;
        let mut cursor = self.next(location, from);
        while let Some(firing) = cursor {
            if firing > to {
                break;
            }
            last = Some(firing);
            cursor = self.next(location, firing);
        }
        last
    }
}

impl SpecSchedule {
    /// `SpecSchedule.Next` from the instant `start` (already advanced to the next whole second):
    /// walk month, day, hour, minute, second; a field that wraps restarts the walk.
    fn next(&self, location: &Location, start: i64) -> Option<i64> {
        self.walk(location, start, Pace::PassUnmatched)
    }

    /// The walk of [`SpecSchedule::next`]. Stepping an hour, a minute or a second at a time calls
    /// the time zone once per step (up to 59); with [`Pace::PassUnmatched`] the steps that can
    /// neither match nor wrap are passed in one jump where the offset stays the same across them,
    /// which gives the same instant (the tests compare both paces).
    fn walk(&self, location: &Location, start: i64, pace: Pace) -> Option<i64> {
        if self.never_matches() {
            return None;
        }
        let mut t = start;
        let mut added = false;
        let year_limit = location.civil(t)?.year + 5;
        'wrap: loop {
            let mut c = location.civil(t)?;
            if c.year > year_limit {
                return None;
            }
            while !has(self.month, c.month) {
                if !added {
                    added = true;
                    t = location.date(c.year, c.month, 1, 0, 0, 0)?;
                }
                t = location.add_date(t, 1, 0)?;
                c = location.civil(t)?;
                if c.month == 1 {
                    continue 'wrap;
                }
            }
            while !self.day_matches(c.day, c.weekday) {
                if !added {
                    added = true;
                    t = location.date(c.year, c.month, c.day, 0, 0, 0)?;
                }
                t = location.add_date(t, 0, 1)?;
                c = location.civil(t)?;
                if c.day == 1 {
                    continue 'wrap;
                }
            }
            while !has(self.hour, c.hour) {
                if !added {
                    added = true;
                    t = location.date(c.year, c.month, c.day, c.hour, 0, 0)?;
                }
                t = pace.pass(location, t, self.hour, Field::Hour)?;
                t = t.checked_add(3600)?;
                c = location.civil(t)?;
                if c.hour == 0 {
                    continue 'wrap;
                }
            }
            while !has(self.minute, c.minute) {
                if !added {
                    added = true;
                    t -= t.rem_euclid(60);
                }
                t = pace.pass(location, t, self.minute, Field::Minute)?;
                t = t.checked_add(60)?;
                c = location.civil(t)?;
                if c.minute == 0 {
                    continue 'wrap;
                }
            }
            while !has(self.second, c.second) {
                // Instants are whole seconds already, so Go's truncation to the second is a no-op.
                added = true;
                t = pace.pass(location, t, self.second, Field::Second)?;
                t = t.checked_add(1)?;
                c = location.civil(t)?;
                if c.second == 0 {
                    continue 'wrap;
                }
            }
            return Some(t);
        }
    }

    /// `dayMatches`: both day fields must match when either holds a `*`/`?` item, else either may.
    fn day_matches(&self, day_of_month: i64, weekday: i64) -> bool {
        let dom = has(self.day_of_month, day_of_month);
        let dow = has(self.day_of_week, weekday);
        if (self.day_of_month | self.day_of_week) & STAR_BIT != 0 {
            dom && dow
        } else {
            dom || dow
        }
    }

    /// Whether the walk can never succeed, so that `Next` would spend five years of steps to return the
    /// zero time (a field whose items are all empty, e.g. `,`). Shortcut only; the answer is the same.
    fn never_matches(&self) -> bool {
        let empty = |bits: u64, bounds: &Bounds| bits & range_bits(bounds.min, bounds.max) == 0;
        let no_dom = empty(self.day_of_month, &DAYS_OF_MONTH);
        let no_dow = empty(self.day_of_week, &DAYS_OF_WEEK);
        let no_day = if (self.day_of_month | self.day_of_week) & STAR_BIT != 0 {
            no_dom || no_dow
        } else {
            no_dom && no_dow
        };
        empty(self.second, &SECONDS)
            || empty(self.minute, &MINUTES)
            || empty(self.hour, &HOURS)
            || empty(self.month, &MONTHS)
            || no_day
    }
}

/// How the walk of [`SpecSchedule::next`] advances over an hour, a minute or a second field.
#[derive(Clone, Copy)]
enum Pace {
    /// One unit at a time, as Go does.
    #[cfg_attr(not(test), allow(dead_code))]
    Step,
    /// The steps before the one that matches or wraps in a single jump, where that is safe.
    PassUnmatched,
}

/// A field the walk steps through one unit at a time: its unit in seconds and how many values it
/// counts before it wraps to 0.
#[derive(Clone, Copy)]
enum Field {
    Hour,
    Minute,
    Second,
}

impl Field {
    fn unit_seconds(self) -> i64 {
        match self {
            Field::Hour => 3600,
            Field::Minute => 60,
            Field::Second => 1,
        }
    }

    fn period(self) -> i64 {
        match self {
            Field::Hour => 24,
            Field::Minute | Field::Second => 60,
        }
    }

    fn of(self, civil: &Civil) -> i64 {
        match self {
            Field::Hour => civil.hour,
            Field::Minute => civil.minute,
            Field::Second => civil.second,
        }
    }
}

impl Pace {
    /// Where the walk stands one step before it stops on `field`, from `t`. The walk adds one unit
    /// per step and stops at the first value in `allowed` or at the wrap to 0. While the offset
    /// stays the same, each step shows the next value, so the steps before that stop cannot stop
    /// the walk and are passed at once; across an offset change the walk steps as Go's does.
    fn pass(self, location: &Location, t: i64, allowed: u64, field: Field) -> Option<i64> {
        if let Pace::Step = self {
            return Some(t);
        }
        let value = field.of(&location.civil(t)?);
        let stop = (1..=field.period())
            .find(|k| {
                let next = (value + k) % field.period();
                next == 0 || has(allowed, next)
            })
            .unwrap_or(1);
        let target = t.checked_add((stop - 1).checked_mul(field.unit_seconds())?)?;
        if stop > 1 && location.offset_constant_between(t, target)? {
            Some(target)
        } else {
            Some(t)
        }
    }
}

fn has(bits: u64, value: i64) -> bool {
    (0..63).contains(&value) && bits & (1u64 << value) != 0
}

fn range_bits(min: u64, max: u64) -> u64 {
    let upper = if max >= 63 {
        u64::MAX
    } else {
        !(u64::MAX << (max + 1))
    };
    upper & (u64::MAX << min)
}

/// `getField`: the union of the comma-separated items; empty items are dropped.
fn field_bits(field: &str, bounds: &Bounds) -> Result<u64, String> {
    let mut bits = 0;
    for item in field.split(',').filter(|item| !item.is_empty()) {
        bits |= range_item_bits(item, bounds)?;
    }
    Ok(bits)
}

/// `getRange`: `*`, `?`, `n`, `a-b`, each optionally with `/step`; `n/step` runs to the field's maximum.
/// The parts are taken from the splits as they come (no list of them is built): a spec is parsed
/// for every Shoot checked.
fn range_item_bits(item: &str, bounds: &Bounds) -> Result<u64, String> {
    let mut range_and_step = item.split('/');
    let range = range_and_step.next().unwrap_or_default();
    let step = range_and_step.next();
    let too_many_slashes = range_and_step.next().is_some();
    let mut low_and_high = range.split('-');
    let low = low_and_high.next().unwrap_or_default();
    let high = low_and_high.next();
    let too_many_hyphens = low_and_high.next().is_some();
    let (start, mut end, extra) = if low == "*" || low == "?" {
        // Anything after a star's hyphen is ignored by the library.
        (bounds.min, bounds.max, STAR_BIT)
    } else {
        let start = int_or_name(low, bounds)?;
        if too_many_hyphens {
            return Err(format!("Too many hyphens: {item}"));
        }
        let end = match high {
            None => start,
            Some(high) => int_or_name(high, bounds)?,
        };
        (start, end, 0)
    };
    if too_many_slashes {
        return Err(format!("Too many slashes: {item}"));
    }
    let step = match step {
        None => 1,
        Some(step) => {
            let step = non_negative_int(step)?;
            if high.is_none() {
                end = bounds.max;
            }
            step
        }
    };
    if start < bounds.min {
        return Err(format!(
            "Beginning of range ({start}) below minimum ({}): {item}",
            bounds.min
        ));
    }
    if end > bounds.max {
        return Err(format!(
            "End of range ({end}) above maximum ({}): {item}",
            bounds.max
        ));
    }
    if start > end {
        return Err(format!(
            "Beginning of range ({start}) beyond end of range ({end}): {item}"
        ));
    }
    if step == 0 {
        return Err(format!("Step of range should be a positive number: {item}"));
    }
    Ok(stepped_bits(start, end, step) | extra)
}

/// `getBits`: values `start, start+step, …` up to `end` (all within 0..=59 here).
fn stepped_bits(start: u64, end: u64, step: u64) -> u64 {
    if step == 1 {
        return range_bits(start, end);
    }
    let mut bits = 0;
    let mut value = start;
    while value <= end {
        bits |= 1 << value;
        match value.checked_add(step) {
            Some(next) => value = next,
            None => break,
        }
    }
    bits
}

/// `parseIntOrName`: a month or weekday name (any case) or a number.
fn int_or_name(text: &str, bounds: &Bounds) -> Result<u64, String> {
    if let Some((_, value)) = (bounds.names.iter()).find(|(name, _)| lowers_to(text, name)) {
        return Ok(*value);
    }
    non_negative_int(text)
}

/// Whether Go's `strings.ToLower(text)` is `name`, an ASCII name. Go lowers rune by rune with the
/// simple case mapping, under which only two runes beyond ASCII become ASCII letters: `İ` (U+0130)
/// becomes `i` and the Kelvin sign `K` (U+212A) `k`. Rust's `to_lowercase` maps `İ` to two
/// characters, so it would refuse `FRİ`, which robfig/cron reads as Friday.
fn lowers_to(text: &str, name: &str) -> bool {
    let lowered = text.chars().map(|c| match c {
        '\u{130}' => 'i',
        '\u{212a}' => 'k',
        c => c.to_ascii_lowercase(),
    });
    lowered.eq(name.chars())
}

/// `mustParseInt`: Go's `strconv.Atoi`, then negatives rejected.
fn non_negative_int(text: &str) -> Result<u64, String> {
    let number = go_atoi(text).map_err(|why| {
        format!(
            "Failed to parse int from {text}: strconv.Atoi: parsing {}: {why}",
            go_quote(text)
        )
    })?;
    u64::try_from(number).map_err(|_| format!("Negative number ({number}) not allowed: {text}"))
}

/// `strconv.Atoi` on a 64-bit platform: optional sign, then decimal digits read left to right, failing
/// at the first non-digit (syntax) or as soon as the value leaves `i64` (range), as Go does.
fn go_atoi(text: &str) -> Result<i64, &'static str> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'+') => (false, &text[1..]),
        Some(b'-') => (true, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return Err("invalid syntax");
    }
    let mut magnitude: u64 = 0;
    for digit in digits.bytes() {
        if !digit.is_ascii_digit() {
            return Err("invalid syntax");
        }
        magnitude = magnitude
            .checked_mul(10)
            .and_then(|m| m.checked_add(u64::from(digit - b'0')))
            .ok_or("value out of range")?;
    }
    let limit = 1u64 << 63;
    match (negative, magnitude) {
        (false, m) if m >= limit => Err("value out of range"),
        (true, m) if m > limit => Err("value out of range"),
        (true, m) => Ok((m as i128).wrapping_neg() as i64),
        (false, m) => Ok(m as i64),
    }
}

/// `parseDescriptor`: the `@` forms, matched exactly.
fn parse_descriptor(descriptor: &str) -> Result<CronSchedule, String> {
    let all = |bounds: &Bounds| range_bits(bounds.min, bounds.max) | STAR_BIT;
    let midnight = |day_of_month: u64, month: u64, day_of_week: u64, hour: u64| {
        Ok(CronSchedule::Spec(SpecSchedule {
            second: 1,
            minute: 1,
            hour,
            day_of_month,
            month,
            day_of_week,
        }))
    };
    match descriptor {
        "@yearly" | "@annually" => return midnight(1 << 1, 1 << 1, all(&DAYS_OF_WEEK), 1),
        "@monthly" => return midnight(1 << 1, all(&MONTHS), all(&DAYS_OF_WEEK), 1),
        "@weekly" => return midnight(all(&DAYS_OF_MONTH), all(&MONTHS), 1, 1),
        "@daily" | "@midnight" => {
            return midnight(all(&DAYS_OF_MONTH), all(&MONTHS), all(&DAYS_OF_WEEK), 1)
        }
        "@hourly" => {
            return midnight(
                all(&DAYS_OF_MONTH),
                all(&MONTHS),
                all(&DAYS_OF_WEEK),
                all(&HOURS),
            )
        }
        _ => {}
    }
    if let Some(text) = descriptor.strip_prefix("@every ") {
        let every = duration::parse(text)
            .map_err(|e| format!("Failed to parse duration {descriptor}: {e}"))?;
        return Ok(every_schedule(every));
    }
    Err(format!("Unrecognized descriptor: {descriptor}"))
}

/// `Every`: below one second becomes one second; fractions of a second are dropped.
fn every_schedule(every: TimeDelta) -> CronSchedule {
    let nanos = every.num_nanoseconds().unwrap_or(i64::MAX);
    let nanos = nanos.max(NANOS_PER_SECOND);
    CronSchedule::ConstantDelay {
        delay_seconds: nanos / NANOS_PER_SECOND,
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

    fn next(spec: &str, zone: &str, from: &str) -> Option<DateTime<Utc>> {
        parse_standard(spec)
            .unwrap()
            .next(&Location::load(zone).unwrap(), at(from))
    }

    #[test]
    fn rejects_like_robfig() {
        for (spec, message) in [
            ("", "Empty spec string"),
            (
                "not-a-cron",
                "Expected exactly 5 fields, found 1: not-a-cron",
            ),
            (
                "* * * * * *",
                "Expected exactly 5 fields, found 6: * * * * * *",
            ),
            ("60 * * * *", "End of range (60) above maximum (59): 60"),
            ("* * 0 * *", "Beginning of range (0) below minimum (1): 0"),
            ("* * * * 7", "End of range (7) above maximum (6): 7"),
            (
                "5-2 * * * *",
                "Beginning of range (5) beyond end of range (2): 5-2",
            ),
            (
                "*/0 * * * *",
                "Step of range should be a positive number: */0",
            ),
            ("1-2-3 * * * *", "Too many hyphens: 1-2-3"),
            ("1/2/3 * * * *", "Too many slashes: 1/2/3"),
            // The range is read before the step, its start before its end.
            ("1-2-3/4/5 * * * *", "Too many hyphens: 1-2-3/4/5"),
            (
                "1-x/2/3 * * * *",
                "Failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax",
            ),
            ("*-x/2/3 * * * *", "Too many slashes: *-x/2/3"),
            ("*/-1 * * * *", "Negative number (-1) not allowed: -1"),
            (
                "x * * * *",
                "Failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax",
            ),
            ("@daily ", "Unrecognized descriptor: @daily "),
            (
                "@every 5d",
                "Failed to parse duration @every 5d: time: unknown unit \"d\" in duration \"5d\"",
            ),
        ] {
            assert_eq!(parse_standard(spec).unwrap_err(), message, "{spec:?}");
        }
    }

    #[test]
    fn names_are_lowered_as_go_lowers_them() {
        let friday = |text: &str| int_or_name(text, &DAYS_OF_WEEK);
        assert_eq!(friday("fri"), Ok(5));
        assert_eq!(friday("FrI"), Ok(5));
        // Go's simple mapping takes U+0130 to `i`.
        assert_eq!(friday("FR\u{130}"), Ok(5));
        // No other rune lowers to an ASCII letter: the long s stays itself, a dotless i too.
        assert!(int_or_name("\u{17f}un", &DAYS_OF_WEEK).is_err());
        assert!(friday("fr\u{131}").is_err());
        assert!(friday("frii").is_err() && friday("fr").is_err());
    }

    #[test]
    fn accepts_names_steps_and_stars() {
        let CronSchedule::Spec(spec) = parse_standard("*/20 +8 1,,15 JAN-mar mon-FRI").unwrap()
        else {
            panic!("expected a spec schedule")
        };
        assert_eq!(spec.minute, (1 << 0) | (1 << 20) | (1 << 40) | STAR_BIT);
        assert_eq!(spec.hour, 1 << 8);
        assert_eq!(spec.day_of_month, (1 << 1) | (1 << 15));
        assert_eq!(spec.month, 0b1110);
        assert_eq!(spec.day_of_week, 0b11_1110);
        // `5/15` runs from 5 to the maximum; `*-3` is a plain star.
        let CronSchedule::Spec(spec) = parse_standard("5/15 *-3 * * *").unwrap() else {
            panic!("expected a spec schedule")
        };
        assert_eq!(spec.minute, (1 << 5) | (1 << 20) | (1 << 35) | (1 << 50));
        assert_eq!(spec.hour, range_bits(0, 23) | STAR_BIT);
    }

    #[test]
    fn next_walks_fields() {
        assert_eq!(
            next("0 20 * * *", "UTC", "2006-01-02T00:00:00Z"),
            Some(at("2006-01-02T20:00:00Z"))
        );
        assert_eq!(
            next("0 20 * * *", "UTC", "2006-01-02T20:00:00Z"),
            Some(at("2006-01-03T20:00:00Z"))
        );
        // Day of month OR day of week without stars; AND once a star is involved.
        assert_eq!(
            next("0 0 13 * 5", "UTC", "2024-01-01T00:00:00Z"),
            Some(at("2024-01-05T00:00:00Z"))
        );
        assert_eq!(
            next("0 0 13 * */1", "UTC", "2024-01-01T00:00:00Z"),
            Some(at("2024-01-13T00:00:00Z"))
        );
        assert_eq!(
            next("@weekly", "UTC", "2024-01-01T00:00:00Z"),
            Some(at("2024-01-07T00:00:00Z"))
        );
        assert_eq!(
            next("@yearly", "UTC", "2024-01-01T00:00:00Z"),
            Some(at("2025-01-01T00:00:00Z"))
        );
        assert_eq!(next("0 0 30 2 *", "UTC", "2024-01-01T00:00:00Z"), None);
        assert_eq!(next(", * * * *", "UTC", "2024-01-01T00:00:00Z"), None);
        assert_eq!(
            next("@every 90m", "Europe/Berlin", "2024-01-01T00:00:00.5Z"),
            Some(at("2024-01-01T01:30:00Z"))
        );
    }

    #[test]
    fn next_across_daylight_saving() {
        // 02:30 does not exist in Berlin on 2022-03-27: that day is skipped.
        assert_eq!(
            next("30 2 * * *", "Europe/Berlin", "2022-03-26T12:00:00Z"),
            Some(at("2022-03-28T00:30:00Z"))
        );
        // 02:30 exists twice on 2022-10-30: both fire.
        let first = next("30 2 * * *", "Europe/Berlin", "2022-10-29T12:00:00Z").unwrap();
        assert_eq!(first, at("2022-10-30T00:30:00Z"));
        assert_eq!(
            next("30 2 * * *", "Europe/Berlin", "2022-10-30T00:30:00Z"),
            Some(at("2022-10-30T01:30:00Z"))
        );
        assert_eq!(
            next("0 8 * * *", "Europe/Sofia", "2022-04-12T07:00:01Z"),
            Some(at("2022-04-13T05:00:00Z"))
        );
    }

    /// Passing unmatched steps in one jump lands where stepping one unit at a time lands, also
    /// around offset changes: whole-hour, half-hour (Lord Howe) and midnight (Sao Paulo, Santiago)
    /// transitions, and offsets that are not whole hours (Kathmandu, Chatham).
    #[test]
    fn passing_unmatched_steps_lands_where_stepping_lands() {
        let specs = [
            "0 19 * * 1,2,3,4,5",
            "30 2 * * *",
            "15 2 * * *",
            "0 0 * * *",
            "45 23 * * 0",
            "*/7 3,14 * * *",
            "5 * * * *",
            "0 8 1 * *",
        ];
        let zones = [
            "UTC",
            "Europe/Berlin",
            "Australia/Lord_Howe",
            "America/Sao_Paulo",
            "America/Santiago",
            "Asia/Kathmandu",
            "Pacific/Chatham",
        ];
        let starts = [
            "2022-03-26T22:59:59Z",
            "2022-04-02T14:29:01Z",
            "2022-10-01T15:17:43Z",
            "2022-10-30T00:59:30Z",
            "2018-11-03T23:00:00Z",
            "2022-09-10T03:30:17Z",
            "2026-11-22T00:00:00Z",
        ];
        let mut compared = 0;
        for spec in specs {
            let Ok(CronSchedule::Spec(schedule)) = parse_standard(spec) else {
                panic!("{spec} parses to a spec schedule");
            };
            for zone in zones {
                let location = Location::load(zone).unwrap();
                for start in starts {
                    // Follow each chain for a while, through the offset changes of the season.
                    let mut stepped = Some(at(start).timestamp());
                    for _ in 0..40 {
                        let Some(from) = stepped else { break };
                        stepped = schedule.walk(&location, from + 1, Pace::Step);
                        let passed = schedule.walk(&location, from + 1, Pace::PassUnmatched);
                        assert_eq!(passed, stepped, "{spec} in {zone} after {from}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    /// Expected values obtained by running robfig/cron v1.2.0 under Go with the same inputs.
    #[test]
    fn next_matches_go_in_unusual_zones() {
        for (spec, zone, from, expected) in [
            // Half-hour DST shift: 02:30 still exists on the spring-forward day, 02:15 repeats in autumn.
            (
                "30 2 * * *",
                "Australia/Lord_Howe",
                "2022-10-01T12:00:00Z",
                "2022-10-01T15:30:00Z",
            ),
            (
                "15 2 * * *",
                "Australia/Lord_Howe",
                "2022-04-02T12:00:00Z",
                "2022-04-03T15:45:00Z",
            ),
            // Midnight did not exist in Sao Paulo on 2018-11-04: that day is skipped.
            (
                "0 0 * * *",
                "America/Sao_Paulo",
                "2018-11-03T12:00:00Z",
                "2018-11-05T02:00:00Z",
            ),
            (
                "30 0 * * *",
                "America/Sao_Paulo",
                "2018-11-03T12:00:00Z",
                "2018-11-05T02:30:00Z",
            ),
            // Santiago's DST started at midnight: the walk skips the first of October 2022.
            (
                "0 0 1 * *",
                "America/Santiago",
                "2022-09-01T12:00:00Z",
                "2022-11-01T03:00:00Z",
            ),
            (
                "0 * * * *",
                "America/New_York",
                "2022-11-06T04:30:00Z",
                "2022-11-06T05:00:00Z",
            ),
        ] {
            assert_eq!(
                next(spec, zone, from),
                Some(at(expected)),
                "{spec} in {zone} from {from}"
            );
        }
        // Feb 1 or 29 on a Monday: the next one is more than five years away, so Go gives up.
        assert_eq!(next("0 0 */28 2 1", "UTC", "2028-01-01T00:00:00Z"), None);
    }

    #[test]
    fn previous_is_last_in_half_open_interval() {
        let daily = parse_standard("0 20 * * *").unwrap();
        let utc = Location::utc();
        let prev = |from: &str, to: &str| daily.previous(&utc, at(from), at(to));
        assert_eq!(
            prev("2006-01-02T00:00:00Z", "2006-01-04T00:00:00Z"),
            Some(at("2006-01-03T20:00:00Z"))
        );
        assert_eq!(prev("2006-01-03T20:00:00Z", "2006-01-04T00:00:00Z"), None);
        assert_eq!(
            prev("2006-01-02T00:00:00Z", "2006-01-03T20:00:00Z"),
            Some(at("2006-01-03T20:00:00Z"))
        );
        let every = parse_standard("@every 1h").unwrap();
        assert_eq!(
            every.previous(
                &utc,
                at("2006-01-02T00:00:00.3Z"),
                at("2006-01-02T05:30:00Z")
            ),
            Some(at("2006-01-02T05:00:00Z"))
        );
    }
}
