//! Problematic admission webhooks in the shoot cluster: the per-webhook rule, the constraint result
//! both `HibernationPossible` and `MaintenancePreconditionsSatisfied` receive, and a plain-language
//! explanation (which rule a webhook breaks and which change makes it safe).
//!
//! Follows `pkg/gardenlet/controller/shoot/care/constraints.go`: `IsProblematicWebhook`,
//! `CheckForProblematicWebhooks`, `buildProblematicWebhookMessage`, `wasRemediatedByGardener` and the
//! package-level listing `labelSelector`. Webhooks are evaluated exactly as pasted: no API defaulting.

use super::matchers::{WebhookConstraintMatcher, LEASE_MATCHERS, MATCHERS};
use super::selector::{LabelSelector, LabelSelectorRequirement};
use crate::decode::FromValue;
use crate::document::Value;
pub(crate) use crate::golang::quote as go_quote;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Webhooks with `failurePolicy` other than `Fail` and at most this timeout are harmless for the main
/// table (`WebhookMaximumTimeoutSecondsNotProblematic`).
pub const MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC: i64 = 15;
/// Webhooks on kube-system leases must time out within this many seconds, whatever their failure policy
/// (`WebhookMaximumTimeoutSecondsNotProblematicForLeases`).
pub const MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC_FOR_LEASES: i64 = 3;

/// The annotation Gardener's remediation writes (`v1beta1constants.GardenerWarning`).
pub const ANNOTATION_WARNING: &str = "gardener.cloud/warning";
/// Error code of both webhook constraints when they fail.
pub const ERROR_PROBLEMATIC_WEBHOOK: &str = "ERR_PROBLEMATIC_WEBHOOK";

pub const KIND_VALIDATING: &str = "ValidatingWebhookConfiguration";
pub const KIND_MUTATING: &str = "MutatingWebhookConfiguration";

/// A `ValidatingWebhookConfiguration` or `MutatingWebhookConfiguration`. Fields this library does not
/// interpret are kept, so a remediated configuration can be shown in full.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WebhookConfiguration {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    pub kind: String,
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub webhooks: Vec<Webhook>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

pub use crate::api::ObjectMeta;

/// One webhook of a configuration.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Webhook {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object_selector: Option<LabelSelector>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub rules: Vec<RuleWithOperations>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// `admissionregistrationv1.RuleWithOperations`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct RuleWithOperations {
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub operations: Vec<String>,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub api_groups: Vec<String>,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub api_versions: Vec<String>,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub resources: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

/// Which of Gardener's rules a webhook breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum BrokenRule {
    /// It intercepts kube-system leases and may take longer than 3 seconds (any failure policy).
    LeaseTimeout,
    /// It intercepts resources the shoot's system components need, and a failure or slow answer would
    /// block them (failure policy `Fail`/unset, or a timeout that is unset or above 15 seconds).
    CriticalResources,
}

/// A problematic webhook, with the reason and the changes that would make it safe.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProblematicWebhook {
    pub kind: String,
    pub configuration: String,
    pub webhook: String,
    /// The rule Gardener applies first and finds broken.
    pub rule: BrokenRule,
    /// The critical resources the webhook intercepts, e.g. `v1 pods` or `coordination.k8s.io/v1 leases`.
    pub intercepted_resources: Vec<String>,
    /// What the rule is about, in plain language.
    pub explanation: String,
    /// The fixes in one sentence ("Either …, or ….").
    pub fix: String,
    /// Alternative changes, each of which makes this webhook pass Gardener's check.
    pub fixes: Vec<WebhookFix>,
}

/// One change to a webhook that makes it non-problematic (verified against the rule).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct WebhookFix {
    /// Plain-language description of the change.
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub add_namespace_selector_expressions: Vec<LabelSelectorRequirement>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub add_object_selector_expressions: Vec<LabelSelectorRequirement>,
    /// The change as a YAML patch of the configuration, applied with the configuration's
    /// [`ConfigurationFix::command`] (see [`super::fix_patch::fix_patch`]).
    pub patch: String,
}

