//! The admission check that keeps a Shoot from being hibernated while the `HibernationPossible`
//! constraint says it cannot wake up again.
//!
//! Follows `validationContext.validateShootHibernation` in `plugin/pkg/shoot/validator/admission.go`.

use super::Shoot;
use crate::decode::FromValue;
use serde::{Deserialize, Serialize};

/// The constraint type the check reads (`core.ShootHibernationPossible`).
pub const HIBERNATION_POSSIBLE: &str = "HibernationPossible";

/// A rejected update: the API server's `Forbidden` message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct AdmissionDenial {
    pub message: String,
}

/// `validateShootHibernation` on an update from `old_shoot` to `shoot`: switching
/// `spec.hibernation.enabled` from false/unset to true is forbidden when the Shoot's first
/// `HibernationPossible` constraint exists and is not `True`. Every other update passes this check.
pub fn check_hibernation_admission(
    old_shoot: &Shoot,
    shoot: &Shoot,
) -> Result<(), AdmissionDenial> {
    if old_shoot.hibernation_enabled() || !shoot.hibernation_enabled() {
        return Ok(());
    }
    let Some(constraint) = shoot
        .status
        .constraints
        .iter()
        .find(|c| c.condition_type == HIBERNATION_POSSIBLE)
    else {
        return Ok(());
    };
    if constraint.status == "True" {
        return Ok(());
    }
    let reason = format!(
        "'{HIBERNATION_POSSIBLE}' constraint is '{}': {}",
        constraint.status, constraint.message
    );
    Err(AdmissionDenial {
        message: format!(
            "shoots.core.gardener.cloud {:?} is forbidden: {reason}",
            shoot.metadata.name
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shoot(yaml: &str) -> Shoot {
        serde_yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn denies_only_the_switch_to_hibernated() {
        let awake = shoot("metadata: {name: s}\nspec: {hibernation: {enabled: false}}");
        let blocked = shoot(
            "metadata: {name: s}\nspec: {hibernation: {enabled: true}}\nstatus: {constraints: [{type: HibernationPossible, status: 'Unknown', message: m}]}",
        );
        assert_eq!(
            check_hibernation_admission(&awake, &blocked)
                .unwrap_err()
                .message,
            "shoots.core.gardener.cloud \"s\" is forbidden: 'HibernationPossible' constraint is 'Unknown': m"
        );
        // Already hibernated: the constraint is not consulted.
        assert!(check_hibernation_admission(&blocked, &blocked).is_ok());
        assert!(check_hibernation_admission(&awake, &awake).is_ok());
    }
}
