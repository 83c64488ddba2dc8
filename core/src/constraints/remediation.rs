//! Gardener's webhook remediator: what it would change on the shoot's webhook configurations and the
//! warning annotation it would write. A preview only; nothing is patched.
//!
//! Follows `pkg/gardenlet/controller/shoot/care/webhook_remediation.go`: `Remediate`,
//! `mustRemediateTimeoutSecondsIfLeaseResource`, `mustRemediateTimeoutSeconds`, `getMatchingRules`,
//! `mustRemediateFailurePolicy`, `remediator.selectors`, `extendSelector`, `newPatchFunc`. The
//! remediator only runs when the gardenlet enables it (`webhookRemediatorEnabled`, off by default).

use super::selector::{go_format_requirements, LabelSelector, LabelSelectorRequirement};
use super::webhooks::breaks_lease_rule;
use super::webhooks::{
    exclusion_requirements, listed, matched_critical_resources, timeout_exceeds, Webhook,
    WebhookConfiguration, ANNOTATION_WARNING, KIND_MUTATING, KIND_VALIDATING,
    MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC, MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC_FOR_LEASES,
};
use crate::decode::FromValue;
use serde::{Deserialize, Serialize};

/// The label that opts a configuration out of remediation (`LabelExcludeWebhookFromRemediation`).
pub const LABEL_EXCLUDE_FROM_REMEDIATION: &str = "remediation.webhook.shoot.gardener.cloud/exclude";

/// The text before the list of modifications in the `gardener.cloud/warning` annotation.
pub const WARNING_HEADER: &str = "ATTENTION: This webhook configuration has been modified by Gardener since it does not follow the best practices recommended by Kubernetes (https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#best-practices-and-warnings) and might interfere with the cluster operations. Please make sure to follow these recommendations to prevent future interventions. When you are done, please remove this annotation. See also https://github.com/gardener/gardener/blob/master/docs/usage/shoot/shoot_status.md#constraints for further information.\nThe following modifications have been made:\n";

/// What the remediator does with one configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct RemediatedConfiguration {
    pub kind: String,
    pub name: String,
    /// Not looked at: labelled `remediation.webhook.shoot.gardener.cloud/exclude=true` or
    /// `resources.gardener.cloud/managed-by=gardener`.
    pub skipped: bool,
    /// Whether the configuration would be patched (and get the warning annotation).
    pub patched: bool,
    /// The modifications, one line each, as listed in the annotation (without the `- ` prefix). Lines
    /// about selectors list their requirements in key order; Gardener's order there is random.
    pub remediations: Vec<String>,
    /// The new value of the `gardener.cloud/warning` annotation, when patched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning_annotation: Option<String>,
    /// The configuration after remediation (unchanged when not patched).
    #[cfg_attr(feature = "tsify", tsify(type = "Record<string, unknown>"))]
    pub result: WebhookConfiguration,
}

/// Previews Gardener's remediation of the given configurations: validating ones first, then mutating
/// ones, each kind in API list order (by name). Configurations of other kinds are ignored.
pub fn remediate(configurations: &[WebhookConfiguration]) -> Vec<RemediatedConfiguration> {
    [KIND_VALIDATING, KIND_MUTATING]
        .into_iter()
        .flat_map(|kind| listed(configurations, kind))
        .map(remediate_configuration)
        .collect()
}

fn remediate_configuration(config: &WebhookConfiguration) -> RemediatedConfiguration {
    let skipped = config.metadata.label(LABEL_EXCLUDE_FROM_REMEDIATION) == Some("true")
        || config.metadata.label("resources.gardener.cloud/managed-by") == Some("gardener");
    let mut result = config.clone();
    let mut remediations = Vec::new();
    let mut patched = false;
    if !skipped {
        for (original, webhook) in config.webhooks.iter().zip(result.webhooks.iter_mut()) {
            patched |= remediate_webhook(original, webhook, &mut remediations);
        }
    }
    let warning_annotation = patched.then(|| {
        let lines: Vec<String> = remediations
            .iter()
            .map(|line| format!("- {line}"))
            .collect();
        format!("{WARNING_HEADER}{}", lines.join("\n"))
    });
    if let Some(text) = &warning_annotation {
        result
            .metadata
            .annotations
            .insert(ANNOTATION_WARNING.to_string(), text.clone());
    }
    RemediatedConfiguration {
        kind: config.kind.clone(),
        name: config.metadata.name.clone(),
        skipped,
        patched,
        remediations,
        warning_annotation,
        result,
    }
}

