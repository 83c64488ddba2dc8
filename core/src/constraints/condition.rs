//! The condition shape constraints are written in, and the few condition helpers the constraint check
//! uses: initialisation (`GetOrInitConditionWithClock`), updating (`UpdatedConditionWithClock` and the
//! `defaultConditionBuilder`), the Unknown/error form and pardoning (`PardonConditions` in
//! `pkg/gardenlet/controller/shoot/care/health.go`).

pub use crate::api::{Condition, LastOperation};
use chrono::{DateTime, Utc};

pub const STATUS_TRUE: &str = "True";
pub const STATUS_FALSE: &str = "False";
pub const STATUS_UNKNOWN: &str = "Unknown";
pub const STATUS_PROGRESSING: &str = "Progressing";

const REASON_INITIALIZED: &str = "ConditionInitialized";
const MESSAGE_INITIALIZED: &str =
    "The condition has been initialized but its semantic check has not been performed yet.";
/// Reason of a check that failed with an error.
pub const REASON_CHECK_ERROR: &str = "ConditionCheckError";

impl Condition {
    /// The first condition of this type in `existing`, or a fresh `Unknown`/`ConditionInitialized` one.
    pub fn get_or_init(
        existing: &[Condition],
        condition_type: &str,
        now: DateTime<Utc>,
    ) -> Condition {
        existing
            .iter()
            .find(|c| c.condition_type == condition_type)
            .cloned()
            .unwrap_or_else(|| Condition {
                condition_type: condition_type.to_string(),
                status: STATUS_UNKNOWN.to_string(),
                last_transition_time: Some(now),
                last_update_time: Some(now),
                reason: REASON_INITIALIZED.to_string(),
                message: MESSAGE_INITIALIZED.to_string(),
                codes: Vec::new(),
            })
    }

    /// `UpdatedConditionWithClock(clock, c, status, reason, message, codes...)`.
    pub fn updated(
        &self,
        status: &str,
        reason: &str,
        message: &str,
        codes: &[String],
        now: DateTime<Utc>,
    ) -> Condition {
        let mut next = self.clone();
        next.last_transition_time.get_or_insert(now);
        next.last_update_time.get_or_insert(now);
        if !status.is_empty() {
            next.status = status.to_string();
        } else if self.status.is_empty() {
            next.status = STATUS_UNKNOWN.to_string();
        }
        next.reason = if reason.is_empty() {
            "Unspecified".to_string()
        } else {
            reason.to_string()
        };
        next.message = if message.is_empty() {
            "No message given.".to_string()
        } else {
            message.to_string()
        };
        next.codes = codes.to_vec();
        if next.status != self.status {
            next.last_transition_time = Some(now);
        }
        if next.reason != self.reason || next.message != self.message || next.codes != self.codes {
            next.last_update_time = Some(now);
        }
        next
    }

    /// `UpdatedConditionUnknownErrorMessageWithClock`: Unknown / `ConditionCheckError` with this message.
    pub fn updated_unknown_error(&self, message: &str, now: DateTime<Utc>) -> Condition {
        self.updated(STATUS_UNKNOWN, REASON_CHECK_ERROR, message, &[], now)
    }
}

/// `PardonConditions`: while the shoot is being created or deleted, or an operation is processing
/// without errors, a `False` condition is shown as `Progressing` (keeping reason, message and codes).
/// `has_last_errors` is false for an absent or empty `lastErrors` list.
pub fn pardon_conditions(
    conditions: Vec<Condition>,
    last_operation: Option<&LastOperation>,
    has_last_errors: bool,
    now: DateTime<Utc>,
) -> Vec<Condition> {
    let unstable = match last_operation {
        None => true,
        Some(op) => {
            (matches!(op.operation_type.as_str(), "Create" | "Delete") && op.state != "Succeeded")
                || (op.state == "Processing" && !has_last_errors)
        }
    };
    conditions
        .into_iter()
        .map(|c| {
            if unstable && c.status == STATUS_FALSE {
                c.updated(STATUS_PROGRESSING, &c.reason, &c.message, &c.codes, now)
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u32) -> DateTime<Utc> {
        use chrono::TimeZone;
        Utc.with_ymd_and_hms(2026, 1, 1, hour, 0, 0).unwrap()
    }

    #[test]
    fn transition_time_moves_only_on_status_change() {
        let c = Condition::get_or_init(&[], "X", at(0));
        let same = c.updated("Unknown", "R", "M", &[], at(1));
        assert_eq!(same.last_transition_time, Some(at(0)));
        assert_eq!(same.last_update_time, Some(at(1)));
        let flipped = same.updated("True", "R", "M", &[], at(2));
        assert_eq!(flipped.last_transition_time, Some(at(2)));
        assert_eq!(flipped.last_update_time, Some(at(1)));
    }

    #[test]
    fn pardoning_needs_an_unstable_operation() {
        let c = Condition::get_or_init(&[], "X", at(0)).updated("False", "R", "M", &[], at(0));
        let stable = LastOperation {
            operation_type: "Reconcile".into(),
            state: "Succeeded".into(),
            ..LastOperation::default()
        };
        assert_eq!(
            pardon_conditions(vec![c.clone()], Some(&stable), false, at(1))[0].status,
            "False"
        );
        assert_eq!(
            pardon_conditions(vec![c], None, false, at(1))[0].status,
            "Progressing"
        );
    }
}
