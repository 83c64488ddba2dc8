//! Deletion cleanup of a Shoot cluster's resources.
//!
//! Follows `pkg/gardenlet/operation/botanist/cleanup.go` (`CleanWebhooks`, `CleanExtendedAPIs`,
//! `CleanKubernetesResources`, `getCleanOptions`, `addAdditionalCleanOptionsForKubernetesCleanup`, the
//! label selectors), the task order and skip conditions of
//! `pkg/gardenlet/controller/shoot/shoot/reconciler_delete.go`, and the cleaner of
//! `pkg/utils/kubernetes/client/client.go` (`doClean`, `triggerVolumeSnapshotDeletion`,
//! `ensureCollectionGone`) with the leftover filters of `options.go`.
//!
//! [`plan`] derives the steps, their resources, grace periods and finalization delays from the Shoot's
//! annotations; [`select_objects`] applies one cleaning pass of that plan to a set of objects of the
//! Shoot cluster.

use crate::decode::FromValue;
use crate::golang::quote as go_quote;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Annotation overriding the finalization delay (and grace period) of the webhook step.
pub const ANNOTATION_WEBHOOKS: &str =
    "shoot.gardener.cloud/cleanup-webhooks-finalize-grace-period-seconds";
/// Annotation overriding the finalization delay (and grace period) of the extended-APIs step.
pub const ANNOTATION_EXTENDED_APIS: &str =
    "shoot.gardener.cloud/cleanup-extended-apis-finalize-grace-period-seconds";
/// Annotation overriding the finalization delay (and grace period) of the Kubernetes-resources step and
/// of the volume snapshots cleaned with it.
pub const ANNOTATION_KUBERNETES_RESOURCES: &str =
    "shoot.gardener.cloud/cleanup-kubernetes-resources-finalize-grace-period-seconds";
/// Annotation whose presence (any value) reduces the cleanup to Services, PVCs and volume snapshots.
pub const ANNOTATION_SKIP_CLEANUP: &str = "shoot.gardener.cloud/skip-cleanup";
/// Error code of a cleanup pass that found objects still present.
pub const ERROR_CLEANUP_CLUSTER_RESOURCES: &str = "ERR_CLEANUP_CLUSTER_RESOURCES";

const LABEL_GARDEN_ROLE: &str = "gardener.cloud/role";
const ROLE_SYSTEM_COMPONENT: &str = "system-component";
const LABEL_NO_CLEANUP: &str = "shoot.gardener.cloud/no-cleanup";
const LABEL_PROVIDER: &str = "provider";
const LABEL_KUBE_AGGREGATOR_AUTOMANAGED: &str = "kube-aggregator.kubernetes.io/automanaged";
const ANNOTATION_SNAPSHOT_BEING_DELETED: &str =
    "snapshot.storage.kubernetes.io/volumesnapshot-being-deleted";
const ANNOTATION_SNAPSHOT_BEING_CREATED: &str =
    "snapshot.storage.kubernetes.io/volumesnapshot-being-created";

const FIVE_MINUTES: i64 = 5 * 60;
const ONE_HOUR: i64 = 60 * 60;

const KUBERNETES_RESOURCE_KINDS: &[&str] = &[
    "CronJob",
    "DaemonSet",
    "Deployment",
    "Ingress",
    "Job",
    "Pod",
    "ReplicaSet",
    "ReplicationController",
    "Service",
    "StatefulSet",
    "PersistentVolumeClaim",
];
const SNAPSHOT_KINDS: &[&str] = &["VolumeSnapshot", "VolumeSnapshotContent"];

/// The cleanup steps, in flow order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum StepName {
    /// `CleanWebhooks`.
    Webhooks,
    /// `CleanExtendedAPIs`.
    ExtendedApis,
    /// `CleanKubernetesResources` (workloads, Services, PVCs).
    KubernetesResources,
    /// The volume snapshots cleaned in parallel inside `CleanKubernetesResources`.
    VolumeSnapshots,
}

