//! The `shoot.gardener.cloud/status` label: Gardener's one-word summary of a Shoot's health.
//!
//! Follows `pkg/utils/gardener/shoot_status.go` (`ComputeShootStatus`), which the controller-manager's
//! status-label controller (`pkg/controllermanager/controller/shoot/statuslabel`) writes onto the Shoot.

use super::types::{
    Condition, LastError, LastOperation, Shoot, CONDITION_PROGRESSING, CONDITION_TRUE,
    CONDITION_UNKNOWN, OPERATION_CREATE, OPERATION_DELETE, STATE_PROCESSING, STATE_SUCCEEDED,
};
use crate::decode::FromValue;
use serde::{Deserialize, Serialize};

/// The label key Gardener writes the result to.
pub const STATUS_LABEL_KEY: &str = "shoot.gardener.cloud/status";

/// A value of the status label, from best to worst: healthy, progressing, unknown, unhealthy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum StatusLabel {
    Healthy,
    Progressing,
    Unknown,
    Unhealthy,
}

impl StatusLabel {
    /// The label value as Gardener writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            StatusLabel::Healthy => "healthy",
            StatusLabel::Progressing => "progressing",
            StatusLabel::Unknown => "unknown",
            StatusLabel::Unhealthy => "unhealthy",
        }
    }

    /// Gardener's ranking (`ShootStatusValue`): higher is better.
    fn rank(self) -> u8 {
        match self {
            StatusLabel::Healthy => 3,
            StatusLabel::Progressing => 2,
            StatusLabel::Unknown => 1,
            StatusLabel::Unhealthy => 0,
        }
    }

    /// The worse of the two (Gardener's `OrWorse`).
    pub fn or_worse(self, other: StatusLabel) -> StatusLabel {
        if other.rank() < self.rank() {
            other
        } else {
            self
        }
    }

    /// The label a condition status maps to (Gardener's `ConditionStatusToShootStatus`): any status other
    /// than `True`, `Progressing` and `Unknown` counts as unhealthy.
    pub fn of_condition_status(status: &str) -> StatusLabel {
        match status {
            CONDITION_TRUE => StatusLabel::Healthy,
            CONDITION_PROGRESSING => StatusLabel::Progressing,
            CONDITION_UNKNOWN => StatusLabel::Unknown,
            _ => StatusLabel::Unhealthy,
        }
    }
}

/// Which rule of `ComputeShootStatus` decided the label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum StatusLabelRule {
    /// No last operation yet: always healthy.
    NoLastOperation,
    /// A Create that has not succeeded, or any Delete: only the presence of last errors counts.
    CreateOrDeleteLastErrors,
    /// The conditions decided (the last operation did not make it worse).
    Conditions,
    /// The last operation is Processing and has last errors.
    ProcessingWithLastErrors,
    /// The last operation is in a state other than Processing or Succeeded.
    LastOperationNotSucceeded,
}

/// A condition that contributed the worst status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DecidingCondition {
    #[serde(rename = "type")]
    pub condition_type: String,
    pub status: String,
}

/// Why the label has its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct StatusLabelDerivation {
    pub rule: StatusLabelRule,
    /// The label the conditions alone give (`None` when conditions were not looked at).
    pub condition_label: Option<StatusLabel>,
    /// The conditions whose status produced `conditionLabel` when it is worse than healthy.
    pub deciding_conditions: Vec<DecidingCondition>,
    /// `type`/`state` of the last operation, when there is one.
    pub last_operation_type: Option<String>,
    pub last_operation_state: Option<String>,
    pub last_error_count: usize,
    /// A one-sentence explanation.
    pub explanation: String,
}

/// The label value and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct StatusLabelResult {
    pub label: StatusLabel,
    pub derivation: StatusLabelDerivation,
}

