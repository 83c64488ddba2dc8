//! Kubernetes field errors (`k8s.io/apimachinery/pkg/util/validation/field`), the shape in which
//! Gardener's validation and admission report problems.

use crate::decode::FromValue;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A `field.Error`: where, what kind of problem, and Gardener's detail text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
pub struct FieldError {
    /// The field path, e.g. `spec.provider.workers[0].updateStrategy`.
    pub field: String,
    /// The `field.ErrorType` name, e.g. `FieldValueInvalid`.
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    pub detail: String,
    /// How many times Gardener's error list holds this same error (same field, type and detail):
    /// a rule that compares every pair of entries repeats its error per pair, and apimachinery's
    /// aggregate of the list prints it once. Left out when 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub count: usize,
}

pub(crate) fn one() -> usize {
    1
}

pub(crate) fn is_one(count: &usize) -> bool {
    *count == 1
}

/// Collapses identical errors (same field, type and detail) into the first of them, adding up their
/// counts, so that a list grows with its distinct problems rather than with repetitions.
pub fn group_identical(errors: Vec<FieldError>) -> Vec<FieldError> {
    let mut first: std::collections::HashMap<(String, ErrorType, String), usize> =
        std::collections::HashMap::new();
    let mut grouped: Vec<FieldError> = Vec::with_capacity(errors.len());
    for error in errors {
        let key = (error.field.clone(), error.error_type, error.detail.clone());
        match first.get(&key) {
            Some(&index) => grouped[index].count += error.count,
            None => {
                first.insert(key, grouped.len());
                grouped.push(error);
            }
        }
    }
    grouped
}

/// `field.ErrorType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, FromValue)]
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

#[cfg(feature = "tsify")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const FIELD_ERROR_TYPE_TS: &str = r#"/** Kubernetes `field.ErrorType`, as a validation problem's `type` names it. */
export type FieldErrorType = "FieldValueRequired" | "FieldValueInvalid" | "FieldValueForbidden" | "FieldValueDuplicate" | "FieldValueNotSupported" | "FieldValueTooLong" | "FieldValueTooMany" | "InternalError";
/** A Kubernetes condition's status; `Progressing` is Gardener's, for a `False` pardoned while an operation runs. */
export type ConditionStatus = "True" | "False" | "Unknown" | "Progressing";"#;

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
            count: 1,
        }
    }

    /// The same error, `count` times over.
    pub fn times(self, count: usize) -> Self {
        FieldError { count, ..self }
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

    /// Go's `field.Error.Error()` without the bad value: `<field>: <type>: <detail>`.
    pub fn go_text(&self) -> String {
        let kind = match self.error_type {
            ErrorType::FieldValueForbidden => "Forbidden",
            ErrorType::FieldValueRequired => "Required value",
            ErrorType::FieldValueDuplicate => "Duplicate value",
            ErrorType::FieldValueNotSupported => "Unsupported value",
            ErrorType::FieldValueTooLong => "Too long",
            ErrorType::FieldValueTooMany => "Too many",
            ErrorType::InternalError => "Internal error",
            ErrorType::FieldValueInvalid => "Invalid value",
        };
        format!("{}: {}: {}", self.field, kind, self.detail)
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
        )?;
        match self.count {
            1 => Ok(()),
            count => write!(f, " ({count} times)"),
        }
    }
}

/// A `field.Path`: where a field is, as a chain of steps from a root, spelled out only when an
/// error names it. Validation walks thousands of versions, and almost all of them are fine.
#[derive(Debug, Clone, Copy)]
pub struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    step: Step<'a>,
}

#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    Root(&'a str),
    Child(&'a str),
    Index(usize),
}

impl<'a> Path<'a> {
    /// A path from `root`, which may itself be dotted (`spec.kubernetes`).
    pub const fn new(root: &'a str) -> Path<'a> {
        Path {
            parent: None,
            step: Step::Root(root),
        }
    }

    /// The field `name` below this one.
    pub fn child(&'a self, name: &'a str) -> Path<'a> {
        Path {
            parent: Some(self),
            step: Step::Child(name),
        }
    }

    /// The list item at `index` of this field.
    pub fn index(&'a self, index: usize) -> Path<'a> {
        Path {
            parent: Some(self),
            step: Step::Index(index),
        }
    }
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(parent) = self.parent {
            parent.fmt(f)?;
        }
        match self.step {
            Step::Root(root) => f.write_str(root),
            // Go's field.Path prints a nameless step as an empty subscript.
            Step::Child("") => f.write_str("[]"),
            Step::Child(name) => write!(f, ".{name}"),
            Step::Index(index) => write!(f, "[{index}]"),
        }
    }
}

impl From<Path<'_>> for String {
    fn from(path: Path<'_>) -> String {
        path.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_reads_as_kubernetes_spells_it() {
        let images = Path::new("spec.machineImages");
        let image = images.index(3);
        let versions = image.child("versions");
        let version = versions.index(0);
        assert_eq!(version.to_string(), "spec.machineImages[3].versions[0]");
        assert_eq!(
            String::from(version.child("cri").index(1).child("name")),
            "spec.machineImages[3].versions[0].cri[1].name"
        );
        let error = FieldError::duplicate(images.index(1));
        assert_eq!(error.field, "spec.machineImages[1]");
        assert_eq!(images.child("").to_string(), "spec.machineImages[]");
    }
}
