//! Whether a DaemonSet should run a pod on a node: the subset of the Kubernetes DaemonSet controller that
//! Gardener vendors (`criticalcomponents/helper/daemon_controller.go`: `NodeShouldRunDaemonPod`,
//! `predicates`, `AddOrUpdateDaemonPodTolerations`) together with the Kubernetes helpers it calls
//! (`nodeaffinity.GetRequiredNodeAffinity(...).Match`, `FindMatchingUntoleratedTaint`,
//! `Toleration.ToleratesTaint`).

use super::{DaemonSet, Node, PodToleration, Taint};
use crate::decode::FromValue;
use serde::Deserialize;
use std::collections::BTreeMap;

/// `pod.spec.affinity`, only the node affinity's required part is read.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Affinity {
    pub node_affinity: Option<NodeAffinity>,
}

/// `affinity.nodeAffinity`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NodeAffinity {
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
}

/// A `NodeSelector`: the node must match at least one term.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NodeSelector {
    pub node_selector_terms: Vec<NodeSelectorTerm>,
}

/// A `NodeSelectorTerm`: all expressions and field expressions must match.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NodeSelectorTerm {
    pub match_expressions: Vec<NodeSelectorRequirement>,
    pub match_fields: Vec<NodeSelectorRequirement>,
}

/// A `NodeSelectorRequirement`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct NodeSelectorRequirement {
    pub key: String,
    pub operator: String,
    pub values: Vec<String>,
}

/// The tolerations the DaemonSet controller adds to every daemon pod (`AddOrUpdateDaemonPodTolerations`).
const DAEMON_TOLERATIONS: &[(&str, &str)] = &[
    ("node.kubernetes.io/not-ready", "NoExecute"),
    ("node.kubernetes.io/unreachable", "NoExecute"),
    ("node.kubernetes.io/disk-pressure", "NoSchedule"),
    ("node.kubernetes.io/memory-pressure", "NoSchedule"),
    ("node.kubernetes.io/pid-pressure", "NoSchedule"),
    ("node.kubernetes.io/unschedulable", "NoSchedule"),
];
const NETWORK_UNAVAILABLE: &str = "node.kubernetes.io/network-unavailable";

/// `NodeShouldRunDaemonPod` (first result): the template's node name (if any) is the node, its node
/// selector and required node affinity match, and every `NoSchedule`/`NoExecute` taint is tolerated by
/// the template's tolerations plus the standard daemon tolerations.
pub fn node_should_run_daemon_pod(node: &Node, daemon_set: &DaemonSet) -> bool {
    let spec = &daemon_set.spec.template.spec;
    if !spec.node_name.is_empty() && spec.node_name != node.metadata.name {
        return false;
    }
    let mut tolerations = spec.tolerations.clone();
    let mut standard: Vec<(&str, &str)> = DAEMON_TOLERATIONS.to_vec();
    if spec.host_network {
        standard.push((NETWORK_UNAVAILABLE, "NoSchedule"));
    }
    tolerations.extend(standard.into_iter().map(|(key, effect)| PodToleration {
        key: key.to_string(),
        operator: "Exists".to_string(),
        value: String::new(),
        effect: effect.to_string(),
    }));

    let fits_affinity = matches_node_selector_map(&spec.node_selector, &node.metadata.labels)
        && spec
            .affinity
            .as_ref()
            .and_then(|a| a.node_affinity.as_ref())
            .and_then(|a| {
                a.required_during_scheduling_ignored_during_execution
                    .as_ref()
            })
            .is_none_or(|selector| matches_node_selector(selector, node));
    let fits_taints = node
        .spec
        .taints
        .iter()
        .filter(|taint| taint.effect == "NoSchedule" || taint.effect == "NoExecute")
        .all(|taint| tolerations.iter().any(|t| tolerates(t, taint)));
    fits_affinity && fits_taints
}

/// `Toleration.ToleratesTaint` (comparison operators disabled).
fn tolerates(toleration: &PodToleration, taint: &Taint) -> bool {
    if !toleration.effect.is_empty() && toleration.effect != taint.effect {
        return false;
    }
    if !toleration.key.is_empty() && toleration.key != taint.key {
        return false;
    }
    match toleration.operator.as_str() {
        "" | "Equal" => toleration.value == taint.value,
        "Exists" => true,
        _ => false,
    }
}

fn matches_node_selector_map(
    selector: &BTreeMap<String, String>,
    labels: &BTreeMap<String, String>,
) -> bool {
    selector
        .iter()
        .all(|(key, value)| labels.get(key) == Some(value))
}

/// A required node selector matches if any term matches; a term without requirements matches nothing.
fn matches_node_selector(selector: &NodeSelector, node: &Node) -> bool {
    selector.node_selector_terms.iter().any(|term| {
        if term.match_expressions.is_empty() && term.match_fields.is_empty() {
            return false;
        }
        term.match_expressions
            .iter()
            .all(|r| requirement_matches(r, node.metadata.labels.get(&r.key).map(String::as_str)))
            && term.match_fields.iter().all(|r| {
                r.key == "metadata.name"
                    && matches!(r.operator.as_str(), "In" | "NotIn")
                    && r.values.len() == 1
                    && requirement_matches(r, Some(node.metadata.name.as_str()))
            })
    })
}

fn requirement_matches(requirement: &NodeSelectorRequirement, value: Option<&str>) -> bool {
    let values = &requirement.values;
    match requirement.operator.as_str() {
        "In" => value.is_some_and(|v| values.iter().any(|x| x == v)),
        "NotIn" => value.is_none_or(|v| !values.iter().any(|x| x == v)),
        "Exists" => value.is_some(),
        "DoesNotExist" => value.is_none(),
        "Gt" | "Lt" => {
            let (Some(actual), [limit]) = (value, values.as_slice()) else {
                return false;
            };
            match (actual.parse::<i64>(), limit.parse::<i64>()) {
                (Ok(actual), Ok(limit)) if requirement.operator == "Gt" => actual > limit,
                (Ok(actual), Ok(limit)) => actual < limit,
                _ => false,
            }
        }
        _ => false,
    }
}