/// One step of the plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CleanupStep {
    pub name: StepName,
    /// Position in the deletion flow; steps with equal order run concurrently inside one flow task.
    pub order: u8,
    pub skipped: bool,
    /// The kinds the step deletes, in Gardener's order.
    pub resources: Vec<String>,
    /// `gracePeriodSeconds` of the DELETE calls (absent for a skipped step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delete_grace_period_seconds: Option<i64>,
    /// Finalizers are removed once `deletionTimestamp + this` is strictly before now (absent for a
    /// skipped step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finalize_after_seconds: Option<i64>,
    /// Whether objects left in vanished namespaces or created after the cleanup start (plus the
    /// leftover allowance) are ignored when checking that everything is gone.
    pub ignores_leftovers: bool,
    /// Whether VolumeSnapshotContents past their grace period are annotated
    /// `snapshot.storage.kubernetes.io/volumesnapshot-being-deleted=yes` (`volumeSnapshotContentCleaner`).
    pub marks_snapshot_contents_being_deleted: bool,
}

/// The cleanup plan of a Shoot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct CleanupPlan {
    /// The steps that could be planned (all four unless a step fails).
    pub steps: Vec<CleanupStep>,
    /// Objects created later than cleanup start plus this many seconds no longer block completion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignore_leftovers_created_after_seconds: Option<i64>,
    /// The error of the failing step (an unparsable annotation value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing_step: Option<StepName>,
}

/// The annotations of an object as the cleanup reads them: every key counts, whatever its value.
///
/// Gardener tests the skip-cleanup annotation with `metav1.HasAnnotation`, so a key written with an
/// empty (`null`) value or an unquoted scalar is still present; such values read as their text.
pub fn annotations_of(object: &crate::document::Value) -> BTreeMap<String, String> {
    crate::api::written_annotations(object)
}

/// Plans the cleanup from the Shoot's annotations.
///
/// Each override annotation must be a Go `strconv.Atoi` integer (otherwise the step fails with that
/// error and later steps do not run); it applies only when below the step's default finalization delay,
/// and then sets finalize = value and grace = `trunc(value × factor)` with factors 1 (webhooks),
/// 0.1 (extended APIs), 1 (Kubernetes resources) and 0.5 (volume snapshots, default delay one hour).
/// `shoot.gardener.cloud/skip-cleanup` skips the extended-APIs step and reduces the Kubernetes-resources
/// step to Services and PVCs; the volume snapshots are still cleaned, but with the Kubernetes-resources
/// options.
pub fn plan(annotations: &BTreeMap<String, String>) -> CleanupPlan {
    let skip_cleanup = annotations.contains_key(ANNOTATION_SKIP_CLEANUP);
    let mut steps = Vec::new();
    let fail = |steps: Vec<CleanupStep>, step: StepName, error: String| CleanupPlan {
        steps,
        ignore_leftovers_created_after_seconds: None,
        error: Some(error),
        failing_step: Some(step),
    };

    let webhooks = match clean_options(annotations, ANNOTATION_WEBHOOKS, FIVE_MINUTES, 1.0) {
        Ok(options) => options,
        Err(error) => return fail(steps, StepName::Webhooks, error),
    };
    steps.push(step(
        StepName::Webhooks,
        1,
        &[
            "MutatingWebhookConfiguration",
            "ValidatingWebhookConfiguration",
        ],
        Some(webhooks),
        false,
    ));

    let extended_resources = &["APIService", "CustomResourceDefinition"];
    if skip_cleanup {
        steps.push(step(
            StepName::ExtendedApis,
            2,
            extended_resources,
            None,
            false,
        ));
    } else {
        match clean_options(annotations, ANNOTATION_EXTENDED_APIS, ONE_HOUR, 0.1) {
            Ok(options) => steps.push(step(
                StepName::ExtendedApis,
                2,
                extended_resources,
                Some(options),
                false,
            )),
            Err(error) => return fail(steps, StepName::ExtendedApis, error),
        }
    }

    let kubernetes = match clean_options(
        annotations,
        ANNOTATION_KUBERNETES_RESOURCES,
        FIVE_MINUTES,
        1.0,
    ) {
        Ok(options) => options,
        Err(error) => return fail(steps, StepName::KubernetesResources, error),
    };
    // The leftover allowance takes the raw annotation value, even when it is not below the default.
    let leftover_allowance = match annotations.get(ANNOTATION_KUBERNETES_RESOURCES) {
        Some(value) => match go_atoi(value) {
            Ok(seconds) => seconds,
            Err(error) => return fail(steps, StepName::KubernetesResources, error),
        },
        None => FIVE_MINUTES,
    };
    let snapshots = match clean_options(annotations, ANNOTATION_KUBERNETES_RESOURCES, ONE_HOUR, 0.5)
    {
        Ok(options) => options,
        Err(error) => return fail(steps, StepName::KubernetesResources, error),
    };
    if skip_cleanup {
        // Only Services and PVCs remain of the workload kinds; the snapshots are still cleaned, but with
        // the Kubernetes-resources options (leftover rules included) and without the special
        // VolumeSnapshotContent cleaner.
        let same_as_kubernetes = CleanOptions {
            grace: kubernetes.grace,
            finalize_after: kubernetes.finalize_after,
        };
        steps.push(step(
            StepName::KubernetesResources,
            3,
            &["Service", "PersistentVolumeClaim"],
            Some(kubernetes),
            true,
        ));
        steps.push(step(
            StepName::VolumeSnapshots,
            3,
            SNAPSHOT_KINDS,
            Some(same_as_kubernetes),
            true,
        ));
    } else {
        steps.push(step(
            StepName::KubernetesResources,
            3,
            KUBERNETES_RESOURCE_KINDS,
            Some(kubernetes),
            true,
        ));
        let mut snapshot_step = step(
            StepName::VolumeSnapshots,
            3,
            SNAPSHOT_KINDS,
            Some(snapshots),
            false,
        );
        snapshot_step.marks_snapshot_contents_being_deleted = true;
        steps.push(snapshot_step);
    }

    CleanupPlan {
        steps,
        ignore_leftovers_created_after_seconds: Some(leftover_allowance),
        error: None,
        failing_step: None,
    }
}

