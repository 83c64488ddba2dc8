//! The SVG timeline: a time axis, one lane per component, version segments coloured by
//! classification, event markers with a tooltip on hover and keyboard focus, and the event list.

use super::model::{layout, Event, Timeline, LABEL_WIDTH, LANE_HEIGHT};
use crate::format;
use leptos::prelude::*;

const WIDTH: f64 = 760.0;

#[component]
pub fn TimelineView(timeline: Signal<Option<Timeline>>) -> impl IntoView {
    let active = RwSignal::new(None::<(f64, f64, Event)>);
    move || {
        timeline.get().map(|timeline| {
            let plan = layout(&timeline, WIDTH);
            let height = plan.height;
            let mut events: Vec<(String, Event)> = timeline
                .lanes
                .iter()
                .flat_map(|lane| lane.events.iter().map(|e| (lane.label.clone(), e.clone())))
                .collect();
            shoot_policy::sorting::sort_by_key(&mut events, |(_, e)| e.at);
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
                    let title = format!("{} ({})", s.version, s.classification);
                    let label = (s.width > 60.0).then(|| view! {
                        <text class="segment-label" x=s.x + 4.0 y=y + LANE_HEIGHT / 2.0 + 4.0>{s.version.clone()}</text>
                    });
                    view! {
                        <rect class=class x=s.x y=y width=s.width height=LANE_HEIGHT rx=3><title>{title}</title></rect>
                        {label}
                    }
                }).collect_view();
                let markers = lane.markers.into_iter().map(|m| {
                    let x = m.x;
                    let text = m.event.describe();
                    let class = format!("marker {}", m.event.kind.as_str());
                    let points = format!("{},{} {},{} {},{} {},{}", x, y - 4.0, x + 7.0, y + LANE_HEIGHT / 2.0,
                        x, y + LANE_HEIGHT + 4.0, x - 7.0, y + LANE_HEIGHT / 2.0);
                    let hovered = m.event.clone();
                    let focused = m.event;
                    view! {
                        <g class=class tabindex="0" role="button" aria-label=text.clone()
                            on:mouseenter=move |_| active.set(Some((x, y, hovered.clone())))
                            on:focus=move |_| active.set(Some((x, y, focused.clone())))
                            on:mouseleave=move |_| active.set(None) on:blur=move |_| active.set(None)>
                            <polygon points=points />
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
                let style = format!("left: {:.2}%; top: {:.2}%", x / WIDTH * 100.0, (y + LANE_HEIGHT + 4.0) / height * 100.0);
                view! {
                    <div class="tooltip" role="tooltip" style=style>
                        <strong>{format!("{} → {}", event.from, event.to)}</strong>
                        {format!(" ({}) at {}", event.kind.as_str(), format::date_time(event.at))}
                        <div>{event.reason.clone()}</div>
                        <div class="muted">{event.impact.clone()}</div>
                    </div>
                }
            });
            let list = if events.is_empty() {
                view! { <p>"No update is due in the next maintenance window."</p> }.into_any()
            } else {
                view! {
                    <ol class="event-list">
                        {events.into_iter().map(|(lane, e)| view! {
                            <li>{format!("{} — {}: {}", format::date_time(e.at), lane, e.describe())}</li>
                        }).collect_view()}
                    </ol>
                }.into_any()
            };
            view! {
                <div class="timeline-box">
                    <svg class="timeline" viewBox=format!("0 0 {WIDTH} {height}") role="img"
                        aria-label="Update timeline" preserveAspectRatio="xMinYMin meet">
                        {ticks}
                        {lanes}
                        {today}
                        <line class="label-rule" x1=LABEL_WIDTH - 4.0 x2=LABEL_WIDTH - 4.0 y1=14 y2=height />
                    </svg>
                    {tooltip}
                </div>
                <div class="legend" aria-hidden="true">
                    <span class="swatch preview"></span>"preview "
                    <span class="swatch supported"></span>"supported "
                    <span class="swatch deprecated"></span>"deprecated "
                    <span class="swatch expired"></span>"expired"
                </div>
                <h3>"Events"</h3>
                {list}
            }
        })
    }
}
