//! Node readiness: removal of the `node.gardener.cloud/critical-components-not-ready` taint once the
//! node-critical components of a node are ready.
//!
//! Follows `pkg/resourcemanager/controller/node/criticalcomponents` (`add.go`: `NodePredicate`;
//! `reconciler.go`: `Reconcile`, `AllNodeCriticalDaemonPodsAreScheduled`, `AllNodeCriticalPodsAreReady`,
//! `GetRequiredDrivers`, `AllCSINodeDriversAreReady`, `RemoveTaint`; `helper/daemon_controller.go`:
//! `NodeShouldRunDaemonPod`) and the worker taint validation of `pkg/api/core/validation/shoot.go`.

mod scheduling;

use crate::decode::FromValue;
use crate::field::FieldError;
use crate::validation::names::{invalid_each, label_key, label_value};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The taint kubelet registers every node with until its critical components are ready.
pub const TAINT_CRITICAL_COMPONENTS_NOT_READY: &str =
    "node.gardener.cloud/critical-components-not-ready";
/// The label marking node-critical DaemonSets (and their pod templates) and pods.
pub const LABEL_CRITICAL_COMPONENT: &str = "node.gardener.cloud/critical-component";
/// Prefix of pod annotations naming a CSI driver that must be registered on the node.
pub const ANNOTATION_PREFIX_WAIT_FOR_CSI_NODE: &str = "node.gardener.cloud/wait-for-csi-node-";
/// The only namespace the controller looks at.
pub const NAMESPACE_KUBE_SYSTEM: &str = "kube-system";
/// Default of `controllers.node.backoff`.
pub const DEFAULT_BACKOFF_SECONDS: i64 = 10;

/// A Kubernetes taint.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Taint {
    pub key: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub value: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub effect: String,
}

/// A Kubernetes pod toleration.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct PodToleration {
    pub key: String,
    pub operator: String,
    pub value: String,
    pub effect: String,
}

/// `metadata` of the objects read here.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Meta {
    pub name: String,
    pub namespace: String,
    pub uid: String,
    pub labels: BTreeMap<String, String>,
    pub annotations: BTreeMap<String, String>,
    pub owner_references: Vec<OwnerReference>,
}

/// `metadata.ownerReferences[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct OwnerReference {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub uid: String,
    pub controller: Option<bool>,
}

/// A Node.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct Node {
    pub metadata: Meta,
    pub spec: NodeSpec,
}

/// `Node.spec`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct NodeSpec {
    pub taints: Vec<Taint>,
}

/// A DaemonSet.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct DaemonSet {
    pub metadata: Meta,
    pub spec: DaemonSetSpec,
}

/// `DaemonSet.spec`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct DaemonSetSpec {
    pub template: PodTemplate,
}

/// `DaemonSet.spec.template`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct PodTemplate {
    pub metadata: Meta,
    pub spec: PodSpec,
}

/// The scheduling-relevant part of a pod spec.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct PodSpec {
    pub node_name: String,
    pub node_selector: BTreeMap<String, String>,
    pub affinity: Option<scheduling::Affinity>,
    pub tolerations: Vec<PodToleration>,
    pub host_network: bool,
}

/// A Pod.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct Pod {
    pub metadata: Meta,
    pub spec: PodSpec,
    pub status: PodStatus,
}

/// `Pod.status`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct PodStatus {
    pub conditions: Vec<PodCondition>,
}

/// `Pod.status.conditions[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct PodCondition {
    #[serde(rename = "type")]
    pub condition_type: String,
    pub status: String,
}

/// A CSINode (`storage.k8s.io/v1`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct CsiNode {
    pub metadata: Meta,
    pub spec: CsiNodeSpec,
}

/// `CSINode.spec`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct CsiNodeSpec {
    pub drivers: Vec<CsiDriver>,
}

/// `CSINode.spec.drivers[]`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct CsiDriver {
    pub name: String,
}

