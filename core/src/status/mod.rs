//! Shoot status: conditions and their thresholds, the status label, last errors and error codes, which
//! operation runs next, whether the gardenlet reconciles now, and the automatic retry of rate-limited
//! failures. Each submodule cites the Gardener source it follows; see `spec/status.md` §1–§3 and §7–§9.
//!
//! Public entry points:
//! - [`status_label`]: the `shoot.gardener.cloud/status` label with the rule that decided it.
//! - [`apply_condition_update`], [`updated_condition`], [`init_condition`], [`get_or_init_condition`],
//!   [`failed_condition`], [`pardon_conditions`], [`merge_conditions`], [`build_conditions`].
//! - [`error_code_info`], [`all_error_code_infos`], [`has_non_retryable_error_code`], [`has_error_code`].
//! - [`operation_type`], [`reconcile_decision`], [`auto_retry`].

pub mod conditions;
pub mod errors;
pub mod label;
pub mod operation;
pub mod types;

pub use conditions::{
    apply_condition_update, build_conditions, failed_condition, get_or_init_condition,
    init_condition, is_unstable, merge_conditions, pardon_conditions, parse_condition_thresholds,
    updated_condition, updated_condition_unknown_error, ConditionThreshold, ConditionUpdate,
};
pub use errors::{
    all_error_code_infos, error_code_info, has_error_code, has_non_retryable_error_code,
    ErrorCodeInfo, Retryability,
};
pub use label::{
    compute_status_label, status_label, StatusLabel, StatusLabelDerivation, StatusLabelResult,
};
pub use operation::{
    auto_retry, operation_type, reconcile_decision, AutoRetry, OperationType, ReconcileDecision,
    Schedule, ShootControllerConfig,
};
pub use types::{Condition, LastError, LastOperation, Seed, Shoot};
