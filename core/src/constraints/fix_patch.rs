//! A webhook fix as a patch the user can apply: `kubectl patch <kind> <name> --patch-file fix.yaml`.
//!
//! kubectl sends a strategic-merge patch for built-in kinds. `webhooks` of both configuration kinds
//! merge by `name` (`patchStrategy:"merge" patchMergeKey:"name"` in `k8s.io/api/admissionregistration/v1`),
//! so the patch names the webhook and sets only the changed fields. `matchExpressions` has no merge
//! key and is replaced as a whole, so the patch lists the webhook's existing expressions followed by
//! the added ones; `matchLabels` (a map) is merged and left out.

use super::selector::LabelSelectorRequirement;
use super::webhooks::{apply_fix, Webhook, WebhookConfiguration, WebhookFix};
use crate::decode::FromValue;
use serde::{Deserialize, Serialize};

/// `{webhooks: [entries]}`; fields in the order a person writes them (name first).
#[derive(Serialize, Deserialize)]
struct Patch {
    webhooks: Vec<Entry>,
}

#[derive(Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
struct Entry {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    failure_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    timeout_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    namespace_selector: Option<Expressions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    object_selector: Option<Expressions>,
}

#[derive(Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
struct Expressions {
    match_expressions: Vec<LabelSelectorRequirement>,
}

/// How a patch of `config` is applied: `kubectl patch <kind> <name> --patch-file fix.yaml`.
pub fn patch_command(config: &WebhookConfiguration) -> String {
    format!(
        "kubectl patch {} {} --patch-file fix.yaml",
        config.kind.to_ascii_lowercase(),
        config.metadata.name
    )
}

/// The YAML patch that applies `fix` to `webhook` (of its configuration, see [`patch_command`]).
pub fn fix_patch(webhook: &Webhook, fix: &WebhookFix) -> String {
    configuration_patch(&[(webhook, fix)])
}

/// One YAML patch that applies each fix to its webhook, all of one configuration: the webhooks
/// merge by name, so one `kubectl patch` fixes them all.
pub fn configuration_patch(fixes: &[(&Webhook, &WebhookFix)]) -> String {
    let patch = Patch {
        webhooks: fixes
            .iter()
            .map(|(webhook, fix)| entry(webhook, fix))
            .collect(),
    };
    crate::document::to_yaml(&patch)
}

fn entry(webhook: &Webhook, fix: &WebhookFix) -> Entry {
    let fixed = apply_fix(webhook, fix);
    // The whole resulting list when something is added: the patch replaces it.
    let expressions = |added: &[LabelSelectorRequirement], selector: &Option<_>| {
        let selector: &Option<super::selector::LabelSelector> = selector;
        (!added.is_empty()).then(|| Expressions {
            match_expressions: selector
                .as_ref()
                .and_then(|s| s.match_expressions.clone())
                .unwrap_or_default(),
        })
    };
    Entry {
        name: webhook.name.clone(),
        failure_policy: fix
            .failure_policy
            .as_ref()
            .and(fixed.failure_policy.clone()),
        timeout_seconds: fix.timeout_seconds.and(fixed.timeout_seconds),
        namespace_selector: expressions(
            &fix.add_namespace_selector_expressions,
            &fixed.namespace_selector,
        ),
        object_selector: expressions(&fix.add_object_selector_expressions, &fixed.object_selector),
    }
}

#[cfg(test)]
mod tests {
    use super::super::webhooks::problematic_webhooks;
    use super::*;

    fn configurations(yaml: &str) -> Vec<WebhookConfiguration> {
        crate::document::parse_documents(yaml, &Default::default())
            .unwrap()
            .into_iter()
            .map(|v| serde_json::from_value(v).unwrap())
            .collect()
    }

    #[test]
    fn the_example_webhook_gets_a_policy_and_timeout_patch() {
        let found = problematic_webhooks(&configurations(
            crate::examples::WEBHOOK_BLOCKS_HIBERNATION.objects,
        ));
        let [webhook] = found.as_slice() else {
            panic!("{found:?}");
        };
        assert_eq!(
            webhook.fixes[0].patch,
            "webhooks:\n\
             - name: pods.policy-agent.example.com\n  failurePolicy: Ignore\n  timeoutSeconds: 15\n"
        );
    }