/// One patch per webhook configuration that fixes each of its problematic webhooks, with the fix
/// shoot-policy recommends for each ([`recommended_fix`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ConfigurationFix {
    pub kind: String,
    pub configuration: String,
    /// The webhooks the patch fixes, each with the change it makes to it.
    pub webhooks: Vec<ChosenFix>,
    /// How to apply the patch: `kubectl patch <kind> <name> --patch-file fix.yaml`.
    pub command: String,
    /// The YAML patch (the content of `fix.yaml`).
    pub patch: String,
}

/// The fix chosen for one webhook of a [`ConfigurationFix`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ChosenFix {
    pub webhook: String,
    /// The fix's [`WebhookFix::description`].
    pub description: String,
}

/// The result both webhook constraints receive (`CheckForProblematicWebhooks`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct WebhookConstraintResult {
    #[cfg_attr(feature = "tsify", tsify(type = "ConditionStatus"))]
    pub status: String,
    pub reason: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub codes: Vec<String>,
}

/// Everything the shoot's webhook configurations mean for the two webhook constraints.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct WebhookReport {
    /// Every problematic webhook, with the rule it breaks and how to fix it.
    pub problematic_webhooks: Vec<ProblematicWebhook>,
    /// `HibernationPossible` as the check computes it (before pardoning).
    pub hibernation_possible: WebhookConstraintResult,
    /// `MaintenancePreconditionsSatisfied`: always the same result as `hibernation_possible`.
    pub maintenance_preconditions_satisfied: WebhookConstraintResult,
    /// One patch per configuration with problematic webhooks (none for a webhook without a fix).
    #[serde(default)]
    pub configuration_fixes: Vec<ConfigurationFix>,
}

/// [`problematic_webhooks`] and [`check_for_problematic_webhooks`] together, for an awake shoot whose API
/// server runs (see [`super::shoot_constraints`] for the full picture incl. hibernation and pardoning).
pub fn webhook_report(configurations: &[WebhookConfiguration]) -> WebhookReport {
    let result = check_for_problematic_webhooks(configurations);
    let problematic = problematic_webhooks(configurations);
    WebhookReport {
        configuration_fixes: configuration_fixes(configurations, &problematic),
        problematic_webhooks: problematic,
        hibernation_possible: result.clone(),
        maintenance_preconditions_satisfied: result,
    }
}

/// Per configuration, one patch with the [`recommended_fix`] of each of its `problematic` webhooks
/// (as [`problematic_webhooks`] found them).
pub fn configuration_fixes(
    configurations: &[WebhookConfiguration],
    problematic: &[ProblematicWebhook],
) -> Vec<ConfigurationFix> {
    checked_configurations(configurations)
        .into_iter()
        .filter_map(|config| {
            let chosen: Vec<(&Webhook, WebhookFix)> = (problematic.iter())
                .filter(|p| p.kind == config.kind && p.configuration == config.metadata.name)
                .filter_map(|p| {
                    let webhook = config.webhooks.iter().find(|w| w.name == p.webhook)?;
                    Some((webhook, recommended_fix(p.fixes.clone())?))
                })
                .collect();
            if chosen.is_empty() {
                return None;
            }
            let pairs: Vec<(&Webhook, &WebhookFix)> =
                chosen.iter().map(|(w, fix)| (*w, fix)).collect();
            Some(ConfigurationFix {
                kind: config.kind.clone(),
                configuration: config.metadata.name.clone(),
                webhooks: (chosen.iter())
                    .map(|(w, fix)| ChosenFix {
                        webhook: w.name.clone(),
                        description: fix.description.clone(),
                    })
                    .collect(),
                command: super::fix_patch::patch_command(config),
                patch: super::fix_patch::configuration_patch(&pairs),
            })
        })
        .collect()
}

/// The fix to recommend among a webhook's fixes: the first that leaves its failure policy as it is
/// (it keeps enforcing for everything but the resources Gardener's check is about), else the first.
pub fn recommended_fix(fixes: Vec<WebhookFix>) -> Option<WebhookFix> {
    let keeps_policy = fixes.iter().position(|fix| fix.failure_policy.is_none());
    fixes.into_iter().nth(keeps_policy.unwrap_or(0))
}