/// An object of the Shoot cluster, reduced to what the cleaner reads.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CleanupObject {
    pub api_version: String,
    pub kind: String,
    pub metadata: CleanupObjectMeta,
}

/// `metadata` of a [`CleanupObject`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CleanupObjectMeta {
    pub name: String,
    pub namespace: String,
    pub labels: BTreeMap<String, String>,
    pub annotations: BTreeMap<String, String>,
    pub creation_timestamp: Option<DateTime<Utc>>,
    pub deletion_timestamp: Option<DateTime<Utc>>,
    pub finalizers: Vec<String>,
}

impl CleanupObject {
    /// `<Kind>/<namespace>/<name>`, or `<Kind>/<name>` for cluster-scoped objects.
    pub fn id(&self) -> String {
        if self.metadata.namespace.is_empty() {
            format!("{}/{}", self.kind, self.metadata.name)
        } else {
            format!(
                "{}/{}/{}",
                self.kind, self.metadata.namespace, self.metadata.name
            )
        }
    }
}

/// What one cleaning pass does to the given objects. Object ids are `<Kind>/<namespace>/<name>`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct ObjectSelection {
    /// Objects the pass sends a DELETE for (selected, not yet being deleted).
    pub deleted: Vec<String>,
    /// Objects the cleanup leaves alone (kind not cleaned, or excluded by label).
    pub kept: Vec<String>,
    /// Objects being deleted whose finalizers are removed in this pass.
    pub finalized_now: Vec<String>,
    /// Objects being deleted whose finalization delay has not passed (or that have no finalizers).
    pub not_yet_finalized: Vec<String>,
    /// VolumeSnapshotContents annotated `volumesnapshot-being-deleted=yes` in this pass.
    pub marked_snapshot_being_deleted: Vec<String>,
    /// Objects still present that no longer block completion.
    pub ignored_leftovers: Vec<String>,
    /// Objects still present that block completion.
    pub remaining: Vec<String>,
    /// `ERR_CLEANUP_CLUSTER_RESOURCES` when objects remain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<String>,
    /// Gardener's messages for the kinds with remaining objects (`remaining objects are still present: [...]`).
    pub errors: Vec<String>,
}

