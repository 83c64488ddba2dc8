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

use super::types::{parse_version, CloudProfile, Shoot, Worker};
use crate::field::FieldError;
use crate::lifecycle::Classification;
use crate::semver_constraint::Constraint;
use crate::validation;
use crate::version::{compare_normalized, Version};
use chrono::{DateTime, Utc};

/// The field errors Gardener's API server would raise for `shoot` (typically the Shoot after a
/// maintenance run) on update.
pub fn update_rejections(cloud_profile: &CloudProfile, shoot: &Shoot) -> Vec<FieldError> {
    let (object, plugin) = checks(cloud_profile, None, shoot);
    let mut errors = object;
    errors.extend(plugin);
    errors
}

/// The API server's answer to the dry-run update of `old` to `shoot` at `now`, when it refuses
/// it: the field errors and the error's text. The object's own validation (the version skew) runs
/// before the ShootValidator plugin (an image version that is not active, else the kubelet
/// constraint), so the first of them that fails answers:
/// `Shoot.core.gardener.cloud "<name>" is invalid: …` or `shoots.core.gardener.cloud "<name>" is
/// forbidden: …`. A field error's bad value is left out of the text: Gardener prints a pool's
/// image there as a Go struct, pointers included.
pub fn dry_run_rejection(
    cloud_profile: &CloudProfile,
    old: &Shoot,
    shoot: &Shoot,
    now: DateTime<Utc>,
) -> Option<(Vec<FieldError>, String)> {
    let (object, plugin) = checks(cloud_profile, Some((old, now)), shoot);
    let name = crate::golang::quote(&shoot.metadata.name);
    if !object.is_empty() {
        let text = format!(
            "Shoot.core.gardener.cloud {name} is invalid: {}",
            aggregate(&object)
        );
        Some((object, text))
    } else if !plugin.is_empty() {
        let text = format!(
            "shoots.core.gardener.cloud {name} is forbidden: {}",
            aggregate(&plugin)
        );
        Some((plugin, text))
    } else {
        None
    }
}

/// Whether the dry run can refuse any maintained version of `shoot`: only when an image version
/// of the profile has a kubelet constraint or an `unavailable` stage, or a pool has a Kubernetes
/// version of its own. A maintenance run changes none of them, so a timeline asks once.
pub(crate) fn may_refuse(cloud_profile: &CloudProfile, shoot: &Shoot) -> bool {
    let images = cloud_profile.spec.machine_images.iter();
    let constrained = images.flat_map(|image| &image.versions).any(|version| {
        let stages = version.expirable.lifecycle.iter();
        version.kubelet_version_constraint.is_some()
            || stages
                .into_iter()
                .any(|stage| stage.classification == Classification::Unavailable)
    });
    let own_versions =
        (shoot.spec.provider.workers.iter()).any(|worker| worker.kubernetes_version().is_some());
    constrained || own_versions
}

/// `field.ErrorList.ToAggregate().Error()`: one error as it is, several in brackets.
fn aggregate(errors: &[FieldError]) -> String {
    let texts: Vec<String> = errors.iter().map(FieldError::go_text).collect();
    match texts.as_slice() {
        [one] => one.clone(),
        _ => format!("[{}]", texts.join(", ")),
    }
}

/// The errors of the object's validation and those of the ShootValidator plugin, pool by pool;
/// the image versions only with the Shoot before the update (and the instant).
fn checks(
    cloud_profile: &CloudProfile,
    old: Option<(&Shoot, DateTime<Utc>)>,
    shoot: &Shoot,
) -> (Vec<FieldError>, Vec<FieldError>) {
    let (mut object, mut plugin) = (Vec::new(), Vec::new());
    let control_plane_text = &shoot.spec.kubernetes.version;
    let Ok(control_plane) = parse_version(control_plane_text) else {
        return (object, plugin);
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
        let old_worker = old.and_then(|(old, now)| {
            let pools = old.spec.provider.workers.iter();
            (pools.into_iter().find(|pool| pool.name == worker.name)).map(|pool| (pool, now))
        });
        // The plugin checks a pool's image first, and its kubelet only when the image passes.
        let image_error = old_worker.and_then(|(old_worker, now)| {
            inactive_image(cloud_profile, index, worker, old_worker, now)
        });
        if let Some(error) = image_error {
            plugin.push(error);
        } else if let Some(detail) = kubelet_rejection(cloud_profile, shoot, index, &kubelet) {
            plugin.push(FieldError::invalid(format!("{path}.machine.image"), detail));
        }
        if let Some(worker_version) = worker.kubernetes_version() {
            let version_path = format!("{path}.kubernetes.version");
            if compare_normalized(worker_version, ">", control_plane_text) == Some(true) {
                object.push(FieldError::forbidden(
                    version_path.clone(),
                    "worker group kubernetes version must not be higher than control plane version",
                ));
            }
            let skew_limit = format!("{}.{}.0", kubelet.major, kubelet.minor + 4);
            if compare_normalized(control_plane_text, ">=", &skew_limit) == Some(true) {
                object.push(FieldError::forbidden(
                    version_path,
                    "worker group kubernetes version must be at most three minor versions behind control plane version",
                ));
            }
        }
    }
    (object, plugin)
}

/// `validateMachineImage` for a pool whose image version changed: the new version must be active,
/// or, for an existing pool, expired and not lower than the old one. Maintenance only picks
/// versions it may, except one a lifecycle makes `unavailable`, which its searches take for a
/// newer preferred one. The error's text lists the versions the pool may use, as the validation
/// module reads them: it is built only when a version is refused.
fn inactive_image(
    cloud_profile: &CloudProfile,
    index: usize,
    worker: &Worker,
    old_worker: &Worker,
    now: DateTime<Utc>,
) -> Option<FieldError> {
    let (image, old_image) = (&worker.machine.image, &old_worker.machine.image);
    if image.name == old_image.name && image.version == old_image.version {
        return None;
    }
    let version = image.version.as_deref()?;
    let entry = (cloud_profile.spec.machine_images.iter())
        .filter(|candidate| candidate.name == image.name)
        .flat_map(|candidate| &candidate.versions)
        .find(|candidate| candidate.version() == version)?;
    let updated_from = Some(old_image.version.as_deref().unwrap_or(""));
    if validation::inplace::lifecycle_allows(&entry.expirable, version, updated_from, now) {
        return None;
    }
    let profile: validation::types::CloudProfile = view(cloud_profile)?;
    let profile = validation::cloudprofile::defaulted(&profile);
    let spec = &profile.spec;
    let pool: validation::types::Worker = view(worker)?;
    let old_pool: validation::types::Worker = view(old_worker)?;
    let architecture = validation::shoot_versions::pool_architecture(spec, &pool);
    let old_architecture = validation::shoot_versions::pool_architecture(spec, &old_pool);
    validation::inplace::validate_machine_image(
        spec,
        index,
        &pool,
        &architecture,
        Some((&old_pool, old_architecture.as_str())),
        validation::types::Operation::Update,
        now,
    )
}

/// The validation module's view of an object of maintenance's.
fn view<T: crate::decode::FromValue>(object: &impl serde::Serialize) -> Option<T> {
    crate::decode::from_value(&serde_json::to_value(object).ok()?).ok()
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
