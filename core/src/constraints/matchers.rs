//! The resources whose admission must not be blocked by shoot webhooks, and how one webhook rule is
//! matched against them.
//!
//! Follows `pkg/gardenlet/operation/botanist/matchers/matcher.go` (`WebhookConstraintMatchers`,
//! `WebhookConstraintMatchersForLeases`, `(*WebhookConstraintMatcher).Match`) and `rule_matcher.go`
//! (`ruleMatcher.Matches`).

use super::selector::{LabelSelector, Selector};
use super::webhooks::RuleWithOperations;
use serde::Serialize;

/// A label set as the tables hold it.
pub type Labels = &'static [(&'static str, &'static str)];

/// Labels of the shoot's `kube-system` namespace as Gardener creates it.
pub const KUBE_SYSTEM_NAMESPACE_LABELS: Labels = &[
    ("shoot.gardener.cloud/no-cleanup", "true"),
    ("gardener.cloud/purpose", "kube-system"),
    ("kubernetes.io/metadata.name", "kube-system"),
];

/// Labels of the `default` namespace.
pub const DEFAULT_NAMESPACE_LABELS: Labels = &[("kubernetes.io/metadata.name", "default")];

/// Labels Gardener puts on the pods it runs in the shoot.
pub const GARDENER_POD_LABELS: Labels = &[
    ("shoot.gardener.cloud/no-cleanup", "true"),
    ("origin", "gardener"),
];

/// One critical resource (`WebhookConstraintMatcher`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WebhookConstraintMatcher {
    pub group: &'static str,
    pub version: &'static str,
    pub resource: &'static str,
    /// Empty for the main resource.
    pub subresource: &'static str,
    pub cluster_scoped: bool,
    /// `None`: any object; `Some(&[])`: an object without labels.
    pub object_labels: Option<Labels>,
    /// `None`: any namespace.
    pub namespace_labels: Option<Labels>,
}

const fn namespaced(
    group: &'static str,
    version: &'static str,
    resource: &'static str,
    subresource: &'static str,
    namespace_labels: Option<Labels>,
    object_labels: Option<Labels>,
) -> WebhookConstraintMatcher {
    WebhookConstraintMatcher {
        group,
        version,
        resource,
        subresource,
        cluster_scoped: false,
        object_labels,
        namespace_labels,
    }
}

const fn cluster(
    group: &'static str,
    version: &'static str,
    resource: &'static str,
    subresource: &'static str,
) -> WebhookConstraintMatcher {
    WebhookConstraintMatcher {
        group,
        version,
        resource,
        subresource,
        cluster_scoped: true,
        object_labels: None,
        namespace_labels: None,
    }
}

const KS: Option<Labels> = Some(KUBE_SYSTEM_NAMESPACE_LABELS);
const DEF: Option<Labels> = Some(DEFAULT_NAMESPACE_LABELS);
const PODS: Option<Labels> = Some(GARDENER_POD_LABELS);

/// The leases the 3-second rule protects (`WebhookConstraintMatchersForLeases`): leases in kube-system,
/// as objects without labels.
pub const LEASE_MATCHERS: &[WebhookConstraintMatcher] = &[
    namespaced("coordination.k8s.io", "v1", "leases", "", KS, Some(&[])),
    namespaced(
        "coordination.k8s.io",
        "v1beta1",
        "leases",
        "",
        KS,
        Some(&[]),
    ),
];

