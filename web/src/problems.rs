//! Validation problems, each linked to the editor line it points at.

use crate::editor::focus_line;
use crate::inputs::{Inputs, EDITORS};
use leptos::prelude::*;
use shoot_policy::locate::locate;
use shoot_policy::report::Report;

/// The line a problem points at: the core's, or the field path found in the editor's text.
fn line_of(inputs: &Inputs, source: &str, field: &str) -> Option<usize> {
    let editor = EDITORS.iter().find(|e| e.label == source)?;
    locate((editor.get)(inputs), field)
}

#[component]
pub fn Problems(report: Memo<Report>, inputs: RwSignal<Inputs>) -> impl IntoView {
    move || {
        report.with(|r| {
            let problems = r.validation.problems.clone();
            let operation = r.validation.shoot_operation.clone();
            let body = if problems.is_empty() && r.summary.input_errors > 0 {
                // What does not read was not checked: "no problems" would be a false all-clear.
                view! { <p class="muted">"Not checked where the input has errors (see Input errors in the summary)."</p> }.into_any()
            } else if problems.is_empty() {
                view! { <p>"Gardener accepts the objects as far as shoot-policy checks them."</p> }.into_any()
            } else {
                view! {
                    <ul class="problems">
                        {problems.into_iter().map(|p| {
                            let line = p.line.or_else(|| inputs.with_untracked(|i| line_of(i, &p.source, &p.field)));
                            let place = line.map(|l| format!(", line {l}")).unwrap_or_default();
                            let text = format!("{}: {}: {}", p.field, p.error_type, p.detail);
                            let source = p.source.clone();
                            let line = line.unwrap_or(1);
                            view! {
                                <li><button type="button" class="link" on:click=move |ev| focus_line(&ev, &source, line)>
                                    {format!("{}{place}", p.source)}</button>" "{text}</li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any()
            };
            view! {
                <section class="card" aria-label="Validation">
                    <h2>{format!("Validation ({})", r.validation.problems.len())}</h2>
                    {(!operation.is_empty()).then(|| view! { <p class="muted">{format!("Checked as an {operation}.")}</p> })}
                    {body}
                </section>
            }
        })
    }
}
