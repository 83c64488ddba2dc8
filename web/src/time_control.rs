//! The evaluation time: empty means now; quick buttons travel forward in time.

use crate::format;
use crate::inputs::{shifted, Inputs};
use chrono::{DateTime, Utc};
use leptos::prelude::*;

#[component]
pub fn TimeControl(inputs: RwSignal<Inputs>, now: Memo<DateTime<Utc>>) -> impl IntoView {
    let travel = move |months: u32| {
        // The typed time, not the last analysis: that may still wait for the debounce.
        let typed = inputs.with_untracked(|i| crate::inputs::parse_time(&i.evaluation_time));
        let from = typed.unwrap_or_else(|| now.get_untracked());
        inputs.update(|i| i.evaluation_time = shifted(from, months));
    };
    let invalid = move || {
        inputs.with(|i| {
            !i.evaluation_time.trim().is_empty()
                && crate::inputs::parse_time(&i.evaluation_time).is_none()
        })
    };
    view! {
        <fieldset class="evaluation-time">
            <legend>"Evaluation time"</legend>
            <input type="text" id="evaluation-time" aria-label="Evaluation time"
                placeholder="now (e.g. 2027-01-01T00:00:00Z)"
                aria-invalid=move || invalid().to_string()
                prop:value=move || inputs.with(|i| i.evaluation_time.clone())
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    inputs.update(|i| i.evaluation_time = text);
                } />
            <div class="time-buttons">
                <label class="inline">"Pick (UTC) "
                    <input type="datetime-local" aria-label="Pick evaluation time (UTC)"
                        prop:value=move || format::local_input(now.get())
                        on:change=move |ev| {
                            let text = event_target_value(&ev);
                            if let Some(time) = crate::inputs::parse_time(&text) {
                                inputs.update(|i| i.evaluation_time = crate::inputs::rfc3339(time));
                            }
                        } />
                </label>
                <button type="button" on:click=move |_| inputs.update(|i| i.evaluation_time.clear())>"now"</button>
                <button type="button" on:click=move |_| travel(1)>"+1 month"</button>
                <button type="button" on:click=move |_| travel(6)>"+6 months"</button>
            </div>
            <p class="muted" aria-live="polite">
                {move || if invalid() { "Unreadable time, using now: ".to_string() } else { "Evaluating at ".to_string() }}
                <time>{move || format::date_time(now.get())}</time>
            </p>
        </fieldset>
    }
}