/// Applies one pass of `plan` to `objects` at `now`.
///
/// `cleanup_start` is the instant recorded in the seed namespace on the first Kubernetes-resources run
/// (`now` when absent); `existing_namespaces`, when given, are the namespaces of the Shoot cluster —
/// leftovers in other namespaces are ignored. Objects that are finalized in this pass are gone
/// afterwards; every other selected object is still present when completion is checked.
pub fn select_objects(
    plan: &CleanupPlan,
    objects: &[CleanupObject],
    now: DateTime<Utc>,
    cleanup_start: Option<DateTime<Utc>>,
    existing_namespaces: Option<&[String]>,
) -> ObjectSelection {
    let mut selection = ObjectSelection::default();
    let cleanup_start = cleanup_start.unwrap_or(now);
    let leftover_deadline = plan
        .ignore_leftovers_created_after_seconds
        .map(|seconds| cleanup_start + go_seconds(seconds));
    let namespaces: Option<BTreeSet<&str>> =
        existing_namespaces.map(|list| list.iter().map(String::as_str).collect());
    // Per kind list: (apiVersion, kind) -> (blocking?, all present objects).
    let mut lists: BTreeMap<String, (bool, Vec<&CleanupObject>)> = BTreeMap::new();

    for object in objects {
        let id = object.id();
        let step = plan
            .steps
            .iter()
            .find(|s| !s.skipped && s.resources.iter().any(|kind| kind == &object.kind));
        let Some(step) = step.filter(|_| is_selected(object)) else {
            selection.kept.push(id);
            continue;
        };
        let grace = step.delete_grace_period_seconds.unwrap_or(0);
        let finalize_after = step.finalize_after_seconds.unwrap_or(0);
        let mut gone = false;
        match object.metadata.deletion_timestamp {
            None => selection.deleted.push(id.clone()),
            Some(deleted_at) => {
                if deleted_at + go_seconds(finalize_after) < now
                    && !object.metadata.finalizers.is_empty()
                {
                    selection.finalized_now.push(id.clone());
                    gone = true;
                } else {
                    selection.not_yet_finalized.push(id.clone());
                }
                // The marking cleaner lists the contents after the finalizing one: a content
                // finalized in this pass is gone by then.
                if object.kind == "VolumeSnapshotContent"
                    && !gone
                    && step.marks_snapshot_contents_being_deleted
                    && deleted_at + go_seconds(grace) < now
                {
                    let annotations = &object.metadata.annotations;
                    let being_deleted = annotations.contains_key(ANNOTATION_SNAPSHOT_BEING_DELETED);
                    let being_created = annotations.contains_key(ANNOTATION_SNAPSHOT_BEING_CREATED);
                    if !being_deleted || being_created {
                        selection.marked_snapshot_being_deleted.push(id.clone());
                    }
                }
            }
        }
        if gone {
            continue;
        }
        let ignored = step.ignores_leftovers
            && (in_unknown_namespace(object, namespaces.as_ref())
                || created_after(object, leftover_deadline));
        if ignored {
            selection.ignored_leftovers.push(id);
        } else {
            selection.remaining.push(id);
        }
        let entry = lists
            .entry(format!(
                "{}, Kind={}",
                group_version_display(&object.api_version),
                object.kind
            ))
            .or_insert((false, Vec::new()));
        entry.0 |= !ignored;
        entry.1.push(object);
    }

    for (gvk, (blocking, mut present)) in lists {
        if blocking {
            // The API server lists a kind by namespace, then name.
            present.sort_by(|a, b| {
                (&a.metadata.namespace, &a.metadata.name)
                    .cmp(&(&b.metadata.namespace, &b.metadata.name))
            });
            let listed: Vec<String> = present
                .iter()
                .map(|o| format!("{gvk} {}", object_key(o)))
                .collect();
            selection.errors.push(format!(
                "remaining objects are still present: [{}]",
                listed.join(" ")
            ));
        }
    }
    if !selection.remaining.is_empty() {
        selection.error_code = Some(ERROR_CLEANUP_CLUSTER_RESOURCES.to_string());
    }
    selection
}