impl StatusLabelResult {
    /// The status in plain words, for the first thing a user reads: what the label means for the
    /// cluster and what made it so (`Unhealthy: a health check fails (every node ready).`). The
    /// label and the controller's rule are the details.
    pub fn in_plain_words(&self) -> String {
        let d = &self.derivation;
        let operation = d.last_operation_type.as_deref().unwrap_or("operation");
        let errors = match d.last_error_count {
            1 => "1 error".to_string(),
            n => format!("{n} errors"),
        };
        let checks: Vec<&str> = (d.deciding_conditions.iter())
            .map(|c| check_in_words(&c.condition_type))
            .collect();
        let checks = checks.join(", ");
        let (one, several) = match d.condition_label {
            Some(StatusLabel::Progressing) => (
                "a health check is still settling",
                "health checks are still settling",
            ),
            Some(StatusLabel::Unknown) => (
                "a health check has no result",
                "health checks have no result",
            ),
            Some(StatusLabel::Unhealthy) => ("a health check fails", "health checks fail"),
            _ => ("every health check passes", "every health check passes"),
        };
        let conditions = match (d.condition_label, d.deciding_conditions.len()) {
            (None | Some(StatusLabel::Healthy), _) => one.to_string(),
            (_, 0 | 1) => format!("{one} ({checks})"),
            _ => format!("{several} ({checks})"),
        };
        let text = match d.rule {
            StatusLabelRule::NoLastOperation => {
                "Gardener has run no operation on this Shoot yet".to_string()
            }
            StatusLabelRule::CreateOrDeleteLastErrors => {
                let phase = if operation == "Delete" {
                    "deleted"
                } else {
                    "created"
                };
                match d.last_error_count {
                    0 => format!("the Shoot is being {phase}, without errors so far"),
                    _ => format!("the Shoot is being {phase}, and the operation reported {errors}"),
                }
            }
            StatusLabelRule::Conditions if self.label == StatusLabel::Healthy => {
                match d.last_operation_state.as_deref() {
                    Some("Succeeded") => {
                        "the last operation succeeded and every health check passes".to_string()
                    }
                    _ => {
                        format!("the {operation} runs without errors and every health check passes")
                    }
                }
            }
            StatusLabelRule::Conditions => conditions,
            StatusLabelRule::ProcessingWithLastErrors => {
                format!("the running {operation} has reported {errors}")
            }
            StatusLabelRule::LastOperationNotSucceeded => format!(
                "the last {operation} did not succeed (it is {})",
                d.last_operation_state.as_deref().unwrap_or("unknown")
            ),
        };
        format!(
            "{}: {text}.",
            crate::ascii::capitalized(self.label.as_str())
        )
    }
}

/// A condition type in words (Gardener's health checks of a Shoot); an unknown type as it is.
fn check_in_words(condition_type: &str) -> &str {
    match condition_type {
        "APIServerAvailable" => "API server available",
        "ControlPlaneHealthy" => "control plane healthy",
        "ObservabilityComponentsHealthy" => "observability components healthy",
        "EveryNodeReady" => "every node ready",
        "SystemComponentsHealthy" => "system components healthy",
        other => other,
    }
}

/// The status label Gardener computes for a Shoot (from `status.lastOperation`, `status.lastErrors` and
/// `status.conditions`; constraints and the label's current value play no part).
pub fn status_label(shoot: &Shoot) -> StatusLabelResult {
    compute_status_label(
        shoot.status.last_operation.as_ref(),
        &shoot.status.last_errors,
        &shoot.status.conditions,
    )
}

