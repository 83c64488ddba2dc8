//! Exports: the JSON report, a Markdown summary to paste into a ticket, and the timeline's events as
//! iCalendar. The texts are pure functions; only [`download`] touches the browser.

use crate::format;
use crate::timeline::model::Timeline;
use chrono::{DateTime, Utc};
use shoot_policy::report::{ObjectRole, Report};

/// The report as serde_json's pretty JSON, indented from the compact JSON the engine wrote (the
/// core's serde_json text; see `whole_as_integer` in the core's timeline): a serializer of the
/// whole report type tree cost the app 12 KB gzip (docs/performance.md, round 33).
pub fn json(compact: &str) -> String {
    indent_json(compact)
}

/// Indents compact JSON (no whitespace outside strings) as `serde_json::to_string_pretty` does:
/// two spaces a level, `": "` after a key, and empty arrays and objects on one line.
fn indent_json(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() * 2);
    let mut depth = 0usize;
    let (mut in_string, mut escaped) = (false, false);
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        (0..depth).for_each(|_| out.push_str("  "));
    };
    let mut chars = compact.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                if matches!(chars.peek(), Some('}' | ']')) {
                    out.extend(chars.next());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out
}

pub fn markdown(report: &Report, timeline: Option<&Timeline>, now: DateTime<Utc>) -> String {
    let shoot = report
        .objects
        .iter()
        .find(|o| o.role == ObjectRole::Shoot)
        .map(|o| match &o.namespace {
            Some(ns) => format!("{ns}/{}", o.name),
            None => o.name.clone(),
        })
        .unwrap_or_else(|| "(no Shoot)".to_string());
    let mut text = format!(
        "### shoot-policy: Shoot `{}`\n\nEvaluated at {}.\n\n",
        shoot.replace('`', "'"),
        format::date_time(now)
    );
    for fact in &report.summary.facts {
        text.push_str(&format!("- **{}:** {}\n", fact.label, fact.text));
    }
    if let Some(timeline) = timeline {
        let mut events: Vec<_> = timeline
            .lanes
            .iter()
            .flat_map(|l| l.events.iter().map(move |e| (l.label.as_str(), e)))
            .collect();
        shoot_policy::sorting::sort_by_key(&mut events, |(_, e)| e.at);
        if !events.is_empty() {
            text.push_str("\n#### Updates\n\n| When | Component | Update |\n|---|---|---|\n");
            for (lane, event) in events {
                text.push_str(&format!(
                    "| {} | {} | {} |\n",
                    format::date_time(event.at),
                    lane,
                    event.describe().replace('|', "\\|")
                ));
            }
        }
    }
    if !report.validation.problems.is_empty() {
        text.push_str("\n#### Validation problems\n\n");
        for p in &report.validation.problems {
            text.push_str(&format!(
                "- `{}` {}: {}{}\n",
                p.field,
                p.error_type,
                p.detail,
                p.repeats()
            ));
        }
    }
    if let Some(h) = &report.hibernation {
        if !h.webhooks.problematic_webhooks.is_empty() {
            text.push_str("\n#### Webhooks blocking hibernation\n\n");
            for w in &h.webhooks.problematic_webhooks {
                text.push_str(&format!(
                    "- {} `{}` webhook `{}`: {}\n",
                    w.kind, w.configuration, w.webhook, w.fix
                ));
            }
        }
    }
    if let Some(triggers) = &report.roll_triggers {
        text.push_str("\n#### Worker pools\n\n");
        for (pool, trigger) in &triggers.workers {
            text.push_str(&format!(
                "- `{pool}`: {}",
                crate::rollout::update_text(trigger.update)
            ));
            if !trigger.causes.is_empty() {
                text.push_str(&format!(" ({})", trigger.causes.join(", ")));
            }
            text.push('\n');
        }
    }
    text
}

