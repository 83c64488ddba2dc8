//! The parts of Gardener's API objects this area reads: a Shoot's metadata and status (conditions, last
//! operation, last errors) and a Seed's annotations.
//!
//! Field names follow Gardener's JSON (`camelCase`); every field is optional on input and unknown fields are
//! ignored, so a Shoot pasted from `kubectl get -o yaml` deserializes as is. No API defaulting is applied.

use chrono::{DateTime, Utc};

/// Condition status `True`.
pub const CONDITION_TRUE: &str = "True";
/// Condition status `False`.
pub const CONDITION_FALSE: &str = "False";
/// Condition status `Unknown`.
pub const CONDITION_UNKNOWN: &str = "Unknown";
/// Condition status `Progressing`.
pub const CONDITION_PROGRESSING: &str = "Progressing";

/// Last operation type `Create`.
pub const OPERATION_CREATE: &str = "Create";
/// Last operation type `Reconcile`.
pub const OPERATION_RECONCILE: &str = "Reconcile";
/// Last operation type `Delete`.
pub const OPERATION_DELETE: &str = "Delete";
/// Last operation type `Migrate`.
pub const OPERATION_MIGRATE: &str = "Migrate";
/// Last operation type `Restore`.
pub const OPERATION_RESTORE: &str = "Restore";

/// Last operation state `Processing`.
pub const STATE_PROCESSING: &str = "Processing";
/// Last operation state `Succeeded`.
pub const STATE_SUCCEEDED: &str = "Succeeded";
/// Last operation state `Error` (the operation will be retried).
pub const STATE_ERROR: &str = "Error";
/// Last operation state `Failed` (the operation will not be retried).
pub const STATE_FAILED: &str = "Failed";
/// Last operation state `Aborted`.
pub const STATE_ABORTED: &str = "Aborted";

pub use crate::api::{Condition, LastError, LastOperation, ObjectMeta, Seed, Shoot};

/// Go's `strconv.ParseBool`, where anything it rejects counts as `false` (Gardener ignores the error).
pub(crate) fn go_parse_bool(text: &str) -> bool {
    matches!(text, "1" | "t" | "T" | "TRUE" | "true" | "True")
}

/// Go's zero `time.Time` (0001-01-01T00:00:00Z), which an absent timestamp means in Gardener's arithmetic.
pub(crate) fn go_zero_time() -> DateTime<Utc> {
    DateTime::<Utc>::from_timestamp(-62_135_596_800, 0).unwrap_or(DateTime::<Utc>::MIN_UTC)
}

pub(crate) use crate::golang::null_as_default;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nulls_read_as_empty_values() {
        let shoot: Shoot = serde_json::from_value(serde_json::json!({
            "metadata": {"annotations": null, "generation": null},
            "status": {"lastErrors": null, "conditions": [{"type": "A", "status": null, "codes": null}]}
        }))
        .unwrap();
        assert!(shoot.metadata.annotations.is_empty());
        assert!(shoot.status.last_errors.is_empty());
        assert_eq!(shoot.status.conditions[0].status, "");
    }

    #[test]
    fn go_parse_bool_accepts_go_spellings_only() {
        assert!(go_parse_bool("T") && go_parse_bool("1") && go_parse_bool("TRUE"));
        assert!(!go_parse_bool("yes") && !go_parse_bool("tRuE"));
    }
}
