//! The timeline's view model (lanes of version segments and update events) and its pure layout:
//! every coordinate of the SVG is computed here, so it is unit-tested natively.

use chrono::{DateTime, Datelike, Months, TimeZone, Utc};

/// What the timeline shows; built from the report by [`super::adapter`].
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// The evaluation time ("today" line).
    pub today: DateTime<Utc>,
    pub lanes: Vec<Lane>,
}

/// The control plane or one worker pool.
#[derive(Debug, Clone, PartialEq)]
pub struct Lane {
    pub label: String,
    pub segments: Vec<Segment>,
    pub events: Vec<Event>,
}

/// A version in effect over `[from, to)`, with its classification during that time.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub version: String,
    /// `preview`, `supported`, `deprecated`, `expired`, `unavailable` or [`NOT_IN_PROFILE`]; used
    /// as CSS class.
    pub classification: String,
}

/// The class of a version the CloudProfile does not list (it has no classification there). Not
/// `unavailable`: that is a classification Gardener gives a listed version before its lifecycle
/// starts.
pub const NOT_IN_PROFILE: &str = "not-in-profile";

/// A segment's classification in words: a version the CloudProfile does not list has none, which
/// is the cause of its forced update (or of the failed one).
pub fn classification_words(classification: &str) -> &str {
    match classification {
        NOT_IN_PROFILE => "not in this CloudProfile",
        other => other,
    }
}

impl Timeline {
    /// Whether a lane shows a segment of `classification` (the legend names the grey ones only
    /// then).
    pub fn shows(&self, classification: &str) -> bool {
        (self.lanes.iter())
            .flat_map(|lane| &lane.segments)
            .any(|segment| segment.classification == classification)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Auto,
    Force,
    /// A forced update Gardener cannot perform (no target version).
    Blocked,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Auto => "auto",
            EventKind::Force => "force",
            EventKind::Blocked => "blocked",
        }
    }

    /// In words, for the legend, the list and assistive technology.
    pub fn words(self) -> &'static str {
        match self {
            EventKind::Auto => "automatic update",
            EventKind::Force => "forced update",
            EventKind::Blocked => "blocked forced update",
        }
    }
}

/// One update in a maintenance window.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub at: DateTime<Utc>,
    pub from: String,
    pub to: String,
    pub kind: EventKind,
    /// Gardener's reason text.
    pub reason: String,
    /// What happens to the nodes.
    pub impact: String,
}

impl Event {
    /// The export text: "1.31.13 → 1.32.9 (force): reason. impact".
    pub fn describe(&self) -> String {
        let mut text = self.change();
        if !self.impact.is_empty() {
            text.push_str(". ");
            text.push_str(&self.impact);
        }
        text
    }

    /// The change without the nodes' part, which belongs to the whole window's run: "1.31.13 →
    /// 1.32.9 (force): reason".
    pub fn change(&self) -> String {
        let mut text = format!("{} → {} ({})", self.from, self.to, self.kind.as_str());
        if !self.reason.is_empty() {
            text.push_str(": ");
            text.push_str(&self.reason);
        }
        text
    }
}

pub const LABEL_WIDTH: f64 = 110.0;
/// Where the plot starts: a little after the labels, so an event at the very start stays visible.
pub const PLOT_LEFT: f64 = LABEL_WIDTH + 10.0;
pub const AXIS_HEIGHT: f64 = 22.0;
pub const LANE_HEIGHT: f64 = 26.0;
pub const LANE_GAP: f64 = 10.0;
const RIGHT_PADDING: f64 = 12.0;
/// The least distance between two markers' centres in a lane: closer markers would cover each
/// other (and each one's tooltip), so later ones move right by as much as needed.
pub const MARKER_SPACING: f64 = 16.0;
/// Half the widest marker (the forced update's diamond): a label ends before a marker's left edge.
const MARKER_HALF_WIDTH: f64 = 8.0;
/// Below the last lane: the "today" label's line.
pub const TODAY_LABEL_ROOM: f64 = 6.0;
/// The width of one character of the SVG's 11 px labels, an upper bound for digits and letters.
const CHAR_WIDTH: f64 = 6.6;
/// The room one month tick's label needs ("Sep 2027" and a gap).
const TICK_ROOM: f64 = 70.0;

