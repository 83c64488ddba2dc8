//! Kubernetes label selectors (`metav1.LabelSelector`) as the API machinery converts and evaluates them
//! (`metav1.LabelSelectorAsSelector`, `labels.NewRequirement`, `labels.Requirement.Matches`).
//!
//! Only what the webhook matchers need: conversion with Kubernetes' validation (an invalid selector is
//! reported as an error, which the matchers treat as "matches"), emptiness, and matching a label set.

pub use crate::api::{LabelSelector, LabelSelectorRequirement};

impl LabelSelectorRequirement {
    /// `{key NotIn [value]}`, the requirement Gardener's remediation appends.
    pub fn not_in(key: &str, value: &str) -> LabelSelectorRequirement {
        LabelSelectorRequirement {
            key: key.to_string(),
            operator: "NotIn".to_string(),
            values: vec![value.to_string()],
        }
    }

    /// Go's `%s`/`%v` rendering of the struct value: `{key NotIn [a b]}`.
    pub fn go_format(&self) -> String {
        format!(
            "{{{} {} [{}]}}",
            self.key,
            self.operator,
            self.values.join(" ")
        )
    }
}

/// Go's `%s` rendering of a requirement slice: `[{a NotIn [x]} {b NotIn [y]}]`.
pub fn go_format_requirements(requirements: &[LabelSelectorRequirement]) -> String {
    let items: Vec<String> = requirements.iter().map(|r| r.go_format()).collect();
    format!("[{}]", items.join(" "))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operator {
    In,
    NotIn,
    Exists,
    DoesNotExist,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Requirement {
    key: String,
    operator: Operator,
    values: Vec<String>,
    /// From `matchLabels`, which Kubernetes turns into an equality (`key=value`).
    equals: bool,
}

/// A converted selector: the conjunction of its requirements. No requirements selects everything.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Selector {
    requirements: Vec<Requirement>,
}

impl Selector {
    /// Converts like `metav1.LabelSelectorAsSelector`, with a nil selector read as the empty one (as the
    /// Gardener matchers do before converting). Errors on whatever `labels.NewRequirement` rejects.
    pub fn from_label_selector(selector: Option<&LabelSelector>) -> Result<Selector, String> {
        let Some(selector) = selector else {
            return Ok(Selector::default());
        };
        let mut requirements = Vec::new();
        for (key, value) in selector.match_labels.iter().flatten() {
            let mut requirement = new_requirement(key, Operator::In, std::slice::from_ref(value))?;
            requirement.equals = true;
            requirements.push(requirement);
        }
        for expression in selector.match_expressions.iter().flatten() {
            let operator = match expression.operator.as_str() {
                "In" => Operator::In,
                "NotIn" => Operator::NotIn,
                "Exists" => Operator::Exists,
                "DoesNotExist" => Operator::DoesNotExist,
                other => return Err(format!("{other:?} is not a valid label selector operator")),
            };
            requirements.push(new_requirement(
                &expression.key,
                operator,
                &expression.values,
            )?);
        }
        Ok(Selector { requirements })
    }

    /// `labels.Selector.Empty()`: no requirements at all.
    pub fn is_empty(&self) -> bool {
        self.requirements.is_empty()
    }

    /// Whether every requirement holds for the label set.
    pub fn matches(&self, labels: &[(&str, &str)]) -> bool {
        self.requirements.iter().all(|r| r.matches(labels))
    }

    /// `labels.Selector.String()`: the requirements by key, joined by commas (`a=b,c in (d,e)`).
    pub fn to_kubernetes_string(&self) -> String {
        let mut requirements: Vec<&Requirement> = self.requirements.iter().collect();
        crate::sorting::sort_by(&mut requirements, |a, b| a.key.cmp(&b.key));
        let rendered: Vec<String> = (requirements.into_iter())
            .map(|requirement| {
                let mut values = requirement.values.clone();
                crate::sorting::sort(&mut values);
                let key = &requirement.key;
                match requirement.operator {
                    _ if requirement.equals => format!("{key}={}", values.join(",")),
                    Operator::In => format!("{key} in ({})", values.join(",")),
                    Operator::NotIn => format!("{key} notin ({})", values.join(",")),
                    Operator::Exists => key.clone(),
                    Operator::DoesNotExist => format!("!{key}"),
                }
            })
            .collect();
        rendered.join(",")
    }
}

impl Requirement {
    fn matches(&self, labels: &[(&str, &str)]) -> bool {
        let value = labels.iter().find(|(k, _)| *k == self.key).map(|(_, v)| *v);
        let listed = |v: &str| self.values.iter().any(|candidate| candidate == v);
        match self.operator {
            Operator::In => value.is_some_and(listed),
            Operator::NotIn => !value.is_some_and(listed),
            Operator::Exists => value.is_some(),
            Operator::DoesNotExist => value.is_none(),
        }
    }
}

fn new_requirement(
    key: &str,
    operator: Operator,
    values: &[String],
) -> Result<Requirement, String> {
    validate_label_key(key)?;
    match operator {
        Operator::In | Operator::NotIn if values.is_empty() => {
            return Err("for 'in', 'notin' operators, values set can't be empty".to_string())
        }
        Operator::Exists | Operator::DoesNotExist if !values.is_empty() => {
            return Err("values set must be empty for exists and does not exist".to_string())
        }
        _ => {}
    }
    for value in values {
        validate_label_value(value)?;
    }
    Ok(Requirement {
        key: key.to_string(),
        operator,
        values: values.to_vec(),
        equals: false,
    })
}

/// `validation.IsQualifiedName`: `[prefix/]name`, the prefix a DNS-1123 subdomain.
fn validate_label_key(key: &str) -> Result<(), String> {
    use crate::validation::names::is_dns1123_subdomain;
    let parts: Vec<&str> = key.split('/').collect();
    let name = match parts.as_slice() {
        [name] => name,
        [prefix, name] => {
            if prefix.is_empty() || prefix.len() > 253 || !is_dns1123_subdomain(prefix) {
                return Err(format!("invalid label key {key:?}: bad prefix"));
            }
            name
        }
        _ => return Err(format!("invalid label key {key:?}: too many '/'")),
    };
    if name.is_empty() || name.len() > 63 || !crate::validation::names::is_label_name(name) {
        return Err(format!("invalid label key {key:?}"));
    }
    Ok(())
}

/// `validation.IsValidLabelValue`: at most 63 characters, empty or a qualified-name part.
fn validate_label_value(value: &str) -> Result<(), String> {
    if value.len() > 63 || !(value.is_empty() || crate::validation::names::is_label_name(value)) {
        return Err(format!("invalid label value: {value:?}"));
    }
    Ok(())
}

/// `metav1validation.ValidateLabelSelector` with the default options: label names and values in
/// `matchLabels`, and per expression a known operator with values exactly where it takes them, a
/// label-name key, and label values.
pub(crate) fn validate_label_selector(
    selector: &LabelSelector,
    path: &crate::field::Path,
) -> Vec<crate::field::FieldError> {
    use crate::field::FieldError;
    use crate::validation::names::{invalid_each, label_key, label_value, validate_label};
    let mut errors = Vec::new();
    if let Some(labels) = &selector.match_labels {
        let labels_path = path.child("matchLabels").to_string();
        for (key, value) in labels {
            validate_label(key, value, &labels_path, &mut errors);
        }
    }
    let expressions = path.child("matchExpressions");
    for (i, requirement) in selector.match_expressions.iter().flatten().enumerate() {
        let item = expressions.index(i);
        let values = item.child("values");
        match requirement.operator.as_str() {
            "In" | "NotIn" if requirement.values.is_empty() => errors.push(FieldError::required(
                values,
                "must be specified when `operator` is 'In' or 'NotIn'",
            )),
            "Exists" | "DoesNotExist" if !requirement.values.is_empty() => {
                errors.push(FieldError::forbidden(
                    values,
                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                ))
            }
            "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
            _ => errors.push(FieldError::invalid(
                item.child("operator"),
                "not a valid selector operator",
            )),
        }
        let key = item.child("key").to_string();
        invalid_each(&key, label_key(&requirement.key), &mut errors);
        for (j, value) in requirement.values.iter().enumerate() {
            let value_path = values.index(j).to_string();
            invalid_each(&value_path, label_value(value), &mut errors);
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn a_selector_is_validated_as_the_api_server_validates_it() {
        let path = crate::field::Path::new("spec.seedSelector");
        let rendered = |selector: &LabelSelector| -> Vec<String> {
            (validate_label_selector(selector, &path).iter())
                .map(|e| format!("{} {}", e.field, e.error_type.as_str()))
                .collect()
        };
        let mut selector = expression("zone", "In", &[]);
        selector.match_labels = Some(BTreeMap::from([("ok".to_string(), "a/b".to_string())]));
        assert_eq!(
            rendered(&selector),
            [
                "spec.seedSelector.matchLabels FieldValueInvalid",
                "spec.seedSelector.matchExpressions[0].values FieldValueRequired",
            ]
        );
        assert_eq!(
            rendered(&expression("zone", "Exists", &["a"])),
            ["spec.seedSelector.matchExpressions[0].values FieldValueForbidden"]
        );
        assert_eq!(
            rendered(&expression("bad key!", "Gt", &["-x-"])),
            [
                "spec.seedSelector.matchExpressions[0].operator FieldValueInvalid",
                "spec.seedSelector.matchExpressions[0].key FieldValueInvalid",
                "spec.seedSelector.matchExpressions[0].values[0] FieldValueInvalid",
            ]
        );
        assert!(rendered(&expression("zone", "NotIn", &["a", "b"])).is_empty());
    }

    fn expression(key: &str, operator: &str, values: &[&str]) -> LabelSelector {
        LabelSelector {
            match_labels: None,
            match_expressions: Some(vec![LabelSelectorRequirement {
                key: key.to_string(),
                operator: operator.to_string(),
                values: values.iter().map(|v| v.to_string()).collect(),
            }]),
        }
    }

    #[test]
    fn not_in_matches_missing_key() {
        let selector =
            Selector::from_label_selector(Some(&expression("a", "NotIn", &["x"]))).unwrap();
        assert!(selector.matches(&[]));
        assert!(selector.matches(&[("a", "y")]));
        assert!(!selector.matches(&[("a", "x")]));
    }

    #[test]
    fn invalid_selectors_are_errors() {
        assert!(Selector::from_label_selector(Some(&expression("a", "In", &[]))).is_err());
        assert!(Selector::from_label_selector(Some(&expression("a", "Exists", &["x"]))).is_err());
        assert!(Selector::from_label_selector(Some(&expression("a", "Equals", &["x"]))).is_err());
        assert!(Selector::from_label_selector(Some(&expression("-a", "Exists", &[]))).is_err());
        assert!(
            Selector::from_label_selector(Some(&expression("Foo.io/a", "Exists", &[]))).is_err()
        );
        assert!(
            Selector::from_label_selector(Some(&expression("a", "In", &["no spaces"]))).is_err()
        );
        assert!(Selector::from_label_selector(Some(&expression("foo.io/a", "In", &[""]))).is_ok());
    }

    #[test]
    fn empty_selector_has_no_requirements() {
        assert!(Selector::from_label_selector(None).unwrap().is_empty());
        assert!(
            Selector::from_label_selector(Some(&LabelSelector::default()))
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn go_format_of_requirements() {
        let list = vec![
            LabelSelectorRequirement::not_in("origin", "gardener"),
            LabelSelectorRequirement::not_in("a", "b"),
        ];
        assert_eq!(
            go_format_requirements(&list),
            "[{origin NotIn [gardener]} {a NotIn [b]}]"
        );
    }
}
