//! Control-plane migration (GEP-7) of a Shoot from one Seed to another.
//!
//! * [`responsible_seed`] follows `pkg/utils/gardener/migration.go`: `GetResponsibleSeedName`.
//! * [`should_prepare_for_migration`] follows `ShouldPrepareShootForMigration`
//!   (`pkg/api/core/v1beta1/helper/shoot.go`).
//! * [`operation_type`] follows `ComputeOperationType` of the gardenlet
//!   (`pkg/gardenlet/controller/shoot/shoot/helper/helper.go`) and of `pkg/api/core/v1beta1/helper/common.go`.
//! * [`readiness_constraint`] follows the migration controller of gardener-controller-manager
//!   (`pkg/controllermanager/controller/shoot/migration/reconciler.go`) with
//!   `health.CheckSeedForMigration` (`pkg/utils/kubernetes/health/seed.go`).
//! * [`migrate_precondition`] follows the start of `migrateShoot`
//!   (`pkg/gardenlet/controller/shoot/shoot/reconciler.go`).
//! * [`after_migrate_success`] follows `patchShootStatusOperationSuccess` for a Migrate operation.
//! * The admission of the binding change is [`crate::scheduling::admit_scheduling`].
//! * [`migration_readiness`] puts these together for the report.

mod readiness;
pub use readiness::{migration_readiness, MigrationReadiness};

use crate::decode::FromValue;
use crate::scheduling::types::{Condition, LastOperation, Seed, Shoot};
use serde::{Deserialize, Serialize};

/// The constraint type maintained by the migration controller.
pub const CONSTRAINT_READY_FOR_MIGRATION: &str = "ReadyForMigration";
/// The operation annotation key.
pub const ANNOTATION_OPERATION: &str = "gardener.cloud/operation";

/// `gardencorev1beta1.LastOperationType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub enum OperationType {
    Create,
    Reconcile,
    Delete,
    Migrate,
    Restore,
}

impl OperationType {
    pub fn as_str(self) -> &'static str {
        match self {
            OperationType::Create => "Create",
            OperationType::Reconcile => "Reconcile",
            OperationType::Delete => "Delete",
            OperationType::Migrate => "Migrate",
            OperationType::Restore => "Restore",
        }
    }
}

/// `GetResponsibleSeedName`: nobody (`""`) without `spec.seedName`; `spec.seedName` while
/// `status.seedName` is unset or equal; `status.seedName` (the source Seed preparing the migration) while
/// they differ.
pub fn responsible_seed(spec_seed_name: Option<&str>, status_seed_name: Option<&str>) -> String {
    match (spec_seed_name, status_seed_name) {
        (None, _) => String::new(),
        (Some(spec), None) => spec.to_string(),
        (Some(spec), Some(status)) if spec != status => status.to_string(),
        (Some(spec), Some(_)) => spec.to_string(),
    }
}

/// `ShouldPrepareShootForMigration`: both seed names set and different.
pub fn should_prepare_for_migration(shoot: &Shoot) -> bool {
    matches!((shoot.spec_seed_name(), shoot.status.seed_name.as_deref()), (Some(spec), Some(status)) if spec != status)
}

/// The operation the responsible gardenlet runs next (`ComputeOperationType`).
pub fn operation_type(shoot: &Shoot) -> OperationType {
    if should_prepare_for_migration(shoot) {
        return OperationType::Migrate;
    }
    let last = shoot.status.last_operation.as_ref();
    if let Some(last) = last {
        if last.operation_type == "Migrate"
            && (last.state == "Succeeded" || last.state == "Aborted")
        {
            return OperationType::Restore;
        }
    }
    let annotation = shoot
        .metadata
        .annotations
        .get(ANNOTATION_OPERATION)
        .map(String::as_str);
    if annotation == Some("migrate") {
        return OperationType::Migrate;
    }
    if shoot.metadata.deletion_timestamp.is_some() {
        return OperationType::Delete;
    }
    if annotation == Some("restore") {
        return OperationType::Restore;
    }
    let Some(last) = last else {
        return OperationType::Create;
    };
    let unfinished = last.state != "Succeeded";
    match last.operation_type.as_str() {
        "Create" if unfinished => OperationType::Create,
        "Migrate" if unfinished => OperationType::Migrate,
        "Restore" if unfinished => OperationType::Restore,
        _ => OperationType::Reconcile,
    }
}

