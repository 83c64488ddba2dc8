//! A pending control-plane migration: the Seeds involved, who acts next, and the `ReadyForMigration`
//! constraint the migration controller would write. Shown only while a migration is pending.

use leptos::prelude::*;
use shoot_policy::report::Report;
use std::sync::Arc;

#[component]
pub fn Migration(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| {
            let m = r.migration.as_ref()?;
            let readiness = match &m.readiness {
                Some(outcome) => match &outcome.constraint {
                    Some(c) => {
                        let class = if c.status == "True" { "verdict good" } else { "verdict bad" };
                        let again = outcome
                            .requeue_after_seconds
                            .map(|s| format!(" The controller checks again after {s} s."))
                            .unwrap_or_default();
                        view! { <p class=class>{format!("ReadyForMigration = {} ({}): {}.{again}", c.status, c.reason, c.message)}</p> }.into_any()
                    }
                    None => view! { <p>"No ReadyForMigration constraint."</p> }.into_any(),
                },
                None => view! {
                    <p class="muted">{format!("Paste the Seed(s) {} under Other objects to check whether the destination is ready.", m.missing_seeds.join(" and "))}</p>
                }.into_any(),
            };
            let after = &m.after_success;
            Some(view! {
                <section class="card" aria-label="Control-plane migration">
                    <h2>"Control-plane migration"</h2>
                    <p>{format!("The control plane moves from Seed {} to Seed {}. Responsible now: {}; next operation: {}.",
                        m.source_seed, m.destination_seed, m.responsible_seed, m.next_operation.as_str())}</p>
                    {readiness}
                    <p>{format!("After a successful Migrate, Seed {} runs {}.", after.next_responsible_seed, after.next_operation_type.as_str())}</p>
                </section>
            })
        })
    }
}
