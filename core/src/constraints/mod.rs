//! Shoot constraints (`status.constraints`): the gardenlet care controller's checks of things only the
//! user can fix, above all admission webhooks in the shoot that may block hibernation, maintenance or
//! joining nodes.
//!
//! Follows `pkg/gardenlet/controller/shoot/care/constraints.go` (`(*Constraint).Check`,
//! `constraintsChecks`, `NewShootConstraints`, `filterOptionalConstraints`, the individual checks) and
//! `webhook_remediation.go`. Entry points:
//! - [`shoot_constraints`]: the constraint list the care controller writes for a shoot;
//! - [`webhook_report`], [`problematic_webhooks`], [`check_for_problematic_webhooks`]: the webhook rule
//!   and the result of both webhook constraints, with explanations and verified fixes;
//! - [`remediate`]: a preview of Gardener's webhook remediation;
//! - [`check_ca_validities`]: `CACertificateValiditiesAcceptable` on its own.
//!
//! Pasted objects are evaluated as they are: no Kubernetes API defaulting is applied.

pub mod ca;
pub mod condition;
pub mod fix_patch;
pub mod matchers;
pub mod remediation;
pub mod selector;
pub mod webhooks;

pub use crate::api::{Condition, LastOperation, ObjectMeta, Shoot};
pub(crate) use crate::golang::null_as_default;
pub use ca::{check_ca_validities, CaValidityResult, Secret};
pub use remediation::{remediate, RemediatedConfiguration};
pub use webhooks::{
    check_for_problematic_webhooks, configuration_fixes, is_problematic_webhook,
    problematic_webhooks, recommended_fix, webhook_report, BrokenRule, ChosenFix, ConfigurationFix,
    ProblematicWebhook, WebhookConfiguration, WebhookConstraintResult, WebhookFix, WebhookReport,
};

use crate::decode::FromValue;
use crate::sorting::CollectSorted;
use chrono::{DateTime, Utc};
use condition::{pardon_conditions, STATUS_FALSE, STATUS_TRUE};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The constraint types, in the order Gardener keeps them (`ShootConstraints.ConvertToSlice`).
pub const HIBERNATION_POSSIBLE: &str = "HibernationPossible";
pub const MAINTENANCE_PRECONDITIONS_SATISFIED: &str = "MaintenancePreconditionsSatisfied";
pub const CA_CERTIFICATE_VALIDITIES_ACCEPTABLE: &str = "CACertificateValiditiesAcceptable";
pub const CRDS_WITH_PROBLEMATIC_CONVERSION_WEBHOOKS: &str = "CRDsWithProblematicConversionWebhooks";
pub const MANUAL_IN_PLACE_WORKERS_UPDATED: &str = "ManualInPlaceWorkersUpdated";
pub const AUTOMATIC_CREDENTIALS_ROTATION_POSSIBLE: &str = "AutomaticCredentialsRotationPossible";
pub const HAS_IGNORED_MANAGED_RESOURCES: &str = "HasIgnoredManagedResources";
pub const PRESERVED_FAILED_MACHINES_ABSENT: &str = "PreservedFailedMachinesAbsent";

/// Objects in the shoot's control-plane namespace of the seed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SeedObjects {
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub secrets: Vec<Secret>,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub managed_resources: Vec<NamedObject>,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub machine_deployments: Vec<MachineDeployment>,
}

/// An object of which only name and annotations matter (ManagedResources).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct NamedObject {
    pub metadata: ObjectMeta,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct MachineDeployment {
    pub metadata: ObjectMeta,
    pub status: MachineDeploymentStatus,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineDeploymentStatus {
    pub preserved_failed_replicas: i64,
}

/// What the gardenlet finds in the shoot cluster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootClusterObjects {
    /// False when the API server is not created yet, deleted, or scaled down.
    pub api_server_running: bool,
    /// Set when the gardenlet cannot create a client for the shoot (the error text).
    pub client_error: Option<String>,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub custom_resource_definitions: Vec<CustomResourceDefinition>,
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub webhook_configurations: Vec<WebhookConfiguration>,
}

