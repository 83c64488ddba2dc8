//! The update checks of Gardener's API server that most often reject a maintained Shoot, so a
//! simulation can tell when a run's changes would not be applied.
//!
//! Gardener writes the maintained Shoot after a server-side dry run; if the API server rejects it,
//! nothing is applied and the status says `Maintenance failed`. These checks predict the version
//! related rejections only:
//! - `validateKubeletVersion` (`plugin/pkg/shoot/validator/admission.go`): each pool's image version
//!   must accept the pool's kubelet version (the pool's own version, else the control plane's);
//! - `validateWorkerGroupAndControlPlaneKubernetesVersion` (`pkg/api/core/validation/shoot.go`): a
//!   pool may be neither newer than the control plane nor more than three minors behind it.
//!
//! Field paths and detail texts are Gardener's; how the API server wraps them into one error message
//! is not modelled.

use super::types::{parse_version, CloudProfile, Shoot};
use crate::field::FieldError;
use crate::semver_constraint::Constraint;
use crate::version::{compare_normalized, Version};

/// The field errors Gardener's API server would raise for `shoot` (typically the Shoot after a
/// maintenance run) on update.
pub fn update_rejections(cloud_profile: &CloudProfile, shoot: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let control_plane_text = &shoot.spec.kubernetes.version;
    let Ok(control_plane) = parse_version(control_plane_text) else {
        return errors;
    };
    for (index, worker) in shoot.spec.provider.workers.iter().enumerate() {
        let path = format!("spec.provider.workers[{index}]");
        let kubelet = match worker.kubernetes_version() {
            Some(text) => match parse_version(text) {
                Ok(version) => version,
                Err(_) => continue,
            },
            None => control_plane.clone(),
        };
        if let Some(detail) = kubelet_rejection(cloud_profile, shoot, index, &kubelet) {
            errors.push(FieldError::invalid(format!("{path}.machine.image"), detail));
        }
        if let Some(worker_version) = worker.kubernetes_version() {
            let version_path = format!("{path}.kubernetes.version");
            if compare_normalized(worker_version, ">", control_plane_text) == Some(true) {
                errors.push(FieldError::forbidden(
                    version_path.clone(),
                    "worker group kubernetes version must not be higher than control plane version",
                ));
            }
            let skew_limit = format!("{}.{}.0", kubelet.major, kubelet.minor + 4);
            if compare_normalized(control_plane_text, ">=", &skew_limit) == Some(true) {
                errors.push(FieldError::forbidden(
                    version_path,
                    "worker group kubernetes version must be at most three minor versions behind control plane version",
                ));
            }
        }
    }
    errors
}

fn kubelet_rejection(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    index: usize,
    kubelet: &Version,
) -> Option<String> {
    let image = &shoot.spec.provider.workers.get(index)?.machine.image;
    let version = image.version.as_deref()?;
    let entry = cloud_profile
        .spec
        .machine_images
        .iter()
        .filter(|candidate| candidate.name == image.name)
        .flat_map(|candidate| &candidate.versions)
        .find(|candidate| candidate.version() == version)?;
    let constraint_text = entry.kubelet_version_constraint.as_deref()?;
    let constraint = Constraint::parse(constraint_text).ok()?;
    (!constraint.check(kubelet)).then(|| {
        format!(
            "machine image '{}@{}' does not support kubelet version '{}', supported kubelet versions by this machine image version: '{}'",
            image.name,
            version,
            kubelet.canonical(),
            constraint_text
        )
    })
}