/// The label selectors of the cleanup: system components and objects labelled
/// `shoot.gardener.cloud/no-cleanup=true` are excluded, Services additionally exclude
/// `provider=kubernetes`, and APIServices exclude kube-aggregator-managed ones but ignore the no-cleanup
/// label.
fn is_selected(object: &CleanupObject) -> bool {
    let labels = &object.metadata.labels;
    let not_equal = |key: &str, value: &str| labels.get(key).map(String::as_str) != Some(value);
    let not_system_component = not_equal(LABEL_GARDEN_ROLE, ROLE_SYSTEM_COMPONENT);
    match object.kind.as_str() {
        "APIService" => {
            not_system_component && !labels.contains_key(LABEL_KUBE_AGGREGATOR_AUTOMANAGED)
        }
        "Service" => {
            not_equal(LABEL_PROVIDER, "kubernetes")
                && not_system_component
                && not_equal(LABEL_NO_CLEANUP, "true")
        }
        _ => not_system_component && not_equal(LABEL_NO_CLEANUP, "true"),
    }
}

/// `time.Duration(seconds) * time.Second` as Go computes it: the nanoseconds wrap around on
/// overflow (an annotation may say anything `strconv.Atoi` reads), where chrono would panic.
fn go_seconds(seconds: i64) -> Duration {
    Duration::nanoseconds(seconds.wrapping_mul(1_000_000_000))
}

fn in_unknown_namespace(object: &CleanupObject, namespaces: Option<&BTreeSet<&str>>) -> bool {
    let namespace = object.metadata.namespace.as_str();
    match namespaces {
        Some(known) => !namespace.is_empty() && !known.contains(namespace),
        None => false,
    }
}

fn created_after(object: &CleanupObject, deadline: Option<DateTime<Utc>>) -> bool {
    match (object.metadata.creation_timestamp, deadline) {
        (Some(created), Some(deadline)) => created > deadline,
        _ => false,
    }
}

/// `schema.GroupVersion` as printed inside a GVK string (`apps/v1`, or `/v1` for the core group).
fn group_version_display(api_version: &str) -> String {
    if api_version.contains('/') {
        api_version.to_string()
    } else {
        format!("/{api_version}")
    }
}

/// `client.ObjectKey` as Go prints it: `namespace/name`, `/name` without a namespace.
fn object_key(object: &CleanupObject) -> String {
    format!("{}/{}", object.metadata.namespace, object.metadata.name)
}

struct CleanOptions {
    grace: i64,
    finalize_after: i64,
}

fn step(
    name: StepName,
    order: u8,
    resources: &[&str],
    options: Option<CleanOptions>,
    ignores_leftovers: bool,
) -> CleanupStep {
    CleanupStep {
        name,
        order,
        skipped: options.is_none(),
        resources: resources.iter().map(|r| r.to_string()).collect(),
        delete_grace_period_seconds: options.as_ref().map(|o| o.grace),
        finalize_after_seconds: options.as_ref().map(|o| o.finalize_after),
        ignores_leftovers: ignores_leftovers && options.is_some(),
        marks_snapshot_contents_being_deleted: false,
    }
}

/// `getCleanOptions`.
fn clean_options(
    annotations: &BTreeMap<String, String>,
    key: &str,
    default_finalize: i64,
    grace_factor: f64,
) -> Result<CleanOptions, String> {
    let mut options = CleanOptions {
        grace: FIVE_MINUTES,
        finalize_after: default_finalize,
    };
    if let Some(value) = annotations.get(key) {
        let seconds = go_atoi(value)?;
        if seconds < default_finalize {
            // Go's int(float64(seconds) * factor) truncates toward zero.
            options.grace = (seconds as f64 * grace_factor).trunc() as i64;
            options.finalize_after = seconds;
        }
    }
    Ok(options)
}