/// The timeline's events as an iCalendar file (RFC 5545), one hour per event.
pub fn ical(timeline: &Timeline, stamp: DateTime<Utc>) -> String {
    let time = format::ical_utc;
    let mut out = String::from(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//shoot-policy//timeline//EN\r\nCALSCALE:GREGORIAN\r\n",
    );
    for (lane_index, lane) in timeline.lanes.iter().enumerate() {
        for (index, event) in lane.events.iter().enumerate() {
            let summary = format!(
                "{}: {} → {} ({})",
                lane.label,
                event.from,
                event.to,
                event.kind.as_str()
            );
            out.push_str("BEGIN:VEVENT\r\n");
            out.push_str(&format!(
                "UID:{}-{lane_index}-{index}@shoot-policy\r\n",
                time(event.at)
            ));
            out.push_str(&format!("DTSTAMP:{}\r\n", time(stamp)));
            out.push_str(&format!("DTSTART:{}\r\n", time(event.at)));
            out.push_str(&format!(
                "DTEND:{}\r\n",
                time(event.at + chrono::Duration::hours(1))
            ));
            out.push_str(&fold(&format!("SUMMARY:{}", escape(&summary))));
            out.push_str(&fold(&format!("DESCRIPTION:{}", escape(&event.describe()))));
            out.push_str("END:VEVENT\r\n");
        }
    }
    out.push_str("END:VCALENDAR\r\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace('\n', "\\n")
}

/// Folds a content line at 75 octets without splitting a character.
fn fold(line: &str) -> String {
    let mut out = String::new();
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
    out
}

/// Offers `text` as a file download (a `data:` URL: nothing leaves the browser).
#[cfg(target_arch = "wasm32")]
pub fn download(file_name: &str, mime: &str, text: &str) {
    use wasm_bindgen::JsCast;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(anchor) = document.create_element("a") else {
        return;
    };
    let href = format!(
        "data:{mime};charset=utf-8,{}",
        js_sys::encode_uri_component(text)
    );
    let _ = anchor.set_attribute("href", &href);
    let _ = anchor.set_attribute("download", file_name);
    if let Ok(anchor) = anchor.dyn_into::<web_sys::HtmlElement>() {
        anchor.click();
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub fn download(_file_name: &str, _mime: &str, _text: &str) {}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::report::{analyze, AnalyzeOptions};

    fn default_report() -> (Report, Option<Timeline>, DateTime<Utc>) {
        let now: DateTime<Utc> = "2026-11-22T00:00:00Z".parse().unwrap();
        let inputs = crate::inputs::Inputs::from_example(&shoot_policy::examples::DEFAULT);
        let report = analyze(&inputs.sources(), &AnalyzeOptions::at(now));
        let timeline = crate::timeline::adapter::from_report(&report, now);
        (report, timeline, now)
    }

    #[test]
    fn the_json_export_is_serde_jsons_pretty_json() {
        let (report, _, _) = default_report();
        assert_eq!(
            json(&serde_json::to_string(&report).unwrap()),
            serde_json::to_string_pretty(&report).unwrap()
        );
        let tricky =
            serde_json::json!({"a": [], "b": {}, "c": "x\\\"{[,:]}", "d": [{"e": null}, 1]});
        assert_eq!(
            indent_json(&tricky.to_string()),
            serde_json::to_string_pretty(&tricky).unwrap()
        );
    }

    #[test]
    fn markdown_names_the_shoot_facts_and_updates() {
        let (report, timeline, now) = default_report();
        let text = markdown(&report, timeline.as_ref(), now);
        assert!(
            text.starts_with("### shoot-policy: Shoot `garden-team-a/payments`"),
            "{text}"
        );
        assert!(text.contains("- **Next forced update:** Control plane 1.31.13 → 1.32.9"));
        assert!(text.contains("| 2026-11-22 21:00 UTC | Control plane | 1.31.13 → 1.32.9 (force)"));
    }

    #[test]
    fn ical_has_one_event_per_update_with_folded_escaped_lines() {
        let (_, timeline, now) = default_report();
        let text = ical(&timeline.unwrap(), now);
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(text.ends_with("END:VCALENDAR\r\n"));
        assert!(text.contains("DTSTART:20261122T210000Z\r\n"));
        assert!(text.lines().all(|l| l.len() <= 75), "{text}");
        assert_eq!(
            text.matches("BEGIN:VEVENT").count(),
            text.matches("END:VEVENT").count()
        );
        assert_eq!(escape("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
    }

    #[test]
    fn json_is_the_report() {
        let (report, _, _) = default_report();
        let value: serde_json::Value =
            serde_json::from_str(&json(&serde_json::to_string(&report).unwrap())).unwrap();
        assert!(value.get("versions").is_some());
    }
}
