//! Hibernation: whether the Shoot can hibernate, the webhooks that block it (a line each: webhook,
//! what it intercepts, the recommended fix; why and every other fix behind the line's toggle), one
//! patch per webhook configuration with its `kubectl` command and Copy buttons, Gardener's
//! remediation preview (closed), the constraints and the schedule's next events (two, the
//! rest behind a toggle).

use crate::copy::CopyButton;
use crate::format;
use leptos::prelude::*;
use shoot_policy::constraints::{ConfigurationFix, ProblematicWebhook, WebhookFix};
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
            let lines = (!webhooks.is_empty()).then(|| webhook_lines(webhooks, fixes));
            // The patches repeat the recommended fixes as YAML: behind a toggle, for who applies them.
            let patches = (!fixes.is_empty()).then(|| {
                view! {
                    <details class="fix-patches">
                        <summary>"Fix: one patch per configuration"</summary>
                        <p class="muted">"Each patch applies the recommended fix to every blocking webhook of \
                            its configuration: it narrows what the webhook intercepts where it can, so the \
                            webhook keeps its failure policy for your own workloads."</p>
                        {fixes.iter().map(configuration_patch).collect_view()}
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
                // Gardener's message repeats what the lines above say: behind a toggle.
                let message = (!c.message.is_empty()).then(|| view! {
                    <details class="gardener-message"><summary>"Gardener's message"</summary><p>{c.message.clone()}</p></details>
                });
                view! { <li class=class>{format!("{} = {} ({})", c.condition_type, c.status, c.reason)}{pardoned}{message}</li> }
            }).collect_view();
            // The next two events answer "when"; the four after them are one toggle away.
            let event = |e: &shoot_policy::hibernation::ScheduleEvent| {
                let what = match e.operation {
                    Operation::Hibernate => "hibernate",
                    Operation::WakeUp => "wake up",
                };
                view! { <li>{format!("{} {what} ({})", format::date_time(e.instant), e.cron)}</li> }
            };
            let next = h.schedule_events.iter().take(2).map(event).collect_view();
            let later: Vec<_> = h.schedule_events.iter().skip(2).take(4).collect();
            let later = (!later.is_empty()).then(|| {
                let items = later.into_iter().map(event).collect_view();
                view! {
                    <details class="later-events">
                        <summary>"Later events"</summary>
                        <ul class="plain">{items}</ul>
                    </details>
                }
            });
            let error = h.schedule_error.clone().map(|e| view! { <p class="error-text">{e}</p> });
            let class = if possible.status == "True" { "verdict good" } else { "verdict bad" };
            Some(view! {
                <section class="card" aria-label="Hibernation">
                    <h2>"Hibernation"</h2>
                    <p class=class>{verdict}</p>
                    {message}
                    {lines}
                    {patches}
                    {any_remediation.then(|| view! {
                        <details class="remediation">
                            <summary>"Gardener's webhook remediation (preview)"</summary>
                            <p class="muted">"What the gardenlet's webhook remediator would change, if the landscape enables it (it is off by default)."</p>
                            <ul class="plain">{remediation}</ul>
                        </details>
                    })}
                    {(!h.constraints.is_empty()).then(|| view! { <h3>"Constraints"</h3><ul class="plain">{constraints}</ul> })}
                    {(!h.schedule_events.is_empty()).then(|| view! { <h3>"Schedule"</h3><ul class="plain">{next}</ul>{later} })}
                    {error}
                </section>
            })
        })
    }
}

/// A line per blocking webhook: its name, what it intercepts and the one recommended fix; why it
/// blocks and every other fix open from the line.
fn webhook_lines(webhooks: &[ProblematicWebhook], fixes: &[ConfigurationFix]) -> impl IntoView {
    // The fix the configuration's patch applies to this webhook, else the webhook's own sentence.
    let recommended = |w: &ProblematicWebhook| {
        (fixes.iter())
            .filter(|f| f.kind == w.kind && f.configuration == w.configuration)
            .flat_map(|f| f.webhooks.iter())
            .find(|chosen| chosen.webhook == w.webhook)
            .map(|chosen| chosen.description.clone())
    };
    let lines = webhooks.iter().map(|w| {
        let chosen = recommended(w);
        let short = (chosen.as_ref())
            .and_then(|d| w.fixes.iter().find(|f| &f.description == d))
            .map_or_else(|| w.fix.clone(), short_fix);
        let full = chosen.map_or_else(|| w.fix.clone(), |d| format::capitalized(&d));
        view! {
            <li>
                <details>
                    <summary>
                        <strong>{w.webhook.clone()}</strong>
                        {format!(" intercepts {} · ", intercepted(&w.intercepted_resources))}
                        <span class="fix">{format!("Fix: {short}")}</span>
                    </summary>
                    <div class="webhook-details">
                        <p class="muted">{format!("{} {}", w.kind, w.configuration)}</p>
                        <p>{format!("Intercepts {}. {}", w.intercepted_resources.join(", "), w.explanation)}</p>
                        <p>{format!("Recommended fix: {full}")}</p>
                        {(w.fixes.len() > 1).then(|| webhook_fixes(w))}
                    </div>
                </details>
            </li>
        }
    }).collect_view();
    view! { <ul class="webhook-lines" aria-label="Blocking webhooks">{lines}</ul> }
}

/// A fix in a few words for the webhook's line: which selectors leave out the system's objects, and
/// the failure policy and timeout it sets. The expressions themselves are in the line's details.
fn short_fix(fix: &WebhookFix) -> String {
    let selectors: Vec<&str> = [
        (!fix.add_namespace_selector_expressions.is_empty()).then_some("namespaceSelector"),
        (!fix.add_object_selector_expressions.is_empty()).then_some("objectSelector"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut parts = Vec::new();
    if !selectors.is_empty() {
        parts.push(format!(
            "leave out kube-system and Gardener's objects ({})",
            selectors.join(", ")
        ));
    }
    if let Some(policy) = &fix.failure_policy {
        parts.push(format!("set failurePolicy: {policy}"));
    }
    if let Some(seconds) = fix.timeout_seconds {
        parts.push(format!("set timeoutSeconds: {seconds}"));
    }
    if parts.is_empty() {
        return format::capitalized(&fix.description);
    }
    format::capitalized(&parts.join("; "))
}

/// The intercepted resources in a few words: the first two, and how many more.
fn intercepted(resources: &[String]) -> String {
    match resources {
        [] => "critical resources".to_string(),
        [a] => a.clone(),
        [a, b] => format!("{a} and {b}"),
        [a, b, rest @ ..] => format!("{a}, {b} and {} more", rest.len()),
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
        <p><strong>"Every fix for this webhook"</strong></p>
        {w.fixes.iter().map(|fix| view! {
            <figure class="fix-patch">
                <figcaption>{format::capitalized(&fix.description)}</figcaption>
                <div class="patch-head">"fix.yaml " <CopyButton text=fix.patch.clone() what="this fix" /></div>
                <pre tabindex="0" aria-label=format!("fix for {}", w.webhook)><code>{fix.patch.clone()}</code></pre>
            </figure>
        }).collect_view()}
    }
}