/// The objects of the Shoot cluster the controller reads.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ClusterObjects {
    pub daemon_sets: Vec<DaemonSet>,
    pub pods: Vec<Pod>,
    /// The CSINode of the node; `None` when it does not exist.
    pub csi_node: Option<CsiNode>,
}

/// An event the controller records on the node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct NodeEvent {
    #[serde(rename = "type")]
    pub event_type: String,
    pub reason: String,
    pub message: String,
}

/// The result of one reconciliation of a node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct NodeReadiness {
    /// Whether the controller handles the node at all (it carries the taint).
    pub reconciled: bool,
    /// Whether the taint is removed in this reconciliation.
    pub taint_removed: bool,
    /// The node's taints afterwards (unchanged when the taint stays).
    pub remaining_taints: Vec<Taint>,
    /// Node-critical DaemonSets that should run on the node but have no pod there (`namespace/name`).
    pub unscheduled_daemon_sets: Vec<String>,
    /// Node-critical pods on the node that are not Ready (`namespace/name`).
    pub unready_pods: Vec<String>,
    /// Drivers named by `wait-for-csi-node-*` annotations of the node-critical pods, sorted.
    pub required_drivers: Vec<String>,
    /// Required drivers missing from the CSINode, sorted.
    pub missing_drivers: Vec<String>,
    /// Requeue delay when the taint stays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requeue_after_seconds: Option<i64>,
    /// The events Gardener records (it stops at the first failing check).
    pub events: Vec<NodeEvent>,
}

/// `NodeHasCriticalComponentsNotReadyTaint` (the predicate; the effect does not matter).
pub fn has_critical_components_not_ready_taint(node: &Node) -> bool {
    node.spec
        .taints
        .iter()
        .any(|taint| taint.key == TAINT_CRITICAL_COMPONENTS_NOT_READY)
}

/// One reconciliation of `node` (`Reconcile`) with a requeue backoff of `backoff_seconds`.
///
/// Every list of the result is computed in full, although Gardener itself stops evaluating (and
/// emitting events) at the first failing check; `events` follows Gardener.
pub fn evaluate(node: &Node, objects: &ClusterObjects, backoff_seconds: i64) -> NodeReadiness {
    let mut result = NodeReadiness {
        reconciled: false,
        taint_removed: false,
        remaining_taints: node.spec.taints.clone(),
        unscheduled_daemon_sets: Vec::new(),
        unready_pods: Vec::new(),
        required_drivers: Vec::new(),
        missing_drivers: Vec::new(),
        requeue_after_seconds: None,
        events: Vec::new(),
    };
    if !has_critical_components_not_ready_taint(node) {
        return result;
    }
    result.reconciled = true;

    let critical = |meta: &Meta| {
        meta.namespace == NAMESPACE_KUBE_SYSTEM
            && meta
                .labels
                .get(LABEL_CRITICAL_COMPONENT)
                .map(String::as_str)
                == Some("true")
    };
    let daemon_sets: Vec<&DaemonSet> = objects
        .daemon_sets
        .iter()
        .filter(|ds| critical(&ds.metadata))
        .collect();
    let pods: Vec<&Pod> = objects
        .pods
        .iter()
        .filter(|pod| critical(&pod.metadata) && pod.spec.node_name == node.metadata.name)
        .collect();

    result.unscheduled_daemon_sets = unscheduled_daemon_sets(node, &daemon_sets, &pods);
    result.unready_pods = pods
        .iter()
        .filter(|pod| !is_pod_ready(pod))
        .map(|pod| format!("{}/{}", pod.metadata.namespace, pod.metadata.name))
        .collect();
    let required = required_drivers(&pods);
    let existing: BTreeSet<String> = if required.is_empty() {
        BTreeSet::new()
    } else {
        objects
            .csi_node
            .iter()
            .flat_map(|csi| csi.spec.drivers.iter().map(|d| d.name.clone()))
            .collect()
    };
    result.missing_drivers = required.difference(&existing).cloned().collect();
    result.required_drivers = required.into_iter().collect();

    let warning = |reason: &str, message: String| NodeEvent {
        event_type: "Warning".to_string(),
        reason: reason.to_string(),
        message,
    };
    if !result.unscheduled_daemon_sets.is_empty() {
        result.events.push(warning(
            "UnscheduledNodeCriticalDaemonSets",
            format!(
                "Node-critical DaemonSets found that were not scheduled to Node yet: {}",
                result.unscheduled_daemon_sets.join(", ")
            ),
        ));
    } else if !result.unready_pods.is_empty() {
        result.events.push(warning(
            "UnreadyNodeCriticalPods",
            format!(
                "Unready node-critical Pods found on Node: {}",
                result.unready_pods.join(", ")
            ),
        ));
    } else if !result.missing_drivers.is_empty() {
        result.events.push(warning(
            "UnreadyRequiredCSIDrivers",
            format!(
                "Unready required CSI drivers for Node: [{}]",
                result.missing_drivers.join(" ")
            ),
        ));
    }
    if !result.events.is_empty() {
        result.requeue_after_seconds = Some(backoff_seconds);
        return result;
    }

    result.events.push(NodeEvent {
        event_type: "Normal".to_string(),
        reason: "NodeCriticalComponentsReady".to_string(),
        message: "All node-critical components got ready, removing taint".to_string(),
    });
    result.taint_removed = true;
    result
        .remaining_taints
        .retain(|taint| taint.key != TAINT_CRITICAL_COMPONENTS_NOT_READY);
    result
}

