//! The Fleet view's page, built by hand: its markup is set once ([`skeleton`]), and its changing
//! parts are written into their elements by id, from one listener for the page's events. The same
//! page as Leptos views cost the app's module about 30 KB gzip (before the build erased Leptos's
//! component types), twice what the whole view costs now; the editor's gutter (editor.rs) is
//! built by hand for the same reason.

use super::input::{self, storage, FIELDS};
use super::model::{self, Order};
use super::{engine, none_read, summary, FRAGMENT};
use leptos::prelude::IntoView;
use shoot_policy::profile_change::ProfileChangeReport;
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event};

/// How long typing must pause before the fleet is analysed again.
const DEBOUNCE_MS: i32 = 300;

/// The page's state: the inputs (as [`FIELDS`]), the last view and how its table is shown.
struct Page {
    texts: [Arc<str>; 3],
    time: String,
    view: Option<ProfileChangeReport>,
    rows: Vec<model::Row>,
    filter: String,
    kind: Option<shoot_policy::profile_change::ChangeKind>,
    order: Order,
    page: usize,
    /// The debounce's timer.
    pending: Option<i32>,
}

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
    /// [`start`], as the debounce's timer calls it: one closure for every timer.
    static START: Closure<dyn FnMut()> = Closure::new(start);
}

/// Mounts the page the address names: the single-Shoot view (`single`, a Leptos view) or the
/// Fleet view. A link to the other view reloads the page, which then mounts that one: each is the
/// page's root, and an analysis the single-Shoot view has under way must not answer into a view
/// that is gone. The inputs are kept in the browser's storage either way.
pub fn mount<V: IntoView + 'static>(single: fn() -> V) {
    let fleet = crate::location_hash() == FRAGMENT;
    if fleet {
        show();
    } else {
        leptos::mount::mount_to_body(single);
    }
    let switch = Closure::<dyn FnMut()>::new(move || {
        if (crate::location_hash() == FRAGMENT) != fleet {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
    });
    let _ = web_sys::window()
        .expect("a window")
        .add_event_listener_with_callback("hashchange", switch.as_ref().unchecked_ref());
    // The page lives as long as the document.
    switch.forget();
}

fn body() -> web_sys::HtmlElement {
    document().body().expect("the page has a body")
}

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

fn by_id(id: &str) -> Option<Element> {
    document().get_element_by_id(id)
}

/// Sets an element's text, unless it has it already: a live region would say it again.
fn set_text(id: &str, text: &str) {
    if let Some(element) = by_id(id) {
        if element.text_content().as_deref() != Some(text) {
            element.set_text_content(Some(text));
        }
    }
}

fn set_attribute(id: &str, name: &str, value: &str) {
    if let Some(element) = by_id(id) {
        let _ = element.set_attribute(name, value);
    }
}

fn set_flag(id: &str, name: &str, on: bool) {
    if let Some(element) = by_id(id) {
        let _ = element.toggle_attribute_with_force(name, on);
    }
}

/// A value property (of a textarea, an input, a select).
fn value_of(element: &JsValue) -> String {
    js_sys::Reflect::get(element, &"value".into())
        .ok()
        .and_then(|value| value.as_string())
        .unwrap_or_default()
}

fn set_value(id: &str, value: &str) {
    if let Some(element) = by_id(id) {
        let _ = js_sys::Reflect::set(&element, &"value".into(), &value.into());
    }
}

/// Puts the Fleet view on the page, with the inputs the last visit left.
fn show() {
    let root = document().create_element("div").expect("a div");
    root.set_inner_html(&skeleton());
    let listener = Closure::<dyn FnMut(Event)>::new(on_event);
    for name in ["input", "change", "click", "paste"] {
        let _ = root.add_event_listener_with_callback(name, listener.as_ref().unchecked_ref());
    }
    // The page lives as long as the document.
    listener.forget();
    let _ = body().append_child(&root);
    let texts = FIELDS.map(|(name, ..)| Arc::from(storage::load(name)));
    let time = storage::load("evaluationTime");
    set_value("fleet-time", &time);
    for (index, text) in texts.iter().enumerate() {
        show_field(index, text, true);
    }
    PAGE.set(Some(Page {
        texts,
        time,
        view: None,
        rows: Vec::new(),
        filter: String::new(),
        kind: None,
        order: Order::Earliest,
        page: 0,
        pending: None,
    }));
    schedule();
}