    #[test]
    fn a_selector_patch_keeps_the_existing_expressions_and_the_result_is_not_problematic() {
        let yaml = "kind: MutatingWebhookConfiguration\nmetadata: {name: m}\nwebhooks:\n- name: w\n  failurePolicy: Fail\n  timeoutSeconds: 30\n  namespaceSelector:\n    matchExpressions:\n    - {key: env, operator: NotIn, values: [dev]}\n  rules:\n  - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods]}\n";
        let config = &configurations(yaml)[0];
        let found = problematic_webhooks(std::slice::from_ref(config));
        assert_eq!(found.len(), 1, "the webhook is problematic");
        let selector_fix = found[0]
            .fixes
            .iter()
            .find(|f| !f.add_namespace_selector_expressions.is_empty())
            .expect("a selector fix");
        let patch = &selector_fix.patch;
        assert_eq!(
            patch_command(config),
            "kubectl patch mutatingwebhookconfiguration m --patch-file fix.yaml"
        );
        let documents = crate::document::parse_documents(patch, &Default::default()).unwrap();
        let entry = &documents[0]["webhooks"][0];
        assert_eq!(entry["name"], "w");
        assert!(entry.get("failurePolicy").is_none() && entry.get("timeoutSeconds").is_none());
        let expressions = entry["namespaceSelector"]["matchExpressions"]
            .as_array()
            .unwrap();
        assert_eq!(expressions[0]["key"], "env");
        assert_eq!(
            expressions.len(),
            1 + selector_fix.add_namespace_selector_expressions.len()
        );
        // The patched webhook, as the API server would merge it, passes Gardener's check.
        let mut patched = config.webhooks[0].clone();
        patched
            .namespace_selector
            .as_mut()
            .unwrap()
            .match_expressions =
            serde_json::from_value(entry["namespaceSelector"]["matchExpressions"].clone()).unwrap();
        assert!(!super::super::webhooks::is_problematic_webhook(&patched));
    }

    #[test]
    fn one_patch_fixes_every_problematic_webhook_of_a_configuration() {
        let yaml = "kind: ValidatingWebhookConfiguration\nmetadata: {name: policy}\nwebhooks:\n\
- name: pods\n  failurePolicy: Fail\n  timeoutSeconds: 30\n  rules:\n  - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods]}\n\
- name: leases\n  failurePolicy: Ignore\n  timeoutSeconds: 10\n  rules:\n  - {apiGroups: [coordination.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [leases]}\n\
- name: fine\n  failurePolicy: Ignore\n  timeoutSeconds: 5\n  rules:\n  - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods]}\n";
        let config = &configurations(yaml)[0];
        let configurations = std::slice::from_ref(config);
        let found = problematic_webhooks(configurations);
        let [fix] = super::super::webhooks::configuration_fixes(configurations, &found)
            .try_into()
            .expect("one configuration fix");
        assert_eq!(
            fix.command,
            "kubectl patch validatingwebhookconfiguration policy --patch-file fix.yaml"
        );
        let fixed: Vec<&str> = fix.webhooks.iter().map(|w| w.webhook.as_str()).collect();
        assert_eq!(fixed, ["pods", "leases"]);
        // The recommended fix of `pods` keeps its failure policy: it narrows the selectors.
        assert!(
            fix.webhooks[0].description.starts_with("add to "),
            "{fix:?}"
        );
        // Merged by name as the API server does, every webhook passes Gardener's check.
        let patch = &crate::document::parse_documents(&fix.patch, &Default::default()).unwrap()[0];
        let mut patched = config.clone();
        for entry in patch["webhooks"].as_array().unwrap() {
            let webhook = (patched.webhooks.iter_mut())
                .find(|w| w.name == entry["name"])
                .unwrap();
            let mut merged = serde_json::to_value(&*webhook).unwrap();
            for (field, value) in entry.as_object().unwrap() {
                merged[field] = value.clone();
            }
            *webhook = serde_json::from_value(merged).unwrap();
        }
        assert!(!patched
            .webhooks
            .iter()
            .any(super::super::webhooks::is_problematic_webhook));
    }
}