/// `IsProblematicWebhook`: whether this webhook can keep worker nodes from joining or the cluster from
/// waking up.
pub fn is_problematic_webhook(webhook: &Webhook) -> bool {
    if breaks_lease_rule(webhook) {
        return true;
    }
    if exempt_by_policy_and_timeout(webhook) {
        return false;
    }
    !matched_critical_resources(webhook).is_empty()
}

/// Every problematic webhook of the configurations the constraint check considers (validating before
/// mutating, each kind ordered by name as the API lists them), with the broken rule and possible fixes.
pub fn problematic_webhooks(configurations: &[WebhookConfiguration]) -> Vec<ProblematicWebhook> {
    checked_configurations(configurations)
        .into_iter()
        .flat_map(|config| {
            config
                .webhooks
                .iter()
                .filter(|w| is_problematic_webhook(w))
                .map(move |w| explain(config, w))
        })
        .collect()
}

/// `CheckForProblematicWebhooks`: the first problematic webhook (or a configuration remediated by
/// Gardener) makes both constraints `False`; otherwise they are `True`.
pub fn check_for_problematic_webhooks(
    configurations: &[WebhookConfiguration],
) -> WebhookConstraintResult {
    for config in checked_configurations(configurations) {
        if let Some(webhook) = config.webhooks.iter().find(|w| is_problematic_webhook(w)) {
            return WebhookConstraintResult {
                status: "False".to_string(),
                reason: "ProblematicWebhooks".to_string(),
                message: problematic_webhook_message(&config.kind, &config.metadata.name, webhook),
                codes: vec![ERROR_PROBLEMATIC_WEBHOOK.to_string()],
            };
        }
        let remediated = config
            .metadata
            .annotations
            .get(ANNOTATION_WARNING)
            .is_some_and(|text| !text.is_empty());
        if remediated {
            return WebhookConstraintResult {
                status: "False".to_string(),
                reason: "RemediatedWebhooks".to_string(),
                message: format!(
                    "{} {} is problematic and was remediated by Gardener (please check its annotations for details).",
                    config.kind,
                    go_quote(&config.metadata.name)
                ),
                codes: vec![ERROR_PROBLEMATIC_WEBHOOK.to_string()],
            };
        }
    }
    WebhookConstraintResult {
        status: "True".to_string(),
        reason: "NoProblematicWebhooks".to_string(),
        message: "All webhooks are properly configured.".to_string(),
        codes: Vec::new(),
    }
}

/// The configurations of one kind in API list order (by name).
pub(crate) fn listed<'a>(
    configurations: &'a [WebhookConfiguration],
    kind: &str,
) -> Vec<&'a WebhookConfiguration> {
    let mut of_kind: Vec<&WebhookConfiguration> =
        configurations.iter().filter(|c| c.kind == kind).collect();
    crate::sorting::sort_by(&mut of_kind, |a, b| a.metadata.name.cmp(&b.metadata.name));
    of_kind
}

/// Validating then mutating configurations, without those the constraint check's label selector
/// excludes (`app=gardener-resource-manager`, `resources.gardener.cloud/managed-by=gardener`).
fn checked_configurations(configurations: &[WebhookConfiguration]) -> Vec<&WebhookConfiguration> {
    [KIND_VALIDATING, KIND_MUTATING]
        .into_iter()
        .flat_map(|kind| listed(configurations, kind))
        .filter(|c| {
            c.metadata.label("app") != Some("gardener-resource-manager")
                && c.metadata.label("resources.gardener.cloud/managed-by") != Some("gardener")
        })
        .collect()
}

/// `buildProblematicWebhookMessage`.
fn problematic_webhook_message(kind: &str, configuration: &str, webhook: &Webhook) -> String {
    let policy = webhook.failure_policy.as_deref().unwrap_or("nil");
    let timeout = match webhook.timeout_seconds {
        Some(seconds) => format!("and {seconds}s timeout"),
        None => "and unset timeoutSeconds".to_string(),
    };
    format!(
        "{kind} {} is problematic: webhook {} with failurePolicy {} {timeout} might prevent worker nodes from properly joining the shoot cluster",
        go_quote(configuration),
        go_quote(&webhook.name),
        go_quote(policy)
    )
}