impl Default for ShootClusterObjects {
    fn default() -> Self {
        ShootClusterObjects {
            api_server_running: true,
            client_error: None,
            custom_resource_definitions: Vec::new(),
            webhook_configurations: Vec::new(),
        }
    }
}

/// The CRD fields the conversion check reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct CustomResourceDefinition {
    pub metadata: ObjectMeta,
    pub spec: CrdSpec,
    pub status: CrdStatus,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct CrdSpec {
    pub conversion: Option<CrdConversion>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct CrdConversion {
    pub strategy: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CrdStatus {
    #[serde(deserialize_with = "crate::constraints::null_as_default")]
    pub stored_versions: Vec<String>,
}

/// The constraints the care controller returns for the shoot at `now` (`(*Constraint).Check`): the two
/// required ones first, then every optional one that is not `True`, after pardoning. The existing
/// `status.constraints` provide the previous state (timestamps). The result replaces Gardener's eight
/// constraint types in `status.constraints`; a type missing from it is removed there.
pub fn shoot_constraints(
    shoot: &Shoot,
    seed: &SeedObjects,
    cluster: &ShootClusterObjects,
    now: DateTime<Utc>,
) -> Vec<Condition> {
    let checked = checked_constraints(shoot, seed, cluster, now);
    let status = &shoot.status;
    pardon_conditions(
        checked,
        status.last_operation.as_ref(),
        !status.last_errors.is_empty(),
        now,
    )
}

/// A check's outcome before it is written into a condition.
struct Outcome {
    status: &'static str,
    reason: &'static str,
    message: String,
}

fn outcome(status: &'static str, reason: &'static str, message: impl Into<String>) -> Outcome {
    Outcome {
        status,
        reason,
        message: message.into(),
    }
}

/// `constraintsChecks`, without pardoning.
fn checked_constraints(
    shoot: &Shoot,
    seed: &SeedObjects,
    cluster: &ShootClusterObjects,
    now: DateTime<Utc>,
) -> Vec<Condition> {
    let existing = &shoot.status.constraints;
    let init = |t: &str| Condition::get_or_init(existing, t, now);
    let apply = |c: Condition, o: Outcome| c.updated(o.status, o.reason, &o.message, &[], now);

    let mut hibernation_possible = init(HIBERNATION_POSSIBLE);
    let mut maintenance_preconditions = init(MAINTENANCE_PRECONDITIONS_SATISFIED);
    let mut ca_validities = init(CA_CERTIFICATE_VALIDITIES_ACCEPTABLE);
    let mut crds = init(CRDS_WITH_PROBLEMATIC_CONVERSION_WEBHOOKS);
    let mut manual_in_place = init(MANUAL_IN_PLACE_WORKERS_UPDATED);
    let ignored_mrs = apply(
        init(HAS_IGNORED_MANAGED_RESOURCES),
        ignored_managed_resources(seed),
    );
    let preserved = apply(
        init(PRESERVED_FAILED_MACHINES_ABSENT),
        preserved_failed_machines(shoot, seed),
    );
    let auto_rotation = apply(
        init(AUTOMATIC_CREDENTIALS_ROTATION_POSSIBLE),
        automatic_credentials_rotation(shoot, now),
    );

    if shoot.in_hibernation() {
        let not_checked = |c: Condition| {
            c.updated(
                STATUS_TRUE,
                "ConstraintNotChecked",
                "Shoot cluster has been hibernated.",
                &[],
                now,
            )
        };
        let mut out = vec![
            not_checked(hibernation_possible),
            not_checked(maintenance_preconditions),
            not_checked(ca_validities),
            not_checked(crds),
        ];
        // ManualInPlaceWorkersUpdated and PreservedFailedMachinesAbsent are dropped while hibernated.
        out.extend(
            [auto_rotation, ignored_mrs]
                .into_iter()
                .filter(|c| c.status != STATUS_TRUE),
        );
        return out;
    }

    ca_validities = match check_ca_validities(&seed.secrets, now) {
        Ok(result) => {
            ca_validities.updated(&result.status, &result.reason, &result.message, &[], now)
        }
        Err(error) => ca_validities.updated_unknown_error(&error, now),
    };
    manual_in_place = apply(manual_in_place, manual_in_place_workers(shoot));

    let optional_without_crds = |ca: Condition, manual: Condition| {
        [
            ca,
            manual,
            ignored_mrs.clone(),
            preserved.clone(),
            auto_rotation.clone(),
        ]
    };
    if let Some(error) = &cluster.client_error {
        let message = format!("Could not initialize Shoot client for constraints check: {error}");
        return filter_optional(
            [
                hibernation_possible.updated_unknown_error(&message, now),
                maintenance_preconditions.updated_unknown_error(&message, now),
            ],
            optional_without_crds(ca_validities, manual_in_place),
        );
    }
    if !cluster.api_server_running {
        let not_running = |c: Condition| {
            c.updated(
                STATUS_FALSE,
                "ConstraintNotChecked",
                "Shoot control plane is not running at the moment.",
                &[],
                now,
            )
        };
        return filter_optional(
            [
                not_running(hibernation_possible),
                not_running(maintenance_preconditions),
            ],
            optional_without_crds(ca_validities, manual_in_place),
        );
    }

    let webhooks = check_for_problematic_webhooks(&cluster.webhook_configurations);
    let with_webhooks = |c: Condition| {
        c.updated(
            &webhooks.status,
            &webhooks.reason,
            &webhooks.message,
            &webhooks.codes,
            now,
        )
    };
    hibernation_possible = with_webhooks(hibernation_possible);
    maintenance_preconditions = with_webhooks(maintenance_preconditions);
    crds = apply(
        crds,
        crds_with_problematic_conversion_webhooks(&cluster.custom_resource_definitions),
    );

    filter_optional(
        [hibernation_possible, maintenance_preconditions],
        [
            ca_validities,
            crds,
            manual_in_place,
            ignored_mrs,
            preserved,
            auto_rotation,
        ],
    )
}

/// `filterOptionalConstraints`: the required ones, then the optional ones that are not `True`.
fn filter_optional<const N: usize>(
    required: [Condition; 2],
    optional: [Condition; N],
) -> Vec<Condition> {
    required
        .into_iter()
        .chain(optional.into_iter().filter(|c| c.status != STATUS_TRUE))
        .collect()
}

/// `checkIfManagedResourcesAreIgnored`.
fn ignored_managed_resources(seed: &SeedObjects) -> Outcome {
    let ignored: BTreeSet<&str> = seed
        .managed_resources
        .iter()
        .filter(|mr| {
            (mr.metadata.annotation("resources.gardener.cloud/ignore"))
                .is_some_and(go_parse_bool_true)
        })
        .map(|mr| mr.metadata.name.as_str())
        .collect_set();
    if ignored.is_empty() {
        return outcome(
            STATUS_TRUE,
            "NoManagedResourcesIgnored",
            "No ManagedResources are annotated to be ignored.",
        );
    }
    outcome(
        STATUS_FALSE,
        "ManagedResourcesIgnored",
        format!(
            "Some ManagedResources have been annotated with resources.gardener.cloud/ignore=true, meaning their reconciliation is disabled: {}",
            ignored.into_iter().collect::<Vec<_>>().join(", ")
        ),
    )
}

/// Go's `strconv.ParseBool` returning true.
fn go_parse_bool_true(text: &str) -> bool {
    matches!(text, "1" | "t" | "T" | "TRUE" | "true" | "True")
}

/// `checkPreservation`.
fn preserved_failed_machines(shoot: &Shoot, seed: &SeedObjects) -> Outcome {
    let spec = &shoot.spec;
    if spec.provider.workers.is_empty()
        || (spec.is_self_hosted() && !spec.has_managed_infrastructure())
    {
        return outcome(
            STATUS_TRUE,
            "NoPreservationApplicable",
            "No machine preservation applies to this shoot.",
        );
    }
    // Gardener sums int32 values; wrap the same way.
    let total = seed.machine_deployments.iter().fold(0i32, |sum, md| {
        sum.wrapping_add(md.status.preserved_failed_replicas as i32)
    });
    if total > 0 {
        return outcome(
            STATUS_FALSE,
            "FailedMachinesPreserved",
            format!("Cluster has {total} preserved failed machine(s)."),
        );
    }
    outcome(
        STATUS_TRUE,
        "NoFailedMachinesPreserved",
        "No failed machines are being preserved.",
    )
}

/// `checkIfManualInPlaceWorkersUpdated`.
fn manual_in_place_workers(shoot: &Shoot) -> Outcome {
    const REASON_NONE: &str = "NoWorkerPoolsWithManualInPlaceUpdateStrategyPending";
    if shoot.spec.provider.workers.is_empty() {
        return outcome(STATUS_TRUE, REASON_NONE, "Shoot is workerless");
    }
    let pending: &[String] = shoot
        .status
        .in_place_updates
        .as_ref()
        .and_then(|u| u.pending_worker_updates.as_ref())
        .map(|p| p.manual_in_place_update.as_slice())
        .unwrap_or(&[]);
    if pending.is_empty() {
        return outcome(
            STATUS_TRUE,
            REASON_NONE,
            "No worker pools with manual in-place update strategy are pending",
        );
    }
    outcome(
        STATUS_FALSE,
        "WorkerPoolsWithManualInPlaceUpdateStrategyPending",
        format!(
            "Some worker pools in your Shoot with update strategy ManualInPlaceUpdate are pending update: {}",
            pending.join(", ")
        ),
    )
}

/// `checkIfCRDsWithProblematicConversionWebhooksPresent`.
fn crds_with_problematic_conversion_webhooks(crds: &[CustomResourceDefinition]) -> Outcome {
    let problematic: BTreeSet<&str> = crds
        .iter()
        .filter(|crd| {
            crd.status.stored_versions.len() > 1
                && crd
                    .spec
                    .conversion
                    .as_ref()
                    .is_some_and(|c| c.strategy == "Webhook")
        })
        .map(|crd| crd.metadata.name.as_str())
        .collect_set();
    if problematic.is_empty() {
        return outcome(
            STATUS_TRUE,
            "NoCRDsWithProblematicConversionWebhooks",
            "No CRDs have multiple stored versions present and a conversion webhook configured",
        );
    }
    outcome(
        STATUS_FALSE,
        "CRDsWithProblematicConversionWebhooks",
        format!(
            "Some CRDs in your cluster have multiple stored versions present and have a conversion webhook configured: {}. Please see https://github.com/gardener/gardener/blob/master/docs/usage/shoot/shoot_status.md#constraints for more details.",
            problematic.into_iter().collect::<Vec<_>>().join(", ")
        ),
    )
}

/// `checkIfAutomaticCredentialsRotationPossible`.
fn automatic_credentials_rotation(shoot: &Shoot, now: DateTime<Utc>) -> Outcome {
    const NOT_REQUIRED: &str = "AutomaticCredentialsRotationNotRequired";
    let maintenance = shoot.spec.maintenance.as_ref();
    let period = maintenance
        .and_then(|m| m.auto_rotation.as_ref())
        .and_then(|a| a.credentials.as_ref())
        .and_then(|c| c.etcd_encryption_key.as_ref())
        .and_then(|k| k.rotation_period.as_deref())
        .and_then(|text| crate::duration::parse(text).ok())
        .filter(|period| !period.is_zero());
    let Some(period) = period else {
        return outcome(
            STATUS_TRUE,
            NOT_REQUIRED,
            "Automatic ETCD encryption key rotation is not enabled.",
        );
    };
    let last_completion = shoot
        .status
        .credentials
        .as_ref()
        .and_then(|c| c.rotation.as_ref())
        .and_then(|r| r.etcd_encryption_key.as_ref())
        .and_then(|k| k.last_completion_time);
    // An absent creationTimestamp is Go's zero time, long before any `now`.
    let passed = match last_completion.or(shoot.metadata.creation_timestamp) {
        Some(reference) => now
            .checked_sub_signed(period)
            .is_some_and(|limit| reference < limit),
        None => true,
    };
    if !passed {
        return outcome(
            STATUS_TRUE,
            NOT_REQUIRED,
            "The ETCD encryption key rotation period has not yet passed.",
        );
    }
    let window = maintenance
        .and_then(|m| m.time_window.as_ref())
        .map(|w| (w.begin.as_str(), w.end.as_str()));
    let schedules = shoot
        .spec
        .hibernation
        .as_ref()
        .map(|h| h.schedules.as_slice())
        .unwrap_or(&[]);
    if crate::hibernation::hibernated_during_next_window(
        window,
        schedules,
        shoot.status.hibernated,
        now,
    ) {
        return outcome(
            STATUS_FALSE,
            "MaintenanceWindowDuringHibernation",
            "The ETCD encryption key rotation is overdue, but the next maintenance window falls within a hibernation interval. The ETCD encryption key auto-rotation cannot be triggered automatically. Please adjust the maintenance window or the hibernation schedule so that maintenance can run while the cluster is awake.",
        );
    }
    outcome(
        STATUS_TRUE,
        "AutomaticCredentialsRotationPossible",
        "The ETCD encryption key rotation is overdue but the next maintenance window is not within a hibernation interval.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2022-02-22T22:22:22Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    fn reconciled() -> Shoot {
        let mut shoot = Shoot::default();
        shoot.status.last_operation = Some(LastOperation {
            operation_type: "Reconcile".into(),
            state: "Succeeded".into(),
            ..LastOperation::default()
        });
        shoot
    }

    fn types(constraints: &[Condition]) -> Vec<&str> {
        constraints
            .iter()
            .map(|c| c.condition_type.as_str())
            .collect()
    }

    #[test]
    fn null_lists_read_as_empty() {
        let shoot: Shoot =
            serde_json::from_value(serde_json::json!({"spec": {"provider": {"workers": null}}, "status": {"lastErrors": null}}))
                .unwrap();
        assert!(shoot.spec.provider.workers.is_empty());
    }

    #[test]
    fn healthy_shoot_has_only_the_required_pair() {
        let out = shoot_constraints(
            &reconciled(),
            &SeedObjects::default(),
            &ShootClusterObjects::default(),
            now(),
        );
        assert_eq!(
            types(&out),
            [HIBERNATION_POSSIBLE, MAINTENANCE_PRECONDITIONS_SATISFIED]
        );
        assert!(out
            .iter()
            .all(|c| c.status == "True" && c.reason == "NoProblematicWebhooks"));
    }

    #[test]
    fn hibernated_shoot_keeps_ca_and_crd_constraints_as_true() {
        let mut shoot = reconciled();
        shoot.status.hibernated = true;
        let out = shoot_constraints(
            &shoot,
            &SeedObjects::default(),
            &ShootClusterObjects::default(),
            now(),
        );
        assert_eq!(
            types(&out),
            [
                HIBERNATION_POSSIBLE,
                MAINTENANCE_PRECONDITIONS_SATISFIED,
                CA_CERTIFICATE_VALIDITIES_ACCEPTABLE,
                CRDS_WITH_PROBLEMATIC_CONVERSION_WEBHOOKS
            ]
        );
        assert!(out.iter().all(|c| c.reason == "ConstraintNotChecked"));
    }

    #[test]
    fn stopped_api_server_drops_the_crd_constraint() {
        let cluster = ShootClusterObjects {
            api_server_running: false,
            custom_resource_definitions: vec![CustomResourceDefinition {
                metadata: ObjectMeta {
                    name: "a".into(),
                    ..Default::default()
                },
                spec: CrdSpec {
                    conversion: Some(CrdConversion {
                        strategy: "Webhook".into(),
                    }),
                },
                status: CrdStatus {
                    stored_versions: vec!["v1".into(), "v2".into()],
                },
            }],
            ..ShootClusterObjects::default()
        };
        let out = shoot_constraints(&reconciled(), &SeedObjects::default(), &cluster, now());
        assert_eq!(
            types(&out),
            [HIBERNATION_POSSIBLE, MAINTENANCE_PRECONDITIONS_SATISFIED]
        );
        assert_eq!(out[0].status, "False");
        assert_eq!(
            out[0].message,
            "Shoot control plane is not running at the moment."
        );

        let running = ShootClusterObjects {
            api_server_running: true,
            ..cluster
        };
        let out = shoot_constraints(&reconciled(), &SeedObjects::default(), &running, now());
        assert_eq!(
            out[2].condition_type,
            CRDS_WITH_PROBLEMATIC_CONVERSION_WEBHOOKS
        );
        assert_eq!(out[2].status, "False");
    }
}