/// `AllNodeCriticalDaemonPodsAreScheduled`: node-critical DaemonSets whose pod template is labelled
/// critical too and that should run on the node, but that control no pod on it (matched by the UID of
/// the pod's controlling DaemonSet owner reference).
fn unscheduled_daemon_sets(node: &Node, daemon_sets: &[&DaemonSet], pods: &[&Pod]) -> Vec<String> {
    let scheduled: BTreeSet<&str> = pods
        .iter()
        .filter_map(|pod| {
            pod.metadata
                .owner_references
                .iter()
                .find(|owner| owner.controller == Some(true))
        })
        .filter(|owner| owner.kind == "DaemonSet" && owner.api_version == "apps/v1")
        .map(|owner| owner.uid.as_str())
        .collect();
    daemon_sets
        .iter()
        .filter(|ds| {
            ds.spec
                .template
                .metadata
                .labels
                .get(LABEL_CRITICAL_COMPONENT)
                .map(String::as_str)
                == Some("true")
        })
        .filter(|ds| scheduling::node_should_run_daemon_pod(node, ds))
        .filter(|ds| !scheduled.contains(ds.metadata.uid.as_str()))
        .map(|ds| format!("{}/{}", ds.metadata.namespace, ds.metadata.name))
        .collect()
}

/// `health.IsPodReady`: condition `Ready` with status `True`.
fn is_pod_ready(pod: &Pod) -> bool {
    pod.status
        .conditions
        .iter()
        .find(|c| c.condition_type == "Ready")
        .is_some_and(|c| c.status == "True")
}

/// `GetRequiredDrivers`: the values of all `wait-for-csi-node-*` annotations (each driver once).
fn required_drivers(pods: &[&Pod]) -> BTreeSet<String> {
    pods.iter()
        .flat_map(|pod| pod.metadata.annotations.iter())
        .filter(|(key, _)| key.starts_with(ANNOTATION_PREFIX_WAIT_FOR_CSI_NODE))
        .map(|(_, value)| value.clone())
        .collect()
}

/// A worker pool's taints as the Shoot validation sees them.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct WorkerTaints {
    pub name: String,
    pub taints: Vec<Taint>,
}

/// The taint rules of the Shoot validation for every worker pool (`validateTaints` on
/// `spec.provider.workers[i].taints`).
pub fn validate_worker_taints(workers: &[WorkerTaints]) -> Vec<FieldError> {
    workers
        .iter()
        .enumerate()
        .flat_map(|(i, worker)| {
            validate_taints(
                &worker.taints,
                &format!("spec.provider.workers[{i}].taints"),
            )
        })
        .collect()
}

