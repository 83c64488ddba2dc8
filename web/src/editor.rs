//! A labelled text editor with line numbers; the input's errors are shown at the line they point to,
//! and clicking an error puts the cursor on that line.

use crate::inputs::{EditorSpec, Inputs};
use leptos::prelude::*;
use shoot_policy::report::Report;

/// The element id of an editor's textarea.
pub fn editor_id(label: &str) -> String {
    format!("editor-{}", label.to_ascii_lowercase().replace(' ', "-"))
}

/// The start and end of 1-based `line` in UTF-16 code units (what a textarea's selection counts);
/// a line past the end selects the end.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn line_range_utf16(text: &str, line: usize) -> (u32, u32) {
    let mut start = 0u32;
    for (index, content) in text.split('\n').enumerate() {
        let length = content.encode_utf16().count() as u32;
        if index + 1 == line.max(1) {
            return (start, start + length);
        }
        start += length + 1;
    }
    let end = text.encode_utf16().count() as u32;
    (end, end)
}

/// Focuses the editor labelled `label` and selects `line`, scrolling the textarea to it. The editor is
/// looked up next to the element the user clicked (`clicked`): embedded, the app lives in a shadow
/// root, where the document cannot see it.
#[cfg(target_arch = "wasm32")]
pub fn focus_line(clicked: &web_sys::Event, label: &str, line: usize) {
    use wasm_bindgen::JsCast;
    let id = editor_id(label);
    let root = clicked
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
        .map(|node| node.get_root_node());
    let found = match root
        .as_ref()
        .and_then(|r| r.dyn_ref::<web_sys::ShadowRoot>())
    {
        Some(shadow) => shadow.get_element_by_id(&id),
        None => web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(&id)),
    };
    let Some(area) = found.and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) else {
        return;
    };
    let text = area.value();
    let (start, end) = line_range_utf16(&text, line);
    let _ = area.focus();
    let _ = area.set_selection_range(start, end);
    // Show the line a few lines below the top; the gutter follows the textarea's scroll event.
    let lines = text.split('\n').count().max(1) as f64;
    let line_height = f64::from(area.scroll_height()) / lines;
    let top = line_height * (line.saturating_sub(1) as f64 - 3.0);
    area.set_scroll_top(top.max(0.0) as i32);
    area.scroll_into_view_with_bool(false);
}

#[cfg(not(target_arch = "wasm32"))]
pub fn focus_line(_clicked: &web_sys::Event, _label: &str, _line: usize) {}

/// A run of the gutter: line numbers, one per line, and whether they are marked (an input error
/// points at them). Unmarked lines share one run, so the gutter of a 150 000-line paste is a few
/// text nodes, not one element per line.
#[derive(Debug, PartialEq, Eq)]
pub struct GutterRun {
    pub numbers: String,
    pub marked: bool,
}

/// The gutter of `line_count` lines with the lines in `marked` (1-based) marked.
pub fn gutter_runs(line_count: usize, marked: &[usize]) -> Vec<GutterRun> {
    let mut runs: Vec<GutterRun> = Vec::new();
    for line in 1..=line_count {
        let is_marked = marked.contains(&line);
        match runs.last_mut() {
            Some(run) if !run.marked && !is_marked => {}
            _ => runs.push(GutterRun {
                numbers: String::new(),
                marked: is_marked,
            }),
        }
        let run = runs.last_mut().expect("a run was just ensured");
        run.numbers.push_str(&line.to_string());
        run.numbers.push('\n');
    }
    runs
}

/// How many lines the textarea shows before it scrolls: enough for a Shoot, never the page.
const VISIBLE_LINES: std::ops::RangeInclusive<usize> = 6..=25;