/// Applies the remediation steps to `webhook`, always deciding on the `original` values. Returns
/// whether anything was changed.
fn remediate_webhook(original: &Webhook, webhook: &mut Webhook, lines: &mut Vec<String>) -> bool {
    let mut changed = false;
    let mut report = |field: &str, what: String| {
        lines.push(format!(
            "{field} of webhook {} was {what}",
            super::webhooks::go_quote(&original.name)
        ));
    };

    if breaks_lease_rule(original) {
        changed = true;
        webhook.timeout_seconds = Some(MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC_FOR_LEASES);
        report(
            "timeoutSeconds",
            format!("set to {MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC_FOR_LEASES}"),
        );
    }
    // Gardener tests the original timeout here too, so a lease webhook can be set to 3 and then 15.
    if timeout_exceeds(
        original.timeout_seconds,
        MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC,
    ) {
        changed = true;
        webhook.timeout_seconds = Some(MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC);
        report(
            "timeoutSeconds",
            format!("set to {MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC}"),
        );
    }
    if original.failure_policy.as_deref() == Some("Ignore") {
        return changed;
    }

    let matchers = matched_critical_resources(original);
    if matchers.iter().any(|m| m.is_cluster_wide()) {
        changed = true;
        webhook.failure_policy = Some("Ignore".to_string());
        report("failurePolicy", "set to Ignore".to_string());
    }
    if !matchers.is_empty() {
        changed = true;
        let (object, namespace) = exclusion_requirements(&matchers);
        if !object.is_empty() {
            report(
                "objectSelector",
                format!("extended with {}", go_format_requirements(&object)),
            );
        }
        if !namespace.is_empty() {
            report(
                "namespaceSelector",
                format!("extended with {}", go_format_requirements(&namespace)),
            );
        }
        extend_selector(&mut webhook.object_selector, object);
        extend_selector(&mut webhook.namespace_selector, namespace);
    }
    changed
}

/// `extendSelector`: a nil selector becomes `{}` even when nothing is appended.
fn extend_selector(selector: &mut Option<LabelSelector>, extra: Vec<LabelSelectorRequirement>) {
    let selector = selector.get_or_insert_with(LabelSelector::default);
    if !extra.is_empty() {
        selector
            .match_expressions
            .get_or_insert_with(Vec::new)
            .extend(extra);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::webhooks::{ObjectMeta, RuleWithOperations};

    fn config(webhook: Webhook) -> WebhookConfiguration {
        WebhookConfiguration {
            kind: KIND_MUTATING.into(),
            metadata: ObjectMeta {
                name: "m".into(),
                ..ObjectMeta::default()
            },
            webhooks: vec![webhook],
            ..WebhookConfiguration::default()
        }
    }

    fn lease_webhook(timeout: Option<i64>) -> Webhook {
        Webhook {
            name: "w".into(),
            failure_policy: Some("Ignore".into()),
            timeout_seconds: timeout,
            rules: vec![RuleWithOperations {
                operations: vec!["UPDATE".into()],
                api_groups: vec!["coordination.k8s.io".into()],
                api_versions: vec!["v1".into()],
                resources: vec!["leases".into()],
                scope: None,
            }],
            ..Webhook::default()
        }
    }

    #[test]
    fn lease_webhook_without_timeout_is_set_to_three_then_fifteen() {
        let out = remediate(&[config(lease_webhook(None))]);
        assert_eq!(
            out[0].remediations,
            vec![
                "timeoutSeconds of webhook \"w\" was set to 3",
                "timeoutSeconds of webhook \"w\" was set to 15"
            ]
        );
        assert_eq!(out[0].result.webhooks[0].timeout_seconds, Some(15));
        let annotation = out[0].warning_annotation.as_deref().unwrap();
        assert!(annotation.ends_with("made:\n- timeoutSeconds of webhook \"w\" was set to 3\n- timeoutSeconds of webhook \"w\" was set to 15"));
    }

    #[test]
    fn short_timeouts_are_left_alone() {
        let out = remediate(&[config(lease_webhook(Some(2)))]);
        assert!(!out[0].patched);
        assert!(out[0].warning_annotation.is_none());
    }
}
