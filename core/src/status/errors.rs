//! Gardener's error codes on `status.lastErrors[].codes`: what each means, whether it stops automatic
//! retries, and the membership tests Gardener uses.
//!
//! Codes: `pkg/apis/core/v1beta1/types_common.go`. Retryability: `pkg/api/core/v1beta1/helper/errors.go`
//! (`HasNonRetryableErrorCode`, `HasErrorCode`). Force deletion: `pkg/api/core/validation/shoot.go`
//! (`errorCodesAllowingForceDeletion`). "User error" is the column of Gardener's documentation
//! (`docs/usage/shoot/shoot_status.md`); no Gardener code reads it.

use super::types::LastError;
use crate::decode::FromValue;
use serde::{Deserialize, Serialize};

/// `ERR_INFRA_UNAUTHENTICATED`
pub const ERR_INFRA_UNAUTHENTICATED: &str = "ERR_INFRA_UNAUTHENTICATED";
/// `ERR_INFRA_UNAUTHORIZED`
pub const ERR_INFRA_UNAUTHORIZED: &str = "ERR_INFRA_UNAUTHORIZED";
/// `ERR_INFRA_QUOTA_EXCEEDED`
pub const ERR_INFRA_QUOTA_EXCEEDED: &str = "ERR_INFRA_QUOTA_EXCEEDED";
/// `ERR_INFRA_RATE_LIMITS_EXCEEDED`
pub const ERR_INFRA_RATE_LIMITS_EXCEEDED: &str = "ERR_INFRA_RATE_LIMITS_EXCEEDED";
/// `ERR_INFRA_DEPENDENCIES`
pub const ERR_INFRA_DEPENDENCIES: &str = "ERR_INFRA_DEPENDENCIES";
/// `ERR_RETRYABLE_INFRA_DEPENDENCIES`
pub const ERR_RETRYABLE_INFRA_DEPENDENCIES: &str = "ERR_RETRYABLE_INFRA_DEPENDENCIES";
/// `ERR_INFRA_RESOURCES_DEPLETED`
pub const ERR_INFRA_RESOURCES_DEPLETED: &str = "ERR_INFRA_RESOURCES_DEPLETED";
/// `ERR_CLEANUP_CLUSTER_RESOURCES`
pub const ERR_CLEANUP_CLUSTER_RESOURCES: &str = "ERR_CLEANUP_CLUSTER_RESOURCES";
/// `ERR_CONFIGURATION_PROBLEM`
pub const ERR_CONFIGURATION_PROBLEM: &str = "ERR_CONFIGURATION_PROBLEM";
/// `ERR_RETRYABLE_CONFIGURATION_PROBLEM`
pub const ERR_RETRYABLE_CONFIGURATION_PROBLEM: &str = "ERR_RETRYABLE_CONFIGURATION_PROBLEM";
/// `ERR_PROBLEMATIC_WEBHOOK`
pub const ERR_PROBLEMATIC_WEBHOOK: &str = "ERR_PROBLEMATIC_WEBHOOK";

/// Whether an error code lets Gardener keep retrying the operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Retryability {
    /// The operation ends in `Error` and is retried until the retry window (12h by default) runs out.
    Retryable,
    /// The operation ends in `Failed` at once; only a user action (or, for rate limits, the automatic
    /// retry controller) starts it again.
    NonRetryable,
}

/// What Gardener does with one error code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ErrorCodeInfo {
    pub code: String,
    /// Whether Gardener knows the code at all. Unknown codes are retryable and have no meaning.
    pub known: bool,
    /// A plain-language explanation of the code.
    pub meaning: String,
    pub retryability: Retryability,
    /// Gardener's documentation marks the code as a user error (fixable by the cluster owner). `None` for
    /// unknown codes.
    pub user_error: Option<bool>,
    /// A Shoot whose last errors carry this code may be force-deleted.
    pub allows_force_deletion: bool,
    /// Gardener's shoot-retry controller retries a Shoot that failed with this code on its own.
    pub automatically_retried: bool,
    /// What the user can do about it.
    pub remedy: String,
}

/// Every error code Gardener defines, in the order of its API types.
pub const ALL_ERROR_CODES: &[&str] = &[
    ERR_INFRA_UNAUTHENTICATED,
    ERR_INFRA_UNAUTHORIZED,
    ERR_INFRA_QUOTA_EXCEEDED,
    ERR_INFRA_RATE_LIMITS_EXCEEDED,
    ERR_INFRA_DEPENDENCIES,
    ERR_RETRYABLE_INFRA_DEPENDENCIES,
    ERR_INFRA_RESOURCES_DEPLETED,
    ERR_CLEANUP_CLUSTER_RESOURCES,
    ERR_CONFIGURATION_PROBLEM,
    ERR_RETRYABLE_CONFIGURATION_PROBLEM,
    ERR_PROBLEMATIC_WEBHOOK,
];

/// The codes Gardener treats as non-retryable (`HasNonRetryableErrorCode`).
const NON_RETRYABLE_CODES: &[&str] = &[
    ERR_INFRA_UNAUTHENTICATED,
    ERR_INFRA_UNAUTHORIZED,
    ERR_INFRA_DEPENDENCIES,
    ERR_INFRA_QUOTA_EXCEEDED,
    ERR_INFRA_RATE_LIMITS_EXCEEDED,
    ERR_CONFIGURATION_PROBLEM,
    ERR_PROBLEMATIC_WEBHOOK,
];

/// The codes that allow force deletion of a Shoot (`errorCodesAllowingForceDeletion`).
const FORCE_DELETION_CODES: &[&str] = &[
    ERR_INFRA_UNAUTHENTICATED,
    ERR_INFRA_UNAUTHORIZED,
    ERR_INFRA_DEPENDENCIES,
    ERR_CLEANUP_CLUSTER_RESOURCES,
    ERR_CONFIGURATION_PROBLEM,
];

