//! Builds the timeline view model from the report.
//!
//! Until the core's report carries a full update timeline, this shows what the report already
//! knows: the current versions with their classification and expiry, and the updates of the next
//! maintenance window (the maintenance run evaluated at `now`, placed at the window's start).

use super::model::{Event, EventKind, Lane, Segment, Timeline};
use chrono::{DateTime, Utc};
use shoot_policy::maintenance::{UpdateReason, VersionUpdate};
use shoot_policy::report::{ClassifiedVersion, Report};

pub fn from_report(report: &Report, now: DateTime<Utc>, end: DateTime<Utc>) -> Option<Timeline> {
    let outcome = report.maintenance_now.as_ref()?;
    let window = report.maintenance_window.as_ref()?;
    let matrix = report.versions.as_ref()?;
    let at = window.next_begin.max(now);
    let mut lanes = vec![lane(
        "Control plane",
        &outcome.kubernetes,
        &matrix.kubernetes,
        now,
        end,
        at,
        "Control plane update; pools following its version may update their nodes (see Roll triggers)"
            .to_string(),
    )];
    for worker in &outcome.workers {
        let versions = matrix
            .machine_images
            .iter()
            .find(|image| image.name == worker.image_name)
            .map(|image| image.versions.as_slice())
            .unwrap_or_default();
        let impact = match report.rollout_shapes.get(&worker.name) {
            Some(shape) if shape.update_strategy.contains("InPlace") => {
                format!("Nodes are updated in place ({})", shape.update_strategy)
            }
            Some(shape) => format!(
                "Nodes are replaced: {} new at a time, {} unavailable at a time (at minimum size)",
                shape.at_minimum.surge, shape.at_minimum.unavailable
            ),
            None => String::new(),
        };
        lanes.push(lane(
            &format!("Pool {}", worker.name),
            &worker.image,
            versions,
            now,
            end,
            at,
            impact,
        ));
    }
    Some(Timeline {
        start: now,
        end,
        today: now,
        lanes,
    })
}

fn lane(
    label: &str,
    update: &VersionUpdate,
    versions: &[ClassifiedVersion],
    now: DateTime<Utc>,
    end: DateTime<Utc>,
    at: DateTime<Utc>,
    impact: String,
) -> Lane {
    let changes = update.from != update.to;
    let mut segments = Vec::new();
    let current_until = if changes { at } else { end };
    segments.extend(segments_of(&update.from, versions, now, current_until));
    if changes {
        segments.extend(segments_of(&update.to, versions, at, end));
    }
    let events = match (update.reason, update.failed, changes) {
        (_, true, _) => vec![Event {
            at,
            from: update.from.clone(),
            to: "?".to_string(),
            kind: EventKind::Blocked,
            reason: update
                .description
                .clone()
                .or_else(|| update.reason_message.clone())
                .unwrap_or_default(),
            impact: "No update: Gardener finds no version to update to".to_string(),
        }],
        (UpdateReason::None, _, _) | (_, _, false) => Vec::new(),
        (reason, _, true) => vec![Event {
            at,
            from: update.from.clone(),
            to: update.to.clone(),
            kind: if reason == UpdateReason::Force {
                EventKind::Force
            } else {
                EventKind::Auto
            },
            reason: update.reason_message.clone().unwrap_or_default(),
            impact,
        }],
    };
    Lane {
        label: label.to_string(),
        segments,
        events,
    }
}

/// A version over `[from, to)`: its classification now, then `expired` from its expiry on.
fn segments_of(
    version: &str,
    versions: &[ClassifiedVersion],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<Segment> {
    let found = versions.iter().find(|v| v.version == version);
    let classification = found
        .map(|v| v.classification.to_string())
        .unwrap_or_else(|| "unavailable".to_string());
    let segment = |from, to, classification: &str| Segment {
        from,
        to,
        version: version.to_string(),
        classification: classification.to_string(),
    };
    match found.and_then(|v| v.expires) {
        Some(expires) if expires > from && expires < to && classification != "expired" => vec![
            segment(from, expires, &classification),
            segment(expires, to, "expired"),
        ],
        _ => vec![segment(from, to, &classification)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::examples::DEFAULT;
    use shoot_policy::report::{analyze, AnalyzeOptions};

    #[test]
    fn the_default_example_forces_the_control_plane_at_the_next_window() {
        let now: DateTime<Utc> = "2026-11-22T00:00:00Z".parse().unwrap();
        let inputs = crate::inputs::Inputs::from_example(&DEFAULT);
        let report = analyze(&inputs.sources(), &AnalyzeOptions::at(now));
        let end = now + chrono::Duration::days(730);
        let timeline = from_report(&report, now, end).expect("a timeline");
        let control_plane = &timeline.lanes[0];
        assert_eq!(control_plane.label, "Control plane");
        let event = &control_plane.events[0];
        assert_eq!(event.kind, EventKind::Force);
        assert_eq!(
            (event.from.as_str(), event.to.as_str()),
            ("1.31.13", "1.32.9")
        );
        assert_eq!(
            event.at,
            "2026-11-22T21:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        assert_eq!(control_plane.segments[0].classification, "expired");
        // 1.32.9 is deprecated and expires 2027-03-31: the new version's segment turns expired then.
        let after: Vec<&str> = control_plane.segments[1..]
            .iter()
            .map(|s| s.classification.as_str())
            .collect();
        assert_eq!(after, ["deprecated", "expired"]);
        assert_eq!(timeline.lanes.len(), 3);
    }
}
