//! Hibernation: whether the Shoot can hibernate (problematic webhooks with their fixes), its
//! constraints, and the schedule's next events.

use crate::format;
use leptos::prelude::*;
use shoot_policy::hibernation::Operation;
use shoot_policy::report::Report;

#[component]
pub fn Hibernation(report: Memo<Report>) -> impl IntoView {
    move || {
        report.with(|r| {
            let h = r.hibernation.as_ref()?;
            let possible = &h.webhooks.hibernation_possible;
            let verdict = if possible.status == "True" {
                "Hibernation is possible.".to_string()
            } else {
                format!("Hibernation is not possible ({}): {}", possible.reason, possible.message)
            };
            let webhooks = h.webhooks.problematic_webhooks.iter().map(|w| view! {
                <li>
                    <strong>{format!("{} {} / webhook {}", w.kind, w.configuration, w.webhook)}</strong>
                    <div>{format!("Intercepts {}. {}", w.intercepted_resources.join(", "), w.explanation)}</div>
                    <div class="fix">{format!("Fix: {}", w.fix)}</div>
                    {w.fixes.iter().map(|fix| view! {
                        <figure class="fix-patch">
                            <figcaption>{fix.description.clone()}</figcaption>
                            <pre><code>{fix.patch.clone()}</code></pre>
                        </figure>
                    }).collect_view()}
                </li>
            }).collect_view();
            // Only configurations the remediator would change or skips; untouched ones say nothing.
            let remediation = h.remediation.iter().filter(|c| c.patched || c.skipped).map(|c| {
                let what = if c.skipped {
                    "skipped (excluded from remediation)".to_string()
                } else {
                    "would be changed:".to_string()
                };
                view! {
                    <li>
                        <strong>{format!("{} {}", c.kind, c.name)}</strong>{format!(" {what}")}
                        <ul class="plain">{c.remediations.iter().map(|line| view! { <li>{line.clone()}</li> }).collect_view()}</ul>
                    </li>
                }
            }).collect_view();
            let any_remediation = h.remediation.iter().any(|c| c.patched || c.skipped);
            let constraints = h.constraints.iter().map(|c| {
                let class = if c.status == "True" { "fact good" } else { "fact warn" };
                view! { <li class=class>{format!("{} = {} ({}): {}", c.condition_type, c.status, c.reason, c.message)}</li> }
            }).collect_view();
            let schedule = h.schedule_events.iter().take(6).map(|e| {
                let what = match e.operation { Operation::Hibernate => "hibernate", Operation::WakeUp => "wake up" };
                view! { <li>{format!("{} {what} ({})", format::date_time(e.instant), e.cron)}</li> }
            }).collect_view();
            let error = h.schedule_error.clone().map(|e| view! { <p class="error-text">{e}</p> });
            let class = if possible.status == "True" { "verdict good" } else { "verdict bad" };
            Some(view! {
                <section class="card" aria-label="Hibernation">
                    <h2>"Hibernation"</h2>
                    <p class=class>{verdict}</p>
                    <ul class="webhooks">{webhooks}</ul>
                    {any_remediation.then(|| view! {
                        <h3>"Gardener's webhook remediation (preview)"</h3>
                        <p class="muted">"What the gardenlet's webhook remediator would change, if the landscape enables it (it is off by default)."</p>
                        <ul class="plain">{remediation}</ul>
                    })}
                    {(!h.constraints.is_empty()).then(|| view! { <h3>"Constraints"</h3><ul class="plain">{constraints}</ul> })}
                    {(!h.schedule_events.is_empty()).then(|| view! { <h3>"Schedule"</h3><ul class="plain">{schedule}</ul> })}
                    {error}
                </section>
            })
        })
    }
}
