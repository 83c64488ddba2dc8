//! Shoot-side version checks: against the CloudProfile (the Shoot validator admission plugin) and the
//! static update rules of the Shoot API validation.
//!
//! Follows `validateKubernetes`, `validateProvider`, `validateKubernetesVersionConstraints`,
//! `validateContainerRuntimeInterface` and `validateKubeletVersion` of
//! `plugin/pkg/shoot/validator/admission.go`, and `ValidateKubernetesVersionUpdate`,
//! `validateMachineImageVersionInPlaceUpdate` and `validateWorkerGroupAndControlPlaneKubernetesVersion` of
//! `pkg/api/core/validation/shoot.go`.

use super::inplace::same_image;
use super::types::{
    CloudProfile, CloudProfileSpec, MachineImage, MachineImageVersion, Operation, Shoot,
    ShootMachineImage, Worker,
};
use super::{compare_versions, go_list, not_supported, parse_version};
use crate::decode::FromValue;
use crate::field::FieldError;
use crate::semver_constraint::Constraint;
use crate::version::Version;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Where in the request pipeline a check runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The ShootMutator admission plugin (defaulting).
    AdmissionMutate,
    /// The ShootValidator admission plugin (checks against the CloudProfile).
    AdmissionValidate,
    /// The API validation of `pkg/api/core/validation`.
    Static,
}

/// The version checks of the ShootValidator admission plugin: Kubernetes versions (control plane and
/// pools) exist and are acceptable, machine images exist, are active, support the pool's architecture
/// and (for in-place pools) can be rolled out in place, the CRI is offered by the image, and the image's
/// kubelet version constraint admits the pool's Kubernetes version.
///
/// Checks that concern other CloudProfile sections (machine types, volumes, zones, provider type) are not
/// part of this family. A pool without an image is skipped (the mutator always sets one).
pub fn validate_shoot_versions(
    cloud_profile: &CloudProfile,
    old_shoot: Option<&Shoot>,
    shoot: &Shoot,
    operation: Operation,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    super::shoot_validator::validate(
        cloud_profile,
        old_shoot,
        shoot,
        operation,
        now,
        super::shoot_validator::Checks::Versions,
    )
}

/// The static version rules of the Shoot API: a control-plane version is required; on update
/// `ValidateKubernetesVersionUpdate` for the control plane and every pool (pools of rolling strategies may skip minors) and, for in-place pools, no image
/// downgrade; on create and update `validateWorkerGroupAndControlPlaneKubernetesVersion` for pools with
/// their own version.
pub fn validate_shoot_versions_static(
    old_shoot: Option<&Shoot>,
    shoot: &Shoot,
    operation: Operation,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if operation == Operation::Delete {
        return errors;
    }
    let control_plane = &shoot.spec.kubernetes.version;
    // `validateKubernetes`, before anything else reads the version.
    if control_plane.is_empty() {
        errors.push(FieldError::required(
            "spec.kubernetes.version",
            "kubernetes version must not be empty",
        ));
    }
    for (i, worker) in shoot.spec.provider.workers.iter().enumerate() {
        if let Some(version) = worker.kubernetes_version() {
            errors.extend(validate_worker_skew(
                control_plane,
                version,
                &format!("spec.provider.workers[{i}].kubernetes.version"),
            ));
        }
    }
    let Some(old) = old_shoot.filter(|_| operation == Operation::Update) else {
        return errors;
    };
    errors.extend(validate_kubernetes_version_update(
        control_plane,
        &old.spec.kubernetes.version,
        false,
        "spec.kubernetes.version",
    ));
    // `validateWorkerUpdate`: switching between a Shoot with workers and a workerless one is refused
    // (outside this family), and the pools' update rules are then not evaluated.
    if shoot.spec.provider.workers.is_empty() != old.spec.provider.workers.is_empty() {
        return errors;
    }
    errors.extend(validate_worker_versions_update(shoot, old));
    errors
}