/// The page's markup, without any input text.
fn skeleton() -> String {
    let fields: String = (FIELDS.iter())
        .map(|(name, label, hint)| {
            format!(
                "<div class=\"editor\"><label for=\"fleet-{name}\">{label}</label><div class=\"editor-body\">\
                 <textarea id=\"fleet-{name}\" rows=\"8\" spellcheck=\"false\" wrap=\"off\" autocomplete=\"off\" \
                 aria-describedby=\"fleet-{name}-about\"></textarea></div><p class=\"muted\" id=\"fleet-{name}-about\">{hint}</p>\
                 <p class=\"notice warning\" role=\"status\" id=\"fleet-{name}-unsaved\" hidden></p></div>"
            )
        })
        .collect();
    format!(
        "<a class=\"skip-link\" href=\"#results\" id=\"fleet-skip\">Skip to the results</a>\
         <header class=\"app-header\"><h1>shoot-policy</h1><p class=\"tagline\">What a CloudProfile does to a \
         fleet of Shoots. Everything runs in your browser.</p><nav class=\"view-switch\" aria-label=\"Views\">\
         <a href=\"#\">One Shoot</a><a href=\"{FRAGMENT}\" aria-current=\"page\">Fleet</a></nav></header>\
         <main class=\"layout\"><section class=\"inputs\" aria-label=\"Inputs\"><fieldset class=\"evaluation-time\">\
         <legend>Evaluation time</legend><input type=\"text\" id=\"fleet-time\" aria-label=\"Evaluation time\" \
         placeholder=\"now (e.g. 2027-01-01T00:00:00Z)\" aria-invalid=\"false\"></fieldset>{fields}</section>\
         <section class=\"results\" id=\"results\" tabindex=\"-1\" aria-label=\"Results\" aria-busy=\"false\">\
         <section class=\"card\" aria-label=\"Fleet\"><h2>Fleet</h2><p role=\"status\" id=\"fleet-status\"></p>\
         <p class=\"progress\" id=\"fleet-progress\" hidden><progress id=\"fleet-bar\" aria-label=\"Shoots analysed\">\
         </progress><span id=\"fleet-count\"></span></p></section>\
         <section class=\"card\" aria-label=\"Forced updates per week\" id=\"fleet-chart-card\" hidden>\
         <h2>Forced updates per week</h2><div id=\"fleet-chart\"></div></section>\
         <section class=\"card\" aria-label=\"Changes per Shoot\" id=\"fleet-table-card\" hidden><h2 id=\"fleet-heading\"></h2>\
         <div class=\"actions\" role=\"group\" aria-label=\"Filter and order\">\
         <label class=\"inline\">Namespace or name <input type=\"search\" id=\"fleet-filter\" aria-label=\"Filter by namespace or name\"></label>\
         <label class=\"inline\">Kind <select id=\"fleet-kind\" aria-label=\"Filter by kind\"><option value=\"\">All changes</option>{}</select></label>\
         <label class=\"inline\">Order <select id=\"fleet-order\" aria-label=\"Order\"><option value=\"earliest\">Date, earliest first</option>\
         <option value=\"latest\">Date, latest first</option><option value=\"list\">As in the List</option></select></label></div>\
         <p class=\"muted\" aria-live=\"polite\" id=\"fleet-rows\"></p>\
         <div class=\"table-scroll\" tabindex=\"0\" role=\"group\" aria-label=\"Changes\" id=\"fleet-table\"></div>\
         <div class=\"actions\"><button type=\"button\" id=\"fleet-previous\">Previous page</button>\
         <button type=\"button\" id=\"fleet-next\">Next page</button></div></section></section></main>",
        model::KINDS.map(|(_, name)| format!("<option>{name}</option>")).concat()
    )
}

