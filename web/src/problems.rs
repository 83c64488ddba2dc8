//! Validation problems, each linked to the editor line it points at.

use crate::editor::focus_line;
use crate::inputs::{Inputs, EDITORS};
use leptos::prelude::*;
use shoot_policy::locate::locate;
use shoot_policy::report::Report;
use shoot_policy::validation::scope::{self, ValidationFamily};
use std::sync::Arc;

/// The line a problem points at: the core's, or the field path found in the editor's text.
fn line_of(inputs: &Inputs, source: &str, field: &str) -> Option<usize> {
    let editor = EDITORS.iter().find(|e| e.label == source)?;
    locate((editor.get)(inputs), field)
}

#[component]
pub fn Problems(report: Memo<Arc<Report>>, inputs: RwSignal<Inputs>) -> impl IntoView {
    move || {
        report.with(|r| {
            let problems = r.validation.problems.clone();
            let operation = r.validation.shoot_operation.clone();
            let body = if problems.is_empty() && r.summary.input_errors > 0 {
                // What does not read was not checked: "no problems" would be a false all-clear.
                view! { <p class="muted">"Not checked where the input has errors (see Input errors in the summary)."</p> }.into_any()
            } else if problems.is_empty() {
                view! { <p>"No problems in the checked families. "<code>"kubectl apply --dry-run=server"</code>" gives Gardener's whole answer."</p> }.into_any()
            } else {
                view! {
                    <ul class="problems">
                        {problems.into_iter().map(|p| {
                            let line = p.line.or_else(|| inputs.with_untracked(|i| line_of(i, &p.source, &p.field)));
                            let place = line.map(|l| format!(", line {l}")).unwrap_or_default();
                            let text = format!("{}: {}: {}{}", p.field, p.error_type, p.detail, p.repeats());
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
                    <Scope families=r.validation.scope.clone()/>
                </section>
            }
        })
    }
}

/// Gardener's validation families and what the report checked of each: the core's listing, which
/// the CLI prints too, a line per group and per state of its families.
#[component]
fn Scope(families: Vec<ValidationFamily>) -> impl IntoView {
    (!families.is_empty()).then(|| {
        let lines = scope::listing(&families).into_iter().flat_map(|listing| {
            let states = (listing.states.into_iter())
                .map(|(state, items)| (false, format!("{}: {}", state.words(), items.join(", "))));
            std::iter::once((true, listing.group.title().to_string())).chain(states)
        });
        let lines = lines.map(|(group, text)| view! { <li class:group=group>{text}</li> });
        view! {
            <details class="validation-scope">
                <summary>{format!("Gardener's validation families: {}", scope::coverage_text(&families))}</summary>
                <ul class="plain">{lines.collect_view()}</ul>
            </details>
        }
    })
}
