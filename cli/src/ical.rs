//! The update timeline as an iCalendar file (RFC 5545): one event per maintenance window with an update,
//! so a team can put forced updates in its calendar.

use chrono::{DateTime, Utc};
use shoot_policy::maintenance::UpdateReason;
use shoot_policy::report::Report;
use shoot_policy::summary::BlockedSpan;
use shoot_policy::timeline::{Component, TimelineEvent};
use std::fmt::Write;

/// Escapes a text value (RFC 5545 §3.3.11).
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace('\n', "\\n")
}

/// Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character.
fn fold(line: &str) -> String {
    let mut folded = String::new();
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            folded.push_str("\r\n ");
            width = 1;
        }
        folded.push(c);
        width += c.len_utf8();
    }
    folded.push_str("\r\n");
    folded
}

fn component_text(component: &Component) -> String {
    match component {
        Component::ControlPlane => "Kubernetes".to_string(),
        Component::MachineImage { pool, image } => format!("{image} ({pool})"),
        Component::PoolKubernetes { pool } => format!("Kubernetes of pool {pool}"),
    }
}

fn kind_text(reason: UpdateReason) -> &'static str {
    match reason {
        UpdateReason::Force => "Forced update",
        _ => "Automatic update",
    }
}

fn summary(event: &TimelineEvent) -> String {
    let (kind, what) = (kind_text(event.reason), component_text(&event.component));
    format!("{kind}: {what} {} → {}", event.from, event.to)
}

/// An update that fails from its first failing window on: the event says until when.
fn failing_summary(blocked: &BlockedSpan) -> String {
    let (kind, what) = (
        kind_text(blocked.reason),
        component_text(&blocked.component),
    );
    format!("{kind} fails: {what} stays on {}", blocked.version)
}

fn failing_description(blocked: &BlockedSpan, horizon: Option<DateTime<Utc>>) -> String {
    let day = |t: DateTime<Utc>| t.format("%Y-%m-%d").to_string();
    let until = match (blocked.until, &blocked.then_version, horizon) {
        (Some(until), Some(version), _) => format!(
            "until the window of {}, whose run updates to {version}",
            day(until)
        ),
        (_, _, Some(horizon)) => format!(
            "in every window until the end of the forecast ({}) at least",
            day(horizon)
        ),
        _ => "in every window of the forecast".to_string(),
    };
    format!(
        "Gardener's maintenance run fails from this window on, {until}; nothing of the run is applied meanwhile.\n{}",
        blocked.message
    )
}

fn stamp(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// One `VEVENT`: its UID is `<shoot>-<uid>@shoot-policy`, its summary names the Shoot.
fn write_event(
    line: &mut impl FnMut(String),
    (shoot, uid): (&str, &str),
    (start, end): (DateTime<Utc>, DateTime<Utc>),
    (summary, description): (String, String),
) {
    line("BEGIN:VEVENT".into());
    line(format!("UID:{}-{uid}@shoot-policy", escape(shoot)));
    line(format!("DTSTAMP:{}", stamp(start)));
    line(format!("DTSTART:{}", stamp(start)));
    line(format!("DTEND:{}", stamp(end)));
    line(format!(
        "SUMMARY:{}",
        escape(&format!("{shoot}: {summary}"))
    ));
    line(format!("DESCRIPTION:{}", escape(&description)));
    line("END:VEVENT".into());
}

/// The calendar; `shoot` names the Shoot in the event texts and the stable UIDs.
pub fn calendar(report: &Report, shoot: &str) -> String {
    let mut out = String::new();
    let mut line = |text: String| out.push_str(&fold(&text));
    line("BEGIN:VCALENDAR".into());
    line("VERSION:2.0".into());
    line("PRODID:-//shoot-policy//update timeline//EN".into());
    line("CALSCALE:GREGORIAN".into());
    let events = report.timeline.iter().flat_map(|t| &t.events);
    for (index, event) in events.enumerate() {
        let mut description = String::new();
        if let Some(reason) = &event.reason_message {
            let _ = writeln!(description, "{reason}");
        }
        let _ = write!(description, "Nodes: {}", event.node_impact.summary);
        if let Some(chance) = event.chance_text() {
            let _ = write!(description, "\nThis update happens {chance}.");
        }
        let uid = format!("{}-{index}", stamp(event.window_begin));
        let span = (event.window_begin, event.window_end);
        let text = (summary(event), description);
        write_event(&mut line, (shoot, &uid), span, text);
    }
    // Each update that fails, at its first failing window: a window as long as the Shoot's.
    let window_length = (report.maintenance_window.as_ref())
        .map_or(chrono::TimeDelta::hours(1), |w| w.next_end - w.next_begin);
    let horizon = report.timeline.as_ref().map(|t| t.until);
    for (index, blocked) in report.summary.blocked_updates.iter().enumerate() {
        let uid = format!("failing-{}-{index}", stamp(blocked.since));
        let span = (blocked.since, blocked.since + window_length);
        let text = (
            failing_summary(blocked),
            failing_description(blocked, horizon),
        );
        write_event(&mut line, (shoot, &uid), span, text);
    }
    line("END:VCALENDAR".into());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_long_lines_at_75_octets_without_splitting_characters() {
        let folded = fold(&"é".repeat(60));
        let lines: Vec<&str> = folded.split("\r\n").collect();
        assert!(lines.iter().all(|l| l.len() <= 75), "{lines:?}");
        assert_eq!(lines[1].chars().next(), Some(' '));
    }

    #[test]
    fn escapes_text_values() {
        assert_eq!(escape("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
    }
}