/// Step 1 of `IsProblematicWebhook`: kube-system leases with a timeout unset or above 3 seconds.
pub(crate) fn breaks_lease_rule(webhook: &Webhook) -> bool {
    timeout_exceeds(
        webhook.timeout_seconds,
        MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC_FOR_LEASES,
    ) && !matched(webhook, LEASE_MATCHERS).is_empty()
}

/// Step 2: a set failure policy other than `Fail` with a set timeout of at most 15 seconds is harmless
/// (an unset policy counts as `Fail`, as the v1 API defaults it).
fn exempt_by_policy_and_timeout(webhook: &Webhook) -> bool {
    webhook
        .failure_policy
        .as_deref()
        .is_some_and(|p| p != "Fail")
        && webhook
            .timeout_seconds
            .is_some_and(|t| t <= MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC)
}

/// Main-table entries any rule of the webhook matches (with duplicates, in rule-then-table order, as
/// `getMatchingRules` collects them).
pub(crate) fn matched_critical_resources(
    webhook: &Webhook,
) -> Vec<&'static WebhookConstraintMatcher> {
    matched(webhook, MATCHERS)
}

fn matched(
    webhook: &Webhook,
    table: &'static [WebhookConstraintMatcher],
) -> Vec<&'static WebhookConstraintMatcher> {
    webhook
        .rules
        .iter()
        .flat_map(|rule| {
            table.iter().filter(move |m| {
                m.matches(
                    rule,
                    webhook.object_selector.as_ref(),
                    webhook.namespace_selector.as_ref(),
                )
            })
        })
        .collect()
}

pub(crate) fn timeout_exceeds(timeout: Option<i64>, limit: i64) -> bool {
    timeout.is_none_or(|t| t > limit)
}

/// The `NotIn` requirements that exclude the labelled objects and namespaces of the given entries,
/// deduplicated by key and values, first occurrence kept (`remediator.selectors`,
/// `removeDuplicateRequirements`). Label keys of one entry come in key order (Go uses map order).
pub(crate) fn exclusion_requirements(
    matchers: &[&WebhookConstraintMatcher],
) -> (Vec<LabelSelectorRequirement>, Vec<LabelSelectorRequirement>) {
    let mut object = Vec::new();
    let mut namespace = Vec::new();
    fn sorted(labels: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
        let mut labels = labels.to_vec();
        crate::sorting::sort(&mut labels);
        labels
    }
    for matcher in matchers {
        for (k, v) in sorted(matcher.object_labels.unwrap_or(&[])) {
            object.push(LabelSelectorRequirement::not_in(k, v));
        }
        for (k, v) in sorted(matcher.namespace_labels.unwrap_or(&[])) {
            namespace.push(LabelSelectorRequirement::not_in(k, v));
        }
    }
    (dedup(object), dedup(namespace))
}

fn dedup(requirements: Vec<LabelSelectorRequirement>) -> Vec<LabelSelectorRequirement> {
    let mut seen = std::collections::BTreeSet::new();
    requirements
        .into_iter()
        .filter(|r| seen.insert(format!("{}{}", r.key, r.values.join(""))))
        .collect()
}