/// Shows field `index`'s text: in its textarea (unless it is held, or `into_area` is false as the
/// user typed it there), what it says about it, and whether the storage kept it.
fn show_field(index: usize, text: &str, into_area: bool) {
    let (name, label, hint) = FIELDS[index];
    let held = input::held(text);
    if into_area || held {
        set_value(&format!("fleet-{name}"), if held { "" } else { text });
    }
    set_text(&format!("fleet-{name}-about"), &input::about(text, hint));
    let saved = storage::save(name, text);
    let unsaved = format!("fleet-{name}-unsaved");
    set_text(
        &unsaved,
        &if saved {
            String::new()
        } else {
            input::unsaved(label, text)
        },
    );
    set_flag(&unsaved, "hidden", saved);
}

fn on_event(ev: Event) {
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    let id = target.id();
    let field = FIELDS
        .iter()
        .position(|(name, ..)| id.strip_prefix("fleet-") == Some(name));
    match (ev.type_().as_str(), id.as_str(), field) {
        ("click", "fleet-skip", _) => crate::skip_to_results(ev.unchecked_into()),
        ("click", "fleet-previous" | "fleet-next", _) => {
            let next = id == "fleet-next";
            update(|page| {
                page.page = if next {
                    page.page + 1
                } else {
                    page.page.saturating_sub(1)
                }
            });
            show_table(false);
        }
        ("input", "fleet-filter", _) => {
            update(|page| page.filter = value_of(&target));
            show_table(true);
        }
        ("change", "fleet-kind", _) => {
            let chosen = value_of(&target);
            let kind = (model::KINDS.iter()).find(|(_, name)| *name == chosen);
            update(|page| page.kind = kind.map(|(kind, _)| *kind));
            show_table(true);
        }
        ("change", "fleet-order", _) => {
            let order = match value_of(&target).as_str() {
                "latest" => Order::Latest,
                "list" => Order::Input,
                _ => Order::Earliest,
            };
            update(|page| page.order = order);
            show_table(true);
        }
        ("input", "fleet-time", _) => {
            let time = value_of(&target);
            let invalid = !time.trim().is_empty() && crate::inputs::parse_time(&time).is_none();
            set_attribute("fleet-time", "aria-invalid", &invalid.to_string());
            storage::save("evaluationTime", &time);
            update(|page| page.time = time);
            schedule();
        }
        ("input", _, Some(index)) => set_field(index, value_of(&target).into(), false),
        ("paste", _, Some(index)) => {
            // A paste too long to show replaces the text and is held (see `input::SHOWN_LINES`).
            let pasted = (ev.dyn_ref::<web_sys::ClipboardEvent>())
                .and_then(|ev| ev.clipboard_data())
                .and_then(|data| data.get_data("text/plain").ok())
                .filter(|pasted| input::held(pasted));
            if let Some(pasted) = pasted {
                ev.prevent_default();
                set_field(index, pasted.into(), true);
            }
        }
        _ => {}
    }
}

fn set_field(index: usize, text: Arc<str>, into_area: bool) {
    show_field(index, &text, into_area);
    update(|page| page.texts[index] = text);
    schedule();
}

/// Analyses the inputs once typing pauses, when there is a CloudProfile and there are Shoots.
fn schedule() {
    let ready = PAGE.with_borrow_mut(|page| {
        let page = page.as_mut()?;
        if let Some(pending) = page.pending.take() {
            clear_timeout(pending);
        }
        let [profile, _, shoots] = &page.texts;
        let ready = !profile.trim().is_empty() && !shoots.trim().is_empty();
        if ready {
            let window = web_sys::window()?;
            let timer = START.with(|start| {
                window.set_timeout_with_callback_and_timeout_and_arguments_0(
                    start.as_ref().unchecked_ref(),
                    DEBOUNCE_MS,
                )
            });
            page.pending = timer.ok();
        } else {
            page.view = None;
        }
        Some(ready)
    });
    if ready == Some(false) {
        set_status(
            "Paste a CloudProfile and the Shoots to see what the CloudProfile does to each of them; \
             add its previous version to see what the change moves.",
            false,
        );
        show_results(false);
    }
}

