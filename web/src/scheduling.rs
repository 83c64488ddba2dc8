//! Where Gardener's scheduler would place the Shoot among the given Seeds, and why not elsewhere.

use leptos::prelude::*;
use shoot_policy::report::Report;
use std::sync::Arc;

#[component]
pub fn Scheduling(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| {
            let seeds = r.seed_scheduling.as_ref()?;
            let candidates = if seeds.candidates.is_empty() {
                "none".to_string()
            } else {
                seeds.candidates.join(", ")
            };
            let dropped = seeds
                .reasons
                .iter()
                .map(|(seed, reason)| {
                    view! {
                        <li>{format!("{seed}: {reason}")}</li>
                    }
                })
                .collect_view();
            let chosen = seeds
                .seed
                .clone()
                .map(|seed| view! { <p>{format!("The scheduler picks: {seed}")}</p> });
            let error = seeds
                .error
                .clone()
                .map(|e| view! { <p class="error-text">{e}</p> });
            // What the decision takes for granted, said beside it.
            let assumptions = (seeds.assumptions.iter())
                .map(|a| view! { <p class="assumption">{format!("Assumed: {a}")}</p> })
                .collect_view();
            Some(view! {
                <section class="card" aria-label="Seed scheduling">
                    <h2>"Seed scheduling"</h2>
                    <p>{format!("Candidate seeds: {candidates}")}</p>
                    {chosen}
                    <ul class="plain">{dropped}</ul>
                    {error}
                    {assumptions}
                </section>
            })
        })
    }
}
