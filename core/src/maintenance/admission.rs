//! The update checks of Gardener's API server that most often reject a maintained Shoot, so a
//! simulation can tell when a run's changes would not be applied.
//!
//! Gardener writes the maintained Shoot after a server-side dry run; if the API server rejects it,
//! nothing is applied and the status says `Maintenance failed`. These checks predict the version
//! related rejections only:
//! - `validateKubeletVersion` (`plugin/pkg/shoot/validator/admission.go`): each pool's image version
//!   must accept the pool's kubelet version (the pool's own version, else the control plane's);
//! - `validateWorkerGroupAndControlPlaneKubernetesVersion` (`pkg/api/core/validation/shoot.go`): a
//!   pool may be neither newer than the control plane nor more than three minors behind it;
//! - `ValidateFeatureGates` (`pkg/utils/validation/features/featuregates.go`), called for every
//!   component's feature gates by the Shoot's validation: a gate must be known and supported by
//!   the component's version, and a gate Kubernetes locked to its default in that version may
//!   not be set to the other value. Maintenance drops the unsupported gates, but a newer version
//!   can lock a gate the Shoot sets the other way;
//! - `ValidateInPlaceUpdates` (same file): an in-place pool whose update is still pending may not
//!   change, nor may its effective Kubernetes version or kubelet configuration.
//!
//! Field paths and detail texts are Gardener's; how the API server wraps them into one error message
//! is not modelled.

use super::types::{parse_version, CloudProfile, Shoot, Worker};
use super::version_ranges::{FEATURE_GATES, LOCKED_FEATURE_GATES};
use crate::api::{FeatureGates, KubeletConfig};
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
/// of the profile has a kubelet constraint or can be `unavailable` (a stage of that name, or a
/// lifecycle whose every stage has a start time, so that it is unavailable until the first
/// starts), a pool has a Kubernetes
/// version of its own, a component sets feature gates, or in-place updates are pending. A
/// maintenance run changes none of them, so a timeline asks once.
pub(crate) fn may_refuse(cloud_profile: &CloudProfile, shoot: &Shoot) -> bool {
    let images = cloud_profile.spec.machine_images.iter();
    let constrained = images.flat_map(|image| &image.versions).any(|version| {
        let stages = version.expirable.lifecycle.iter();
        let not_yet_started = !version.expirable.lifecycle.is_empty()
            && (version.expirable.lifecycle.iter()).all(|stage| stage.start_time.is_some());
        version.kubelet_version_constraint.is_some()
            || not_yet_started
            || stages
                .into_iter()
                .any(|stage| stage.classification == Classification::Unavailable)
    });
    let own_versions =
        (shoot.spec.provider.workers.iter()).any(|worker| worker.kubernetes_version().is_some());
    let pending_in_place = shoot.status.in_place_updates.is_some();
    constrained || own_versions || sets_feature_gates(shoot) || pending_in_place
}

/// Whether any component of `shoot` sets feature gates (a newer version may lock one of them).
fn sets_feature_gates(shoot: &Shoot) -> bool {
    let components = (shoot.spec.kubernetes.feature_gates().into_iter()).map(|(_, gates)| gates);
    let pools = (shoot.spec.provider.workers.iter()).map(|worker| {
        let kubelet = worker.kubernetes.as_ref().and_then(|k| k.kubelet.as_ref());
        kubelet.and_then(|kubelet| kubelet.feature_gates.as_ref())
    });
    (components.chain(pools).flatten()).any(|gates| !gates.is_empty())
}

/// `ValidateInPlaceUpdates` (`pkg/api/core/validation/shoot.go`): an in-place pool listed in
/// `status.inPlaceUpdates.pendingWorkerUpdates` may change neither itself, nor its effective
/// Kubernetes version, nor its effective kubelet configuration, unless the Shoot carries the
/// `gardener.cloud/operation: force-in-place-update` annotation.
fn pending_in_place_changes(
    old: &Shoot,
    shoot: &Shoot,
    control_plane: &Version,
) -> Vec<FieldError> {
    if shoot.metadata.annotation("gardener.cloud/operation") == Some("force-in-place-update") {
        return Vec::new();
    }
    let pending = shoot.pending_worker_updates();
    let pending_names: Vec<&str> = (pending.iter())
        .flat_map(|p| {
            p.auto_in_place_update
                .iter()
                .chain(&p.manual_in_place_update)
        })
        .map(String::as_str)
        .collect();
    if pending_names.is_empty() {
        return Vec::new();
    }
    let Ok(old_control_plane) = parse_version(&old.spec.kubernetes.version) else {
        return Vec::new();
    };
    let effective = |worker: &Worker, control_plane: &Version| match worker.kubernetes_version() {
        Some(text) => parse_version(text).ok(),
        None => Some(control_plane.clone()),
    };
    let kubelet = |shoot: &'_ Shoot, worker: &'_ Worker| -> Option<KubeletConfig> {
        let own = worker.kubernetes.as_ref().and_then(|k| k.kubelet.as_ref());
        own.or(shoot.spec.kubernetes.kubelet.as_ref()).cloned()
    };
    let mut errors = Vec::new();
    for (index, worker) in shoot.spec.provider.workers.iter().enumerate() {
        if !worker.is_in_place() || !pending_names.contains(&worker.name.as_str()) {
            continue;
        }
        let Some(old_worker) = old
            .spec
            .provider
            .workers
            .iter()
            .find(|w| w.name == worker.name)
        else {
            continue;
        };
        let changed = old_worker != worker
            || effective(old_worker, &old_control_plane) != effective(worker, control_plane)
            || kubelet(old, old_worker) != kubelet(shoot, worker);
        if changed {
            errors.push(FieldError::forbidden(
                format!("spec.provider.workers[{index}]"),
                format!(
                    "the worker pool {} is currently undergoing an in-place update. No changes are allowed to the worker pool, the Shoot Kubernetes version, or the Shoot kubelet configuration. You can force an update with annotating the Shoot with 'gardener.cloud/operation=force-in-place-update'",
                    crate::golang::quote(&worker.name)
                ),
            ));
        }
    }
    errors
}