/// The taint lists of a Shoot's `spec.kubernetes.clusterAutoscaler`; a list given empty is still
/// given (Go tells a nil slice from an empty one).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ClusterAutoscalerTaints {
    pub startup_taints: Option<Vec<String>>,
    pub status_taints: Option<Vec<String>>,
    pub ignore_taints: Option<Vec<String>>,
}

/// The taint rules of `ValidateClusterAutoscaler` for a Shoot of `kubernetes_version`: each list
/// only where that version supports it, each key a label name, not the reserved
/// critical-components key, and given once.
pub fn validate_cluster_autoscaler_taints(
    autoscaler: &ClusterAutoscalerTaints,
    kubernetes_version: &str,
) -> Vec<FieldError> {
    let path = crate::field::Path::new("spec.kubernetes.clusterAutoscaler");
    // The option's name as the Go field spells it, which the version error uses as a path step.
    let lists = [
        (
            &autoscaler.startup_taints,
            "startupTaints",
            "StartupTaints",
            Some("1.29"),
            None,
        ),
        (
            &autoscaler.status_taints,
            "statusTaints",
            "StatusTaints",
            Some("1.29"),
            None,
        ),
        (
            &autoscaler.ignore_taints,
            "ignoreTaints",
            "IgnoreTaints",
            Some("1.14"),
            Some("1.32"),
        ),
    ];
    let mut errors = Vec::new();
    for (taints, field, option, added, removed) in lists {
        let Some(taints) = taints else { continue };
        let list_path = path.child(field);
        match crate::version::range_contains(kubernetes_version, added, removed) {
            Err(error) => errors.push(FieldError::invalid(
                list_path.child(option),
                error.masterminds_message(),
            )),
            Ok(false) => errors.push(FieldError::forbidden(
                list_path.child(option),
                format!("not supported in Kubernetes version {kubernetes_version}"),
            )),
            Ok(true) => {}
        }
        let mut seen = BTreeSet::new();
        for (i, taint) in taints.iter().enumerate() {
            let item = list_path.index(i);
            invalid_each(&item.to_string(), label_key(taint), &mut errors);
            if taint == TAINT_CRITICAL_COMPONENTS_NOT_READY {
                errors.push(FieldError::forbidden(
                    item,
                    "taint key is reserved by gardener",
                ));
            }
            if !seen.insert(taint.as_str()) {
                errors.push(FieldError::duplicate(item));
            }
        }
    }
    errors
}