/// Shows or hides the chart and the table (which belong to the last view).
fn show_results(shown: bool) {
    set_flag("fleet-chart-card", "hidden", !shown);
    set_flag("fleet-table-card", "hidden", !shown);
}

fn clear_timeout(timer: i32) {
    if let Some(window) = web_sys::window() {
        window.clear_timeout_with_handle(timer);
    }
}

fn set_status(text: &str, busy: bool) {
    set_text("fleet-status", text);
    set_attribute("results", "aria-busy", &busy.to_string());
    set_flag("fleet-progress", "hidden", !busy);
}

fn start() {
    let request = PAGE.with_borrow_mut(|page| {
        let page = page.as_mut()?;
        page.pending = None;
        let [profile, previous, shoots] = page.texts.clone();
        let now = crate::inputs::parse_time(&page.time).unwrap_or_else(crate::browser_now);
        Some(((previous, profile, shoots), now))
    });
    let Some((texts, now)) = request else {
        return;
    };
    set_status("Reading the Shoots…", true);
    // Without a value, the bar says that the work goes on, not how far.
    set_flag("fleet-bar", "value", false);
    set_text("fleet-count", "");
    let progress = |done: usize, total: usize| {
        set_text("fleet-status", &format!("Analysing {total} Shoots…"));
        set_attribute("fleet-bar", "max", &total.to_string());
        set_attribute("fleet-bar", "value", &done.to_string());
        set_text("fleet-count", &format!(" {done} of {total} Shoots"));
    };
    engine::request(texts, now, progress, |outcome| match outcome {
        Ok(view) => {
            set_status(&summary(&view.summary), false);
            set_text(
                "fleet-heading",
                match view.summary.compared {
                    true => "What the change moves",
                    false => "What the CloudProfile brings",
                },
            );
            if let Some(chart) = by_id("fleet-chart") {
                chart.set_inner_html(&model::chart_html(&view.forced_per_week));
            }
            show_results(!none_read(&view.summary));
            update(|page| page.view = Some(view));
            show_table(true);
        }
        Err(message) => {
            set_status(&format!("The analysis failed: {message}"), false);
            show_results(false);
        }
    });
}

/// Applies `change` to the page's state.
fn update(change: impl FnOnce(&mut Page)) {
    PAGE.with_borrow_mut(|page| page.as_mut().map(change));
}

/// Shows the table anew; `refilter` (after a new filter, kind, order or view) chooses its rows
/// again and starts at the first page.
fn show_table(refilter: bool) {
    PAGE.with_borrow_mut(|page| {
        let Some(page) = page.as_mut() else {
            return;
        };
        let Some(view) = &page.view else {
            return;
        };
        if refilter {
            page.rows = model::rows(view, &page.filter, page.kind, page.order);
            page.page = 0;
        }
        let count = page.rows.len();
        let pages = count.div_ceil(model::PAGE).max(1);
        page.page = page.page.min(pages - 1);
        if let Some(table) = by_id("fleet-table") {
            table.set_inner_html(&model::table_html(view, &page.rows, page.page));
        }
        let first = (page.page * model::PAGE + 1).min(count);
        let last = (page.page * model::PAGE + model::PAGE).min(count);
        set_text(
            "fleet-rows",
            &format!(
                "Rows {first}–{last} of {count}, page {} of {pages}",
                page.page + 1
            ),
        );
        set_flag("fleet-previous", "disabled", page.page == 0);
        set_flag("fleet-next", "disabled", page.page + 1 >= pages);
    });
}