/// Whether Gardener stops retrying when it sees this code.
pub fn is_non_retryable_code(code: &str) -> bool {
    NON_RETRYABLE_CODES.contains(&code)
}

/// Whether any last error carries a non-retryable code (Gardener's `HasNonRetryableErrorCode`): such an
/// operation ends in `Failed` instead of `Error`.
pub fn has_non_retryable_error_code(last_errors: &[LastError]) -> bool {
    last_errors
        .iter()
        .any(|error| error.codes.iter().any(|code| is_non_retryable_code(code)))
}

/// Whether any last error carries `code` (Gardener's `HasErrorCode`).
pub fn has_error_code(last_errors: &[LastError], code: &str) -> bool {
    last_errors
        .iter()
        .any(|error| error.codes.iter().any(|c| c == code))
}

/// Explains one error code: meaning, retryability, user error, force deletion and remedy.
pub fn error_code_info(code: &str) -> ErrorCodeInfo {
    let (meaning, user_error, remedy) = match code {
        ERR_INFRA_UNAUTHENTICATED => (
            "The cloud provider rejected the credentials of the Shoot's infrastructure account: they are missing, wrong or expired.",
            Some(true),
            "Update the credentials in the Shoot's secret binding or credentials binding, then retry the operation.",
        ),
        ERR_INFRA_UNAUTHORIZED => (
            "The credentials were accepted, but the account lacks the permissions the operation needs.",
            Some(true),
            "Grant the missing permissions to the infrastructure account, then retry the operation.",
        ),
        ERR_INFRA_QUOTA_EXCEEDED => (
            "A quota of the infrastructure account (for example CPUs, addresses or volumes) is used up.",
            Some(true),
            "Raise the quota with the cloud provider or free resources, then retry the operation.",
        ),
        ERR_INFRA_RATE_LIMITS_EXCEEDED => (
            "The cloud provider throttled Gardener's API requests because too many were sent.",
            Some(false),
            "Usually nothing: Gardener's retry controller retries the Shoot on its own after the retry period (10 minutes by default).",
        ),
        ERR_INFRA_DEPENDENCIES => (
            "Infrastructure objects cannot be changed or deleted because other objects still depend on them (for example resources created outside Gardener in the Shoot's network).",
            Some(true),
            "Remove or detach the dependent objects in the cloud account, then retry the operation.",
        ),
        ERR_RETRYABLE_INFRA_DEPENDENCIES => (
            "Infrastructure objects still depend on each other, but the dependency is expected to go away by itself.",
            Some(false),
            "Usually nothing: Gardener keeps retrying.",
        ),
        ERR_INFRA_RESOURCES_DEPLETED => (
            "The cloud provider has no capacity left for the requested resources (for example a machine type is out of stock in a zone).",
            Some(true),
            "Wait, or choose another machine type or zone; Gardener keeps retrying meanwhile.",
        ),
        ERR_CLEANUP_CLUSTER_RESOURCES => (
            "Objects in the cluster are stuck in deletion, so the cluster cannot be cleaned up.",
            Some(true),
            "Find the objects that do not go away (often because of finalizers or running workloads) and remove them; Gardener keeps retrying.",
        ),
        ERR_CONFIGURATION_PROBLEM => (
            "The Shoot's configuration is invalid or cannot be realised (for example an invalid infrastructure setting or incomplete DNS configuration).",
            Some(true),
            "Correct the configuration in the Shoot spec; changing the spec starts a new attempt.",
        ),
        ERR_RETRYABLE_CONFIGURATION_PROBLEM => (
            "The configuration has a problem that is expected to resolve itself after some time.",
            Some(true),
            "Check the configuration; Gardener keeps retrying meanwhile.",
        ),
        ERR_PROBLEMATIC_WEBHOOK => (
            "An admission webhook in the cluster does not follow Kubernetes' best practices and can block critical system components.",
            Some(true),
            "Fix the webhook's failure policy, timeout or selectors so it does not intercept kube-system or cluster-critical resources.",
        ),
        _ => (
            "This code is not one that Gardener defines; it may come from an extension or a newer Gardener.",
            None,
            "Read the error description for details.",
        ),
    };
    let known = ALL_ERROR_CODES.contains(&code);
    ErrorCodeInfo {
        code: code.to_string(),
        known,
        meaning: meaning.to_string(),
        retryability: if is_non_retryable_code(code) {
            Retryability::NonRetryable
        } else {
            Retryability::Retryable
        },
        user_error,
        allows_force_deletion: FORCE_DELETION_CODES.contains(&code),
        automatically_retried: code == ERR_INFRA_RATE_LIMITS_EXCEEDED,
        remedy: remedy.to_string(),
    }
}

/// Every code Gardener defines, explained.
pub fn all_error_code_infos() -> Vec<ErrorCodeInfo> {
    ALL_ERROR_CODES
        .iter()
        .map(|code| error_code_info(code))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rate_limits_are_non_retryable_but_retried_automatically() {
        let info = error_code_info(ERR_INFRA_RATE_LIMITS_EXCEEDED);
        assert_eq!(info.retryability, Retryability::NonRetryable);
        assert!(info.automatically_retried);
        assert!(!info.allows_force_deletion);
    }

    #[test]
    fn unknown_code_is_retryable() {
        let info = error_code_info("ERR_SOMETHING_ELSE");
        assert!(!info.known);
        assert_eq!(info.retryability, Retryability::Retryable);
        assert_eq!(info.user_error, None);
    }

    #[test]
    fn every_code_is_known() {
        assert!(all_error_code_infos().iter().all(|info| info.known));
        assert_eq!(all_error_code_infos().len(), 11);
    }
}
