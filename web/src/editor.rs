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

/// Focuses the editor labelled `label` and selects `line`, scrolling it into view. The editor is
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
    let lines = text.split('\n').count().max(1) as f64;
    if let Some(body) = area.parent_element() {
        let top = f64::from(area.scroll_height()) * (line.saturating_sub(1) as f64) / lines;
        body.set_scroll_top((top - 40.0).max(0.0) as i32);
    }
    area.scroll_into_view_with_bool(false);
}

#[cfg(not(target_arch = "wasm32"))]
pub fn focus_line(_clicked: &web_sys::Event, _label: &str, _line: usize) {}

#[component]
pub fn Editor(
    spec: &'static EditorSpec,
    inputs: RwSignal<Inputs>,
    report: Memo<Report>,
) -> impl IntoView {
    let label = spec.label;
    let text = move || inputs.with(|i| (spec.get)(i).clone());
    // Count like the textarea does: a trailing newline opens a last, empty line (where an
    // "unexpected end of input" error points).
    let line_count = move || inputs.with(|i| (spec.get)(i).split('\n').count());
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
    let id = editor_id(label);
    view! {
        <div class="editor">
            <label for=id.clone()>{label}</label>
            <div class="editor-body">
                <pre class="gutter" aria-hidden="true">
                    {move || {
                        let marked: Vec<usize> = problems().iter().filter_map(|d| d.line).collect();
                        (1..=line_count())
                            .map(|n| {
                                let class = if marked.contains(&n) { "line error" } else { "line" };
                                view! { <span class=class>{n}"\n"</span> }
                            })
                            .collect_view()
                    }}
                </pre>
                <textarea id=id aria-label=label spellcheck="false" wrap="off" autocomplete="off"
                    rows=move || line_count().max(6)
                    prop:value=text
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        inputs.update(|i| *(spec.get_mut)(i) = value);
                    }></textarea>
            </div>
            <ul class="editor-problems">
                {move || problems().into_iter().map(|d| {
                    let place = match (d.line, d.column) {
                        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
                        (Some(l), None) => format!("line {l}: "),
                        _ => String::new(),
                    };
                    let line = d.line.unwrap_or(1);
                    let class = if d.severity == shoot_policy::report::Severity::Error { "problem" } else { "problem warning" };
                    view! {
                        <li class=class role="alert">
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
}