fn explain(config: &WebhookConfiguration, webhook: &Webhook) -> ProblematicWebhook {
    let lease = breaks_lease_rule(webhook);
    let critical = matched_critical_resources(webhook);
    let mut intercepted: Vec<String> = Vec::new();
    if lease {
        for m in matched(webhook, LEASE_MATCHERS) {
            let text = format!("{} (kube-system)", m.describe());
            if !intercepted.contains(&text) {
                intercepted.push(text);
            }
        }
    }
    for m in &critical {
        let text = m.describe();
        if !intercepted.contains(&text) {
            intercepted.push(text);
        }
    }
    let mut fixes = fixes(webhook, lease, &critical);
    for fix in &mut fixes {
        fix.patch = super::fix_patch::fix_patch(webhook, fix);
    }
    let (rule, explanation) = if lease {
        (
            BrokenRule::LeaseTimeout,
            format!(
                "The webhook intercepts leases in kube-system, which node and control-plane components renew constantly; such webhooks must answer within {MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC_FOR_LEASES} seconds whatever their failurePolicy, but its timeoutSeconds is {}.",
                describe_timeout(webhook.timeout_seconds)
            ),
        )
    } else {
        (
            BrokenRule::CriticalResources,
            format!(
                "The webhook intercepts resources the shoot's system components need, with failurePolicy {} and timeoutSeconds {}; a failing or slow webhook would block them and might prevent worker nodes from joining. Only a failurePolicy of Ignore together with a timeoutSeconds of at most {MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC} is tolerated for them.",
                webhook.failure_policy.as_deref().unwrap_or("unset (Fail)"),
                describe_timeout(webhook.timeout_seconds)
            ),
        )
    };
    ProblematicWebhook {
        kind: config.kind.clone(),
        configuration: config.metadata.name.clone(),
        webhook: webhook.name.clone(),
        rule,
        intercepted_resources: intercepted,
        explanation,
        fix: summarize_fixes(&fixes),
        fixes,
    }
}

fn summarize_fixes(fixes: &[WebhookFix]) -> String {
    let mut parts: Vec<&str> = fixes.iter().map(|f| f.description.as_str()).collect();
    match parts.len() {
        0 => "Remove the critical resources from the webhook's rules.".to_string(),
        // A fix's description starts with an English verb (`set`, `add`).
        1 => format!("{}.", crate::ascii::capitalized(parts[0])),
        _ => {
            let last = parts.pop().unwrap_or_default();
            format!("Either {}, or {last}.", parts.join(", or "))
        }
    }
}

fn describe_timeout(timeout: Option<i64>) -> String {
    match timeout {
        Some(t) => format!("{t}s"),
        None => "unset".to_string(),
    }
}

