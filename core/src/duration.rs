//! Go's `time.Duration` text form, which Gardener uses in its configuration and its messages.
//!
//! `parse` accepts what Go's `time.ParseDuration` accepts; `format` prints what Go's `Duration.String`
//! prints (`1h0m0s`, `1.5s`, `0s`).

use chrono::TimeDelta;

/// Parses a Go duration such as `10h0m0s`, `1m`, `30.1s` or `-1.5h`.
pub fn parse(text: &str) -> Result<TimeDelta, String> {
    let invalid = || format!("time: invalid duration {text:?}");
    let (negative, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Ok(TimeDelta::zero());
    }
    if rest.is_empty() {
        return Err(invalid());
    }
    let mut total_nanos: i128 = 0;
    while !rest.is_empty() {
        // Go reads digits, then at most one '.' with the digits after it: in `1..5s` the number is
        // `1.` and the second '.' starts a unit-less rest.
        let digits = |text: &str| text.bytes().take_while(u8::is_ascii_digit).count();
        let mut number_len = digits(rest);
        if rest[number_len..].starts_with('.') {
            number_len += 1 + digits(&rest[number_len + 1..]);
        }
        let number = &rest[..number_len];
        if number.is_empty() || number == "." {
            return Err(invalid());
        }
        rest = &rest[number_len..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        let unit_nanos: i128 = match unit {
            "ns" => 1,
            "us" | "µs" | "μs" => 1_000,
            "ms" => 1_000_000,
            "s" => 1_000_000_000,
            "m" => 60_000_000_000,
            "h" => 3_600_000_000_000,
            "" => return Err(format!("time: missing unit in duration {text:?}")),
            _ => return Err(format!("time: unknown unit {unit:?} in duration {text:?}")),
        };
        let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
        let whole: i128 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| invalid())?
        };
        let mut part = whole.checked_mul(unit_nanos).ok_or_else(invalid)?;
        let mut scale = unit_nanos;
        for digit in fraction.bytes() {
            scale /= 10;
            part += i128::from(digit - b'0') * scale;
        }
        total_nanos = total_nanos.checked_add(part).ok_or_else(invalid)?;
        if total_nanos > i128::from(i64::MAX) {
            return Err(invalid());
        }
    }
    let nanos = i64::try_from(total_nanos).map_err(|_| invalid())?;
    let delta = TimeDelta::nanoseconds(nanos);
    Ok(if negative { -delta } else { delta })
}

/// Formats a duration the way Go's `Duration.String` does.
pub fn format(duration: TimeDelta) -> String {
    let Some(nanos) = duration.num_nanoseconds() else {
        return format!("{}s", duration.num_seconds());
    };
    if nanos == 0 {
        return "0s".to_string();
    }
    let sign = if nanos < 0 { "-" } else { "" };
    let magnitude = nanos.unsigned_abs();
    if magnitude < 1_000_000_000 {
        let (unit, scale) = match magnitude {
            0..=999 => ("ns", 1),
            1_000..=999_999 => ("µs", 1_000),
            _ => ("ms", 1_000_000),
        };
        return format!("{sign}{}{unit}", fraction(magnitude, scale));
    }
    let hours = magnitude / 3_600_000_000_000;
    let minutes = magnitude / 60_000_000_000 % 60;
    let second_nanos = magnitude % 60_000_000_000;
    let seconds = fraction(second_nanos, 1_000_000_000);
    if hours > 0 {
        format!("{sign}{hours}h{minutes}m{seconds}s")
    } else if minutes > 0 {
        format!("{sign}{minutes}m{seconds}s")
    } else {
        format!("{sign}{seconds}s")
    }
}

/// `value / scale` with the fractional digits Go prints (trailing zeros dropped).
fn fraction(value: u64, scale: u64) -> String {
    let whole = value / scale;
    let rest = value % scale;
    if rest == 0 {
        return whole.to_string();
    }
    let width = scale.trailing_zeros_decimal();
    let digits = format!("{rest:0width$}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

trait DecimalZeros {
    fn trailing_zeros_decimal(self) -> usize;
}

impl DecimalZeros for u64 {
    fn trailing_zeros_decimal(mut self) -> usize {
        let mut count = 0;
        while self >= 10 && self % 10 == 0 {
            self /= 10;
            count += 1;
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_like_go() {
        for (text, printed) in [
            ("1h", "1h0m0s"),
            ("10h0m0s", "10h0m0s"),
            ("1m", "1m0s"),
            ("30.1s", "30.1s"),
            ("1.5h", "1h30m0s"),
            ("90m", "1h30m0s"),
            ("0", "0s"),
            ("0s", "0s"),
            ("1500ms", "1.5s"),
            ("2us", "2µs"),
            ("-1m", "-1m0s"),
            ("24h", "24h0m0s"),
        ] {
            assert_eq!(format(parse(text).unwrap()), printed, "{text}");
        }
    }

    #[test]
    fn rejects_what_go_rejects() {
        assert_eq!(parse("").unwrap_err(), "time: invalid duration \"\"");
        assert_eq!(
            parse("5").unwrap_err(),
            "time: missing unit in duration \"5\""
        );
        assert_eq!(
            parse("5d").unwrap_err(),
            "time: unknown unit \"d\" in duration \"5d\""
        );
        assert!(parse("h").is_err());
        // A second '.' is not part of the number (found by the cron fuzzer: it underflowed).
        assert_eq!(
            parse("010..h80h").unwrap_err(),
            "time: missing unit in duration \"010..h80h\""
        );
        assert_eq!(
            parse("1..5s").unwrap_err(),
            "time: missing unit in duration \"1..5s\""
        );
        assert_eq!(parse(".s").unwrap_err(), "time: invalid duration \".s\"");
        assert_eq!(format(parse("1.s").unwrap()), "1s");
        assert_eq!(format(parse(".5s").unwrap()), "500ms");
    }
}
