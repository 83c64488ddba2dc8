//! Text formatting shared by the cards and the exports.

use chrono::{DateTime, Utc};

pub fn date_time(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

pub fn date(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d").to_string()
}

/// The text with its first letter in upper case.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "in 3 days 4 hours", "in 25 minutes", "now", "2 days ago": the two largest units.
pub fn countdown(now: DateTime<Utc>, at: DateTime<Utc>) -> String {
    let seconds = (at - now).num_seconds();
    let magnitude = seconds.unsigned_abs();
    let units = [(86_400, "day"), (3_600, "hour"), (60, "minute")];
    let mut parts = Vec::new();
    let mut rest = magnitude;
    for (size, name) in units {
        let count = rest / size;
        rest %= size;
        if count > 0 || !parts.is_empty() {
            if count > 0 {
                parts.push(format!(
                    "{count} {name}{}",
                    if count == 1 { "" } else { "s" }
                ));
            }
            if parts.len() == 2 || (!parts.is_empty() && name == "hour") {
                break;
            }
        }
    }
    if parts.is_empty() {
        return "now".to_string();
    }
    let text = parts.join(" ");
    if seconds > 0 {
        format!("in {text}")
    } else {
        format!("{text} ago")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn countdowns_use_the_two_largest_units() {
        let now = at("2026-11-22T00:00:00Z");
        assert_eq!(countdown(now, at("2026-11-22T21:00:00Z")), "in 21 hours");
        assert_eq!(
            countdown(now, at("2026-11-25T04:30:00Z")),
            "in 3 days 4 hours"
        );
        assert_eq!(countdown(now, at("2026-11-22T00:25:30Z")), "in 25 minutes");
        assert_eq!(countdown(now, at("2026-11-22T00:00:20Z")), "now");
        assert_eq!(countdown(now, at("2026-11-20T00:00:00Z")), "2 days ago");
        assert_eq!(date_time(now), "2026-11-22 00:00 UTC");
        assert_eq!(
            capitalized("rolling update of arm"),
            "Rolling update of arm"
        );
        assert_eq!(capitalized(""), "");
    }
}
