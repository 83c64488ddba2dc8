//! A labelled text editor with line numbers; the input's errors are shown at the line they point to,
//! and clicking an error puts the cursor on that line.

use crate::inputs::{EditorSpec, Inputs};
use leptos::prelude::*;
use shoot_policy::report::Report;
use std::sync::Arc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

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
/// points at them). Unmarked lines share one run, so the shown window of the gutter is a few text
/// nodes, not one element per line.
#[derive(Debug, PartialEq, Eq)]
pub struct GutterRun {
    pub numbers: String,
    pub marked: bool,
}

/// The gutter of the 0-based `lines` with the lines in `marked` (1-based) marked.
pub fn gutter_runs(lines: std::ops::Range<usize>, marked: &[usize]) -> Vec<GutterRun> {
    let mut runs: Vec<GutterRun> = Vec::new();
    for line in lines.start + 1..=lines.end {
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

/// The textarea's `rows` for a text of `lines` lines.
fn rows(lines: usize) -> usize {
    lines.clamp(*VISIBLE_LINES.start(), *VISIBLE_LINES.end())
}

/// How many digits the largest line number has: the gutter is that many `ch` wide.
fn digits(lines: usize) -> usize {
    lines.max(1).to_string().len()
}

/// The lines of text with a trailing newline opening a last, empty line, as the textarea counts
/// them (where an "unexpected end of input" error points).
pub fn count_lines(text: &str) -> usize {
    text.split('\n').count()
}

/// The pastes the editor inserts itself: more lines than this. Chromium's own paste inserts the
/// text line by line and lays the editor out after each line: 45 000 lines took 1.5-2 s in one
/// task (20 s while a closed `<details>` was on the page, see style.css). Set at once, the text is
/// laid out once, in half that time. Smaller pastes keep the browser's paste and its undo.
const LARGE_PASTE_LINES: usize = 1_000;

/// The bytes of `text` between the UTF-16 offsets `start` and `end` (what a textarea's selection
/// counts).
fn byte_range(text: &str, start: u32, end: u32) -> std::ops::Range<usize> {
    let (mut offset, mut range) = (0u32, text.len()..text.len());
    for (index, c) in text.char_indices() {
        if offset == start {
            range.start = index;
        }
        if offset == end {
            range.end = index;
            break;
        }
        offset += c.len_utf16() as u32;
    }
    range.start.min(range.end)..range.end
}

/// The line count after `pasted` replaces the bytes `replaced` of `text`.
fn lines_after_paste(text: &str, replaced: std::ops::Range<usize>, pasted: &str) -> usize {
    text.matches('\n').count() - text[replaced].matches('\n').count() + count_lines(pasted)
}

/// The fewest lines the gutter shows: a hundred numbers cost the browser nothing.
const MIN_GUTTER_LINES: usize = 120;

/// The lines of the gutter to show (0-based), and how far its first line sits below the
/// textarea's first line (in CSS pixels, negative when scrolled past): the lines in view and more,
/// so the gutter of a 150 000-line text is a hundred numbers. `line_height` is the laid-out height
/// of a line (Chromium rounds it to 1/64 px; over 100 000 lines the computed `line-height` would
/// drift by screens).
fn gutter_window(
    lines: usize,
    scroll_top: f64,
    view_height: f64,
    line_height: f64,
) -> (std::ops::Range<usize>, f64) {
    if line_height <= 0.0 {
        return (0..lines, 0.0);
    }
    let first = ((scroll_top / line_height).floor() as usize)
        .saturating_sub(1)
        .min(lines);
    // At least as many as a textarea resized to most screens' height shows (its resize handle sends
    // no event; the next scroll measures it again).
    let shown = ((view_height / line_height).ceil() as usize + 3).max(MIN_GUTTER_LINES);
    let end = first.saturating_add(shown).min(lines);
    (first..end, first as f64 * line_height - scroll_top)
}

/// Shows the numbers of the lines in view in the gutter (`numbers`), beside their lines of `area`.
/// Built by hand rather than by a reactive view: it runs on every scroll event, and the app's size
/// is budgeted. The line height is measured on the numbers shown before (a window of whole lines).
fn show_gutter(
    area: &web_sys::HtmlTextAreaElement,
    numbers: &web_sys::HtmlElement,
    lines: usize,
    marked: &[usize],
) {
    let shown = numbers
        .text_content()
        .map_or(0, |text| text.matches('\n').count());
    let height = numbers.get_bounding_client_rect().height();
    // 0.8rem × 1.35 until there is a line to measure; at the top no height is needed.
    let line_height = if shown > 0 && height > 0.0 {
        height / shown as f64
    } else {
        17.28
    };
    let (window, offset) = gutter_window(
        lines,
        f64::from(area.scroll_top()),
        f64::from(area.client_height()),
        line_height,
    );
    // Markup of numbers only (no input text), in one DOM call.
    let mut html = String::new();
    for run in gutter_runs(window, marked) {
        if run.marked {
            html.push_str("<span class=\"line error\">");
            html.push_str(&run.numbers);
            html.push_str("</span>");
        } else {
            html.push_str(&run.numbers);
        }
    }
    numbers.set_inner_html(&html);
    let _ = web_sys::HtmlElement::style(numbers)
        .set_property("transform", &format!("translateY({offset}px)"));
}

#[component]
pub fn Editor(
    spec: &'static EditorSpec,
    inputs: RwSignal<Inputs>,
    report: Memo<Arc<Report>>,
) -> impl IntoView {
    let label = spec.label;
    let line_count = Memo::new(move |_| inputs.with(|i| count_lines((spec.get)(i))));
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
    let gutter_box = NodeRef::<leptos::html::Div>::new();
    let numbers = NodeRef::<leptos::html::Pre>::new();
    let area = NodeRef::<leptos::html::Textarea>::new();
    // The text the user typed last: the textarea holds it already, and setting a large value again
    // on every keystroke would cost as much as the paste.
    let typed = StoredValue::new(None::<String>);
    // The last large paste, while nothing else changed the text since.
    let undo = StoredValue::new(None::<PasteUndo>);
    Effect::new(move |_| {
        let Some(area) = area.get() else {
            return;
        };
        inputs.with(|i| {
            let text = (spec.get)(i);
            if typed.with_value(|typed| typed.as_deref() != Some(text.as_str())) {
                area.set_value(text);
                typed.set_value(None);
                undo.set_value(None);
            }
        });
    });
    // The gutter is as wide as the largest line number (its digits are `ch` wide); a CSS property,
    // so a large paste can set it before the browser lays the new text out (`replace_range`).
    let set_digits = move |lines: usize| {
        if let Some(gutter_box) = gutter_box.get_untracked() {
            let _ = web_sys::HtmlElement::style(&gutter_box)
                .set_property("--digits", &digits(lines).to_string());
        }
    };
    let refresh_gutter = move || {
        if let (Some(area), Some(numbers)) = (area.get_untracked(), numbers.get_untracked()) {
            marked.with_untracked(|marked| {
                show_gutter(&area, &numbers, line_count.get_untracked(), marked)
            });
        }
    };
    let take_value = move |value: String| {
        typed.set_value(Some(value.clone()));
        inputs.update(|i| *(spec.get_mut)(i) = value);
    };
    // The gutter's width and the textarea's rows for a text of `lines` lines.
    let size = move |lines: usize| {
        set_digits(lines);
        if let Some(area) = area.get_untracked() {
            area.set_rows(rows(lines) as u32);
        }
    };
    Effect::new(move |_| {
        size(line_count.get());
        marked.track();
        refresh_gutter();
    });
    // The textarea's events, in one listener: a handler per event costs the app's module far more.
    area.on_load(move |element| {
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |ev: web_sys::Event| {
            match ev.type_().as_str() {
                "input" => {
                    undo.set_value(None);
                    take_value(event_target_value(&ev));
                }
                "scroll" => refresh_gutter(),
                "paste" => {
                    if let Some(pasted) = ev
                        .dyn_ref()
                        .and_then(|ev| paste_large(ev, area, size, take_value))
                    {
                        undo.set_value(Some(pasted));
                    }
                }
                // Ctrl+Z (⌘Z) right after a large paste brings back what it replaced.
                _ => {
                    let Some(key) = ev.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    let z = (key.ctrl_key() || key.meta_key())
                        && !key.shift_key()
                        && key.key().eq_ignore_ascii_case("z");
                    if let (true, Some(area)) = (z, area.get_untracked()) {
                        if let Some(pasted) = undo.try_update_value(Option::take).flatten() {
                            ev.prevent_default();
                            replace_range(
                                &area,
                                &pasted.replaced,
                                (pasted.start, pasted.end),
                                "select",
                                size,
                                take_value,
                            );
                        }
                    }
                }
            }
        });
        for name in ["input", "scroll", "paste", "keydown"] {
            let _ =
                element.add_event_listener_with_callback(name, listener.as_ref().unchecked_ref());
        }
        // The textarea holds the listener for as long as it lives.
        listener.forget();
    });

    let id = editor_id(label);
    // The textarea says whether its text reads (an error, not a warning) and points at the list
    // that says why, so a screen reader announces both with the field.
    let invalid = move || {
        let error = |d: &shoot_policy::report::Diagnostic| {
            d.source == label && d.severity == shoot_policy::report::Severity::Error
        };
        report.with(|report| report.diagnostics.iter().any(error).to_string())
    };
    let problems_id = format!("{id}-problems");
    view! {
        <div class="editor">
            <label for=id.clone()>{label}</label>
            <div class="editor-body">
                <div class="gutter-box" aria-hidden="true" node_ref=gutter_box>
                    <div class="gutter"><pre class="gutter-lines" node_ref=numbers></pre></div>
                </div>
                <textarea id=id aria-label=label spellcheck="false" wrap="off" autocomplete="off"
                    aria-invalid=invalid aria-describedby=problems_id.clone() node_ref=area></textarea>
            </div>
            // A polite live region: the problems of the input as typed are read out once typing
            // pauses (an alert per item would interrupt each keystroke, and break the list).
            <ul class="editor-problems" id=problems_id aria-live="polite">
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

/// What a large paste replaced, so that Ctrl+Z can bring it back: the browser's undo does not know
/// a paste the editor inserted itself.
struct PasteUndo {
    /// The UTF-16 range the pasted text took.
    start: u32,
    end: u32,
    replaced: String,
}

/// Replaces the UTF-16 range `start..end` of the textarea's text with `text` as one edit: `size`
/// gets the new line count first (to size the gutter and the textarea, so the browser lays the new
/// text out once, at its width), `take` the new text after. Returns what was replaced.
fn replace_range(
    area: &web_sys::HtmlTextAreaElement,
    text: &str,
    (start, end): (u32, u32),
    mode: &str,
    size: impl FnOnce(usize),
    take: impl FnOnce(String),
) -> Option<PasteUndo> {
    let old = area.value();
    let replaced = byte_range(&old, start, end);
    size(lines_after_paste(&old, replaced.clone(), text));
    let kept = area.text_length().saturating_sub(end.saturating_sub(start));
    area.set_range_text_with_start_and_end_and_mode(text, start, end, mode)
        .ok()?;
    take(area.value());
    Some(PasteUndo {
        start,
        // The textarea's length, not the text's: it turns line breaks into line feeds.
        end: start + area.text_length().saturating_sub(kept),
        replaced: old[replaced].to_string(),
    })
}

/// Inserts a paste of more than [`LARGE_PASTE_LINES`] lines itself, in place of the selection as
/// the browser would; see [`replace_range`].
fn paste_large(
    ev: &web_sys::ClipboardEvent,
    area: NodeRef<leptos::html::Textarea>,
    size: impl FnOnce(usize),
    take: impl FnOnce(String),
) -> Option<PasteUndo> {
    let pasted = ev.clipboard_data()?.get_data("text/plain").ok()?;
    if pasted.matches('\n').count() < LARGE_PASTE_LINES {
        return None;
    }
    let area = area.get_untracked()?;
    ev.prevent_default();
    let selection = (
        area.selection_start().ok().flatten().unwrap_or(0),
        area.selection_end().ok().flatten().unwrap_or(0),
    );
    replace_range(&area, &pasted, selection, "end", size, take)
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
            gutter_runs(0..6, &[3, 4]),
            [
                run("1\n2\n", false),
                run("3\n", true),
                run("4\n", true),
                run("5\n6\n", false)
            ]
        );
        assert_eq!(gutter_runs(0..150_000, &[]).len(), 1);
        assert_eq!(gutter_runs(0..1, &[1]), [run("1\n", true)]);
        assert_eq!(
            gutter_runs(99..102, &[101]),
            [run("100\n", false), run("101\n", true), run("102\n", false)]
        );
    }

    #[test]
    fn the_gutter_shows_the_lines_in_view() {
        // Not scrolled: from the first line.
        assert_eq!(gutter_window(150_000, 0.0, 0.0, 17.25), (0..120, 0.0));
        assert_eq!(gutter_window(10, 0.0, 0.0, 17.25), (0..10, 0.0));
        // Scrolled to line 100 000 (0-based), a line and a half into it: from the line before it,
        // the first one placed where the textarea has it.
        let (lines, offset) = gutter_window(150_000, 100_000.5 * 17.25, 400.0, 17.25);
        assert_eq!(lines, 99_999..100_119);
        assert_eq!(offset, -1.5 * 17.25);
        // A textarea resized to 3 000 px shows 174 lines: all of them get their numbers.
        assert_eq!(gutter_window(150_000, 0.0, 3_000.0, 17.25).0, 0..177);
        // Past the end (the text shrank): nothing to show.
        assert_eq!(gutter_window(10, 10_000.0, 400.0, 17.25).0, 10..10);
    }

    #[test]
    fn a_paste_counts_the_lines_it_keeps_and_brings() {
        let text = "a\nb\nc\n";
        // Everything selected: the pasted lines only.
        assert_eq!(byte_range(text, 0, 6), 0..6);
        assert_eq!(lines_after_paste(text, 0..6, "x\ny\nz"), 3);
        // Pasted at the end: the old lines, with the last (empty) one continued by the paste.
        assert_eq!(byte_range(text, 6, 6), 6..6);
        assert_eq!(lines_after_paste(text, 6..6, "x\ny"), 5);
        // "b\n" replaced; offsets count UTF-16 units, as the textarea's selection does.
        let text = "😀\nb\nc";
        assert_eq!(byte_range(text, 3, 5), 5..7);
        assert_eq!(&text[5..7], "b\n");
        assert_eq!(lines_after_paste(text, 5..7, "x\ny\n"), 4);
        // A selection past the end (a stale one) selects nothing.
        assert_eq!(byte_range(text, 40, 50), 8..8);
        assert_eq!(digits(9), 1);
        assert_eq!(digits(45_386), 5);
        assert_eq!(rows(2), 6);
        assert_eq!(rows(45_386), 25);
    }
}
