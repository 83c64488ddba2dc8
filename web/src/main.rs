//! The shoot-policy browser app. Components only render the core's [`Report`]; every rule lives in
//! the core, so the app shows exactly what the CLI and the npm package compute. View models,
//! formatting, the share link and the secret check are plain functions with native unit tests.

mod cleanup;
mod copy;
mod editor;
mod embed;
mod export;
mod fleet;
mod format;
mod hibernation;
mod inputs;
mod migration;
mod persist;
mod problems;
mod recovery;
mod rollout;
mod scheduling;
mod secrets;
mod share;
mod status;
mod summary;
mod time_control;
mod timeline;
mod toolbar;
mod versions;
mod worker;

#[cfg(test)]
mod gallery_tests;

use chrono::{DateTime, Utc};
use inputs::{Inputs, EDITORS};
use leptos::prelude::*;
use shoot_policy::examples;
use shoot_policy::report::Report;
use std::sync::Arc;
use std::time::Duration;
use worker::request_analysis;

fn main() {
    // The embedder mounts the app into its own element (embed.rs); the page is not ours then.
    if embed::loaded_by_embedder() {
        return;
    }
    recovery::install_panic_hook();
    fleet::mount(App);
}

/// How long typing must pause before the report is recomputed.
const DEBOUNCE: Duration = Duration::from_millis(150);

/// One analysis and everything derived from it for display.
#[derive(Clone, Default)]
pub struct Analysis {
    /// Shared by the cards' memo and every clone of the analysis: the clone of the report type
    /// tree that a plain `Report` needs cost the app 5 KB gzip.
    pub report: Arc<Report>,
    /// The report as the engine wrote it (compact JSON), which the JSON export indents: the UI
    /// then carries no serializer of the report's types.
    pub json: Arc<str>,
    pub now: DateTime<Utc>,
    pub timeline: Option<timeline::model::Timeline>,
}

/// The analysis natively (the app's tests), where the engine is the core itself; in the browser the
/// engine is the npm package's module (worker.rs).
#[cfg(not(target_arch = "wasm32"))]
pub fn run_analysis(inputs: &Inputs, clock_now: DateTime<Utc>) -> Analysis {
    if recovery::test_panic_requested() {
        panic!("{}", recovery::TEST_PANIC_MESSAGE);
    }
    let now = inputs.now(clock_now);
    let options = shoot_policy::report::AnalyzeOptions::at(now);
    let report = shoot_policy::report::analyze(&inputs.sources(), &options);
    let json = serde_json::to_string(&report).unwrap_or_default();
    analysis_from_report(report, json.into(), now)
}

/// The view models of a report.
pub fn analysis_from_report(report: Report, json: Arc<str>, now: DateTime<Utc>) -> Analysis {
    if recovery::page_test_panic_requested() {
        panic!("{} to page", recovery::TEST_PANIC_MESSAGE);
    }
    let timeline = timeline::adapter::from_report(&report, now);
    Analysis {
        report: Arc::new(report),
        json,
        now,
        timeline,
    }
}

/// Runs `then` once the browser has painted the next frame (at once natively).
fn after_next_paint(then: impl FnOnce() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        // A frame callback runs just before its paint; a task queued from it runs after.
        request_animation_frame(move || set_timeout(then, Duration::ZERO));
    }
    #[cfg(not(target_arch = "wasm32"))]
    then();
}

fn browser_now() -> DateTime<Utc> {
    #[cfg(target_arch = "wasm32")]
    let millis = js_sys::Date::now() as i64;
    #[cfg(not(target_arch = "wasm32"))]
    let millis = 0;
    DateTime::from_timestamp_millis(millis).unwrap_or_default()
}

/// The input to start with: a share link in the URL wins over the saved input (and is then removed
/// from the address bar, so a reload shows what the user edited since); then the saved input; then
/// the default example.
fn initial_inputs() -> (Inputs, Option<String>) {
    let (inputs, notice) = linked_or_saved_inputs();
    // A reload keeps what a visit left: say so where it changes the answer.
    let mut notices: Vec<String> = notice.into_iter().collect();
    if let Some(size) = persist::take_not_kept() {
        notices.push(format!(
            "Your last input ({size}) was too large for this browser's storage, so this is the \
             input saved before it."
        ));
    }
    if !inputs.evaluation_time.trim().is_empty() {
        notices.push(format!(
            "The evaluation time is set to {} (kept from your last visit, or carried by the \
             share link): every date and countdown counts from it. Choose \"now\" under \
             Evaluation time for the current time.",
            inputs.evaluation_time.trim()
        ));
    }
    let notice = (!notices.is_empty()).then(|| notices.join(" "));
    (inputs, notice)
}

fn linked_or_saved_inputs() -> (Inputs, Option<String>) {
    let saved_or_default =
        || persist::load().unwrap_or_else(|| Inputs::from_example(&examples::DEFAULT));
    match share::decode(&location_hash()) {
        Some(Ok(inputs)) => {
            clear_location_hash();
            if let Some(saved) = persist::load().filter(|saved| *saved != inputs) {
                persist::save_replaced(&saved);
            }
            let notice = "Loaded the input from the share link.".to_string();
            (inputs, Some(notice))
        }
        Some(Err(error)) => {
            clear_location_hash();
            let notice = format!("The share link could not be read: {error}");
            (saved_or_default(), Some(notice))
        }
        None => (saved_or_default(), None),
    }
}

