//! Conditions: how Gardener initialises, updates, fails (with progressing thresholds), pardons and merges
//! them.
//!
//! Follows `pkg/api/core/v1beta1/helper/condition.go`, `condition_builder.go` and
//! `pkg/gardenlet/controller/shoot/care/health.go` (`PardonConditions`).

use super::types::{
    go_zero_time, null_as_default, Condition, LastError, LastOperation, CONDITION_FALSE,
    CONDITION_PROGRESSING, CONDITION_TRUE, CONDITION_UNKNOWN, OPERATION_CREATE, OPERATION_DELETE,
    STATE_PROCESSING, STATE_SUCCEEDED,
};
use crate::decode::FromValue;
use crate::duration;
use chrono::{DateTime, TimeDelta, Timelike, Utc};
use serde::{Deserialize, Serialize};

/// Reason of a freshly initialised condition.
pub const REASON_CONDITION_INITIALIZED: &str = "ConditionInitialized";
/// Message of a freshly initialised condition (also the fallback when neither old nor new message is set).
pub const MESSAGE_CONDITION_INITIALIZED: &str =
    "The condition has been initialized but its semantic check has not been performed yet.";
/// Reason Gardener writes when an update passes an empty reason.
pub const REASON_UNSPECIFIED: &str = "Unspecified";
/// Message Gardener writes when an update passes an empty message.
pub const MESSAGE_NONE_GIVEN: &str = "No message given.";
/// Reason of a condition whose check could not be performed.
pub const REASON_CONDITION_CHECK_ERROR: &str = "ConditionCheckError";

/// One configured progressing threshold (`controllers.shootCare.conditionThresholds[]` of the gardenlet
/// configuration). The duration is in Go syntax (`1m`, `5m0s`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ConditionThreshold {
    #[serde(rename = "type")]
    #[serde(deserialize_with = "null_as_default")]
    pub condition_type: String,
    #[serde(deserialize_with = "null_as_default")]
    pub duration: String,
}

/// The changes an update applies to a condition (the `With…` calls of Gardener's condition builder).
///
/// `reason`/`message` of `None` mean "not given" (the old value is kept); `Some("")` means "given but
/// empty" (Gardener then writes `Unspecified` / `No message given.`). An empty `status` keeps the old one.
/// Codes always replace the old codes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ConditionUpdate {
    #[serde(deserialize_with = "null_as_default")]
    pub status: String,
    pub reason: Option<String>,
    pub message: Option<String>,
    #[serde(deserialize_with = "null_as_default")]
    pub codes: Vec<String>,
}

/// `now` as a condition stores it: a `metav1.Time` keeps whole seconds in the object the API server
/// stores (Gardener's clock reads nanoseconds; its comparisons use them, the stored times do not).
fn stored(now: DateTime<Utc>) -> DateTime<Utc> {
    now.with_nanosecond(0).unwrap_or(now)
}

/// A new condition of the given type in status `Unknown` (Gardener's `InitConditionWithClock`).
pub fn init_condition(condition_type: &str, now: DateTime<Utc>) -> Condition {
    let now = stored(now);
    Condition {
        condition_type: condition_type.to_string(),
        status: CONDITION_UNKNOWN.to_string(),
        last_transition_time: Some(now),
        last_update_time: Some(now),
        reason: REASON_CONDITION_INITIALIZED.to_string(),
        message: MESSAGE_CONDITION_INITIALIZED.to_string(),
        codes: Vec::new(),
    }
}

/// The first condition of the given type in `conditions`, or a freshly initialised one
/// (Gardener's `GetOrInitConditionWithClock`).
pub fn get_or_init_condition(
    conditions: &[Condition],
    condition_type: &str,
    now: DateTime<Utc>,
) -> Condition {
    conditions
        .iter()
        .find(|condition| condition.condition_type == condition_type)
        .cloned()
        .unwrap_or_else(|| init_condition(condition_type, now))
}

/// Applies `update` to `old` the way Gardener's condition builder does (`(*defaultConditionBuilder).Build`):
/// empty timestamps become `now`, `lastTransitionTime` moves only on a status change and `lastUpdateTime`
/// only when reason, message or codes change.
pub fn apply_condition_update(
    old: &Condition,
    update: &ConditionUpdate,
    now: DateTime<Utc>,
) -> Condition {
    let mut condition = old.clone();
    let now = stored(now);
    if condition.last_transition_time.is_none() {
        condition.last_transition_time = Some(now);
    }
    if condition.last_update_time.is_none() {
        condition.last_update_time = Some(now);
    }

    if !update.status.is_empty() {
        condition.status = update.status.clone();
    } else if old.status.is_empty() {
        condition.status = CONDITION_UNKNOWN.to_string();
    }

    condition.reason = match update.reason.as_deref() {
        Some("") => REASON_UNSPECIFIED.to_string(),
        Some(reason) => reason.to_string(),
        None if old.reason.is_empty() => REASON_CONDITION_INITIALIZED.to_string(),
        None => old.reason.clone(),
    };
    condition.message = match update.message.as_deref() {
        Some("") => MESSAGE_NONE_GIVEN.to_string(),
        Some(message) => message.to_string(),
        None if old.message.is_empty() => MESSAGE_CONDITION_INITIALIZED.to_string(),
        None => old.message.clone(),
    };
    // Codes are never carried over from the old condition.
    condition.codes = update.codes.clone();

    if condition.status != old.status {
        condition.last_transition_time = Some(now);
    }
    // nil and empty code lists are equal here, which `Vec` comparison gives for free.
    if condition.reason != old.reason
        || condition.message != old.message
        || condition.codes != old.codes
    {
        condition.last_update_time = Some(now);
    }
    condition
}

