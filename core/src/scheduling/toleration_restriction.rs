//! The `ShootTolerationRestriction` admission plugin
//! (`plugin/pkg/shoot/tolerationrestriction/admission.go`) and the toleration list validation it relies on
//! (`pkg/api/core/validation/project.go`: `ValidateTolerations`, `ValidateTolerationsAgainstAllowlist`).
//!
//! `Admit` (create only) appends default tolerations whose key the Shoot does not use yet; `Validate`
//! (create and update) checks new tolerations against the allowlist of the plugin configuration plus
//! the Project's `spec.tolerations.whitelist`.

use super::types::{internal_error, shoot_forbidden, ObjectMeta, Shoot, Toleration};
use super::{Operation, GARDEN_NAMESPACE, SEED_TAINT_PROTECTED};
use crate::decode::FromValue;
use crate::defaults::add_toleration_if_missing;
use crate::field::FieldError;
use crate::validation::names;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

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

/// `ValidateTolerations`: keys are required label names (`ValidateLabelName`), values label values
/// (`IsValidLabelValue`), and a toleration is a duplicate when its id or its bare key was seen
/// before.
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
            let messages = names::label_key(&toleration.key);
            names::invalid_each(&format!("{item}.key"), messages, &mut errors);
        }
        if let Some(value) = &toleration.value {
            let messages = names::label_value(value);
            names::invalid_each(&format!("{item}.value"), messages, &mut errors);
        }
        let id = toleration.id();
        if seen.contains(&id) || seen.contains(&toleration.key) {
            errors.push(FieldError::duplicate(item));
        }
        seen.insert(id);
    }
    errors
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

    // `ValidateLabelName` is `content.IsLabelKey` in apimachinery v0.36.3: "a valid label key".
    #[test]
    fn keys_and_values_are_worded_as_apimachinery_words_them() {
        let errors = validate_tolerations(&[t("a/b/c", Some("-x"))], "p");
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["p[0].key", "p[0].value"]);
        assert!(errors[0]
            .detail
            .starts_with("a valid label key must consist of alphanumeric characters"));
        assert!(errors[1]
            .detail
            .starts_with("a valid label must be an empty string"));
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