/// Candidate changes, each kept only if the changed webhook passes `is_problematic_webhook`.
fn fixes(
    webhook: &Webhook,
    lease: bool,
    critical: &[&'static WebhookConstraintMatcher],
) -> Vec<WebhookFix> {
    let mut candidates = Vec::new();

    // 1. Failure policy and timeout only.
    let timeout_limit = if lease {
        MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC_FOR_LEASES
    } else {
        MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC
    };
    let new_timeout =
        timeout_exceeds(webhook.timeout_seconds, timeout_limit).then_some(timeout_limit);
    let needs_ignore = !critical.is_empty() && webhook.failure_policy.as_deref() != Some("Ignore");
    let mut text = Vec::new();
    if needs_ignore {
        text.push("set failurePolicy: Ignore".to_string());
    }
    if let Some(t) = new_timeout {
        text.push(format!("set timeoutSeconds: {t} (or lower)"));
    }
    candidates.push(WebhookFix {
        description: text.join(" and "),
        failure_policy: needs_ignore.then(|| "Ignore".to_string()),
        timeout_seconds: new_timeout,
        add_namespace_selector_expressions: Vec::new(),
        add_object_selector_expressions: Vec::new(),
        patch: String::new(),
    });

    // 2. Selectors that exclude everything critical it intercepts (impossible for cluster-wide entries).
    let mut excluded: Vec<&WebhookConstraintMatcher> = critical.to_vec();
    if lease {
        excluded.extend(matched(webhook, LEASE_MATCHERS));
    }
    if !excluded.is_empty() && excluded.iter().all(|m| !m.is_cluster_wide()) {
        let (object, namespace) = exclusion_requirements(&excluded);
        candidates.push(selector_fix(object, namespace, None, None));
    }

    // 3. Keep the lease timeout, exclude kube-system by namespace, and tolerate failures elsewhere.
    if lease && !critical.is_empty() {
        let (_, namespace) = exclusion_requirements(&matched(webhook, LEASE_MATCHERS));
        let timeout = timeout_exceeds(
            webhook.timeout_seconds,
            MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC,
        )
        .then_some(MAXIMUM_TIMEOUT_SECONDS_NOT_PROBLEMATIC);
        let policy =
            (webhook.failure_policy.as_deref() != Some("Ignore")).then(|| "Ignore".to_string());
        candidates.push(selector_fix(Vec::new(), namespace, policy, timeout));
    }

    candidates
        .into_iter()
        .filter(|fix| {
            !fix.description.is_empty() && !is_problematic_webhook(&apply_fix(webhook, fix))
        })
        .collect()
}

fn selector_fix(
    object: Vec<LabelSelectorRequirement>,
    namespace: Vec<LabelSelectorRequirement>,
    failure_policy: Option<String>,
    timeout_seconds: Option<i64>,
) -> WebhookFix {
    let mut text = Vec::new();
    if !namespace.is_empty() {
        text.push(format!(
            "add to namespaceSelector.matchExpressions: {}",
            render_requirements(&namespace)
        ));
    }
    if !object.is_empty() {
        text.push(format!(
            "add to objectSelector.matchExpressions: {}",
            render_requirements(&object)
        ));
    }
    if let Some(policy) = &failure_policy {
        text.push(format!("set failurePolicy: {policy}"));
    }
    if let Some(t) = timeout_seconds {
        text.push(format!("set timeoutSeconds: {t} (or lower)"));
    }
    WebhookFix {
        description: text.join("; "),
        failure_policy,
        timeout_seconds,
        add_namespace_selector_expressions: namespace,
        add_object_selector_expressions: object,
        patch: String::new(),
    }
}

fn render_requirements(requirements: &[LabelSelectorRequirement]) -> String {
    let items: Vec<String> = requirements
        .iter()
        .map(|r| {
            format!(
                "{{key: {}, operator: {}, values: [{}]}}",
                r.key,
                r.operator,
                r.values.join(", ")
            )
        })
        .collect();
    items.join(", ")
}

pub(crate) fn apply_fix(webhook: &Webhook, fix: &WebhookFix) -> Webhook {
    let mut fixed = webhook.clone();
    if let Some(policy) = &fix.failure_policy {
        fixed.failure_policy = Some(policy.clone());
    }
    if let Some(timeout) = fix.timeout_seconds {
        fixed.timeout_seconds = Some(timeout);
    }
    let extend = |selector: &mut Option<LabelSelector>, extra: &[LabelSelectorRequirement]| {
        if !extra.is_empty() {
            let selector = selector.get_or_insert_with(LabelSelector::default);
            selector
                .match_expressions
                .get_or_insert_with(Vec::new)
                .extend_from_slice(extra);
        }
    };
    extend(
        &mut fixed.namespace_selector,
        &fix.add_namespace_selector_expressions,
    );
    extend(
        &mut fixed.object_selector,
        &fix.add_object_selector_expressions,
    );
    fixed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn webhook(policy: Option<&str>, timeout: Option<i64>, group: &str, resource: &str) -> Webhook {
        Webhook {
            name: "w".into(),
            failure_policy: policy.map(str::to_string),
            timeout_seconds: timeout,
            rules: vec![RuleWithOperations {
                operations: vec!["CREATE".into()],
                api_groups: vec![group.into()],
                api_versions: vec!["*".into()],
                resources: vec![resource.into()],
                scope: None,
            }],
            ..Webhook::default()
        }
    }

    #[test]
    fn per_webhook_rule() {
        assert!(is_problematic_webhook(&webhook(
            Some("Fail"),
            Some(15),
            "",
            "pods"
        )));
        assert!(!is_problematic_webhook(&webhook(
            Some("Ignore"),
            Some(15),
            "",
            "pods"
        )));
        assert!(is_problematic_webhook(&webhook(
            Some("Ignore"),
            None,
            "",
            "pods"
        )));
        assert!(is_problematic_webhook(&webhook(
            Some("Ignore"),
            Some(15),
            "coordination.k8s.io",
            "leases"
        )));
        assert!(!is_problematic_webhook(&webhook(
            Some("Ignore"),
            Some(15),
            "apps",
            "*"
        )));
        assert!(!is_problematic_webhook(&webhook(
            Some("Fail"),
            None,
            "foo",
            "bar"
        )));
    }

    #[test]
    fn every_offered_fix_works_and_cluster_wide_resources_get_no_selector_fix() {
        let nodes = webhook(Some("Fail"), None, "", "nodes");
        let config = WebhookConfiguration {
            kind: KIND_VALIDATING.into(),
            metadata: ObjectMeta {
                name: "c".into(),
                ..ObjectMeta::default()
            },
            webhooks: vec![nodes.clone()],
            ..WebhookConfiguration::default()
        };
        let found = problematic_webhooks(&[config]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].rule, BrokenRule::CriticalResources);
        assert_eq!(found[0].fixes.len(), 1);
        assert_eq!(found[0].fixes[0].failure_policy.as_deref(), Some("Ignore"));
        assert_eq!(found[0].fixes[0].timeout_seconds, Some(15));

        let pods = webhook(None, Some(30), "", "pods");
        let fixes = fixes(&pods, false, &matched_critical_resources(&pods));
        assert_eq!(fixes.len(), 2);
        for fix in &fixes {
            assert!(!is_problematic_webhook(&apply_fix(&pods, fix)));
        }
    }

    fn configuration(kind: &str, name: &str, webhooks: Vec<Webhook>) -> WebhookConfiguration {
        WebhookConfiguration {
            kind: kind.into(),
            metadata: ObjectMeta {
                name: name.into(),
                ..ObjectMeta::default()
            },
            webhooks,
            ..WebhookConfiguration::default()
        }
    }

    #[test]
    fn wildcard_rules_also_cover_leases() {
        assert!(is_problematic_webhook(&webhook(
            Some("Ignore"),
            Some(15),
            "*",
            "*"
        )));
        assert!(!is_problematic_webhook(&webhook(
            Some("Ignore"),
            Some(3),
            "*",
            "*"
        )));
    }

    #[test]
    fn first_hit_in_list_order_and_remediated_configurations() {
        let bad = webhook(Some("Fail"), None, "", "pods");
        let mut remediated = configuration(KIND_VALIDATING, "z-validating", vec![]);
        remediated
            .metadata
            .annotations
            .insert(ANNOTATION_WARNING.into(), "x".into());
        let configs = vec![
            configuration(KIND_MUTATING, "a-mutating", vec![bad.clone()]),
            remediated,
            configuration(KIND_VALIDATING, "b-validating", vec![bad]),
        ];
        let result = check_for_problematic_webhooks(&configs);
        assert_eq!(result.reason, "ProblematicWebhooks");
        assert!(result
            .message
            .starts_with("ValidatingWebhookConfiguration \"b-validating\""));
        let names: Vec<String> = problematic_webhooks(&configs)
            .into_iter()
            .map(|p| p.configuration)
            .collect();
        assert_eq!(names, ["b-validating", "a-mutating"]);

        let result = check_for_problematic_webhooks(&configs[..2]);
        assert_eq!(result.reason, "RemediatedWebhooks");
        assert_eq!(
            result.message,
            "ValidatingWebhookConfiguration \"z-validating\" is problematic and was remediated by Gardener (please check its annotations for details)."
        );
    }

    #[test]
    fn gardener_managed_configurations_are_not_checked_but_excluded_ones_are() {
        let bad = webhook(Some("Fail"), None, "", "pods");
        let mut managed = configuration(KIND_VALIDATING, "managed", vec![bad.clone()]);
        managed
            .metadata
            .labels
            .insert("app".into(), "gardener-resource-manager".into());
        assert_eq!(check_for_problematic_webhooks(&[managed]).status, "True");
        let mut excluded = configuration(KIND_VALIDATING, "excluded", vec![bad]);
        excluded.metadata.labels.insert(
            "remediation.webhook.shoot.gardener.cloud/exclude".into(),
            "true".into(),
        );
        assert_eq!(check_for_problematic_webhooks(&[excluded]).status, "False");
    }

    #[test]
    fn go_quoting() {
        assert_eq!(go_quote("a\"b"), "\"a\\\"b\"");
    }
}
