//! The `ShootTolerationRestriction` admission plugin
//! (`plugin/pkg/shoot/tolerationrestriction/admission.go`) and the toleration list validation it relies on
//! (`pkg/api/core/validation/project.go`: `ValidateTolerations`, `ValidateTolerationsAgainstAllowlist`).
//!
//! `Admit` (create only) appends default tolerations whose key the Shoot does not use yet; `Validate`
//! (create and update) checks new tolerations against the allowlist of the plugin configuration plus
//! the Project's `spec.tolerations.whitelist`.

use super::types::{internal_error, shoot_forbidden, ObjectMeta, Shoot, Toleration};
use super::{add_toleration_if_missing, Operation, GARDEN_NAMESPACE, SEED_TAINT_PROTECTED};
use crate::decode::FromValue;
use crate::field::FieldError;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The plugin configuration (`ShootTolerationRestrictionConfiguration`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct Configuration {
    pub defaults: Vec<Toleration>,
    pub whitelist: Vec<Toleration>,
}

/// The Project owning the Shoot's namespace, reduced.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct Project {
    pub metadata: ObjectMeta,
    pub spec: ProjectSpec,
}

/// `Project.spec`, reduced.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct ProjectSpec {
    pub namespace: Option<String>,
    pub tolerations: Option<ProjectTolerations>,
}

/// `Project.spec.tolerations`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct ProjectTolerations {
    pub defaults: Vec<Toleration>,
    pub whitelist: Vec<Toleration>,
}

impl Project {
    /// The Project after v1beta1 defaulting (`SetDefaults_Project`): the Project of the `garden`
    /// namespace gets the key-only protected toleration in its whitelist and its defaults.
    pub fn defaulted(&self) -> Project {
        let mut project = self.clone();
        if project.spec.namespace.as_deref() == Some(GARDEN_NAMESPACE) {
            let tolerations = project
                .spec
                .tolerations
                .get_or_insert_with(Default::default);
            add_toleration_if_missing(&mut tolerations.whitelist, SEED_TAINT_PROTECTED);
            add_toleration_if_missing(&mut tolerations.defaults, SEED_TAINT_PROTECTED);
        }
        project
    }
}

/// The outcome of the plugin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct RestrictionResult {
    pub allowed: bool,
    /// The Shoot's tolerations after the step (changed only by `admit`).
    pub tolerations: Vec<Toleration>,
    /// The rejection as the API server reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The tolerations the allowlist rejected.
    pub rejected_tolerations: Vec<Toleration>,
    /// The per-toleration errors behind the rejection.
    pub errors: Vec<FieldError>,
}

/// `ProjectForNamespaceFromLister`: the Project whose `spec.namespace` is the Shoot's namespace.
fn project_for_namespace<'a>(
    projects: &'a [Project],
    namespace: &str,
) -> Result<&'a Project, String> {
    projects
        .iter()
        .find(|p| p.spec.namespace.as_deref() == Some(namespace))
        .ok_or_else(|| {
            internal_error("could not find referenced project: Project.core.gardener.cloud \"<unknown>\" not found")
        })
}

/// `Admit`: on create, appends the configured defaults followed by the Project's defaults, skipping any
/// whose key the Shoot's original tolerations already use. Defaults are not de-duplicated among
/// themselves. Other operations leave the Shoot unchanged.
pub fn admit(
    config: &Configuration,
    projects: &[Project],
    shoot: &Shoot,
    operation: Operation,
) -> RestrictionResult {
    let mut tolerations = shoot.tolerations();
    if operation != Operation::Create {
        return allowed(tolerations);
    }
    let project = match project_for_namespace(projects, &shoot.metadata.namespace) {
        Ok(project) => project,
        Err(error) => {
            return denied(
                tolerations,
                shoot_forbidden(&shoot.metadata.name, &error),
                Vec::new(),
                Vec::new(),
            )
        }
    };
    let mut defaults = config.defaults.clone();
    if let Some(project_tolerations) = &project.spec.tolerations {
        defaults.extend(project_tolerations.defaults.iter().cloned());
    }
    let existing_keys: BTreeSet<String> = tolerations.iter().map(|t| t.key.clone()).collect();
    for toleration in defaults {
        if !existing_keys.contains(&toleration.key) {
            tolerations.push(toleration);
        }
    }
    allowed(tolerations)
}