/// The `ReadyForMigration` constraint after one run of the migration controller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ConstraintOutcome {
    /// The constraint afterwards; `None` = absent (removed or never set).
    #[cfg_attr(
        feature = "tsify",
        tsify(type = "{ type: string; status: string; reason?: string; message?: string } | null")
    )]
    pub constraint: Option<Condition>,
    /// The controller checks again after this delay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requeue_after_seconds: Option<i64>,
}

/// One run of the migration controller for `shoot`.
///
/// Without a pending migration the constraint is removed. Otherwise the destination Seed decides:
/// being deleted → `False`/`DestinationSeedInDeletion`; failing `CheckSeedForMigration` against the source
/// Seed's gardenlet version → `False`/`DestinationSeedUnready`/`<error>`; else `True`/`DestinationSeedReady`.
/// An existing constraint that already has the new status is left as it is (reason and message included).
pub fn readiness_constraint(
    shoot: &Shoot,
    source_seed: &Seed,
    destination_seed: &Seed,
) -> ConstraintOutcome {
    let existing = shoot
        .status
        .constraints
        .iter()
        .find(|c| c.condition_type == CONSTRAINT_READY_FOR_MIGRATION);
    if !should_prepare_for_migration(shoot) {
        return ConstraintOutcome {
            constraint: None,
            requeue_after_seconds: None,
        };
    }
    let (status, reason, message, requeue) =
        if destination_seed.metadata.deletion_timestamp.is_some() {
            (
                "False",
                "DestinationSeedInDeletion",
                "Seed is being deleted".to_string(),
                None,
            )
        } else {
            match check_seed_for_migration(destination_seed, source_seed) {
                Err(error) => ("False", "DestinationSeedUnready", error, Some(5)),
                Ok(()) => (
                    "True",
                    "DestinationSeedReady",
                    "Destination seed cluster is ready for the shoot migration".to_string(),
                    None,
                ),
            }
        };
    let constraint = match existing {
        Some(current) if current.status == status => Condition {
            condition_type: current.condition_type.clone(),
            status: current.status.clone(),
            reason: current.reason.clone(),
            message: current.message.clone(),
            ..Condition::default()
        },
        _ => Condition {
            condition_type: CONSTRAINT_READY_FOR_MIGRATION.to_string(),
            status: status.to_string(),
            reason: reason.to_string(),
            message,
            ..Condition::default()
        },
    };
    // An unchanged True constraint is re-checked after 5 s as well.
    let requeue = match (existing, status) {
        (Some(current), "True") if current.status == "True" => Some(5),
        _ => requeue,
    };
    ConstraintOutcome {
        constraint: Some(constraint),
        requeue_after_seconds: requeue,
    }
}

/// `health.CheckSeedForMigration`: the destination must report the source gardenlet's version, have an
/// up-to-date observed generation, and conditions `GardenletReady` and `SeedSystemComponentsHealthy`
/// present and `True`.
pub fn check_seed_for_migration(destination: &Seed, source: &Seed) -> Result<(), String> {
    let (Some(destination_identity), Some(source_identity)) =
        (&destination.status.gardener, &source.status.gardener)
    else {
        return Err(
            "missing Gardener version information on source or destination seed".to_string(),
        );
    };
    if destination_identity.version != source_identity.version {
        return Err(format!(
            "observing Gardener version not up to date ({}/{})",
            destination_identity.version, source_identity.version
        ));
    }
    if destination.status.observed_generation < destination.metadata.generation {
        return Err(format!(
            "observed generation outdated ({}/{})",
            destination.status.observed_generation, destination.metadata.generation
        ));
    }
    let mut failed = Vec::new();
    for required in ["GardenletReady", "SeedSystemComponentsHealthy"] {
        let Some(condition) = destination
            .status
            .conditions
            .iter()
            .find(|c| c.condition_type == required)
        else {
            return Err(format!("condition {required:?} is missing"));
        };
        if condition.status != "True" {
            failed.push(condition);
        }
    }
    match failed.first() {
        Some(condition) => Err(format!(
            "condition {:?} has invalid status {} (expected True) due to {}: {}",
            condition.condition_type, condition.status, condition.reason, condition.message
        )),
        None => Ok(()),
    }
}