/// The main table (`WebhookConstraintMatchers`), in Gardener's order.
pub const MATCHERS: &[WebhookConstraintMatcher] = &[
    namespaced("", "v1", "pods", "", KS, PODS),
    namespaced("", "v1", "pods", "status", KS, PODS),
    namespaced("", "v1", "configmaps", "", KS, None),
    namespaced("", "v1", "endpoints", "", DEF, None),
    namespaced("", "v1", "endpoints", "", KS, None),
    namespaced("", "v1", "secrets", "", KS, None),
    namespaced("", "v1", "serviceaccounts", "", KS, None),
    namespaced("", "v1", "services", "", KS, None),
    namespaced("", "v1", "services", "status", KS, None),
    namespaced("", "v1", "services", "", DEF, None),
    namespaced("", "v1", "services", "status", DEF, None),
    cluster("", "v1", "nodes", ""),
    cluster("", "v1", "nodes", "status"),
    WebhookConstraintMatcher {
        group: "",
        version: "v1",
        resource: "namespaces",
        subresource: "",
        cluster_scoped: true,
        object_labels: KS,
        namespace_labels: KS,
    },
    WebhookConstraintMatcher {
        group: "",
        version: "v1",
        resource: "namespaces",
        subresource: "status",
        cluster_scoped: true,
        object_labels: KS,
        namespace_labels: KS,
    },
    namespaced("apps", "v1", "controllerrevisions", "", KS, None),
    namespaced("apps", "v1", "daemonsets", "", KS, None),
    namespaced("apps", "v1", "daemonsets", "status", KS, None),
    namespaced("apps", "v1", "deployments", "", KS, None),
    namespaced("apps", "v1", "deployments", "scale", KS, None),
    namespaced("apps", "v1", "replicasets", "", KS, None),
    namespaced("apps", "v1", "replicasets", "status", KS, None),
    namespaced("apps", "v1", "replicasets", "scale", KS, None),
    namespaced("apps", "v1beta1", "controllerrevisions", "", KS, None),
    namespaced("apps", "v1beta1", "daemonsets", "", KS, None),
    namespaced("apps", "v1beta1", "daemonsets", "status", KS, None),
    namespaced("apps", "v1beta1", "deployments", "", KS, None),
    namespaced("apps", "v1beta1", "deployments", "scale", KS, None),
    namespaced("apps", "v1beta1", "replicasets", "", KS, None),
    namespaced("apps", "v1beta1", "replicasets", "status", KS, None),
    namespaced("apps", "v1beta1", "replicasets", "scale", KS, None),
    namespaced("apps", "v1beta2", "controllerrevisions", "", KS, None),
    namespaced("apps", "v1beta2", "daemonsets", "", KS, None),
    namespaced("apps", "v1beta2", "daemonsets", "status", KS, None),
    namespaced("apps", "v1beta2", "deployments", "", KS, None),
    namespaced("apps", "v1beta2", "deployments", "scale", KS, None),
    namespaced("apps", "v1beta2", "replicasets", "", KS, None),
    namespaced("apps", "v1beta2", "replicasets", "status", KS, None),
    namespaced("apps", "v1beta2", "replicasets", "scale", KS, None),
    namespaced("extensions", "v1beta1", "controllerrevisions", "", KS, None),
    namespaced("extensions", "v1beta1", "daemonsets", "", KS, None),
    namespaced("extensions", "v1beta1", "daemonsets", "status", KS, None),
    namespaced("extensions", "v1beta1", "deployments", "", KS, None),
    namespaced("extensions", "v1beta1", "deployments", "scale", KS, None),
    namespaced("extensions", "v1beta1", "replicasets", "", KS, None),
    namespaced("extensions", "v1beta1", "replicasets", "status", KS, None),
    namespaced("extensions", "v1beta1", "replicasets", "scale", KS, None),
    namespaced("extensions", "v1beta1", "networkpolicies", "", KS, None),
    namespaced("coordination.k8s.io", "v1", "leases", "", None, None),
    namespaced("coordination.k8s.io", "v1beta1", "leases", "", None, None),
    namespaced("networking.k8s.io", "v1", "networkpolicies", "", KS, None),
    namespaced(
        "networking.k8s.io",
        "v1beta1",
        "networkpolicies",
        "",
        KS,
        None,
    ),
    cluster("rbac.authorization.k8s.io", "v1", "clusterroles", ""),
    cluster("rbac.authorization.k8s.io", "v1", "clusterrolebindings", ""),
    namespaced("rbac.authorization.k8s.io", "v1", "roles", "", KS, None),
    namespaced(
        "rbac.authorization.k8s.io",
        "v1",
        "rolebindings",
        "",
        KS,
        None,
    ),
    cluster("rbac.authorization.k8s.io", "v1alpha1", "clusterroles", ""),
    cluster(
        "rbac.authorization.k8s.io",
        "v1alpha1",
        "clusterrolebindings",
        "",
    ),
    namespaced(
        "rbac.authorization.k8s.io",
        "v1alpha1",
        "roles",
        "",
        KS,
        None,
    ),
    namespaced(
        "rbac.authorization.k8s.io",
        "v1alpha1",
        "rolebindings",
        "",
        KS,
        None,
    ),
    cluster("rbac.authorization.k8s.io", "v1beta1", "clusterroles", ""),
    cluster(
        "rbac.authorization.k8s.io",
        "v1beta1",
        "clusterrolebindings",
        "",
    ),
    namespaced(
        "rbac.authorization.k8s.io",
        "v1beta1",
        "roles",
        "",
        KS,
        None,
    ),
    namespaced(
        "rbac.authorization.k8s.io",
        "v1beta1",
        "rolebindings",
        "",
        KS,
        None,
    ),
    cluster(
        "apiextensions.k8s.io",
        "v1",
        "customresourcedefinitions",
        "",
    ),
    cluster(
        "apiextensions.k8s.io",
        "v1",
        "customresourcedefinitions",
        "status",
    ),
    cluster(
        "apiextensions.k8s.io",
        "v1beta1",
        "customresourcedefinitions",
        "",
    ),
    cluster(
        "apiextensions.k8s.io",
        "v1beta1",
        "customresourcedefinitions",
        "status",
    ),
    cluster("apiregistration.k8s.io", "v1", "apiservices", ""),
    cluster("apiregistration.k8s.io", "v1", "apiservices", "status"),
    cluster("apiregistration.k8s.io", "v1beta1", "apiservices", ""),
    cluster("apiregistration.k8s.io", "v1beta1", "apiservices", "status"),
    cluster(
        "certificates.k8s.io",
        "v1",
        "certificatesigningrequests",
        "",
    ),
    cluster(
        "certificates.k8s.io",
        "v1",
        "certificatesigningrequests",
        "status",
    ),
    cluster(
        "certificates.k8s.io",
        "v1",
        "certificatesigningrequests",
        "approval",
    ),
    cluster("scheduling.k8s.io", "v1", "priorityclasses", ""),
    cluster("scheduling.k8s.io", "v1beta1", "priorityclasses", ""),
];

