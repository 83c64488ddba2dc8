//! A labelled text editor with line numbers; the input's errors are shown at the line they point to.

use crate::Inputs;
use leptos::prelude::*;
use shoot_policy::report::Report;

#[component]
pub fn Editor(
    label: &'static str,
    inputs: RwSignal<Inputs>,
    report: Memo<Report>,
    get: fn(&Inputs) -> String,
    set: fn(&mut Inputs, String),
) -> impl IntoView {
    let text = move || inputs.with(get);
    // Count like the textarea does: a trailing newline opens a last, empty line (where an
    // "unexpected end of input" error points).
    let line_count = move || text().split('\n').count();
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
    let id = label.to_lowercase().replace(' ', "-");
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
                <textarea id=id aria-label=label spellcheck="false" wrap="off"
                    rows=move || line_count().clamp(6, 30)
                    prop:value=text
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        inputs.update(|i| set(i, value));
                    }></textarea>
            </div>
            <ul class="editor-problems">
                {move || problems().into_iter().map(|d| {
                    let place = match (d.line, d.column) {
                        (Some(l), Some(c)) => format!("line {l}, column {c}: "),
                        _ => String::new(),
                    };
                    view! { <li class="problem" role="alert">{place}{d.message}</li> }
                }).collect_view()}
            </ul>
        </div>
    }
}