/// `ValidateFeatureGates` for one component's gates at `version`, the errors under `path`.
fn feature_gate_errors(gates: Option<&FeatureGates>, version: &str, path: &str) -> Vec<FieldError> {
    let Some(gates) = gates else {
        return Vec::new();
    };
    let bound = |text: &'static str| (!text.is_empty()).then_some(text);
    let mut errors = Vec::new();
    for (gate, &value) in gates {
        let field = format!("{path}.{gate}");
        let Some(&(_, added, removed)) = FEATURE_GATES.iter().find(|(name, _, _)| name == gate)
        else {
            errors.push(FieldError::invalid(
                field,
                format!("unknown feature gate {gate}"),
            ));
            continue;
        };
        if crate::version::range_contains(version, bound(added), bound(removed)) != Ok(true) {
            let detail = format!("not supported in Kubernetes version {version}");
            errors.push(FieldError::forbidden(field, detail));
            continue;
        }
        let locked = LOCKED_FEATURE_GATES
            .iter()
            .find(|(name, _, _)| name == gate);
        if let Some(&(_, since, locked_value)) = locked {
            let is_locked = crate::version::range_contains(version, Some(since), None) == Ok(true);
            if is_locked && value != locked_value {
                let detail = format!(
                    "cannot set feature gate to {value}, feature is locked to {locked_value}"
                );
                errors.push(FieldError::forbidden(field, detail));
            }
        }
    }
    errors
}

/// The feature gate errors of the Shoot's validation: the control plane's components at its
/// version (only the API server's and the controller manager's for a workerless Shoot), and each
/// pool with a `kubernetes` section: its kubelet (else the Shoot's kubelet,
/// validated again under the pool's path) at its own version, else the control plane's.
pub fn feature_gates_of(shoot: &Shoot) -> Vec<FieldError> {
    let kubernetes = &shoot.spec.kubernetes;
    let version = &kubernetes.version;
    let components = kubernetes.feature_gates();
    let mut errors = Vec::new();
    // A workerless Shoot's scheduler, proxy and kubelet are not validated but forbidden outright
    // (`validateKubernetesForWorkerlessShoot`), which is not a feature gate error.
    let workerless = shoot.spec.provider.workers.is_empty();
    let validated = if workerless { 2 } else { components.len() };
    for (name, gates) in components.into_iter().take(validated) {
        let path = format!("spec.kubernetes.{name}.featureGates");
        errors.extend(feature_gate_errors(gates, version, &path));
    }
    for (index, worker) in shoot.spec.provider.workers.iter().enumerate() {
        let Some(pool) = worker.kubernetes.as_ref() else {
            continue;
        };
        let version = pool.version.as_deref().unwrap_or(version);
        let kubelet = pool.kubelet.as_ref().or(kubernetes.kubelet.as_ref());
        let gates = kubelet.and_then(|kubelet| kubelet.feature_gates.as_ref());
        let path = format!("spec.provider.workers[{index}].kubernetes.kubelet.featureGates");
        errors.extend(feature_gate_errors(gates, version, &path));
    }
    errors
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
    object.extend(feature_gates_of(shoot));
    if let Some((old, _)) = old {
        object.extend(pending_in_place_changes(old, shoot, &control_plane));
    }
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
    let (image, old_image) = (worker.machine.image(), old_worker.machine.image());
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
    let profile = crate::defaults::defaulted_cloud_profile(cloud_profile);
    let spec = &profile.spec;
    let architecture = validation::shoot_versions::pool_architecture(spec, worker);
    let old_architecture = validation::shoot_versions::pool_architecture(spec, old_worker);
    validation::inplace::validate_machine_image(
        spec,
        index,
        worker,
        &architecture,
        Some((old_worker, old_architecture.as_str())),
        validation::types::Operation::Update,
        now,
    )
}

fn kubelet_rejection(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    index: usize,
    kubelet: &Version,
) -> Option<String> {
    let image = shoot.spec.provider.workers.get(index)?.machine.image();
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