impl WebhookConstraintMatcher {
    /// Whether a webhook with this rule and these selectors intercepts requests for this resource
    /// (`(*WebhookConstraintMatcher).Match`). Nil selectors select everything; a selector Kubernetes would
    /// reject counts as a match, as in Gardener.
    pub fn matches(
        &self,
        rule: &RuleWithOperations,
        object_selector: Option<&LabelSelector>,
        namespace_selector: Option<&LabelSelector>,
    ) -> bool {
        let Ok(namespace_selector) = Selector::from_label_selector(namespace_selector) else {
            return true;
        };
        let Ok(object_selector) = Selector::from_label_selector(object_selector) else {
            return true;
        };
        let selects = |selector: &Selector, labels: Option<Labels>| match labels {
            None => true,
            Some(labels) => selector.is_empty() || selector.matches(labels),
        };
        let object_ok = selects(&object_selector, self.object_labels);
        let namespace_ok = selects(&namespace_selector, self.namespace_labels);
        let rule_ok = self.rule_matches(rule);
        if self.is_namespace_resource() {
            // The namespaceSelector also selects Namespace objects themselves.
            object_ok && namespace_ok && rule_ok
        } else {
            object_ok && (self.cluster_scoped || namespace_ok) && rule_ok
        }
    }

    /// `group/version resource[/subresource]`, e.g. `coordination.k8s.io/v1 leases`.
    pub fn describe(&self) -> String {
        let group_version = if self.group.is_empty() {
            self.version.to_string()
        } else {
            format!("{}/{}", self.group, self.version)
        };
        if self.subresource.is_empty() {
            format!("{group_version} {}", self.resource)
        } else {
            format!("{group_version} {}/{}", self.resource, self.subresource)
        }
    }

    /// Whether neither object nor namespace labels narrow this entry: no selector can exclude it.
    pub fn is_cluster_wide(&self) -> bool {
        self.object_labels.is_none() && self.namespace_labels.is_none()
    }

    fn is_namespace_resource(&self) -> bool {
        self.group.is_empty() && self.version == "v1" && self.resource == "namespaces"
    }

    /// `ruleMatcher.Matches` for a request on this resource (a dummy namespace for namespaced ones).
    fn rule_matches(&self, rule: &RuleWithOperations) -> bool {
        let scope_ok = match rule.scope.as_deref() {
            None | Some("*") => true,
            Some("Namespaced") => !self.is_namespace_resource() && !self.cluster_scoped,
            Some("Cluster") => self.is_namespace_resource() || self.cluster_scoped,
            Some(_) => false,
        };
        let exact_or_wildcard =
            |items: &[String], wanted: &str| items.iter().any(|i| i == "*" || i == wanted);
        let operation_ok = rule
            .operations
            .iter()
            .any(|op| op == "*" || op == "CREATE" || op == "UPDATE");
        let resource_ok = rule.resources.iter().any(|entry| {
            let (resource, sub) = entry.split_once('/').unwrap_or((entry.as_str(), ""));
            (resource == "*" || resource == self.resource)
                && (sub == "*" || sub == self.subresource)
        });
        scope_ok
            && operation_ok
            && exact_or_wildcard(&rule.api_groups, self.group)
            && exact_or_wildcard(&rule.api_versions, self.version)
            && resource_ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(group: &str, version: &str, resource: &str, op: &str) -> RuleWithOperations {
        RuleWithOperations {
            api_groups: vec![group.to_string()],
            api_versions: vec![version.to_string()],
            resources: vec![resource.to_string()],
            operations: vec![op.to_string()],
            scope: None,
        }
    }

    #[test]
    fn main_table_has_77_entries() {
        assert_eq!(MATCHERS.len(), 77);
    }

    #[test]
    fn wildcard_resource_matches_only_main_resources() {
        let pods_status = &MATCHERS[1];
        assert!(!pods_status.rule_matches(&rule("", "v1", "*", "CREATE")));
        assert!(pods_status.rule_matches(&rule("", "v1", "*/*", "CREATE")));
        assert!(MATCHERS[0].rule_matches(&rule("", "v1", "pods/*", "CREATE")));
    }

    #[test]
    fn delete_only_never_matches() {
        assert!(!MATCHERS[0].rule_matches(&rule("", "v1", "pods", "DELETE")));
    }

    #[test]
    fn object_selector_requiring_a_label_escapes_the_lease_rule() {
        let selector = LabelSelector {
            match_labels: Some([("app".to_string(), "x".to_string())].into()),
            match_expressions: None,
        };
        let leases = rule("coordination.k8s.io", "v1", "leases", "UPDATE");
        assert!(LEASE_MATCHERS[0].matches(&leases, None, None));
        assert!(!LEASE_MATCHERS[0].matches(&leases, Some(&selector), None));
    }
}