#[component]
pub fn Editor(
    spec: &'static EditorSpec,
    inputs: RwSignal<Inputs>,
    report: Memo<Report>,
) -> impl IntoView {
    let label = spec.label;
    // Count like the textarea does: a trailing newline opens a last, empty line (where an
    // "unexpected end of input" error points).
    let line_count = Memo::new(move |_| inputs.with(|i| (spec.get)(i).split('\n').count()));
    let problems = move || {
        report.with(|report| {
            report
                .diagnostics
                .iter()
                .filter(|d| d.source == label)
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    let marked = Memo::new(move |_| {
        report.with(|report| {
            report
                .diagnostics
                .iter()
                .filter(|d| d.source == label)
                .filter_map(|d| d.line)
                .collect::<Vec<_>>()
        })
    });
    let gutter = NodeRef::<leptos::html::Pre>::new();
    let area = NodeRef::<leptos::html::Textarea>::new();
    // The text the user typed last: the textarea holds it already, and setting a large value again
    // on every keystroke would cost as much as the paste.
    let typed = StoredValue::new(None::<String>);
    Effect::new(move |_| {
        let text = inputs.with(|i| (spec.get)(i).clone());
        let Some(area) = area.get() else {
            return;
        };
        if typed.with_value(|typed| typed.as_deref() != Some(text.as_str())) {
            area.set_value(&text);
            typed.set_value(None);
        }
    });
    let id = editor_id(label);
    view! {
        <div class="editor">
            <label for=id.clone()>{label}</label>
            <div class="editor-body">
                <div class="gutter-box" aria-hidden="true">
                <span class="gutter-width">{move || line_count.get()}</span>
                <pre class="gutter" node_ref=gutter>
                    {move || {
                        marked.with(|marked| gutter_runs(line_count.get(), marked))
                            .into_iter()
                            .map(|run| if run.marked {
                                view! { <span class="line error">{run.numbers}</span> }.into_any()
                            } else {
                                run.numbers.into_any()
                            })
                            .collect_view()
                    }}
                </pre>
                </div>
                <textarea id=id aria-label=label spellcheck="false" wrap="off" autocomplete="off"
                    node_ref=area
                    rows=move || line_count.get().clamp(*VISIBLE_LINES.start(), *VISIBLE_LINES.end())
                    on:scroll=move |_| {
                        // The gutter scrolls with the text; it has no scrollbar of its own.
                        if let (Some(gutter), Some(area)) = (gutter.get_untracked(), area.get_untracked()) {
                            gutter.set_scroll_top(area.scroll_top());
                        }
                    }
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        typed.set_value(Some(value.clone()));
                        inputs.update(|i| *(spec.get_mut)(i) = value);
                    }></textarea>
            </div>
            // A polite live region: the problems of the input as typed are read out once typing
            // pauses (an alert per item would interrupt each keystroke, and break the list).
            <ul class="editor-problems" aria-live="polite">
                {move || problems().into_iter().map(|d| {
                    let place = match (d.line, d.column) {
                        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
                        (Some(l), None) => format!("line {l}: "),
                        _ => String::new(),
                    };
                    let line = d.line.unwrap_or(1);
                    let class = if d.severity == shoot_policy::report::Severity::Error { "problem" } else { "problem warning" };
                    view! {
                        <li class=class>
                            <button type="button" class="link" title="Go to this line"
                                on:click=move |ev| focus_line(&ev, label, line)>{place}{d.message}</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ranges_count_utf16_units() {
        let text = "a: 1\nnäme: 😀\n\nlast";
        assert_eq!(line_range_utf16(text, 1), (0, 4));
        // "näme: 😀" is 8 UTF-16 units (the emoji takes two).
        assert_eq!(line_range_utf16(text, 2), (5, 13));
        assert_eq!(line_range_utf16(text, 3), (14, 14));
        assert_eq!(line_range_utf16(text, 4), (15, 19));
        assert_eq!(line_range_utf16(text, 99), (19, 19));
        assert_eq!(line_range_utf16(text, 0), (0, 4));
        assert_eq!(editor_id("Previous Shoot"), "editor-previous-shoot");
    }

    #[test]
    fn the_gutter_is_one_run_per_stretch_of_unmarked_lines() {
        let run = |numbers: &str, marked| GutterRun {
            numbers: numbers.to_string(),
            marked,
        };
        assert_eq!(
            gutter_runs(6, &[3, 4]),
            [
                run("1\n2\n", false),
                run("3\n", true),
                run("4\n", true),
                run("5\n6\n", false)
            ]
        );
        assert_eq!(gutter_runs(150_000, &[]).len(), 1);
        assert_eq!(gutter_runs(1, &[1]), [run("1\n", true)]);
    }
}
