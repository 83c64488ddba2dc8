//! What deleting the Shoot cleans up, and with which grace periods.

use leptos::prelude::*;
use shoot_policy::report::Report;
use std::sync::Arc;

fn seconds(value: Option<i64>) -> String {
    value
        .map(|s| format!("{s} s"))
        .unwrap_or_else(|| "–".to_string())
}

#[component]
pub fn Cleanup(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| {
            let plan = r.cleanup_plan.as_ref()?;
            let rows = plan.steps.iter().map(|step| {
                let name = serde_json::to_value(step.name).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
                view! {
                    <tr>
                        <td>{format!("{}. {name}", step.order)}</td>
                        <td>{if step.skipped { "skipped".to_string() } else { step.resources.join(", ") }}</td>
                        <td>{seconds(step.delete_grace_period_seconds)}</td>
                        <td>{seconds(step.finalize_after_seconds)}</td>
                    </tr>
                }
            }).collect_view();
            let error = plan.error.clone().map(|e| view! { <p class="error-text">{e}</p> });
            Some(view! {
                <section class="card" aria-label="Deletion cleanup">
                    <h2>"If the Shoot is deleted: cleanup plan"</h2>
                    {error}
                    <div class="table-scroll" tabindex="0" role="group" aria-label="Cleanup steps"><table>
                        <thead><tr><th>"Step"</th><th>"Deletes"</th><th>"Grace period"</th><th>"Finalizers removed after"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table></div>
                </section>
            })
        })
    }
}
