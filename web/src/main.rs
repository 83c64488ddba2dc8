//! The shoot-policy browser app. Components only render the core's [`Report`]; every rule lives in
//! the core, so the app shows exactly what the CLI and the npm package compute.

mod editor;
mod persist;
mod result;

use chrono::{DateTime, Utc};
use leptos::prelude::*;
use shoot_policy::examples;
use shoot_policy::report::{analyze, AnalyzeOptions, Report, Source, SourceRole};
use std::time::Duration;

fn main() {
    leptos::mount::mount_to_body(App);
}

/// How long typing must pause before the report is recomputed.
const DEBOUNCE: Duration = Duration::from_millis(150);

/// The text of the four editors and the evaluation time, as the user left them.
#[derive(Clone, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Inputs {
    pub cloud_profile: String,
    pub shoot: String,
    pub previous_shoot: String,
    pub objects: String,
    /// RFC 3339; empty means "now".
    pub evaluation_time: String,
}

impl Inputs {
    fn from_example(example: &examples::Example) -> Inputs {
        Inputs {
            cloud_profile: example.cloud_profile.to_string(),
            shoot: example.shoot.to_string(),
            previous_shoot: example.previous_shoot.to_string(),
            objects: example.objects.to_string(),
            evaluation_time: String::new(),
        }
    }

    fn sources(&self) -> Vec<Source> {
        let source = |name: &str, role, text: &str| Source {
            name: name.to_string(),
            role,
            text: text.to_string(),
        };
        vec![
            source("CloudProfile", SourceRole::Auto, &self.cloud_profile),
            source("Shoot", SourceRole::Auto, &self.shoot),
            source(
                "Previous Shoot",
                SourceRole::PreviousShoot,
                &self.previous_shoot,
            ),
            source("Other objects", SourceRole::Auto, &self.objects),
        ]
    }

    fn now(&self) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&self.evaluation_time)
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_else(|_| browser_now())
    }
}

fn browser_now() -> DateTime<Utc> {
    let millis = js_sys::Date::now() as i64;
    DateTime::from_timestamp_millis(millis).unwrap_or_default()
}

fn run_analysis(inputs: &Inputs) -> Report {
    analyze(&inputs.sources(), &AnalyzeOptions::at(inputs.now()))
}

#[component]
fn App() -> impl IntoView {
    let inputs =
        RwSignal::new(persist::load().unwrap_or_else(|| Inputs::from_example(&examples::DEFAULT)));
    let analysed = RwSignal::new(inputs.get_untracked());
    let pending = StoredValue::new(None::<TimeoutHandle>);

    // Save every keystroke at once (nothing typed is lost), analyse when typing pauses.
    Effect::new(move |_| {
        let current = inputs.get();
        persist::save(&current);
        if let Some(handle) = pending.get_value() {
            handle.clear();
        }
        let handle = set_timeout_with_handle(move || analysed.set(current), DEBOUNCE).ok();
        pending.set_value(handle);
    });
    // A new analysis is always a new report; comparing two reports would cost more than it saves.
    let report = Memo::new_with_compare(move |_| run_analysis(&analysed.get()), |_, _| true);

    let reset = move |_| inputs.set(Inputs::from_example(&examples::DEFAULT));

    view! {
        <header class="app-header">
            <h1>"shoot-policy"</h1>
            <p class="tagline">"What Gardener will do to your Shoot, when, and why."</p>
            <button type="button" on:click=reset>"Reset to example"</button>
        </header>
        <main class="layout">
            <section class="inputs" aria-label="Inputs">
                <editor::Editor label="CloudProfile" inputs=inputs report=report
                    get=|i: &Inputs| i.cloud_profile.clone() set=|i: &mut Inputs, t| i.cloud_profile = t />
                <editor::Editor label="Shoot" inputs=inputs report=report
                    get=|i: &Inputs| i.shoot.clone() set=|i: &mut Inputs, t| i.shoot = t />
                <editor::Editor label="Previous Shoot" inputs=inputs report=report
                    get=|i: &Inputs| i.previous_shoot.clone() set=|i: &mut Inputs, t| i.previous_shoot = t />
                <editor::Editor label="Other objects" inputs=inputs report=report
                    get=|i: &Inputs| i.objects.clone() set=|i: &mut Inputs, t| i.objects = t />
                <label class="evaluation-time">
                    "Evaluation time "
                    <input type="text" aria-label="Evaluation time" placeholder="now (RFC 3339, e.g. 2027-01-01T00:00:00Z)"
                        prop:value=move || inputs.with(|i| i.evaluation_time.clone())
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            inputs.update(|i| i.evaluation_time = text);
                        } />
                </label>
            </section>
            <section class="results" aria-label="Results" aria-live="polite">
                <result::ReportView report=report />
            </section>
        </main>
    }
}
