//! Gardener's version validation: the CloudProfile's own rules, the Shoot-side checks against the
//! CloudProfile, the mutator's defaulting of partial versions, and in-place eligibility of machine images.
//!
//! * [`cloudprofile`] follows `pkg/api/core/validation/cloudprofile.go` (+ `utils.go`), the create
//!   normalisation of `pkg/apiserver/registry/core/cloudprofile/strategy.go` and the version-removal check of
//!   `plugin/pkg/global/resourcereferencemanager/admission.go`.
//! * [`shoot_versions`] follows the version parts of `plugin/pkg/shoot/validator/admission.go` and of
//!   `pkg/api/core/validation/shoot.go`.
//! * [`defaulting`] follows the version defaulting of `plugin/pkg/shoot/mutator/admission.go`.
//! * [`maintenance`] follows `validateMaintenance` of `pkg/api/core/validation/shoot.go`.
//! * [`inplace`] follows `validateMachineImagesConstraints` of the Shoot validator, which also decides
//!   in-place eligibility.
//!
//! The evaluation instant `now` is always an argument (Gardener reads the clock in
//! `CurrentLifecycleClassification`).

pub mod cloudprofile;

#[cfg(feature = "complete-validation")]
pub mod components;
pub mod defaulting;
pub mod inplace;
pub mod maintenance;
pub mod names;
pub mod scope;
pub mod shoot;
#[cfg(feature = "complete-validation")]
pub mod shoot_spec;
#[cfg(feature = "complete-validation")]
pub mod shoot_update;
pub mod shoot_validator;
pub mod shoot_versions;
mod supported_overlap;
pub mod types;
#[cfg(feature = "complete-validation")]
pub mod workers;

pub(crate) use crate::golang::quote as go_quote;
pub use cloudprofile::{
    prepare_for_create, validate_cloud_profile, validate_version_removal, CloudProfileValidation,
    PersistedVersions,
};
pub use defaulting::{default_shoot_versions, DefaultedVersions, DefaultingError};
pub use inplace::{machine_image_eligibility, ImageEligibility};
pub use shoot_versions::{validate_shoot_versions, validate_shoot_versions_static, Stage};
pub use types::{FeatureGates, Operation};

use crate::field::{ErrorType, FieldError};

/// `field.NotSupported`: like the shared constructor, but with Kubernetes' empty detail when there is no
/// supported value to list.
pub(crate) fn not_supported(field: impl Into<String>, supported: &[String]) -> FieldError {
    if supported.is_empty() {
        return FieldError::new(ErrorType::FieldValueNotSupported, field, "");
    }
    let quoted: Vec<String> = supported.iter().map(|v| go_quote(v)).collect();
    FieldError::new(
        ErrorType::FieldValueNotSupported,
        field,
        format!("supported values: {}", quoted.join(", ")),
    )
}

pub(crate) use crate::version::parse_masterminds as parse_version;

/// Gardener's `versionutils.CompareVersions(a, op, b)` with the library's error texts
/// ([`crate::version::compare_versions`]).
pub(crate) fn compare_versions(a: &str, op: &str, b: &str) -> Result<bool, String> {
    crate::version::compare_versions(a, op, b)
}

/// Go's `sets.List` of strings: sorted, duplicates removed.
pub(crate) fn sorted_set(mut values: Vec<String>) -> Vec<String> {
    crate::sorting::sort(&mut values);
    values.dedup();
    values
}

/// Go's `%+v` of a `[]string`: `[a b c]`.
pub(crate) fn go_list(values: &[String]) -> String {
    format!("[{}]", values.join(" "))
}
