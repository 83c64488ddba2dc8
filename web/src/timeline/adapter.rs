//! Builds the timeline view model from the report's update timeline (`report.timeline`): one lane
//! for the control plane and one per worker pool, version segments from the current versions through
//! each update, coloured by the version's classification over time (the core's spans of each
//! CloudProfile version's lifecycle, `ClassifiedVersion::classification_spans`), and a marker per
//! update or blocked update.

use super::model::{Event, EventKind, Lane, Segment, Timeline};
use chrono::{DateTime, Utc};
use shoot_policy::maintenance::UpdateReason;
use shoot_policy::report::{ClassifiedVersion, Report};
use shoot_policy::timeline::Component;
use std::collections::BTreeMap;

/// The CloudProfile's version lists as the report classified them: Kubernetes, and per machine
/// image name.
#[derive(Debug, Default)]
struct ProfileVersions<'a> {
    kubernetes: &'a [ClassifiedVersion],
    images: BTreeMap<&'a str, &'a [ClassifiedVersion]>,
}

impl ProfileVersions<'_> {
    fn of(report: &Report) -> ProfileVersions<'_> {
        let Some(matrix) = &report.versions else {
            return ProfileVersions::default();
        };
        ProfileVersions {
            kubernetes: &matrix.kubernetes,
            images: matrix
                .machine_images
                .iter()
                .map(|image| (image.name.as_str(), image.versions.as_slice()))
                .collect(),
        }
    }
}

pub fn from_report(report: &Report, now: DateTime<Utc>) -> Option<Timeline> {
    let timeline = report.timeline.as_ref()?;
    let profile = &ProfileVersions::of(report);
    let current = report.maintenance_now.as_ref()?;
    let end = timeline.until.max(now);
    let mut lanes = vec![LaneBuilder::new(
        "Control plane",
        &current.kubernetes.from,
        profile.kubernetes,
    )];
    let mut pool_lane = BTreeMap::new();
    for worker in &current.workers {
        let versions = profile
            .images
            .get(worker.image_name.as_str())
            .copied()
            .unwrap_or_default();
        pool_lane.insert(worker.name.clone(), lanes.len());
        lanes.push(LaneBuilder::new(
            &format!("Pool {}", worker.name),
            &worker.image.from,
            versions,
        ));
    }
    let lane_of = |component: &Component| match component {
        Component::ControlPlane => Some(0),
        Component::MachineImage { pool, .. } | Component::PoolKubernetes { pool } => {
            pool_lane.get(pool).copied()
        }
    };
    for event in &timeline.events {
        let Some(index) = lane_of(&event.component) else {
            continue;
        };
        let mut reason = event.reason_message.clone().unwrap_or_default();
        if let Some(chance) = event.chance_text() {
            reason.push_str(&format!(" ({chance})"));
        }
        let lane = &mut lanes[index];
        if !matches!(event.component, Component::PoolKubernetes { .. }) {
            lane.change_to(event.window_begin, &event.to);
        }
        lane.events.push(Event {
            at: event.window_begin,
            from: event.from.clone(),
            to: event.to.clone(),
            kind: if event.reason == UpdateReason::Force {
                EventKind::Force
            } else {
                EventKind::Auto
            },
            reason,
            impact: crate::format::capitalized(&event.node_impact.summary),
        });
    }
    for blocked in &timeline.blocked {
        let Some(index) = lane_of(&blocked.component) else {
            continue;
        };
        lanes[index].events.push(Event {
            at: blocked.window_begin,
            from: blocked.version.clone(),
            to: "?".to_string(),
            kind: EventKind::Blocked,
            reason: blocked.message.clone(),
            impact: "No update: Gardener finds no version to update to".to_string(),
        });
    }
    Some(Timeline {
        start: now,
        end,
        today: now,
        lanes: lanes.into_iter().map(|l| l.finish(now, end)).collect(),
    })
}

/// A lane under construction: the versions in effect and when they started.
struct LaneBuilder<'a> {
    label: String,
    versions: &'a [ClassifiedVersion],
    /// (since, version); the first starts at the beginning of the timeline.
    changes: Vec<(Option<DateTime<Utc>>, String)>,
    events: Vec<Event>,
}

