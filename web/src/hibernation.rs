//! Hibernation: whether the Shoot can hibernate, the webhooks that block it (a short table of
//! webhook, why and the recommended fix), one patch per webhook configuration with its `kubectl`
//! command and Copy buttons, the other fixes per webhook, the constraints and the schedule's next
//! events.

use crate::copy::CopyButton;
use crate::format;
use leptos::prelude::*;
use shoot_policy::constraints::{ConfigurationFix, ProblematicWebhook};
use shoot_policy::hibernation::Operation;
use shoot_policy::report::Report;
use std::sync::Arc;

#[component]
pub fn Hibernation(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| {
            let h = r.hibernation.as_ref()?;
            let possible = &h.webhooks.hibernation_possible;
            let webhooks = &h.webhooks.problematic_webhooks;
            let fixes = &h.webhooks.configuration_fixes;
            let verdict = if possible.status == "True" {
                "Hibernation is possible.".to_string()
            } else if webhooks.is_empty() {
                format!("Hibernation is not possible ({}).", possible.reason)
            } else {
                let configurations = fixes.len().max(1);
                format!(
                    "Hibernation is not possible ({}): {} in {} could keep woken nodes from joining.",
                    possible.reason,
                    format::count(webhooks.len(), "webhook", "webhooks"),
                    format::count(configurations, "configuration", "configurations"),
                )
            };
            let message = (possible.status != "True" && !possible.message.is_empty()).then(|| {
                view! {
                    <details class="gardener-message">
                        <summary>"Gardener's message"</summary>
                        <p>{possible.message.clone()}</p>
                    </details>
                }
            });
            let table = (!webhooks.is_empty()).then(|| blocking_table(webhooks, fixes));
            let patches = (!fixes.is_empty()).then(|| {
                view! {
                    <h3>"Fix: one patch per configuration"</h3>
                    <p class="muted">"Each patch applies the recommended fix to every blocking webhook of \
                        its configuration: it narrows what the webhook intercepts where it can, so the \
                        webhook keeps its failure policy for your own workloads."</p>
                    {fixes.iter().map(configuration_patch).collect_view()}
                }
            });
            let others = webhooks.iter().any(|w| w.fixes.len() > 1).then(|| {
                view! {
                    <details class="other-fixes">
                        <summary>"Every fix, per webhook"</summary>
                        {webhooks.iter().map(webhook_fixes).collect_view()}
                    </details>
                }
            });
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
                // A failing constraint reads `Progressing` while Gardener pardons it.
                let pardoned = (c.status == "Progressing").then(|| view! {
                    <div class="muted">"Progressing: the check fails, and Gardener reports it as Progressing \
                        while the Shoot is being created or deleted, or its operation runs without errors; \
                        hibernation is refused all the same."</div>
                });
                view! { <li class=class>{format!("{} = {} ({}): {}", c.condition_type, c.status, c.reason, c.message)}{pardoned}</li> }
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
                    {message}
                    {table}
                    {patches}
                    {others}
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

/// Webhook · why · recommended fix, a row per blocking webhook.
fn blocking_table(webhooks: &[ProblematicWebhook], fixes: &[ConfigurationFix]) -> impl IntoView {
    let recommended = |w: &ProblematicWebhook| {
        (fixes.iter())
            .filter(|f| f.kind == w.kind && f.configuration == w.configuration)
            .flat_map(|f| f.webhooks.iter())
            .find(|chosen| chosen.webhook == w.webhook)
            .map_or_else(
                || w.fix.clone(),
                |chosen| format::capitalized(&chosen.description),
            )
    };
    let rows = webhooks.iter().map(|w| {
        view! {
            <tr>
                <td><strong>{w.webhook.clone()}</strong>
                    <div class="muted">{format!("{} {}", w.kind, w.configuration)}</div></td>
                <td>{format!("Intercepts {}. {}", w.intercepted_resources.join(", "), w.explanation)}</td>
                <td>{recommended(w)}</td>
            </tr>
        }
    }).collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="group" aria-label="Blocking webhooks">
            <table class="webhook-table">
                <thead><tr><th scope="col">"Webhook"</th><th scope="col">"Why it blocks"</th><th scope="col">"Recommended fix"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// A configuration's patch: the command on its own line and the patch, each with a Copy button.
fn configuration_patch(fix: &ConfigurationFix) -> impl IntoView {
    let title = format!(
        "{} {}: {}",
        fix.kind,
        fix.configuration,
        format::count(fix.webhooks.len(), "webhook", "webhooks")
    );
    view! {
        <figure class="fix-patch">
            <figcaption>{title}</figcaption>
            <div class="command">
                <code>{fix.command.clone()}</code>
                <CopyButton text=fix.command.clone() what="the kubectl command" />
            </div>
            <div class="patch-head">"fix.yaml " <CopyButton text=fix.patch.clone() what="fix.yaml" /></div>
            <pre tabindex="0" aria-label=format!("fix.yaml for {}", fix.configuration)><code>{fix.patch.clone()}</code></pre>
        </figure>
    }
}

/// Each fix of one webhook, as a patch of that webhook alone.
fn webhook_fixes(w: &ProblematicWebhook) -> impl IntoView {
    view! {
        <h4>{format!("{} / {}", w.configuration, w.webhook)}</h4>
        {w.fixes.iter().map(|fix| view! {
            <figure class="fix-patch">
                <figcaption>{format::capitalized(&fix.description)}</figcaption>
                <div class="patch-head">"fix.yaml " <CopyButton text=fix.patch.clone() what="this fix" /></div>
                <pre tabindex="0" aria-label=format!("fix for {}", w.webhook)><code>{fix.patch.clone()}</code></pre>
            </figure>
        }).collect_view()}
    }
}