/// Gardener's `ComputeShootStatus` on its three inputs.
pub fn compute_status_label(
    last_operation: Option<&LastOperation>,
    last_errors: &[LastError],
    conditions: &[Condition],
) -> StatusLabelResult {
    let error_count = last_errors.len();
    let mut derivation = StatusLabelDerivation {
        rule: StatusLabelRule::NoLastOperation,
        condition_label: None,
        deciding_conditions: Vec::new(),
        last_operation_type: last_operation.map(|op| op.operation_type.clone()),
        last_operation_state: last_operation.map(|op| op.state.clone()),
        last_error_count: error_count,
        explanation: String::new(),
    };

    let Some(operation) = last_operation else {
        derivation.explanation =
            "The Shoot has no last operation yet, which Gardener always reports as healthy.".into();
        return StatusLabelResult {
            label: StatusLabel::Healthy,
            derivation,
        };
    };

    let creating =
        operation.operation_type == OPERATION_CREATE && operation.state != STATE_SUCCEEDED;
    if creating || operation.operation_type == OPERATION_DELETE {
        derivation.rule = StatusLabelRule::CreateOrDeleteLastErrors;
        let label = if error_count == 0 {
            StatusLabel::Healthy
        } else {
            StatusLabel::Unhealthy
        };
        let phase = if creating {
            "being created"
        } else {
            "being deleted"
        };
        derivation.explanation = if error_count == 0 {
            format!("The Shoot is {phase} without last errors; conditions are not considered in this phase.")
        } else {
            format!("The Shoot is {phase} and has {error_count} last error(s); conditions are not considered in this phase.")
        };
        return StatusLabelResult { label, derivation };
    }

    let condition_label = conditions
        .iter()
        .map(|condition| StatusLabel::of_condition_status(&condition.status))
        .fold(StatusLabel::Healthy, StatusLabel::or_worse);
    derivation.condition_label = Some(condition_label);
    if condition_label != StatusLabel::Healthy {
        derivation.deciding_conditions = conditions
            .iter()
            .filter(|condition| {
                StatusLabel::of_condition_status(&condition.status) == condition_label
            })
            .map(|condition| DecidingCondition {
                condition_type: condition.condition_type.clone(),
                status: condition.status.clone(),
            })
            .collect();
    }

    let operation_healthy = if operation.state == STATE_PROCESSING {
        error_count == 0
    } else {
        operation.state == STATE_SUCCEEDED
    };
    let label = if operation_healthy {
        condition_label
    } else {
        StatusLabel::Unhealthy
    };

    let conditions_text = if condition_label == StatusLabel::Healthy {
        "all conditions are healthy".to_string()
    } else {
        let names: Vec<String> = derivation
            .deciding_conditions
            .iter()
            .map(|c| format!("{} is {:?}", c.condition_type, c.status))
            .collect();
        format!("{} ({})", condition_label.as_str(), names.join(", "))
    };
    if operation_healthy {
        derivation.rule = StatusLabelRule::Conditions;
        derivation.explanation = format!(
            "The last operation is {} {}, so the conditions decide: {conditions_text}.",
            operation.operation_type, operation.state
        );
    } else if operation.state == STATE_PROCESSING {
        derivation.rule = StatusLabelRule::ProcessingWithLastErrors;
        derivation.explanation = format!(
            "The last operation is still processing but has {error_count} last error(s), which makes the Shoot unhealthy; conditions: {conditions_text}."
        );
    } else {
        derivation.rule = StatusLabelRule::LastOperationNotSucceeded;
        derivation.explanation = format!(
            "The last operation is in state {:?} rather than Succeeded, which makes the Shoot unhealthy; conditions: {conditions_text}.",
            operation.state
        );
    }
    StatusLabelResult { label, derivation }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operation(operation_type: &str, state: &str) -> LastOperation {
        LastOperation {
            operation_type: operation_type.into(),
            state: state.into(),
            ..LastOperation::default()
        }
    }

    fn condition(status: &str) -> Condition {
        Condition {
            condition_type: "X".into(),
            status: status.into(),
            ..Condition::default()
        }
    }

    #[test]
    fn unknown_ranks_between_progressing_and_unhealthy() {
        assert_eq!(
            StatusLabel::Progressing.or_worse(StatusLabel::Unknown),
            StatusLabel::Unknown
        );
        assert_eq!(
            StatusLabel::Unknown.or_worse(StatusLabel::Unhealthy),
            StatusLabel::Unhealthy
        );
    }

    #[test]
    fn delete_ignores_conditions() {
        let result = compute_status_label(
            Some(&operation("Delete", "Succeeded")),
            &[],
            &[condition("False")],
        );
        assert_eq!(result.label, StatusLabel::Healthy);
        assert_eq!(
            result.derivation.rule,
            StatusLabelRule::CreateOrDeleteLastErrors
        );
    }

    #[test]
    fn odd_condition_status_is_unhealthy_and_named() {
        let result = compute_status_label(
            Some(&operation("Reconcile", "Succeeded")),
            &[],
            &[condition("True"), condition("Weird")],
        );
        assert_eq!(result.label, StatusLabel::Unhealthy);
        assert_eq!(result.derivation.deciding_conditions.len(), 1);
    }

    #[test]
    fn aborted_state_is_unhealthy() {
        let result = compute_status_label(Some(&operation("Reconcile", "Aborted")), &[], &[]);
        assert_eq!(result.label, StatusLabel::Unhealthy);
        assert_eq!(
            result.derivation.rule,
            StatusLabelRule::LastOperationNotSucceeded
        );
    }

    #[test]
    fn the_status_reads_in_plain_words_first() {
        let words = |op: Option<LastOperation>, errors: &[LastError], conditions: &[Condition]| {
            compute_status_label(op.as_ref(), errors, conditions).in_plain_words()
        };
        assert_eq!(
            words(None, &[], &[]),
            "Healthy: Gardener has run no operation on this Shoot yet."
        );
        let node = Condition {
            condition_type: "EveryNodeReady".into(),
            ..condition("False")
        };
        let reconciled = || Some(operation("Reconcile", "Succeeded"));
        assert_eq!(
            words(reconciled(), &[], std::slice::from_ref(&node)),
            "Unhealthy: a health check fails (every node ready)."
        );
        let api = Condition {
            condition_type: "APIServerAvailable".into(),
            ..condition("False")
        };
        assert_eq!(
            words(reconciled(), &[], &[node, api]),
            "Unhealthy: health checks fail (every node ready, API server available)."
        );
        assert_eq!(
            words(reconciled(), &[], &[condition("True")]),
            "Healthy: the last operation succeeded and every health check passes."
        );
        let creating = Some(operation("Create", "Processing"));
        assert_eq!(
            words(creating, &[LastError::default()], &[]),
            "Unhealthy: the Shoot is being created, and the operation reported 1 error."
        );
    }
}