/// `Validate`: on create every toleration, on update only tolerations whose `key[=value]` id the old
/// Shoot did not have, must be allowed by the configured allowlist plus the Project's whitelist.
pub fn validate(
    config: &Configuration,
    projects: &[Project],
    shoot: &Shoot,
    old_shoot: Option<&Shoot>,
    operation: Operation,
) -> RestrictionResult {
    let tolerations = shoot.tolerations();
    // The plugin only handles create and update requests.
    if operation == Operation::Delete {
        return allowed(tolerations);
    }
    let to_validate: Vec<Toleration> = match (operation, old_shoot) {
        (Operation::Update, Some(old)) => {
            let old_ids: BTreeSet<String> = old.tolerations().iter().map(Toleration::id).collect();
            tolerations
                .iter()
                .filter(|t| !old_ids.contains(&t.id()))
                .cloned()
                .collect()
        }
        _ => tolerations.clone(),
    };
    let project = match project_for_namespace(projects, &shoot.metadata.namespace) {
        Ok(project) => project,
        Err(error) => {
            return denied(
                tolerations,
                shoot_forbidden(&shoot.metadata.name, &error),
                Vec::new(),
                Vec::new(),
            )
        }
    };
    let mut allowlist = config.whitelist.clone();
    if let Some(project_tolerations) = &project.spec.tolerations {
        allowlist.extend(project_tolerations.whitelist.iter().cloned());
    }
    let errors = validate_against_allowlist(&to_validate, &allowlist, "spec.tolerations");
    if errors.is_empty() {
        return allowed(tolerations);
    }
    let rejected: Vec<Toleration> = errors
        .iter()
        .filter_map(|e| index_of(&e.field).and_then(|i| to_validate.get(i)).cloned())
        .collect();
    let listed: Vec<String> = errors
        .iter()
        .map(crate::field::FieldError::go_text)
        .collect();
    let message = shoot_forbidden(
        &shoot.metadata.name,
        &format!(
            "error while validating tolerations against allowlist: [{}]",
            listed.join(" ")
        ),
    );
    denied(tolerations, message, rejected, errors)
}

/// `ValidateTolerationsAgainstAllowlist`: a toleration is allowed if the allowlist has its exact id or its
/// bare key. Gardener lists the allowed ids from an unordered set; they are sorted here.
pub fn validate_against_allowlist(
    tolerations: &[Toleration],
    allowlist: &[Toleration],
    path: &str,
) -> Vec<FieldError> {
    let allowed: BTreeSet<String> = allowlist.iter().map(Toleration::id).collect();
    let listed: Vec<&str> = allowed.iter().map(String::as_str).collect();
    tolerations
        .iter()
        .enumerate()
        .filter(|(_, t)| !allowed.contains(&t.key) && !allowed.contains(&t.id()))
        .map(|(i, _)| {
            FieldError::forbidden(
                format!("{path}[{i}]"),
                format!(
                    "only the following tolerations are allowed: [{}]",
                    listed.join(" ")
                ),
            )
        })
        .collect()
}

/// `ValidateTolerations`: keys are required label names, values label values, and a toleration is a
/// duplicate when its id or its bare key was seen before.
pub fn validate_tolerations(tolerations: &[Toleration], path: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for (i, toleration) in tolerations.iter().enumerate() {
        let item = format!("{path}[{i}]");
        if toleration.key.is_empty() {
            errors.push(FieldError::required(
                format!("{item}.key"),
                "cannot be empty",
            ));
        } else {
            errors.extend(label_name_errors(&toleration.key, &format!("{item}.key")));
        }
        if let Some(value) = &toleration.value {
            for message in label_value_errors(value) {
                errors.push(FieldError::invalid(format!("{item}.value"), message));
            }
        }
        let id = toleration.id();
        if seen.contains(&id) || seen.contains(&toleration.key) {
            errors.push(FieldError::duplicate(item));
        }
        seen.insert(id);
    }
    errors
}