/// The worker loop of `ValidateShootSpecUpdate`: each pool's Kubernetes version update (pools of
/// rolling strategies may skip minors) and, for in-place pools, no image downgrade. A pool new in
/// `shoot` is compared with itself.
pub(crate) fn validate_worker_versions_update(shoot: &Shoot, old: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (i, worker) in shoot.spec.provider.workers.iter().enumerate() {
        let path = format!("spec.provider.workers[{i}]");
        let old_worker = old.worker(&worker.name).unwrap_or(worker);
        let old_version = old.pool_kubernetes_version(old_worker);
        let new_version = shoot.pool_kubernetes_version(worker);
        errors.extend(validate_kubernetes_version_update(
            new_version,
            old_version,
            !worker.is_in_place(),
            &format!("{path}.kubernetes.version"),
        ));
        if worker.is_in_place() {
            errors.extend(validate_image_in_place_update(
                worker.machine.image.as_ref(),
                old_worker.machine.image.as_ref(),
                &format!("{path}.machine.image.version"),
            ));
        }
    }
    errors
}

/// `validateKubernetesVersionConstraints`: an unchanged version is fine; otherwise it must be listed in
/// the CloudProfile, and on create / for new pools (`only_active`) it must be active. The rejection lists
/// the acceptable versions in profile order, preview ones marked.
pub(super) fn validate_kubernetes_version_constraints(
    versions: &[crate::lifecycle::ExpirableVersion],
    version: &str,
    old_version: &str,
    only_active: bool,
    path: &str,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    if version == old_version {
        return Vec::new();
    }
    let mut acceptable = Vec::new();
    for candidate in versions {
        if only_active && !candidate.is_active(now) {
            continue;
        }
        if candidate.version == version {
            return Vec::new();
        }
        let mut shown = candidate.version.clone();
        if candidate.classification == Some(crate::lifecycle::Classification::Preview) {
            shown.push_str(" (preview)");
        }
        acceptable.push(shown);
    }
    vec![not_supported(path, &acceptable)]
}

/// `validateContainerRuntimeInterface` / `validateCRI`.
pub(super) fn validate_cri(
    images: &[MachineImage],
    worker: &Worker,
    old_worker: Option<&Worker>,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let (Some(cri), Some(image)) = (&worker.cri, &worker.machine.image) else {
        return errors;
    };
    if let Some(old) = old_worker {
        if old.cri.as_ref() == Some(cri) && same_image(Some(image), old.machine.image.as_ref()) {
            return errors;
        }
    }
    let Some(version) = find_image_version(images, &image.name, image.version_str()) else {
        return errors;
    };
    let offered: Vec<String> = version.cri.iter().map(|c| c.name.clone()).collect();
    let Some(found) = version.cri.iter().find(|c| c.name == cri.name) else {
        errors.push(FieldError::invalid(
            format!("{path}.cri.name"),
            format!(
                "machine image '{}@{}' does not support CRI '{}', supported values: {}",
                image.name,
                image.version_str(),
                cri.name,
                go_list(&offered)
            ),
        ));
        return errors;
    };
    for (j, runtime) in cri.runtimes().iter().enumerate() {
        let mut supported = Vec::new();
        let mut ok = false;
        for candidate in found.runtimes() {
            supported.push(candidate.runtime_type.clone());
            if candidate.runtime_type == runtime.runtime_type {
                ok = true;
                break;
            }
        }
        if !ok {
            errors.push(FieldError::invalid(
                format!("{path}.cri.containerRuntimes[{j}].type"),
                format!(
                    "machine image '{}@{}' does not support container runtime '{}', supported values: {}",
                    image.name,
                    image.version_str(),
                    runtime.runtime_type,
                    go_list(&supported)
                ),
            ));
        }
    }
    errors
}

