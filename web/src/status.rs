//! The Shoot's status as Gardener derives it: first in plain words, then the
//! `shoot.gardener.cloud/status` label (the rule and conditions that decided it behind a toggle),
//! the operation the gardenlet runs next, what each error code in `status.lastErrors` means, and
//! the constraints the report computes.

use leptos::prelude::*;
use shoot_policy::report::Report;
use shoot_policy::status::label::StatusLabelRule;
use shoot_policy::status::{OperationType, Retryability};
use std::sync::Arc;

/// The rule of `ComputeShootStatus` in a few words.
pub fn rule_text(rule: StatusLabelRule) -> &'static str {
    match rule {
        StatusLabelRule::NoLastOperation => "no last operation yet",
        StatusLabelRule::CreateOrDeleteLastErrors => "creation or deletion: only last errors count",
        StatusLabelRule::Conditions => "decided by the conditions",
        StatusLabelRule::ProcessingWithLastErrors => "operation processing with last errors",
        StatusLabelRule::LastOperationNotSucceeded => "last operation not succeeded",
    }
}

pub fn operation_text(operation: OperationType) -> &'static str {
    match operation {
        OperationType::Create => "Create",
        OperationType::Reconcile => "Reconcile",
        OperationType::Delete => "Delete",
        OperationType::Migrate => "Migrate",
        OperationType::Restore => "Restore",
    }
}

#[component]
pub fn Status(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| {
            let status = r.status.as_ref()?;
            let label = status.label.label.as_str();
            let d = &status.label.derivation;
            let class = match label {
                "healthy" => "verdict good",
                "progressing" => "verdict",
                _ => "verdict bad",
            };
            let last_operation = match (&d.last_operation_type, &d.last_operation_state) {
                (Some(kind), Some(state)) => format!("{kind} {state}"),
                _ => "none".to_string(),
            };
            let condition_label = d
                .condition_label
                .map(|l| l.as_str().to_string())
                .unwrap_or_else(|| "not considered".to_string());
            let deciding = d
                .deciding_conditions
                .iter()
                .map(|c| format!("{} = {}", c.condition_type, c.status))
                .collect::<Vec<_>>()
                .join(", ");
            let codes = status.error_codes.iter().map(|code| {
                let retry = match code.retryability {
                    Retryability::Retryable => "retryable",
                    Retryability::NonRetryable => "not retried (the operation fails)",
                };
                view! {
                    <li>
                        <strong><code>{code.code.clone()}</code></strong>{format!(" ({retry})")}
                        <div>{code.meaning.clone()}</div>
                        <div class="fix">{code.remedy.clone()}</div>
                    </li>
                }
            }).collect_view();
            let constraints: Vec<_> = r
                .hibernation
                .as_ref()
                .map(|h| h.constraints.clone())
                .unwrap_or_default();
            let constraint_items = constraints.iter().map(|c| {
                let class = if c.status == "True" { "fact good" } else { "fact warn" };
                view! { <li class=class>{format!("{} = {} ({})", c.condition_type, c.status, c.reason)}</li> }
            }).collect_view();
            Some(view! {
                <section class="card" aria-label="Shoot status">
                    <h2>"Status"</h2>
                    <p class=class>{status.label.in_plain_words()}</p>
                    <p class="muted">"Gardener's label: "<code>{format!("shoot.gardener.cloud/status: {label}")}</code></p>
                    <details class="gardener-message">
                        <summary>"How Gardener decides"</summary>
                        <p>{d.explanation.clone()}</p>
                        <dl class="derivation">
                            <dt>"Rule"</dt><dd>{rule_text(d.rule)}</dd>
                            <dt>"Last operation"</dt><dd>{last_operation}</dd>
                            <dt>"Last errors"</dt><dd>{d.last_error_count.to_string()}</dd>
                            <dt>"Conditions give"</dt><dd>{condition_label}</dd>
                            {(!deciding.is_empty()).then(|| view! { <dt>"Deciding conditions"</dt><dd>{deciding}</dd> })}
                        </dl>
                    </details>
                    <p>{format!("Next operation: {}", operation_text(status.next_operation))}</p>
                    {(!status.error_codes.is_empty()).then(|| view! {
                        <h3>"Error codes"</h3>
                        <ul class="error-codes">{codes}</ul>
                    })}
                    {(!constraints.is_empty()).then(|| view! {
                        <h3>"Constraints"</h3>
                        <ul class="plain">{constraint_items}</ul>
                    })}
                </section>
            })
        })
    }
}