/// `validateTaints`: keys are label names and must not be the reserved critical-components key
/// (`Forbidden`, `taint key is reserved by gardener`), values are label values, the effect is required
/// and one of `NoSchedule`, `PreferNoSchedule`, `NoExecute`, and taints are unique per key and effect.
pub fn validate_taints(taints: &[Taint], path: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for (i, taint) in taints.iter().enumerate() {
        let item = format!("{path}[{i}]");
        invalid_each(&format!("{item}.key"), label_key(&taint.key), &mut errors);
        if taint.key == TAINT_CRITICAL_COMPONENTS_NOT_READY {
            errors.push(FieldError::forbidden(
                format!("{item}.key"),
                "taint key is reserved by gardener",
            ));
        }
        let value_errors = label_value(&taint.value);
        if !value_errors.is_empty() {
            errors.push(FieldError::invalid(
                format!("{item}.value"),
                value_errors.join(";"),
            ));
        }
        match taint.effect.as_str() {
            "" => errors.push(FieldError::required(format!("{item}.effect"), "")),
            "NoSchedule" | "PreferNoSchedule" | "NoExecute" => {}
            _ => errors.push(FieldError::not_supported(
                format!("{item}.effect"),
                &["NoSchedule", "PreferNoSchedule", "NoExecute"],
            )),
        }
        if !seen.insert((taint.effect.as_str(), taint.key.as_str())) {
            errors.push(FieldError::new(
                crate::field::ErrorType::FieldValueDuplicate,
                item,
                "taints must be unique by key and effect pair",
            ));
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn node() -> Node {
        serde_json::from_value(json!({"metadata": {"name": "n", "labels": {"pool": "a"}},
            "spec": {"taints": [{"key": TAINT_CRITICAL_COMPONENTS_NOT_READY, "effect": "NoExecute"}]}}))
        .unwrap_or_default()
    }

    fn daemon_set(template_spec: serde_json::Value) -> ClusterObjects {
        serde_json::from_value(json!({"daemonSets": [{"metadata": {"name": "d", "namespace": NAMESPACE_KUBE_SYSTEM,
            "uid": "u", "labels": {LABEL_CRITICAL_COMPONENT: "true"}},
            "spec": {"template": {"metadata": {"labels": {LABEL_CRITICAL_COMPONENT: "true"}}, "spec": template_spec}}}]}))
        .unwrap_or_default()
    }

    #[test]
    fn cluster_autoscaler_taint_lists_are_checked_against_the_version_and_each_other() {
        let lists =
            |ignore: Option<Vec<&str>>, startup: Option<Vec<&str>>| ClusterAutoscalerTaints {
                ignore_taints: ignore.map(|l| l.into_iter().map(str::to_string).collect()),
                startup_taints: startup.map(|l| l.into_iter().map(str::to_string).collect()),
                status_taints: None,
            };
        let rendered = |autoscaler: &ClusterAutoscalerTaints, version: &str| -> Vec<String> {
            (validate_cluster_autoscaler_taints(autoscaler, version).iter())
                .map(ToString::to_string)
                .collect()
        };
        assert!(rendered(&lists(Some(vec!["a", "b"]), None), "1.31.4").is_empty());
        // An empty list is a list: it is still checked against the version.
        assert_eq!(
            rendered(&lists(Some(vec![]), None), "v1.32.0"),
            ["spec.kubernetes.clusterAutoscaler.ignoreTaints.IgnoreTaints [FieldValueForbidden]: not supported in Kubernetes version v1.32.0"]
        );
        assert_eq!(
            rendered(&lists(None, Some(vec!["a", "a"])), "1.28.9"),
            [
                "spec.kubernetes.clusterAutoscaler.startupTaints.StartupTaints [FieldValueForbidden]: not supported in Kubernetes version 1.28.9",
                "spec.kubernetes.clusterAutoscaler.startupTaints[1] [FieldValueDuplicate]: ",
            ]
        );
        assert_eq!(
            rendered(&lists(None, Some(vec![])), "1.x"),
            ["spec.kubernetes.clusterAutoscaler.startupTaints.StartupTaints [FieldValueInvalid]: invalid semantic version"]
        );
    }

    #[test]
    fn daemon_set_for_other_nodes_is_not_waited_for() {
        let tolerating = json!([{"operator": "Exists"}]);
        let elsewhere =
            daemon_set(json!({"tolerations": tolerating, "nodeSelector": {"pool": "b"}}));
        assert!(evaluate(&node(), &elsewhere, 10).taint_removed);
        let here = daemon_set(
            json!({"tolerations": tolerating, "affinity": {"nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                {"matchExpressions": [{"key": "pool", "operator": "In", "values": ["a"]}]}]}}}}),
        );
        let result = evaluate(&node(), &here, 10);
        assert!(!result.taint_removed);
        assert_eq!(result.unscheduled_daemon_sets, ["kube-system/d"]);
        assert_eq!(result.requeue_after_seconds, Some(10));
        assert_eq!(result.events[0].reason, "UnscheduledNodeCriticalDaemonSets");
    }

    #[test]
    fn taints_unique_per_key_and_effect() {
        let taints: Vec<Taint> = serde_json::from_value(json!([
            {"key": "a", "effect": "NoSchedule"}, {"key": "a", "effect": "NoExecute"},
            {"key": "a", "effect": "NoSchedule"}, {"key": "b"}]))
        .unwrap_or_default();
        let errors = validate_taints(&taints, "t");
        let fields: Vec<String> = errors
            .iter()
            .map(|e| format!("{} {}", e.field, e.error_type.as_str()))
            .collect();
        assert_eq!(
            fields,
            ["t[2] FieldValueDuplicate", "t[3].effect FieldValueRequired"]
        );
    }
}