/// Sets status, reason, message and codes of a condition (Gardener's `UpdatedConditionWithClock`, which
/// always passes all four).
pub fn updated_condition(
    old: &Condition,
    status: &str,
    reason: &str,
    message: &str,
    codes: &[String],
    now: DateTime<Utc>,
) -> Condition {
    let update = ConditionUpdate {
        status: status.to_string(),
        reason: Some(reason.to_string()),
        message: Some(message.to_string()),
        codes: codes.to_vec(),
    };
    apply_condition_update(old, &update, now)
}

/// Marks a condition `Unknown` with reason `ConditionCheckError` and the given error text
/// (Gardener's `UpdatedConditionUnknownErrorMessageWithClock`).
pub fn updated_condition_unknown_error(
    old: &Condition,
    message: &str,
    codes: &[String],
    now: DateTime<Utc>,
) -> Condition {
    updated_condition(
        old,
        CONDITION_UNKNOWN,
        REASON_CONDITION_CHECK_ERROR,
        message,
        codes,
        now,
    )
}

/// Parses configured thresholds into durations; a later entry for the same type wins, as in Gardener's
/// mapping of the list into a map.
pub fn parse_condition_thresholds(
    thresholds: &[ConditionThreshold],
) -> Result<Vec<(String, TimeDelta)>, String> {
    let mut parsed: Vec<(String, TimeDelta)> = Vec::new();
    for threshold in thresholds {
        let duration = duration::parse(&threshold.duration)
            .map_err(|e| format!("condition threshold {}: {e}", threshold.condition_type))?;
        parsed.retain(|(condition_type, _)| *condition_type != threshold.condition_type);
        parsed.push((threshold.condition_type.clone(), duration));
    }
    Ok(parsed)
}

/// The condition after a failed health check with `reason` and `message` (Gardener's `FailedCondition`).
///
/// With a threshold configured for the condition type, a condition that was healthy first goes to
/// `Progressing`, and stays there while the threshold has not passed since its last transition or since a
/// successful last operation; a `False` condition re-opens `Progressing` when the reason changes. Without
/// a threshold the result is always `False`.
pub fn failed_condition(
    thresholds: &[(String, TimeDelta)],
    last_operation: Option<&LastOperation>,
    condition: &Condition,
    reason: &str,
    message: &str,
    codes: &[String],
    now: DateTime<Utc>,
) -> Condition {
    let threshold = thresholds
        .iter()
        .find(|(condition_type, _)| *condition_type == condition.condition_type)
        .map(|(_, duration)| *duration);
    let within_last_operation_threshold = |threshold: TimeDelta| {
        last_operation.is_some_and(|operation| {
            operation.state == STATE_SUCCEEDED
                && now - zero_time_or(operation.last_update_time) <= threshold
        })
    };

    let status = match (condition.status.as_str(), threshold) {
        (CONDITION_TRUE, Some(_)) => CONDITION_PROGRESSING,
        (CONDITION_PROGRESSING, Some(threshold)) => {
            if within_last_operation_threshold(threshold)
                || now - zero_time_or(condition.last_transition_time) <= threshold
            {
                CONDITION_PROGRESSING
            } else {
                CONDITION_FALSE
            }
        }
        (CONDITION_FALSE, Some(threshold))
            if within_last_operation_threshold(threshold) || reason != condition.reason =>
        {
            CONDITION_PROGRESSING
        }
        _ => CONDITION_FALSE,
    };
    updated_condition(condition, status, reason, message, codes, now)
}

/// Rewrites `False` conditions to `Progressing` while the Shoot's last operation is unstable (Gardener's
/// `PardonConditions`): no last operation, a Create or Delete that has not succeeded, or a Processing
/// operation without last errors. Reason, message and codes are kept.
pub fn pardon_conditions(
    conditions: &[Condition],
    last_operation: Option<&LastOperation>,
    last_errors: &[LastError],
    now: DateTime<Utc>,
) -> Vec<Condition> {
    let pardoned = last_operation.is_none_or(|operation| is_unstable(operation, last_errors));
    conditions
        .iter()
        .map(|condition| {
            if pardoned && condition.status == CONDITION_FALSE {
                updated_condition(
                    condition,
                    CONDITION_PROGRESSING,
                    &condition.reason,
                    &condition.message,
                    &condition.codes,
                    now,
                )
            } else {
                condition.clone()
            }
        })
        .collect()
}