/// Go's `strconv.Atoi` on a 64-bit platform, with its error texts.
pub fn go_atoi(text: &str) -> Result<i64, String> {
    let syntax = || format!("strconv.Atoi: parsing {}: invalid syntax", go_quote(text));
    let range = || {
        format!(
            "strconv.Atoi: parsing {}: value out of range",
            go_quote(text)
        )
    };
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return Err(syntax());
    }
    let mut magnitude: u64 = 0;
    for byte in digits.bytes() {
        if !byte.is_ascii_digit() {
            return Err(syntax());
        }
        magnitude = match magnitude
            .checked_mul(10)
            .and_then(|m| m.checked_add(u64::from(byte - b'0')))
        {
            Some(m) => m,
            None => return Err(range()),
        };
    }
    if negative {
        if magnitude > i64::MAX as u64 + 1 {
            return Err(range());
        }
        Ok((magnitude as i128).wrapping_neg() as i64)
    } else {
        i64::try_from(magnitude).map_err(|_| range())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn annotations(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn every_annotation_key_counts_whatever_its_value() {
        let object = serde_json::json!({"metadata": {"annotations": {
            "a": "x", "b": null, "c": 5, "d": {"e": true}
        }}});
        assert_eq!(
            annotations_of(&object),
            annotations(&[("a", "x"), ("b", ""), ("c", "5"), ("d", "{\"e\":true}")])
        );
        let no_object = serde_json::json!({"metadata": {"annotations": ["a"]}});
        assert_eq!(annotations_of(&no_object), annotations(&[]));
    }

    #[test]
    fn atoi_matches_go() {
        assert_eq!(go_atoi("+7"), Ok(7));
        assert_eq!(go_atoi("-5"), Ok(-5));
        assert_eq!(
            go_atoi(""),
            Err("strconv.Atoi: parsing \"\": invalid syntax".to_string())
        );
        assert_eq!(
            go_atoi(" 1"),
            Err("strconv.Atoi: parsing \" 1\": invalid syntax".to_string())
        );
        assert_eq!(
            go_atoi("99999999999999999999"),
            Err("strconv.Atoi: parsing \"99999999999999999999\": value out of range".to_string())
        );
        assert_eq!(go_atoi("-9223372036854775808"), Ok(i64::MIN));
    }

    #[test]
    fn snapshot_grace_is_halved_and_truncated() {
        let result = plan(&annotations(&[(ANNOTATION_KUBERNETES_RESOURCES, "7")]));
        let snapshots = &result.steps[3];
        assert_eq!(snapshots.delete_grace_period_seconds, Some(3));
        assert_eq!(snapshots.finalize_after_seconds, Some(7));
    }

    #[test]
    fn skip_cleanup_skips_extended_apis_even_with_a_bad_override() {
        let result = plan(&annotations(&[
            (ANNOTATION_SKIP_CLEANUP, "false"),
            (ANNOTATION_EXTENDED_APIS, "x"),
        ]));
        assert_eq!(result.error, None);
        assert!(result.steps[1].skipped);
        assert_eq!(
            result.steps[2].resources,
            ["Service", "PersistentVolumeClaim"]
        );
        assert_eq!(result.steps[3].finalize_after_seconds, Some(300));
        assert!(result.steps[3].ignores_leftovers);
    }

    #[test]
    fn delays_beyond_go_durations_wrap_instead_of_panicking() {
        // time.Duration(seconds) * time.Second wraps: -2^63 s is 0 ns, so an object deleted at
        // `now` is not finalized yet (chrono's Duration::seconds would panic here).
        let result = plan(&annotations(&[(
            ANNOTATION_WEBHOOKS,
            "-9223372036854775808",
        )]));
        assert_eq!(result.steps[0].finalize_after_seconds, Some(i64::MIN));
        let now: DateTime<Utc> = "2026-01-01T00:00:00Z".parse().unwrap();
        let object = CleanupObject {
            api_version: "admissionregistration.k8s.io/v1".to_string(),
            kind: "ValidatingWebhookConfiguration".to_string(),
            metadata: CleanupObjectMeta {
                name: "w".to_string(),
                deletion_timestamp: Some(now),
                finalizers: vec!["x".to_string()],
                ..CleanupObjectMeta::default()
            },
        };
        let selection = select_objects(&result, &[object], now, None, None);
        assert_eq!(
            selection.not_yet_finalized,
            ["ValidatingWebhookConfiguration/w"]
        );
        assert_eq!(
            selection.errors,
            [
                "remaining objects are still present: [admissionregistration.k8s.io/v1, \
              Kind=ValidatingWebhookConfiguration /w]"
            ]
        );
    }

    #[test]
    fn later_failure_names_the_step() {
        let result = plan(&annotations(&[(ANNOTATION_KUBERNETES_RESOURCES, "1e3")]));
        assert_eq!(result.failing_step, Some(StepName::KubernetesResources));
        assert_eq!(result.steps.len(), 2);
    }
}