/// Pixel positions of everything the SVG draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub width: f64,
    pub height: f64,
    pub ticks: Vec<Tick>,
    pub today_x: Option<f64>,
    pub lanes: Vec<LaneLayout>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub x: f64,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LaneLayout {
    pub label: String,
    pub y: f64,
    pub segments: Vec<SegmentBox>,
    pub markers: Vec<Marker>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SegmentBox {
    pub x: f64,
    pub width: f64,
    pub version: String,
    pub classification: String,
    /// Where the version's label starts: after a marker at the box's start, which would cover it.
    pub label_x: f64,
    /// Whether the version's label fits inside the box.
    pub labelled: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    pub x: f64,
    pub event: Event,
}

/// Lays the timeline out in an SVG `width` pixels wide.
pub fn layout(timeline: &Timeline, width: f64) -> Layout {
    let plot_width = (width - PLOT_LEFT - RIGHT_PADDING).max(1.0);
    let span = (timeline.end - timeline.start).num_seconds().max(1) as f64;
    let x = |t: DateTime<Utc>| {
        let offset = (t - timeline.start).num_seconds() as f64 / span;
        PLOT_LEFT + offset.clamp(0.0, 1.0) * plot_width
    };
    let lanes = timeline
        .lanes
        .iter()
        .enumerate()
        .map(|(index, lane)| {
            let markers = spread(
                lane.events
                    .iter()
                    .filter(|e| e.at >= timeline.start && e.at <= timeline.end)
                    .map(|e| Marker {
                        x: x(e.at),
                        event: e.clone(),
                    })
                    .collect(),
                width - RIGHT_PADDING / 2.0,
            );
            let segments = lane
                .segments
                .iter()
                .filter(|s| s.to > timeline.start && s.from < timeline.end)
                .map(|s| {
                    let (start, end) = (x(s.from), x(s.to).max(x(s.from) + 1.0));
                    let label_x = (markers.iter())
                        .filter(|m| m.x >= start - MARKER_SPACING / 2.0 && m.x < start + 14.0)
                        .map(|m| m.x + 11.0)
                        .fold(start + 4.0, f64::max);
                    let text_width = s.version.chars().count() as f64 * CHAR_WIDTH;
                    // The label's room ends at the box's end or at the first marker after its
                    // start (a blocked update, a pool's Kubernetes update), which would cover it.
                    let room_end = (markers.iter())
                        .map(|m| m.x - MARKER_HALF_WIDTH)
                        .filter(|left| *left > label_x)
                        .fold(end, f64::min);
                    SegmentBox {
                        x: start,
                        width: end - start,
                        version: s.version.clone(),
                        classification: s.classification.clone(),
                        label_x,
                        labelled: room_end - label_x >= text_width + 4.0,
                    }
                })
                .collect();
            LaneLayout {
                label: lane.label.clone(),
                y: AXIS_HEIGHT + LANE_GAP + index as f64 * (LANE_HEIGHT + LANE_GAP),
                segments,
                markers,
            }
        })
        .collect();
    let inside = timeline.today >= timeline.start && timeline.today <= timeline.end;
    Layout {
        width,
        height: AXIS_HEIGHT
            + LANE_GAP
            + timeline.lanes.len() as f64 * (LANE_HEIGHT + LANE_GAP)
            + TODAY_LABEL_ROOM,
        ticks: month_ticks(
            timeline.start,
            timeline.end,
            ((plot_width / TICK_ROOM) as i32).max(1),
        )
        .into_iter()
        .map(|t| Tick {
            x: x(t),
            label: crate::format::month_and_year(t),
        })
        // A label that would run past the right edge is left out with its tick.
        .filter(|tick| tick.x + 2.0 + tick.label.chars().count() as f64 * CHAR_WIDTH <= width)
        .collect(),
        today_x: inside.then(|| x(timeline.today)),
        lanes,
    }
}

/// Moves markers (in time order) right where they would overlap, and back left from `right` where
/// that pushed them past it, so each marker stays visible and reachable.
fn spread(mut markers: Vec<Marker>, right: f64) -> Vec<Marker> {
    shoot_policy::sorting::sort_by_key(&mut markers, |m| m.event.at);
    for i in 1..markers.len() {
        markers[i].x = markers[i].x.max(markers[i - 1].x + MARKER_SPACING);
    }
    let mut limit = right;
    for marker in markers.iter_mut().rev() {
        marker.x = marker.x.min(limit);
        limit = marker.x - MARKER_SPACING;
    }
    markers
}

/// First-of-month instants inside `[start, end]`, every 1, 3, 6 or 12 months so at most `most`
/// remain (at most 8).
fn month_ticks(start: DateTime<Utc>, end: DateTime<Utc>, most: i32) -> Vec<DateTime<Utc>> {
    let most = most.min(8);
    let first = Utc
        .with_ymd_and_hms(start.year(), start.month(), 1, 0, 0, 0)
        .single()
        .and_then(|t| t.checked_add_months(Months::new(1)));
    let Some(first) = first else {
        return Vec::new();
    };
    let months = (end.year() - start.year()) * 12 + end.month() as i32 - start.month() as i32;
    let step = [1, 3, 6, 12]
        .into_iter()
        .find(|step| months / step <= most)
        .unwrap_or(24);
    let mut ticks = Vec::new();
    let mut at = first;
    // Start at a multiple of the step (quarters begin in Jan/Apr/Jul/Oct).
    while (at.month0() as i32) % step.min(12) != 0 {
        match at.checked_add_months(Months::new(1)) {
            Some(next) => at = next,
            None => return ticks,
        }
    }
    while at <= end && ticks.len() < 24 {
        ticks.push(at);
        match at.checked_add_months(Months::new(step as u32)) {
            Some(next) => at = next,
            None => break,
        }
    }
    ticks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    fn timeline() -> Timeline {
        Timeline {
            start: at("2026-01-01T00:00:00Z"),
            end: at("2027-01-01T00:00:00Z"),
            today: at("2026-07-02T12:00:00Z"),
            lanes: vec![Lane {
                label: "Control plane".into(),
                segments: vec![
                    Segment {
                        from: at("2025-06-01T00:00:00Z"),
                        to: at("2026-07-02T12:00:00Z"),
                        version: "1.31.13".into(),
                        classification: "deprecated".into(),
                    },
                    Segment {
                        from: at("2026-07-02T12:00:00Z"),
                        to: at("2028-01-01T00:00:00Z"),
                        version: "1.32.9".into(),
                        classification: "supported".into(),
                    },
                ],
                events: vec![Event {
                    at: at("2026-07-02T12:00:00Z"),
                    from: "1.31.13".into(),
                    to: "1.32.9".into(),
                    kind: EventKind::Force,
                    reason: "Kubernetes version expired - force update required".into(),
                    impact: "control plane only".into(),
                }],
            }],
        }
    }

    #[test]
    fn x_positions_are_proportional_to_time_and_clamped() {
        let layout = layout(&timeline(), PLOT_LEFT + 365.0 + 12.0);
        let lane = &layout.lanes[0];
        // The first segment starts before the window: clamped to the left edge.
        assert_eq!(lane.segments[0].x, PLOT_LEFT);
        // 2026-07-02T12:00 is day 182.5 of 365.
        assert!((lane.segments[0].width - 182.5).abs() < 1e-9);
        assert!((lane.segments[1].x - (PLOT_LEFT + 182.5)).abs() < 1e-9);
        // The second segment ends after the window: clamped to the right edge.
        assert!((lane.segments[1].x + lane.segments[1].width - (PLOT_LEFT + 365.0)).abs() < 1e-9);
        assert_eq!(lane.markers[0].x, lane.segments[1].x);
        assert_eq!(layout.today_x, Some(lane.segments[1].x));
        assert_eq!(lane.y, AXIS_HEIGHT + LANE_GAP);
        assert_eq!(
            layout.height,
            AXIS_HEIGHT + LANE_GAP + LANE_HEIGHT + LANE_GAP + TODAY_LABEL_ROOM
        );
    }

    #[test]
    fn events_and_segments_outside_the_window_are_dropped() {
        let mut t = timeline();
        t.lanes[0].events[0].at = at("2030-01-01T00:00:00Z");
        t.lanes[0].segments[1].from = at("2027-06-01T00:00:00Z");
        t.today = at("2020-01-01T00:00:00Z");
        let layout = layout(&t, 600.0);
        assert!(layout.lanes[0].markers.is_empty());
        assert_eq!(layout.lanes[0].segments.len(), 1);
        assert_eq!(layout.today_x, None);
    }

    #[test]
    fn ticks_fall_on_month_starts_and_thin_out_for_long_spans() {
        let one_year = month_ticks(at("2026-01-15T00:00:00Z"), at("2026-06-20T00:00:00Z"), 8);
        assert_eq!(one_year.len(), 5);
        assert_eq!(one_year[0], at("2026-02-01T00:00:00Z"));
        let two_years = month_ticks(at("2026-11-22T00:00:00Z"), at("2028-11-22T00:00:00Z"), 8);
        assert!(two_years.len() <= 9, "{two_years:?}");
        assert!(two_years
            .iter()
            .all(|t| t.month0() % 3 == 0 && t.day() == 1));
        let labels = layout(&timeline(), 800.0).ticks;
        assert_eq!(labels[0].label, "Apr 2026");
    }

    #[test]
    fn events_describe_themselves() {
        let event = &timeline().lanes[0].events[0];
        assert_eq!(
            event.describe(),
            "1.31.13 → 1.32.9 (force): Kubernetes version expired - force update required. control plane only"
        );
        assert_eq!(
            event.change(),
            "1.31.13 → 1.32.9 (force): Kubernetes version expired - force update required"
        );
    }

    #[test]
    fn markers_a_day_apart_do_not_cover_each_other_and_stay_inside() {
        let mut t = timeline();
        let first = t.lanes[0].events[0].clone();
        let day = chrono::Duration::days(1);
        t.lanes[0].events = (0..4)
            .map(|k| Event {
                at: at("2026-12-27T21:00:00Z") + day * k,
                ..first.clone()
            })
            .collect();
        let width = 400.0;
        let markers = &layout(&t, width).lanes[0].markers;
        assert_eq!(markers.len(), 4);
        for pair in markers.windows(2) {
            assert!(
                pair[1].x - pair[0].x >= MARKER_SPACING - 1e-9,
                "{markers:?}"
            );
        }
        assert!(markers[3].x <= width - RIGHT_PADDING / 2.0);
        // In time order, left to right.
        assert!(markers.windows(2).all(|p| p[0].event.at < p[1].event.at));
    }

    #[test]
    fn narrow_timelines_keep_their_labels_inside_and_readable() {
        let narrow = layout(&timeline(), 340.0);
        // Fewer ticks where the plot is narrow, and none whose label runs past the edge.
        assert!(narrow.ticks.len() <= 3, "{:?}", narrow.ticks);
        for tick in &narrow.ticks {
            assert!(
                tick.x + 2.0 + tick.label.len() as f64 * CHAR_WIDTH <= 340.0,
                "{tick:?}"
            );
        }
        // A version label is drawn only in a box wide enough for it.
        let wide = layout(&timeline(), 800.0);
        assert!(wide.lanes[0].segments.iter().all(|s| s.labelled));
        let mut short = timeline();
        short.lanes[0].segments[1].from = at("2026-12-28T00:00:00Z");
        let boxes = &layout(&short, 800.0).lanes[0].segments;
        assert!(boxes[0].labelled && !boxes[1].labelled, "{boxes:?}");
        // A marker at a box's start pushes the label past it.
        let lane = &layout(&timeline(), 800.0).lanes[0];
        assert_eq!(lane.segments[0].label_x, lane.segments[0].x + 4.0);
        assert_eq!(lane.segments[1].label_x, lane.markers[0].x + 11.0);
    }

    #[test]
    fn a_version_label_ends_before_a_marker_inside_its_box() {
        // A blocked forced update leaves the version as it is: its marker sits inside the box.
        let mut t = timeline();
        let lane = &mut t.lanes[0];
        lane.segments[1].from = at("2026-01-01T00:00:00Z");
        lane.segments.remove(0);
        lane.events[0].kind = EventKind::Blocked;
        let wide = layout(&t, PLOT_LEFT + 365.0 + 12.0);
        let (segment, marker) = (&wide.lanes[0].segments[0], &wide.lanes[0].markers[0]);
        assert!(marker.x - segment.label_x > 6.0 * CHAR_WIDTH + 4.0 + 8.0);
        assert!(segment.labelled, "{segment:?}");
        // Twenty days in, the marker would cover "1.32.9": no label.
        t.lanes[0].events[0].at = at("2026-01-21T00:00:00Z");
        let crowded = layout(&t, PLOT_LEFT + 365.0 + 12.0);
        let (segment, marker) = (&crowded.lanes[0].segments[0], &crowded.lanes[0].markers[0]);
        assert!(
            marker.x - 8.0 < segment.label_x + 6.0 * CHAR_WIDTH,
            "{marker:?}"
        );
        assert!(!segment.labelled, "{segment:?}");
    }

    #[test]
    fn a_version_the_cloud_profile_does_not_list_is_named_so() {
        let mut t = timeline();
        assert!(!t.shows(NOT_IN_PROFILE));
        t.lanes[0].segments[0].classification = NOT_IN_PROFILE.into();
        assert!(t.shows(NOT_IN_PROFILE) && !t.shows("unavailable"));
        assert_eq!(
            classification_words(&t.lanes[0].segments[0].classification),
            "not in this CloudProfile"
        );
        assert_eq!(classification_words("supported"), "supported");
        // Gardener's own `unavailable` (a listed version before its lifecycle) keeps its name.
        assert_eq!(classification_words("unavailable"), "unavailable");
    }
}