/// `validateKubeletVersion`: the image version's `kubeletVersionConstraint` must admit the pool's
/// effective Kubernetes version.
pub(super) fn validate_kubelet_version(
    images: &[MachineImage],
    worker: &Worker,
    kubelet: &Version,
    path: &str,
) -> Option<FieldError> {
    let image = worker.machine.image.as_ref()?;
    let version = find_image_version(images, &image.name, image.version_str())?;
    let text = version.kubelet_version_constraint.as_ref()?;
    let constraint = Constraint::parse(text).ok()?;
    if constraint.check(kubelet) {
        return None;
    }
    Some(FieldError::invalid(
        format!("{path}.machine.image"),
        format!(
            "machine image '{}@{}' does not support kubelet version '{}', supported kubelet versions by this machine image version: '{}'",
            image.name,
            image.version_str(),
            kubelet.canonical(),
            text
        ),
    ))
}

/// `FindMachineImageVersion`.
pub(super) fn find_image_version<'a>(
    images: &'a [MachineImage],
    name: &str,
    version: &str,
) -> Option<&'a MachineImageVersion> {
    images
        .iter()
        .filter(|i| i.name == name)
        .flat_map(|i| &i.versions)
        .find(|v| v.version() == version)
}

/// The pool's architecture as the mutator defaults it: its own, else the machine type's, else `amd64`.
pub(crate) fn pool_architecture(spec: &CloudProfileSpec, worker: &Worker) -> String {
    if let Some(architecture) = &worker.machine.architecture {
        return architecture.clone();
    }
    let definitions = &spec.machine_capabilities;
    spec.machine_type(&worker.machine.machine_type)
        .and_then(|t| t.effective_architecture(definitions))
        .filter(|a| !a.is_empty())
        .map_or_else(|| "amd64".to_string(), str::to_string)
}

/// `ValidateKubernetesVersionUpdate`.
pub fn validate_kubernetes_version_update(
    new: &str,
    old: &str,
    skip_minor_allowed: bool,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if new.is_empty() {
        errors.push(FieldError::invalid(
            path,
            "cannot validate kubernetes version upgrade because it is unset",
        ));
        return errors;
    }
    match go_compare(new, "<", old) {
        Ok(true) => errors.push(FieldError::forbidden(
            path,
            "kubernetes version downgrade is not supported",
        )),
        Ok(false) => {}
        Err(error) => errors.push(FieldError::invalid(path, error)),
    }
    if !skip_minor_allowed {
        match parse_version(old) {
            Err(error) => errors.push(FieldError::invalid(path, error)),
            Ok(old_version) => {
                let next_next = format!("{}.{}.0", old_version.major, old_version.minor + 2);
                match go_compare(new, ">=", &next_next) {
                    Ok(true) => errors.push(FieldError::forbidden(
                        path,
                        "kubernetes version upgrade cannot skip a minor version",
                    )),
                    Ok(false) => {}
                    Err(error) => errors.push(FieldError::invalid(path, error)),
                }
            }
        }
    }
    errors
}

/// `validateMachineImageVersionInPlaceUpdate`.
pub(crate) fn validate_image_in_place_update(
    new: Option<&ShootMachineImage>,
    old: Option<&ShootMachineImage>,
    path: &str,
) -> Vec<FieldError> {
    let new_version = new.map_or("", ShootMachineImage::version_str);
    let old_version = old.map_or("", ShootMachineImage::version_str);
    if new_version.is_empty() {
        return vec![FieldError::invalid(
            path,
            "cannot validate machine image version upgrade because it is unset",
        )];
    }
    match go_compare(new_version, "<", old_version) {
        Ok(true) => vec![FieldError::forbidden(
            path,
            "machine image version downgrade is not supported when the update strategy is AutoInPlaceUpdate or ManualInPlaceUpdate",
        )],
        Ok(false) => Vec::new(),
        Err(error) => vec![FieldError::invalid(path, error)],
    }
}