/// Whether pardoning applies to a Shoot with this last operation (Gardener's `isUnstableLastOperation`).
/// An empty `lastErrors` list counts as absent: the API never stores an empty list.
pub fn is_unstable(last_operation: &LastOperation, last_errors: &[LastError]) -> bool {
    let create_or_delete = last_operation.operation_type == OPERATION_CREATE
        || last_operation.operation_type == OPERATION_DELETE;
    (create_or_delete && last_operation.state != STATE_SUCCEEDED)
        || (last_operation.state == STATE_PROCESSING && last_errors.is_empty())
}

/// Replaces conditions by type in place and appends new types at the end (Gardener's `MergeConditions`).
pub fn merge_conditions(old: &[Condition], new: &[Condition]) -> Vec<Condition> {
    let mut merged = old.to_vec();
    for condition in new {
        // Gardener remembers the last index of each type.
        match merged
            .iter()
            .rposition(|existing| existing.condition_type == condition.condition_type)
        {
            Some(index) if index < old.len() => merged[index] = condition.clone(),
            _ => merged.push(condition.clone()),
        }
    }
    merged
}

/// Removes the given types from `base`, then merges `new` (Gardener's `BuildConditions`).
pub fn build_conditions(
    base: &[Condition],
    new: &[Condition],
    remove_types: &[&str],
) -> Vec<Condition> {
    let kept: Vec<Condition> = base
        .iter()
        .filter(|condition| !remove_types.contains(&condition.condition_type.as_str()))
        .cloned()
        .collect();
    merge_conditions(&kept, new)
}

/// An absent timestamp is Go's zero time in Gardener's arithmetic.
fn zero_time_or(time: Option<DateTime<Utc>>) -> DateTime<Utc> {
    time.unwrap_or_else(go_zero_time)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn condition(status: &str, reason: &str) -> Condition {
        Condition {
            condition_type: "ControlPlaneHealthy".into(),
            status: status.into(),
            reason: reason.into(),
            message: "m".into(),
            last_transition_time: Some(at("2026-01-01T00:00:00Z")),
            last_update_time: Some(at("2026-01-01T00:00:00Z")),
            codes: vec![],
        }
    }

    #[test]
    fn status_change_alone_keeps_last_update_time() {
        let old = condition("True", "R");
        let now = at("2026-01-01T01:00:00Z");
        let new = updated_condition(&old, "False", "R", "m", &[], now);
        assert_eq!(new.last_transition_time, Some(now));
        assert_eq!(new.last_update_time, old.last_update_time);
    }

    #[test]
    fn builder_without_reason_keeps_or_initialises_it() {
        let now = at("2026-01-01T01:00:00Z");
        let update = ConditionUpdate::default();
        let kept = apply_condition_update(&condition("True", "R"), &update, now);
        assert_eq!(kept.reason, "R");
        let initialised = apply_condition_update(&condition("", ""), &update, now);
        assert_eq!(initialised.reason, REASON_CONDITION_INITIALIZED);
        assert_eq!(initialised.status, CONDITION_UNKNOWN);
    }

    #[test]
    fn progressing_expires_after_threshold_since_transition() {
        let thresholds = vec![("ControlPlaneHealthy".to_string(), TimeDelta::minutes(1))];
        let old = condition("Progressing", "R");
        let inside = failed_condition(
            &thresholds,
            None,
            &old,
            "R",
            "m",
            &[],
            at("2026-01-01T00:01:00Z"),
        );
        assert_eq!(inside.status, "Progressing");
        let outside = failed_condition(
            &thresholds,
            None,
            &old,
            "R",
            "m",
            &[],
            at("2026-01-01T00:01:01Z"),
        );
        assert_eq!(outside.status, "False");
    }

    #[test]
    fn processing_with_errors_is_not_pardoned() {
        let operation = LastOperation {
            operation_type: "Reconcile".into(),
            state: "Processing".into(),
            ..LastOperation::default()
        };
        let errors = vec![LastError::default()];
        let now = at("2026-01-01T00:00:00Z");
        let result = pardon_conditions(&[condition("False", "R")], Some(&operation), &errors, now);
        assert_eq!(result[0].status, "False");
        let result = pardon_conditions(&[condition("False", "R")], Some(&operation), &[], now);
        assert_eq!(result[0].status, "Progressing");
        assert_eq!(result[0].last_transition_time, Some(now));
    }

    #[test]
    fn merge_replaces_in_place_and_appends() {
        let a = Condition {
            condition_type: "A".into(),
            ..Condition::default()
        };
        let b = Condition {
            condition_type: "B".into(),
            ..Condition::default()
        };
        let new_a = Condition {
            condition_type: "A".into(),
            status: "True".into(),
            ..Condition::default()
        };
        let merged = merge_conditions(&[a, b.clone()], &[b.clone(), new_a.clone()]);
        assert_eq!(merged, vec![new_a, b]);
    }
}
