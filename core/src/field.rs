//! Kubernetes field errors (`k8s.io/apimachinery/pkg/util/validation/field`), the shape in which
//! Gardener's validation and admission report problems.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A `field.Error`: where, what kind of problem, and Gardener's detail text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
pub struct FieldError {
    /// The field path, e.g. `spec.provider.workers[0].updateStrategy`.
    pub field: String,
    /// The `field.ErrorType` name, e.g. `FieldValueInvalid`.
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    pub detail: String,
}

/// `field.ErrorType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub enum ErrorType {
    FieldValueRequired,
    FieldValueInvalid,
    FieldValueForbidden,
    FieldValueDuplicate,
    FieldValueNotSupported,
    FieldValueTooLong,
    FieldValueTooMany,
    InternalError,
}

impl ErrorType {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::FieldValueRequired => "FieldValueRequired",
            ErrorType::FieldValueInvalid => "FieldValueInvalid",
            ErrorType::FieldValueForbidden => "FieldValueForbidden",
            ErrorType::FieldValueDuplicate => "FieldValueDuplicate",
            ErrorType::FieldValueNotSupported => "FieldValueNotSupported",
            ErrorType::FieldValueTooLong => "FieldValueTooLong",
            ErrorType::FieldValueTooMany => "FieldValueTooMany",
            ErrorType::InternalError => "InternalError",
        }
    }
}

impl FieldError {
    pub fn new(error_type: ErrorType, field: impl Into<String>, detail: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            error_type,
            detail: detail.into(),
        }
    }

    pub fn required(field: impl Into<String>, detail: impl Into<String>) -> Self {
        Self::new(ErrorType::FieldValueRequired, field, detail)
    }

    pub fn invalid(field: impl Into<String>, detail: impl Into<String>) -> Self {
        Self::new(ErrorType::FieldValueInvalid, field, detail)
    }

    pub fn forbidden(field: impl Into<String>, detail: impl Into<String>) -> Self {
        Self::new(ErrorType::FieldValueForbidden, field, detail)
    }

    pub fn duplicate(field: impl Into<String>) -> Self {
        Self::new(ErrorType::FieldValueDuplicate, field, "")
    }

    /// `field.NotSupported`: the detail lists the supported values, quoted, as Kubernetes does.
    pub fn not_supported(field: impl Into<String>, supported: &[&str]) -> Self {
        let quoted: Vec<String> = supported.iter().map(|value| format!("{value:?}")).collect();
        Self::new(
            ErrorType::FieldValueNotSupported,
            field,
            format!("supported values: {}", quoted.join(", ")),
        )
    }

    pub fn internal(field: impl Into<String>, detail: impl Into<String>) -> Self {
        Self::new(ErrorType::InternalError, field, detail)
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{}]: {}",
            self.field,
            self.error_type.as_str(),
            self.detail
        )
    }
}