/// `validateWorkerGroupAndControlPlaneKubernetesVersion`: a pool may not be newer than the control plane
/// nor more than three minors behind it.
fn validate_worker_skew(control_plane: &str, worker: &str, path: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    match go_compare(worker, ">", control_plane) {
        Ok(true) => errors.push(FieldError::forbidden(
            path,
            "worker group kubernetes version must not be higher than control plane version",
        )),
        Ok(false) => {}
        Err(error) => errors.push(FieldError::invalid(path, error)),
    }
    match parse_version(worker) {
        Err(error) => errors.push(FieldError::invalid(path, error)),
        Ok(worker_version) => {
            let skew = format!("{}.{}.0", worker_version.major, worker_version.minor + 4);
            match go_compare(control_plane, ">=", &skew) {
                Ok(true) => errors.push(FieldError::forbidden(
                    path,
                    "worker group kubernetes version must be at most three minor versions behind control plane version",
                )),
                Ok(false) => {}
                Err(error) => errors.push(FieldError::invalid(path, error)),
            }
        }
    }
    errors
}

/// `versionutils.CompareVersions` with its error texts (see [`compare_versions`]).
fn go_compare(left: &str, op: &str, right: &str) -> Result<bool, String> {
    compare_versions(left, op, right)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shoot(yaml: &str) -> Shoot {
        serde_yaml::from_str(yaml).unwrap()
    }

    #[test]
    fn update_rules_for_control_plane_and_pools() {
        let old = shoot("spec: {kubernetes: {version: 1.30.2}, provider: {workers: [{name: a}, {name: b, updateStrategy: AutoInPlaceUpdate}]}}");
        let new = shoot("spec: {kubernetes: {version: 1.32.0}, provider: {workers: [{name: a}, {name: b, updateStrategy: AutoInPlaceUpdate}]}}");
        let errors = validate_shoot_versions_static(Some(&old), &new, Operation::Update);
        let found: Vec<(&str, &str)> = errors
            .iter()
            .map(|e| (e.field.as_str(), e.detail.as_str()))
            .filter(|(_, d)| d.contains("skip"))
            .collect();
        // Rolling pools may skip a minor, in-place pools and the control plane may not.
        assert_eq!(
            found,
            [
                (
                    "spec.kubernetes.version",
                    "kubernetes version upgrade cannot skip a minor version"
                ),
                (
                    "spec.provider.workers[1].kubernetes.version",
                    "kubernetes version upgrade cannot skip a minor version"
                ),
            ]
        );
    }

    #[test]
    fn worker_skew_against_control_plane() {
        let s = shoot("spec: {kubernetes: {version: 1.30.0}, provider: {workers: [{name: a, kubernetes: {version: 1.31.0}}, {name: b, kubernetes: {version: 1.26.9}}, {name: c, kubernetes: {version: 1.27.0}}]}}");
        let errors = validate_shoot_versions_static(None, &s, Operation::Create);
        let details: Vec<(&str, &str)> = errors
            .iter()
            .map(|e| (e.field.as_str(), e.detail.as_str()))
            .collect();
        assert_eq!(
            details,
            [
                (
                    "spec.provider.workers[0].kubernetes.version",
                    "worker group kubernetes version must not be higher than control plane version"
                ),
                (
                    "spec.provider.workers[1].kubernetes.version",
                    "worker group kubernetes version must be at most three minor versions behind control plane version"
                ),
            ]
        );
    }

    #[test]
    fn kubelet_constraint_of_the_image_is_enforced() {
        let profile: CloudProfile = serde_yaml::from_str(
            r#"
spec:
  kubernetes: {versions: [{version: 1.30.0}]}
  machineImages: [{name: img, versions: [{version: 1.0.0, kubeletVersionConstraint: "< 1.30"}]}]
"#,
        )
        .unwrap();
        let s = shoot("spec: {kubernetes: {version: 1.30.0}, provider: {workers: [{name: a, machine: {architecture: amd64, image: {name: img, version: 1.0.0}}}]}}");
        let now = crate::rfc3339::parse("2026-01-01T00:00:00Z").unwrap();
        let errors = validate_shoot_versions(&profile, None, &s, Operation::Create, now);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].field, "spec.provider.workers[0].machine.image");
        assert_eq!(
            errors[0].detail,
            "machine image 'img@1.0.0' does not support kubelet version '1.30.0', supported kubelet versions by this machine image version: '< 1.30'"
        );
    }
}