#[cfg(target_arch = "wasm32")]
fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

#[cfg(not(target_arch = "wasm32"))]
fn location_hash() -> String {
    String::new()
}

/// Removes the share fragment from the address bar, so a reload shows the input as edited since.
#[cfg(target_arch = "wasm32")]
fn clear_location_hash() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let path = window.location().pathname().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn clear_location_hash() {}

#[component]
fn App() -> impl IntoView {
    // Embedded, the host page owns the input: no saved state, no share link, no examples.
    let embedded = use_context::<embed::HostInputs>();
    let (inputs, notice) = match embedded {
        Some(embed::HostInputs(inputs)) => (inputs, None),
        None => {
            let (initial, notice) = initial_inputs();
            (RwSignal::new(initial), notice)
        }
    };
    let standalone = embedded.is_none();
    let shown = use_context::<embed::Shown>().unwrap_or(embed::Shown {
        inputs: true,
        cards: None,
    });
    let card = {
        let shown = shown.clone();
        move |name: &str| shown.card(name)
    };
    let replaced = RwSignal::new(standalone.then(persist::load_replaced).flatten());
    let notice = RwSignal::new(notice);
    let analysed = RwSignal::new(inputs.get_untracked());
    let pending = StoredValue::new(None::<TimeoutHandle>);
    // After a crash the analysis waits for the user, so the same input does not crash it again.
    // Embedded, boot.js's restart does not exist, so there is no crash message to take.
    let crash = RwSignal::new(standalone.then(recovery::take_crash_message).flatten());
    let paused = RwSignal::new(crash.get_untracked().is_some());
    // The size of an input the browser's storage refused, which a reload would not bring back.
    let unsaved = RwSignal::new(None::<String>);
    // From an edit until the newest result is shown: the results region is `aria-busy` meanwhile,
    // so assistive technology (and the browser tests) read results that belong to the input.
    let busy = RwSignal::new(true);

    // Save every keystroke at once (nothing typed is lost), analyse when typing pauses.
    Effect::new(move |previous: Option<()>| {
        let current = inputs.get();
        if standalone {
            let kept = persist::save(&current);
            if kept != unsaved.get_untracked().is_none() {
                unsaved.set((!kept).then(|| persist::megabytes(&current)));
            }
        }
        if let Some(handle) = pending.get_value() {
            handle.clear();
        }
        if previous.is_none() {
            return; // `analysed` starts with these inputs: analysing them again would be waste
        }
        busy.set(true);
        // An edit also resumes an analysis paused by a crash, but only with the debounced input:
        // resuming at once would re-run the input that crashed, once for every keystroke.
        let resume_with_edit = move || {
            if paused.get_untracked() {
                paused.set(false);
            }
            analysed.set(current);
        };
        let handle = set_timeout_with_handle(resume_with_edit, DEBOUNCE).ok();
        pending.set_value(handle);
    });
    // The newest analysis; it arrives from the worker a little after the input it belongs to.
    let latest = RwSignal::new(Analysis::default());
    // The first result shows the summary and the maintenance window at once and the other cards
    // after that paint: on a cold load every card's code is compiled on its first use, and the
    // first result would otherwise wait for all of them.
    let every_card = RwSignal::new(false);
    Effect::new(move |_| {
        let inputs = analysed.get();
        if paused.get() {
            latest.set(Analysis::default());
            every_card.set(true);
            busy.set(false);
            return;
        }
        let now = inputs.now(browser_now());
        request_analysis(inputs, now, move |outcome| match outcome {
            Ok(analysis) => {
                latest.set(analysis);
                if every_card.get_untracked() {
                    busy.set(false);
                } else {
                    after_next_paint(move || {
                        every_card.set(true);
                        busy.set(false);
                    });
                }
            }
            Err(message) => {
                crash.set(Some(message));
                paused.set(true);
                busy.set(false);
            }
        });
    });
    // A new analysis is always new; comparing two reports would cost more than it saves.
    let analysis = Memo::new_with_compare(move |_| latest.get(), |_, _| true);
    let report = Memo::new_with_compare(move |_| analysis.with(|a| a.report.clone()), |_, _| true);
    let now = Memo::new(move |_| analysis.with(|a| a.now));
    let facts = Signal::derive(move || analysis.with(|a| a.report.summary.facts.clone()));
    let timeline = Signal::derive(move || analysis.with(|a| a.timeline.clone()));

    let show_inputs = shown.inputs;
    let cards = move || {
        let card = card.clone();
        view! {
            {card("timeline").then(|| view! {
                <section class="card" aria-label="Update timeline">
                    <h2>"Update timeline"</h2>
                    <timeline::view::TimelineView timeline=timeline />
                    {move || timeline.with(|t| t.is_none()).then(|| {
                        // Where an input does not read, asking for one to be pasted would mislead.
                        let errors = report.with(|r| r.summary.input_errors > 0);
                        view! {
                            <p class="muted">{if errors {
                                "No timeline while the input has errors (see Input errors in the summary)."
                            } else {
                                "Paste a CloudProfile and a Shoot to see the timeline."
                            }}</p>
                        }
                    })}
                </section>
            })}
            {card("versions").then(|| view! { <versions::VersionMatrix report=report /> })}
            {card("status").then(|| view! { <status::Status report=report /> })}
            {card("validation").then(|| view! { <problems::Problems report=report inputs=inputs /> })}
            {card("rollTriggers").then(|| view! { <rollout::Rollout report=report /> })}
            {card("hibernation").then(|| view! { <hibernation::Hibernation report=report /> })}
            {card("scheduling").then(|| view! { <scheduling::Scheduling report=report /> })}
            {card("migration").then(|| view! { <migration::Migration report=report /> })}
            {card("cleanup").then(|| view! { <cleanup::Cleanup report=report /> })}
            {card("objects").then(|| view! { <Objects report=report /> })}
            {card("exports").then(|| view! { <toolbar::Exports analysis=analysis /> })}
        }
    };

    view! {
        {standalone.then(|| view! {
            <a class="skip-link" href="#results" on:click=skip_to_results>"Skip to the results"</a>
        })}
        {show_inputs.then(|| view! {
            <header class="app-header">
                <h1>"shoot-policy"</h1>
                <p class="tagline">"What Gardener will do to your Shoot, when, and why. Everything runs in your browser."</p>
                {standalone.then(|| view! {
                    <fleet::ViewSwitch />
                    <toolbar::Gallery inputs=inputs replaced=replaced />
                    <toolbar::Share inputs=inputs />
                })}
            </header>
        })}
        {move || notice.get().map(|text| view! {
            <p class="notice" role="status">{text}" "
                <button type="button" on:click=move |_| notice.set(None)>"Dismiss"</button></p>
        })}
        {move || unsaved.get().map(|size| view! {
            <p class="notice warning" role="status">{format!(
                "This input ({size}) is too large for the browser's storage: a reload would bring back \
                 the last input that fitted, not this one. Keep a copy of it elsewhere.")}</p>
        })}
        {move || crash.get().map(|message| view! {
            <div class="crash" role="alert">
                <p><strong>"The analysis stopped on an internal error and was restarted. "</strong>
                    "Your input is kept. Please report this input with the message: "</p>
                <pre>{message}</pre>
                <button type="button" on:click=move |_| { crash.set(None); paused.set(false); }>
                    "Analyse again"
                </button>
            </div>
        })}
        <main class="layout" class:results-only=!show_inputs>
            {show_inputs.then(|| view! {
                <section class="inputs" aria-label="Inputs">
                    <time_control::TimeControl inputs=inputs now=now />
                    {EDITORS.iter().map(|spec| view! { <editor::Editor spec=spec inputs=inputs report=report /> }).collect_view()}
                </section>
            })}
            <section class="results" id="results" tabindex="-1" aria-label="Results" aria-busy=move || busy.get().to_string()>
                {shown.card("summary").then(|| view! { <summary::Summary facts=facts /> })}
                {shown.card("maintenanceWindow").then(|| view! { <MaintenanceWindow report=report /> })}
                {move || every_card.get().then(cards.clone())}
            </section>
        </main>
    }
}

