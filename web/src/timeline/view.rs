//! The SVG timeline: a time axis, one lane per component, version segments coloured by
//! classification, event markers (a shape per kind) with a tooltip on hover and keyboard focus,
//! a legend, and the events listed by maintenance window.
//!
//! The SVG is laid out for the width it is shown at (measured, and again on resize), so its text
//! keeps its size on a phone instead of being scaled down with the picture.

use super::model::{
    classification_words, layout, Event, EventKind, Timeline, LABEL_WIDTH, LANE_HEIGHT,
    NOT_IN_PROFILE,
};
use crate::format;
use chrono::{DateTime, Utc};
use leptos::prelude::*;

/// The width laid out before the box is measured, and the bounds of any measured width.
const DEFAULT_WIDTH: f64 = 760.0;
const MIN_WIDTH: f64 = 300.0;
const MAX_WIDTH: f64 = 1200.0;

#[component]
pub fn TimelineView(timeline: Signal<Option<Timeline>>) -> impl IntoView {
    let active = RwSignal::new(None::<(f64, f64, Event)>);
    let frame = NodeRef::<leptos::html::Div>::new();
    let width = RwSignal::new(DEFAULT_WIDTH);
    let measure = move || {
        if let Some(element) = frame.get_untracked() {
            let measured = f64::from(element.client_width());
            if measured > 0.0 {
                let measured = measured.clamp(MIN_WIDTH, MAX_WIDTH).floor();
                if measured != width.get_untracked() {
                    width.set(measured);
                }
            }
        }
    };
    Effect::new(move |_| {
        if frame.get().is_some() {
            measure();
        }
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());
    let picture = move || {
        let width = width.get();
        timeline.get().map(|timeline| {
            let plan = layout(&timeline, width);
            let height = plan.height;
            let today = plan.today_x.map(|x| {
                view! {
                    <line class="today" x1=x x2=x y1=0 y2=height />
                    <text class="today-label" x=x + 3.0 y=height - 2.0>"today"</text>
                }
            });
            let ticks = plan.ticks.into_iter().map(|tick| view! {
                <line class="tick" x1=tick.x x2=tick.x y1=14 y2=height />
                <text class="tick-label" x=tick.x + 2.0 y=12>{tick.label}</text>
            }).collect_view();
            let lanes = plan.lanes.into_iter().map(|lane| {
                let y = lane.y;
                let segments = lane.segments.into_iter().map(|s| {
                    let class = format!("segment {}", s.classification);
                    let title = format!("{} ({})", s.version, classification_words(&s.classification));
                    let label = s.labelled.then(|| view! {
                        <text class="segment-label" x=s.label_x y=y + LANE_HEIGHT / 2.0 + 4.0>{s.version.clone()}</text>
                    });
                    view! {
                        <rect class=class x=s.x y=y width=s.width height=LANE_HEIGHT rx=3><title>{title}</title></rect>
                        {label}
                    }
                }).collect_view();
                let lane_label = lane.label.clone();
                let markers = lane.markers.into_iter().map(|m| {
                    let x = m.x;
                    let kind = m.event.kind;
                    let text = format!("{} of {} on {}: {}", kind.words(), lane_label,
                        format::date_time(m.event.at), m.event.change());
                    let class = format!("marker {}", kind.as_str());
                    let (hovered, focused, pressed) = (m.event.clone(), m.event.clone(), m.event);
                    let show = move |event: Event| active.set(Some((x, y, event)));
                    view! {
                        <g class=class tabindex="0" role="button" aria-label=text
                            on:mouseenter=move |_| show(hovered.clone())
                            on:focus=move |_| show(focused.clone())
                            on:mouseleave=move |_| active.set(None) on:blur=move |_| active.set(None)
                            on:keydown=move |ev| match ev.key().as_str() {
                                "Escape" => active.set(None),
                                "Enter" | " " => {
                                    ev.prevent_default();
                                    if active.with_untracked(Option::is_some) { active.set(None) } else { show(pressed.clone()) }
                                }
                                _ => {}
                            }>
                            {marker_shape(kind, x, y + LANE_HEIGHT / 2.0)}
                        </g>
                    }
                }).collect_view();
                let short = if lane.label.chars().count() > 17 {
                    format!("{}…", lane.label.chars().take(16).collect::<String>())
                } else {
                    lane.label.clone()
                };
                view! {
                    <text class="lane-label" x=4 y=y + LANE_HEIGHT / 2.0 + 4.0>{short}<title>{lane.label}</title></text>
                    {segments}
                    {markers}
                }
            }).collect_view();
            let tooltip = move || active.get().map(|(x, y, event)| {
                // Centred on its marker, and kept inside the box (which is its width on a phone).
                let style = format!(
                    "left: clamp(0px, calc({:.2}% - 11rem), calc(100% - 22rem)); top: {:.2}%",
                    x / width * 100.0,
                    (y + LANE_HEIGHT + 4.0) / height * 100.0
                );
                view! {
                    <div class="tooltip" role="tooltip" style=style>
                        <strong>{format!("{} → {}", event.from, event.to)}</strong>
                        {format!(" ({}) at {}", event.kind.as_str(), format::date_time(event.at))}
                        <div>{event.reason.clone()}</div>
                        <div class="muted">{nodes_text(&event)}</div>
                    </div>
                }
            });
            view! {
                <svg class="timeline" viewBox=format!("0 0 {width} {height}") role="group"
                    aria-label="Update timeline chart; every event is also listed below"
                    preserveAspectRatio="xMinYMin meet">
                    {ticks}
                    {lanes}
                    {today}
                    <line class="label-rule" x1=LABEL_WIDTH - 4.0 x2=LABEL_WIDTH - 4.0 y1=14 y2=height />
                </svg>
                {tooltip}
            }
        })
    };
    let list = move || timeline.with(|t| t.as_ref().map(event_list));
    view! {
        <div class="timeline-box" node_ref=frame>{picture}</div>
        {move || timeline.with(|t| t.as_ref().map(|t| legend(t.shows(NOT_IN_PROFILE), t.shows("unavailable"))))}
        {list}
    }
}

/// A marker's shape: a circle for an automatic update, a diamond for a forced one, a crossed square
/// for a blocked one, so kinds differ without colour.
fn marker_shape(kind: EventKind, x: f64, cy: f64) -> AnyView {
    match kind {
        EventKind::Auto => view! { <circle cx=x cy=cy r=6.5 /> }.into_any(),
        EventKind::Force => {
            let points = format!(
                "{},{} {},{} {},{} {},{}",
                x,
                cy - 9.0,
                x + 8.0,
                cy,
                x,
                cy + 9.0,
                x - 8.0,
                cy
            );
            view! { <polygon points=points /> }.into_any()
        }
        EventKind::Blocked => {
            let d = format!("M{} {}l12 12m0 -12l-12 12", x - 6.0, cy - 6.0);
            view! {
                <rect x=x - 7.5 y=cy - 7.5 width=15 height=15 rx=2 />
                <path d=d />
            }
            .into_any()
        }
    }
}

/// The nodes' part of an event: for an update, what the whole window's run does to the nodes (one
/// run makes every change of the window, and its nodes roll once).
fn nodes_text(event: &Event) -> String {
    match event.kind {
        EventKind::Blocked => event.impact.clone(),
        _ if event.impact.is_empty() => String::new(),
        _ => format!("Nodes, in this window's run: {}", event.impact),
    }
}

/// The colours and shapes; each grey (a version the CloudProfile does not list, or one Gardener
/// classifies `unavailable`) only when a lane shows it.
fn legend(not_in_profile: bool, unavailable: bool) -> impl IntoView {
    let marker = |kind: EventKind| {
        view! {
            <span class="legend-item">
                <svg class="legend-marker" viewBox="0 0 20 20" aria-hidden="true">
                    <g class=format!("marker {}", kind.as_str())>{marker_shape(kind, 10.0, 10.0)}</g>
                </svg>
                {kind.words()}
            </span>
        }
    };
    view! {
        <div class="legend">
            <span class="legend-item"><span class="swatch preview"></span>"preview"</span>
            <span class="legend-item"><span class="swatch supported"></span>"supported"</span>
            <span class="legend-item"><span class="swatch deprecated"></span>"deprecated"</span>
            <span class="legend-item"><span class="swatch expired"></span>"expired"</span>
            {unavailable.then(|| view! {
                <span class="legend-item"><span class="swatch unavailable"></span>"unavailable"</span>
            })}
            {not_in_profile.then(|| view! {
                <span class="legend-item"><span class=format!("swatch {NOT_IN_PROFILE}")></span>{classification_words(NOT_IN_PROFILE)}</span>
            })}
            {marker(EventKind::Auto)}
            {marker(EventKind::Force)}
            {marker(EventKind::Blocked)}
            <span class="legend-item"><span class="legend-today"></span>"today"</span>
        </div>
    }
}

/// An event and the label of its lane.
type LaneEvent<'a> = (&'a str, &'a Event);

/// The events by maintenance window: each window's changes, and once what its run does to the nodes.
fn event_list(timeline: &Timeline) -> AnyView {
    let mut events: Vec<(&str, &Event)> = timeline
        .lanes
        .iter()
        .flat_map(|lane| lane.events.iter().map(move |e| (lane.label.as_str(), e)))
        .collect();
    if events.is_empty() {
        return view! { <p>"No update is due in the next maintenance window."</p> }.into_any();
    }
    shoot_policy::sorting::sort_by_key(&mut events, |(_, e)| e.at);
    let mut windows: Vec<(DateTime<Utc>, Vec<LaneEvent>)> = Vec::new();
    for (lane, event) in events {
        match windows.last_mut() {
            Some((at, list)) if *at == event.at => list.push((lane, event)),
            _ => windows.push((event.at, vec![(lane, event)])),
        }
    }
    let items = windows
        .into_iter()
        .map(|(at, list)| {
            let nodes = (list.iter())
                .find(|(_, e)| e.kind != EventKind::Blocked && !e.impact.is_empty())
                .map(|(_, e)| nodes_text(e));
            let changes = list
                .into_iter()
                .map(|(lane, e)| {
                    let text = match e.kind {
                        EventKind::Blocked => format!("{lane}: {}. {}", e.change(), e.impact),
                        _ => format!("{lane}: {}", e.change()),
                    };
                    view! { <li>{text}</li> }
                })
                .collect_view();
            view! {
                <li>
                    <strong>{format::date_time(at)}</strong>
                    <ul class="plain">{changes}</ul>
                    {nodes.map(|text| view! { <div class="muted">{text}</div> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <h3>"Events by maintenance window"</h3>
        <ol class="event-list">{items}</ol>
    }
    .into_any()
}