/// Whether the source gardenlet may start the Migrate flow (`migrateShoot`): the constraint must exist
/// and be `True`, and no Bastion may exist for the Shoot. The error is Gardener's text.
pub fn migrate_precondition(shoot: &Shoot, has_bastions: bool) -> Result<(), String> {
    let name = &shoot.metadata.name;
    let constraint = shoot
        .status
        .constraints
        .iter()
        .find(|c| c.condition_type == CONSTRAINT_READY_FOR_MIGRATION);
    let Some(constraint) = constraint else {
        return Err(format!(
            "waiting for confirmation that destination Seed is available to host the control plane of Shoot {name}"
        ));
    };
    if constraint.status != "True" {
        return Err(format!(
            "destination Seed is not available to host the control plane of Shoot {name}: {}",
            constraint.message
        ));
    }
    if has_bastions {
        return Err("shoot has still Bastions".to_string());
    }
    Ok(())
}

/// The Shoot's state after the source gardenlet finished the Migrate flow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MigrateSuccess {
    /// `status.seedName` is set to `spec.seedName` (the destination), not cleared.
    pub status_seed_name_after_success: Option<String>,
    #[cfg_attr(
        feature = "tsify",
        tsify(type = "{ type: string; state: string; description?: string; progress?: number }")
    )]
    pub last_operation_after_success: LastOperation,
    /// What the (now responsible) destination gardenlet runs next: `Restore`.
    pub next_operation_type: OperationType,
    pub next_responsible_seed: String,
}

/// `patchShootStatusOperationSuccess` for the Migrate operation, and what follows from it.
pub fn after_migrate_success(shoot: &Shoot) -> MigrateSuccess {
    let last_operation = LastOperation {
        operation_type: "Migrate".to_string(),
        state: "Succeeded".to_string(),
        description: "Shoot cluster has been successfully prepared for migration.".to_string(),
        progress: 100,
        last_update_time: None,
    };
    let mut next = shoot.clone();
    next.status.seed_name = shoot.spec_seed_name().map(str::to_string);
    next.status.last_operation = Some(last_operation.clone());
    MigrateSuccess {
        status_seed_name_after_success: next.status.seed_name.clone(),
        last_operation_after_success: last_operation,
        next_operation_type: operation_type(&next),
        next_responsible_seed: responsible_seed(
            next.spec_seed_name(),
            next.status.seed_name.as_deref(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn shoot(value: serde_json::Value) -> Shoot {
        serde_json::from_value(value).unwrap_or_default()
    }

    #[test]
    fn migration_wins_over_everything() {
        let s = shoot(
            json!({"metadata": {"deletionTimestamp": "2026-01-01T00:00:00Z"},
            "spec": {"seedName": "b"}, "status": {"seedName": "a"}}),
        );
        assert_eq!(operation_type(&s), OperationType::Migrate);
    }

    #[test]
    fn successful_migrate_leads_to_restore_on_destination() {
        let s = shoot(json!({"spec": {"seedName": "b"}, "status": {"seedName": "a"}}));
        let after = after_migrate_success(&s);
        assert_eq!(after.status_seed_name_after_success.as_deref(), Some("b"));
        assert_eq!(after.next_operation_type, OperationType::Restore);
        assert_eq!(after.next_responsible_seed, "b");
    }

    #[test]
    fn unready_destination_reports_condition() {
        let source: Seed =
            serde_json::from_value(json!({"status": {"gardener": {"version": "1"}}}))
                .unwrap_or_default();
        let destination: Seed = serde_json::from_value(json!({"status": {"gardener": {"version": "1"},
            "conditions": [{"type": "GardenletReady", "status": "False", "reason": "R", "message": "M"},
                           {"type": "SeedSystemComponentsHealthy", "status": "True"}]}}))
        .unwrap_or_default();
        assert_eq!(
            check_seed_for_migration(&destination, &source),
            Err(
                "condition \"GardenletReady\" has invalid status False (expected True) due to R: M"
                    .to_string()
            )
        );
    }
}