/// Moves the focus (and the view) to the results; the link's `#results` is not followed, since the
/// address's fragment carries share links.
fn skip_to_results(ev: leptos::ev::MouseEvent) {
    ev.prevent_default();
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let results = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("results"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(results) = results {
            results.scroll_into_view();
            let _ = results.focus();
        }
    }
}

#[component]
fn MaintenanceWindow(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| r.maintenance_window.clone()).map(|window| {
            if let Some(why) = window.invalid {
                return view! {
                    <section class="card" aria-label="Maintenance window">
                        <h2>"Maintenance window"</h2>
                        <p class="error">{format!("The configured window does not parse: {why}")}</p>
                    </section>
                }
                .into_any();
            }
            view! {
                <section class="card" aria-label="Maintenance window">
                    <h2>"Maintenance window"</h2>
                    <p>{format!("Effective window {}–{} UTC{}", window.begin, window.end,
                        if window.always { " (the input has no window: Gardener stores each Shoot with one, a random hour a day; read it from the cluster)" } else { "" })}</p>
                    <p>{format!("Next window: {} to {}", crate::format::date_time(window.next_begin), crate::format::date_time(window.next_end))}</p>
                </section>
            }
            .into_any()
        })
    }
}

#[component]
fn Objects(report: Memo<Arc<Report>>) -> impl IntoView {
    view! {
        <section class="card" aria-label="Recognised objects">
            <h2>"Recognised objects"</h2>
            <ul>
                {move || report.with(|r| r.objects.clone()).into_iter().map(|o| {
                    view! { <li>{format!("{} {} (from {})", o.kind, o.name, o.source)}</li> }
                }).collect_view()}
            </ul>
        </section>
    }
}