const QUALIFIED_NAME_RULE: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const DNS1123_SUBDOMAIN_MESSAGE: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_VALUE_MESSAGE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/// `metav1validation.ValidateLabelName` (Kubernetes `IsQualifiedName`: an optional DNS-subdomain prefix
/// and a name of at most 63 bytes), one `Invalid` error per message.
pub(crate) fn label_name_errors(key: &str, path: &str) -> Vec<FieldError> {
    let mut messages = Vec::new();
    let parts: Vec<&str> = key.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                messages.push("prefix part must be non-empty".to_string());
            } else {
                if prefix.len() > 253 {
                    messages.push("prefix part must be no more than 253 bytes".to_string());
                }
                if !is_dns1123_subdomain(prefix) {
                    messages.push(format!("prefix part {DNS1123_SUBDOMAIN_MESSAGE}"));
                }
            }
            name
        }
        _ => {
            messages.push(format!("a qualified name {QUALIFIED_NAME_RULE} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"));
            return to_invalid(messages, path);
        }
    };
    if name.is_empty() {
        messages.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        messages.push("name part must be no more than 63 bytes".to_string());
    }
    if !is_label_like(name) {
        messages.push(format!("name part {QUALIFIED_NAME_RULE}"));
    }
    to_invalid(messages, path)
}

/// `metav1validation.ValidateLabels`: every key a label name and every value a label value, each
/// problem an `Invalid` error at the labels' own path.
pub(crate) fn validate_labels(labels: &BTreeMap<String, String>, path: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (key, value) in labels {
        errors.extend(label_name_errors(key, path));
        errors.extend(to_invalid(label_value_errors(value), path));
    }
    errors
}

fn to_invalid(messages: Vec<String>, path: &str) -> Vec<FieldError> {
    messages
        .into_iter()
        .map(|m| FieldError::invalid(path, m))
        .collect()
}

pub(crate) fn label_value_errors(value: &str) -> Vec<String> {
    let mut messages = Vec::new();
    if value.len() > 63 {
        messages.push("must be no more than 63 bytes".to_string());
    }
    if !value.is_empty() && !is_label_like(value) {
        messages.push(LABEL_VALUE_MESSAGE.to_string());
    }
    messages
}

fn is_label_like(text: &str) -> bool {
    let bytes = text.as_bytes();
    let edge_ok = |b: &u8| b.is_ascii_alphanumeric();
    bytes.first().is_some_and(edge_ok)
        && bytes.last().is_some_and(edge_ok)
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

fn is_dns1123_subdomain(text: &str) -> bool {
    text.split('.').all(|label| {
        let bytes = label.as_bytes();
        let edge_ok = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
        bytes.first().is_some_and(edge_ok)
            && bytes.last().is_some_and(edge_ok)
            && bytes
                .iter()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
    })
}

/// The index of the last `[i]` segment of a field path.
fn index_of(path: &str) -> Option<usize> {
    let open = path.rfind('[')?;
    path[open + 1..].strip_suffix(']')?.parse().ok()
}

fn allowed(tolerations: Vec<Toleration>) -> RestrictionResult {
    RestrictionResult {
        allowed: true,
        tolerations,
        message: None,
        rejected_tolerations: Vec::new(),
        errors: Vec::new(),
    }
}

fn denied(
    tolerations: Vec<Toleration>,
    message: String,
    rejected: Vec<Toleration>,
    errors: Vec<FieldError>,
) -> RestrictionResult {
    RestrictionResult {
        allowed: false,
        tolerations,
        message: Some(message),
        rejected_tolerations: rejected,
        errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(key: &str, value: Option<&str>) -> Toleration {
        Toleration {
            key: key.into(),
            value: value.map(Into::into),
        }
    }

    #[test]
    fn key_only_entry_allows_every_value_but_valued_entry_not_the_key() {
        let allowlist = [t("a", None), t("b", Some("x"))];
        let errors = validate_against_allowlist(
            &[
                t("a", Some("any")),
                t("b", Some("x")),
                t("b", None),
                t("b", Some("y")),
            ],
            &allowlist,
            "spec.tolerations",
        );
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["spec.tolerations[2]", "spec.tolerations[3]"]);
        assert_eq!(
            errors[0].detail,
            "only the following tolerations are allowed: [a b=x]"
        );
    }

    #[test]
    fn duplicate_by_id_or_bare_key() {
        let errors = validate_tolerations(
            &[
                t("a", None),
                t("a", Some("x")),
                t("b", Some("x")),
                t("b", Some("x")),
            ],
            "p",
        );
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["p[1]", "p[3]"]);
    }
}
