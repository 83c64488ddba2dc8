//! A pending control-plane migration seen from the pasted objects: which Seeds are involved, who is
//! responsible, what runs next, and the `ReadyForMigration` constraint the migration controller would
//! write when both Seeds are given. Composes the functions of [`super`]; no rule of its own.

use super::{
    after_migrate_success, operation_type, readiness_constraint, responsible_seed,
    should_prepare_for_migration, ConstraintOutcome, MigrateSuccess, OperationType,
};
use crate::decode::FromValue;
use crate::scheduling::types::{Seed, Shoot};
use serde::{Deserialize, Serialize};

/// A migration the Shoot is being prepared for (`spec.seedName` differs from `status.seedName`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MigrationReadiness {
    /// `status.seedName`: the Seed the control plane leaves.
    pub source_seed: String,
    /// `spec.seedName`: the Seed the control plane moves to.
    pub destination_seed: String,
    /// The Seed whose gardenlet acts on the Shoot now (`GetResponsibleSeedName`): the source until
    /// the Migrate flow succeeded.
    pub responsible_seed: String,
    /// The operation the responsible gardenlet runs next.
    pub next_operation: OperationType,
    /// The `ReadyForMigration` constraint after the migration controller's next run; `None` when a
    /// Seed it needs is not among the given objects (see `missing_seeds`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness: Option<ConstraintOutcome>,
    /// The Seeds the readiness check reads that were not given, source first.
    pub missing_seeds: Vec<String>,
    /// What the Shoot looks like once the source gardenlet finished the Migrate flow.
    pub after_success: MigrateSuccess,
}

/// The Shoot's pending migration, with the readiness check when `seeds` contains both the source and
/// the destination Seed (matched by `metadata.name`); `None` when no migration is pending.
pub fn migration_readiness(shoot: &Shoot, seeds: &[Seed]) -> Option<MigrationReadiness> {
    if !should_prepare_for_migration(shoot) {
        return None;
    }
    let destination_name = shoot.spec_seed_name()?.to_string();
    let source_name = shoot.status.seed_name.clone()?;
    let find = |name: &str| seeds.iter().find(|seed| seed.metadata.name == name);
    let (source, destination) = (find(&source_name), find(&destination_name));
    let missing_seeds = [(&source_name, source), (&destination_name, destination)]
        .into_iter()
        .filter(|(_, seed)| seed.is_none())
        .map(|(name, _)| name.clone())
        .collect();
    let readiness = source
        .zip(destination)
        .map(|(source, destination)| readiness_constraint(shoot, source, destination));
    Some(MigrationReadiness {
        responsible_seed: responsible_seed(Some(&destination_name), Some(&source_name)),
        next_operation: operation_type(shoot),
        readiness,
        missing_seeds,
        after_success: after_migrate_success(shoot),
        source_seed: source_name,
        destination_seed: destination_name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn seed(name: &str, version: &str, gardenlet_ready: &str) -> Seed {
        serde_json::from_value(json!({
            "metadata": {"name": name, "generation": 2},
            "status": {"gardener": {"version": version}, "observedGeneration": 2, "conditions": [
                {"type": "GardenletReady", "status": gardenlet_ready, "reason": "R", "message": "M"},
                {"type": "SeedSystemComponentsHealthy", "status": "True"}]}
        }))
        .unwrap()
    }

    fn migrating_shoot() -> Shoot {
        serde_json::from_value(json!({"metadata": {"name": "s"},
            "spec": {"seedName": "new"}, "status": {"seedName": "old"}}))
        .unwrap()
    }

    #[test]
    fn no_pending_migration_is_none() {
        let shoot: Shoot =
            serde_json::from_value(json!({"spec": {"seedName": "a"}, "status": {"seedName": "a"}}))
                .unwrap();
        assert_eq!(migration_readiness(&shoot, &[]), None);
    }

    #[test]
    fn both_seeds_given_runs_the_readiness_check() {
        let seeds = [
            seed("old", "1.120.0", "True"),
            seed("new", "1.120.0", "True"),
        ];
        let found = migration_readiness(&migrating_shoot(), &seeds).unwrap();
        assert_eq!(
            (found.source_seed.as_str(), found.destination_seed.as_str()),
            ("old", "new")
        );
        assert_eq!(found.responsible_seed, "old");
        assert_eq!(found.next_operation, OperationType::Migrate);
        assert!(found.missing_seeds.is_empty());
        let constraint = found.readiness.unwrap().constraint.unwrap();
        assert_eq!(
            (constraint.status.as_str(), constraint.reason.as_str()),
            ("True", "DestinationSeedReady")
        );
        assert_eq!(
            found.after_success.next_operation_type,
            OperationType::Restore
        );
    }

    #[test]
    fn an_unready_destination_and_a_missing_seed() {
        let seeds = [
            seed("old", "1.120.0", "True"),
            seed("new", "1.119.0", "True"),
        ];
        let outcome = migration_readiness(&migrating_shoot(), &seeds)
            .unwrap()
            .readiness
            .unwrap();
        let constraint = outcome.constraint.unwrap();
        assert_eq!(constraint.reason, "DestinationSeedUnready");
        assert_eq!(
            constraint.message,
            "observing Gardener version not up to date (1.119.0/1.120.0)"
        );
        assert_eq!(outcome.requeue_after_seconds, Some(5));

        let only_destination = [seed("new", "1.120.0", "True")];
        let found = migration_readiness(&migrating_shoot(), &only_destination).unwrap();
        assert_eq!(found.missing_seeds, ["old"]);
        assert_eq!(found.readiness, None);
    }
}
