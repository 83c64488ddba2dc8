//! The API server's validation of a Shoot, as the Shoot registry's strategy runs it
//! (`pkg/apiserver/registry/core/shoot/strategy.go`: `Validate` on create, `ValidateUpdate` on
//! update), assembled from the families of `pkg/api/core/validation/shoot.go`:
//!
//! * `ValidateShoot` (every create and update): the metadata and spec fields
//!   ([`super::shoot_spec`]), the provider and its pools ([`super::workers`]), the Kubernetes
//!   components ([`super::components`]), the version rules ([`super::shoot_versions`]), the
//!   maintenance window ([`super::maintenance`]), the components' feature gates and the
//!   tolerations;
//! * `ValidateShootUpdate`'s comparisons of the new Shoot with the old one
//!   ([`super::shoot_update`], and the version rules);
//! * the update-strategy and in-place rules of both ([`crate::rollout::validate_update_strategy`]).
//!
//! The admission plugins run after it: the ShootValidator is [`super::shoot_validator`].

use super::types::{Operation, Shoot};
use crate::field::FieldError;
use serde_json::Value;

/// The registry strategy's validation of `shoot`: on create `Validate`, on update
/// `ValidateUpdate` against `old` (the Shoot itself when there is none). `maintenance` is the
/// Shoot's `spec.maintenance` as written, which the window's rules read.
pub fn validate_shoot(
    old: Option<&Shoot>,
    shoot: &Shoot,
    operation: Operation,
    maintenance: Option<&Value>,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let update = match operation {
        Operation::Delete => return errors,
        Operation::Create => None,
        Operation::Update => Some(old.unwrap_or(shoot)),
    };
    #[cfg(feature = "complete-validation")]
    if let Some(old) = update {
        // Against itself, only the rules that read one side can report.
        errors.extend(if std::ptr::eq(old, shoot) {
            super::shoot_update::validate_shoot_spec_update_of_itself(shoot)
        } else {
            super::shoot_update::validate_shoot_spec_update(shoot, old)
        });
    }
    if update.is_none() {
        errors.extend(validate_creation(shoot));
    }
    // The control plane's version update; a Shoot being deleted keeps its spec, and
    // `ValidateShootSpecUpdate` then reports only that. The pools' version updates are part of the
    // update-strategy rules below.
    let changing =
        update.filter(|old| shoot.metadata.deletion_timestamp.is_none() || old.spec == shoot.spec);
    if let Some(old) = changing {
        errors.extend(super::shoot_versions::validate_kubernetes_version_update(
            &shoot.spec.kubernetes.version,
            &old.spec.kubernetes.version,
            false,
            "spec.kubernetes.version",
        ));
    }
    // `ValidateShoot`'s version rules: the control plane's version is required, and pools may
    // not be newer or more than three minors older.
    errors.extend(super::shoot_versions::validate_shoot_versions_static(
        None,
        shoot,
        Operation::Create,
    ));
    errors.extend(validate_shoot_static(update, shoot, maintenance));
    let rollout_operation = match update {
        Some(_) => crate::rollout::Operation::Update,
        None => crate::rollout::Operation::Create,
    };
    errors.extend(crate::rollout::validate_update_strategy(
        update,
        shoot,
        rollout_operation,
        &crate::rollout::FeatureGates::default(),
    ));
    errors
}

/// `ValidateShoot`'s families beyond the version rules, in Gardener's order where it can be
/// kept across the modules: metadata and spec, the provider, the Kubernetes components (whose
/// accepted issuers an unchanged update does not check again), the maintenance window, the
/// feature gates, the tolerations.
fn validate_shoot_static(
    old: Option<&Shoot>,
    shoot: &Shoot,
    maintenance: Option<&Value>,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    #[cfg(feature = "complete-validation")]
    {
        errors.extend(match old {
            Some(old) => super::shoot_spec::validate_shoot_spec_on_update(shoot, old),
            None => super::shoot_spec::validate_shoot_spec(shoot),
        });
        errors.extend(super::workers::validate_provider(shoot));
        errors.extend(match old {
            Some(old) => super::components::validate_kubernetes_settings_update(shoot, old),
            None => super::components::validate_kubernetes_settings(shoot),
        });
    }
    #[cfg(not(feature = "complete-validation"))]
    let _ = old;
    errors.extend(super::maintenance::validate_maintenance(
        maintenance,
        shoot.is_workerless(),
    ));
    errors.extend(crate::maintenance::admission::feature_gates_of(shoot));
    errors.extend(
        crate::scheduling::toleration_restriction::validate_tolerations(
            &shoot.spec.tolerations,
            "spec.tolerations",
        ),
    );
    errors
}

/// The finalizers Gardener sets itself, which a request may not bring on create.
const FINALIZERS_FORBIDDEN_ON_CREATION: [&str; 2] =
    ["gardener", "gardener.cloud/reference-protection"];

/// The create-only rules of the strategy's `Validate`: `ValidateForceDeletion` without an old
/// Shoot (a new Shoot has no status, so no error code allows it) and
/// `ValidateFinalizersOnCreation`. `ValidateInPlaceUpdateStrategyOnCreation` is part of the
/// update-strategy rules.
fn validate_creation(shoot: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    #[cfg(feature = "complete-validation")]
    errors.extend(super::shoot_update::force_deletion_errors(
        false,
        super::shoot_update::needs_force_deletion(shoot),
        shoot.metadata.deletion_timestamp.is_some(),
        false,
    ));
    for (i, name) in shoot.metadata.finalizers().into_iter().enumerate() {
        if FINALIZERS_FORBIDDEN_ON_CREATION.contains(&name) {
            errors.push(FieldError::forbidden(
                format!("metadata.finalizers[{i}]"),
                format!(
                    "finalizer {} cannot be added on creation",
                    crate::golang::quote(name)
                ),
            ));
        }
    }
    errors
}