impl<'a> LaneBuilder<'a> {
    fn new(label: &str, current: &str, versions: &'a [ClassifiedVersion]) -> LaneBuilder<'a> {
        LaneBuilder {
            label: label.to_string(),
            versions,
            changes: vec![(None, current.to_string())],
            events: Vec::new(),
        }
    }

    fn change_to(&mut self, at: DateTime<Utc>, version: &str) {
        self.changes.push((Some(at), version.to_string()));
    }

    fn finish(self, start: DateTime<Utc>, end: DateTime<Utc>) -> Lane {
        let mut segments = Vec::new();
        for (index, (since, version)) in self.changes.iter().enumerate() {
            let from = since.unwrap_or(start);
            let to = self
                .changes
                .get(index + 1)
                .and_then(|(next, _)| *next)
                .unwrap_or(end);
            if to > from {
                segments.extend(classified_segments(self.versions, version, from, to));
            }
        }
        let mut events = self.events;
        shoot_policy::sorting::sort_by_key(&mut events, |e| e.at);
        Lane {
            label: self.label,
            segments,
            events,
        }
    }
}

/// `version` over `[from, to)`, split wherever its classification changes (the core's spans).
fn classified_segments(
    versions: &[ClassifiedVersion],
    version: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<Segment> {
    let Some(entry) = versions.iter().find(|v| v.version == version) else {
        return vec![Segment {
            from,
            to,
            version: version.to_string(),
            classification: super::model::NOT_IN_PROFILE.to_string(),
        }];
    };
    entry
        .classification_spans(from, to)
        .into_iter()
        .map(|(from, to, classification)| Segment {
            from,
            to,
            version: version.to_string(),
            classification: classification.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::Inputs;
    use shoot_policy::examples::{DEFAULT, LIFECYCLE_PROFILE};
    use shoot_policy::report::{analyze, AnalyzeOptions};

    fn timeline_of(example: &shoot_policy::examples::Example, now: &str) -> Timeline {
        let now: DateTime<Utc> = now.parse().unwrap();
        let inputs = Inputs::from_example(example);
        let report = analyze(&inputs.sources(), &AnalyzeOptions::at(now));
        from_report(&report, now).expect("a timeline")
    }

    #[test]
    fn the_default_example_forces_the_control_plane_at_the_next_window() {
        let timeline = timeline_of(&DEFAULT, "2026-11-22T00:00:00Z");
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
        assert_eq!(control_plane.segments[1].version, "1.32.9");
        assert_eq!(control_plane.segments[1].classification, "deprecated");
        let labels: Vec<&str> = timeline.lanes.iter().map(|l| l.label.as_str()).collect();
        assert_eq!(labels, ["Control plane", "Pool general", "Pool arm"]);
        // Segments of a lane tile the timeline without gaps.
        for lane in &timeline.lanes {
            for pair in lane.segments.windows(2) {
                assert_eq!(pair[0].to, pair[1].from, "{}", lane.label);
            }
            assert_eq!(lane.segments.last().unwrap().to, timeline.end);
        }
    }

    #[test]
    fn lifecycle_stages_colour_the_segments() {
        let timeline = timeline_of(&LIFECYCLE_PROFILE, "2026-11-22T00:00:00Z");
        let control_plane = &timeline.lanes[0];
        let first: Vec<(&str, &str)> = control_plane
            .segments
            .iter()
            .take(2)
            .map(|s| (s.version.as_str(), s.classification.as_str()))
            .collect();
        // 1.32.10 is deprecated now and expires on 2027-03-01; the first window after forces 1.33.6.
        assert_eq!(first, [("1.32.10", "deprecated"), ("1.32.10", "expired")]);
        assert_eq!(
            control_plane.segments[1].from,
            "2027-03-01T00:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        let forced = control_plane
            .events
            .iter()
            .find(|e| e.kind == EventKind::Force)
            .unwrap();
        assert_eq!(
            (forced.from.as_str(), forced.to.as_str()),
            ("1.32.10", "1.33.6")
        );
        assert_eq!(
            forced.at,
            "2027-03-01T20:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }
}
