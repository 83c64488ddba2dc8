//! One maintenance run, as `Reconciler.reconcile` in
//! `pkg/controllermanager/controller/shoot/maintenance/reconciler.go` performs it once triggered.
//!
//! Order (the same as Gardener's): machine images of every pool, control-plane Kubernetes version,
//! field clean-ups when the control plane crossed 1.33/1.34/1.35, each pool's own Kubernetes version
//! (capped at the new control-plane version), removal of feature gates and admission plugins the
//! (new) versions no longer support, the operation annotation, then `status.lastMaintenance`.
//!
//! Not modelled: credential auto-rotation and the nginx-ingress switch-off (a landscape feature gate).
//! The server-side dry run is predicted for the version checks of `admission` and applied as
//! Gardener applies it: a refused run changes nothing and fails. The SecretBinding
//! migration is assumed to create `force-migrated-<secretBindingName>`.

use super::admission::dry_run_rejection;
use super::images::{choose_image_version, usable_versions};
use super::memo::{KubernetesKey, ParsedKubernetes, RunMemo};
use super::selection::{force_consecutive_minor_in, latest_patch_in, version_for_strategy, Parsed};
use super::types::{parse_version, CloudProfile, LastMaintenance, Shoot, Worker};
use super::version_ranges::{ADMISSION_PLUGINS, FEATURE_GATES};
use crate::decode::FromValue;
use crate::field::FieldError;
use crate::lifecycle::ExpirableVersion;
use crate::version::{parse_normalized, Version};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Annotation that triggers operations (`gardener.cloud/operation`).
const OPERATION_ANNOTATION: &str = "gardener.cloud/operation";
/// Annotation with operations to run in the next maintenance (`maintenance.gardener.cloud/operation`).
const MAINTENANCE_OPERATION_ANNOTATION: &str = "maintenance.gardener.cloud/operation";
/// Annotation asking the next maintenance to retry a failed Shoot
/// (`FailedShootNeedsRetryOperation`, `maintenance.shoot.gardener.cloud/needs-retry-operation`).
const NEEDS_RETRY_ANNOTATION: &str = "maintenance.shoot.gardener.cloud/needs-retry-operation";

/// Why a version changed (or had to change) in a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum UpdateReason {
    /// Nothing changed and nothing was recorded.
    None,
    /// Auto-update is configured and a newer version qualifies.
    Auto,
    /// The current version is expired or missing from the CloudProfile, so an update is required.
    Force,
}

/// The maintenance result for one version (control plane, pool Kubernetes, or pool image).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct VersionUpdate {
    /// The version before the run.
    pub from: String,
    /// The version after the run (equal to `from` when unchanged or failed).
    pub to: String,
    pub reason: UpdateReason,
    /// Gardener's "reason for update" text; absent when `reason` is `none`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason_message: Option<String>,
    /// Gardener's description: `Updated … from "<old>" to "<new>"`, or the failure text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// An update was required (or wanted) but no target could be determined.
    pub failed: bool,
}

impl VersionUpdate {
    pub(crate) fn unchanged(version: &str) -> VersionUpdate {
        VersionUpdate::kept(version.to_string(), version.to_string())
    }

    /// A version the run records nothing about: `from` before the run, `to` after it.
    fn kept(from: String, to: String) -> VersionUpdate {
        VersionUpdate {
            from,
            to,
            reason: UpdateReason::None,
            reason_message: None,
            description: None,
            failed: false,
        }
    }

    fn is_recorded(&self) -> bool {
        self.reason != UpdateReason::None
    }
}

/// The maintenance result for one worker pool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct WorkerOutcome {
    pub name: String,
    /// The pool's machine image name.
    pub image_name: String,
    pub image: VersionUpdate,
    /// Present only for pools that set their own `kubernetes.version`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes: Option<VersionUpdate>,
}

/// Everything one maintenance run does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct MaintenanceOutcome {
    /// The control-plane Kubernetes version.
    pub kubernetes: VersionUpdate,
    /// Every worker pool, in spec order.
    pub workers: Vec<WorkerOutcome>,
    /// The error that aborted the whole machine-image step (Gardener only logs it). Image updates of
    /// pools before the failing one are still applied and listed in `workers`, but none is recorded
    /// in `lastMaintenance`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine_image_maintenance_error: Option<String>,
    /// Further maintenance texts (field removals, feature gates, admission plugins, annotations), in
    /// Gardener's order.
    pub operations: Vec<String>,
    /// The new `status.lastMaintenance`, or `None` when Gardener leaves the status untouched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_maintenance: Option<LastMaintenance>,
    /// The Shoot after the run: maintained spec, annotations and status. Not serialized: reports show
    /// the changes above, and a caller that needs the object has it here.
    #[serde(skip)]
    pub shoot: Shoot,
    /// The version checks Gardener's API server failed in the dry run of the maintained Shoot (see
    /// [`dry_run_rejection`]). When there are any, the run changed nothing: the versions above are
    /// unchanged, and `last_maintenance` says `Maintenance failed` with the API server's error.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub update_rejections: Vec<FieldError>,
}

impl MaintenanceOutcome {
    /// Replaces `shoot` with the maintained Shoot.
    pub fn apply(&self, shoot: &mut Shoot) {
        *shoot = self.shoot.clone();
    }

    /// Whether the run changed any version.
    pub fn changed_versions(&self) -> bool {
        let changed = |update: &VersionUpdate| update.from != update.to;
        changed(&self.kubernetes)
            || self.workers.iter().any(|worker| {
                changed(&worker.image) || worker.kubernetes.as_ref().is_some_and(changed)
            })
    }
}

/// Performs one maintenance run of `shoot` against `cloud_profile` at `now`, as if triggered (by the
/// `maintain` annotation or the time window). Pure: the inputs are not modified. CloudProfile API
/// defaults are applied first.
///
/// Fails only where Gardener's reconcile itself fails before writing anything: when the control-plane
/// version (before or after the run) does not parse.
pub fn run(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    now: DateTime<Utc>,
) -> Result<MaintenanceOutcome, String> {
    run_remembering(cloud_profile, shoot, now, &mut RunMemo::default())
}

/// [`run`] with the version decisions of earlier runs against the same CloudProfile in `memo`.
pub(crate) fn run_remembering(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    now: DateTime<Utc>,
    memo: &mut RunMemo,
) -> Result<MaintenanceOutcome, String> {
    let profile = crate::defaults::defaulted_cloud_profile(cloud_profile);
    let outcome = run_memoized(&profile, shoot, now, memo)?;
    Ok(
        match dry_run_rejection(&profile, shoot, &outcome.shoot, now) {
            None => outcome,
            Some((errors, api_error)) => rejected(shoot, outcome, errors, &api_error, now),
        },
    )
}

/// The run as Gardener ends it when the API server refuses the maintained Shoot in its dry run:
/// nothing in the spec changes, a `maintain` operation annotation is dropped, and the status says
/// `Maintenance failed` with the API server's error. The next window tries again.
fn rejected(
    shoot: &Shoot,
    outcome: MaintenanceOutcome,
    errors: Vec<FieldError>,
    api_error: &str,
    now: DateTime<Utc>,
) -> MaintenanceOutcome {
    let mut kept = shoot.clone();
    drop_maintain_annotation(&mut kept);
    let written = LastMaintenance {
        description: "Maintenance failed".to_string(),
        triggered_time: Some(now),
        state: "Failed".to_string(),
        failure_reason: Some(refused_run_reason(api_error)),
    };
    kept.status.last_maintenance = Some(written.clone());
    let pools = shoot.spec.provider.workers.iter();
    let workers = (outcome.workers.into_iter().zip(pools))
        .map(|(worker, original)| WorkerOutcome {
            image: VersionUpdate::unchanged(
                original.machine.image().version.as_deref().unwrap_or(""),
            ),
            kubernetes: (worker.kubernetes)
                .map(|_| VersionUpdate::unchanged(original.kubernetes_version().unwrap_or(""))),
            ..worker
        })
        .collect();
    MaintenanceOutcome {
        kubernetes: VersionUpdate::unchanged(&shoot.spec.kubernetes.version),
        workers,
        machine_image_maintenance_error: outcome.machine_image_maintenance_error,
        operations: Vec::new(),
        last_maintenance: Some(written),
        shoot: kept,
        update_rejections: errors,
    }
}

/// [`run`] on a CloudProfile that has its API defaults already, remembering its version decisions
/// in `memo` for the next run against the same profile: a caller running many windows defaults the
/// profile once and decides each pool's image once per combination of inputs. The dry run is not
/// applied here: `update_rejections` stays empty, and a timeline asks [`dry_run_rejection`] only
/// about the windows that change a version.
pub(crate) fn run_memoized(
    profile: &CloudProfile,
    shoot: &Shoot,
    now: DateTime<Utc>,
    memo: &mut RunMemo,
) -> Result<MaintenanceOutcome, String> {
    let steps = run_steps(profile, shoot, now, memo, LastMaintenanceRecord::Written)?;
    Ok(steps.into_outcome(shoot))
}

/// Whether a run writes `status.lastMaintenance`. A timeline does not show it, and no step of a
/// later run reads it but the writing of the next one, so a timeline leaves it as it was given:
/// its texts were a few percent of a timeline's cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LastMaintenanceRecord {
    Written,
    Skipped,
}

/// A run's results as its steps leave them, before every pool gets its [`WorkerOutcome`]. A
/// timeline reads only the versions a run changed or failed to change, and building the outcome
/// of every pool in every window (four copied texts per pool) was a fifth of its cost.
pub(crate) struct RunSteps {
    /// The Shoot after the run.
    pub(crate) shoot: Shoot,
    /// `None` when the control-plane version was kept without a record.
    control_plane: Option<VersionUpdate>,
    /// Per pool, its image update; `None` when nothing is recorded.
    images: Vec<Option<VersionUpdate>>,
    /// Per pool: `None` without a Kubernetes version of its own, `Some(None)` when it was kept.
    pool_kubernetes: Vec<Option<Option<VersionUpdate>>>,
    machine_image_maintenance_error: Option<String>,
    operations: Vec<String>,
    last_maintenance: Option<LastMaintenance>,
}

/// Which version of a Shoot an update is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UpdatedVersion {
    ControlPlane,
    /// The pool at this index: its own `kubernetes.version`.
    PoolKubernetes(usize),
    /// The pool at this index: its machine image version.
    PoolImage(usize),
}

impl RunSteps {
    /// Every update with a record, control plane first, then each pool's Kubernetes version and
    /// image in pool order. What is left out was kept as it was: it neither changed nor failed.
    pub(crate) fn recorded(&self) -> impl Iterator<Item = (UpdatedVersion, &VersionUpdate)> {
        let control_plane = (self.control_plane.iter()).map(|u| (UpdatedVersion::ControlPlane, u));
        let pools = (self.pool_kubernetes.iter().zip(&self.images).enumerate()).flat_map(
            |(index, (kubernetes, image))| {
                let kubernetes = kubernetes.iter().flatten();
                (kubernetes.map(move |u| (UpdatedVersion::PoolKubernetes(index), u))).chain(
                    image
                        .iter()
                        .map(move |u| (UpdatedVersion::PoolImage(index), u)),
                )
            },
        );
        control_plane.chain(pools)
    }

    /// Whether the run changed any version ([`MaintenanceOutcome::changed_versions`]).
    pub(crate) fn changed_versions(&self) -> bool {
        self.recorded().any(|(_, update)| update.from != update.to)
    }

    /// The outcome of the run of `shoot`, the Shoot it was given.
    fn into_outcome(self, shoot: &Shoot) -> MaintenanceOutcome {
        let RunSteps {
            shoot: maintained,
            control_plane,
            images,
            pool_kubernetes,
            machine_image_maintenance_error,
            operations,
            last_maintenance,
        } = self;
        let pools = shoot.spec.provider.workers.iter();
        let workers = (pools.zip(images).zip(pool_kubernetes).enumerate())
            .map(|(index, ((original, image), kubernetes))| {
                let image = image.unwrap_or_else(|| {
                    let version = |worker: &Worker| worker.machine.image().version.clone();
                    let after = &maintained.spec.provider.workers[index];
                    VersionUpdate::kept(
                        version(original).unwrap_or_default(),
                        version(after).unwrap_or_default(),
                    )
                });
                let kubernetes = kubernetes.map(|update| {
                    update.unwrap_or_else(|| {
                        VersionUpdate::unchanged(original.kubernetes_version().unwrap_or_default())
                    })
                });
                WorkerOutcome {
                    name: original.name.clone(),
                    image_name: original.machine.image().name.clone(),
                    image,
                    kubernetes,
                }
            })
            .collect();
        MaintenanceOutcome {
            kubernetes: control_plane
                .unwrap_or_else(|| VersionUpdate::unchanged(&shoot.spec.kubernetes.version)),
            workers,
            machine_image_maintenance_error,
            operations,
            last_maintenance,
            shoot: maintained,
            update_rejections: Vec::new(),
        }
    }
}

/// The steps of [`run_memoized`], without the outcome of every pool.
pub(crate) fn run_steps(
    profile: &CloudProfile,
    shoot: &Shoot,
    now: DateTime<Utc>,
    memo: &mut RunMemo,
    record: LastMaintenanceRecord,
) -> Result<RunSteps, String> {
    let mut maintained = shoot.clone();
    let auto_update_kubernetes = shoot.auto_update_kubernetes_version();
    // Gardener's run fails on a control-plane version that does not parse, whatever its steps
    // find before (and those steps write nothing then), so it is parsed once, first.
    let old_control_plane = &shoot.spec.kubernetes.version;
    let old_version = parse_version(old_control_plane)?;

    // 1. Machine images.
    let pools = shoot.spec.provider.workers.len();
    let mut images: Vec<Option<VersionUpdate>> = Vec::with_capacity(pools);
    let mut machine_image_maintenance_error = None;
    if !shoot.is_workerless() {
        if let Err(error) = maintain_machine_images(
            profile,
            &mut maintained,
            &mut images,
            (&old_version, now),
            memo,
        ) {
            machine_image_maintenance_error = Some(error);
        }
    }
    // The pools after an abort have no result.
    images.resize(pools, None);

    // 2. Control-plane Kubernetes version.
    let control_plane = memo.kubernetes_decision(
        &profile.spec.kubernetes.versions,
        KubernetesKey {
            current: old_control_plane.clone(),
            auto_update: auto_update_kubernetes,
            cap: None,
        },
        now,
        |parsed| {
            maintain_kubernetes_version(
                old_control_plane,
                auto_update_kubernetes,
                &profile.spec.kubernetes.versions,
                parsed,
                now,
                |target| Ok(target.to_string()),
            )
        },
    );
    let new_version = match control_plane.as_ref().filter(|u| !u.failed) {
        Some(update) => {
            maintained.spec.kubernetes.version = update.to.clone();
            parse_version(&update.to)?
        }
        None => old_version.clone(),
    };

    // 3. Field clean-ups when crossing a Kubernetes minor.
    let mut operations = clean_up_fields(&mut maintained, &old_version, &new_version);

    // 4. Worker pool Kubernetes versions, capped at the new control-plane version.
    let mut pool_kubernetes = Vec::with_capacity(maintained.spec.provider.workers.len());
    for index in 0..maintained.spec.provider.workers.len() {
        let Some(current) = maintained.spec.provider.workers[index]
            .kubernetes_version()
            .map(str::to_string)
        else {
            pool_kubernetes.push(None);
            continue;
        };
        let key = KubernetesKey {
            current: current.clone(),
            auto_update: auto_update_kubernetes,
            cap: Some(maintained.spec.kubernetes.version.clone()),
        };
        let versions = &profile.spec.kubernetes.versions;
        let update = memo.kubernetes_decision(versions, key, now, |parsed| {
            maintain_kubernetes_version(
                &current,
                auto_update_kubernetes,
                versions,
                parsed,
                now,
                |target| {
                    let target = parse_version(target)?;
                    Ok(std::cmp::min(target, new_version.clone()).canonical())
                },
            )
        });
        if let Some(update) = update.as_ref().filter(|u| !u.failed) {
            let worker = maintained.spec.provider.worker_mut(index);
            if let Some(kubernetes) = worker.and_then(|worker| worker.kubernetes.as_mut()) {
                kubernetes.version = Some(update.to.clone());
            }
        }
        pool_kubernetes.push(Some(update));
    }

    // 5. Feature gates and admission plugins no longer supported by the versions.
    operations.extend(maintain_feature_gates(&mut maintained));
    operations.extend(maintain_admission_plugins(&mut maintained));
    drop_emptied(shoot, &mut maintained);

    // 6. Operation annotation.
    if let Some(text) = maintain_operation_annotation(&mut maintained) {
        operations.push(text);
    }
    // 7. The tasks the next reconciliation runs.
    maintain_tasks(&mut maintained);

    let last_maintenance = (record == LastMaintenanceRecord::Written)
        .then(|| {
            last_maintenance(
                shoot,
                control_plane.as_ref(),
                &pool_kubernetes,
                // After an abort Gardener keeps the updates of earlier pools but records none
                // of them.
                if machine_image_maintenance_error.is_none() {
                    &images
                } else {
                    &[]
                },
                &operations,
                now,
            )
        })
        .flatten();
    if let Some(written) = &last_maintenance {
        maintained.status.last_maintenance = Some(written.clone());
    }

    Ok(RunSteps {
        shoot: maintained,
        control_plane,
        images,
        pool_kubernetes,
        machine_image_maintenance_error,
        operations,
        last_maintenance,
    })
}

/// The instants after `now` at which a CloudProfile version relevant to `shoot` changes its
/// classification (its lifecycle stage starts or it expires), earliest first. Between two such
/// instants [`run`] gives the same result for the same Shoot, so a timeline only needs to evaluate
/// the maintenance windows following each of them. Relevant are all Kubernetes versions and all
/// versions of the images the Shoot's pools use. Classifications change strictly after these instants:
/// a run exactly at an instant still sees the old classification.
pub fn relevant_transitions(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    now: DateTime<Utc>,
) -> Vec<DateTime<Utc>> {
    let used_images: Vec<&str> = shoot
        .spec
        .provider
        .workers
        .iter()
        .map(|worker| worker.machine.image().name.as_str())
        .collect();
    let image_versions = cloud_profile
        .spec
        .machine_images
        .iter()
        .filter(|image| {
            used_images
                .iter()
                .any(|name| image.name.eq_ignore_ascii_case(name))
        })
        .flat_map(|image| image.versions.iter().map(|v| &v.expirable));
    let versions = cloud_profile.spec.kubernetes.versions.iter();
    crate::lifecycle::ascending_once(
        (versions.chain(image_versions))
            .flat_map(ExpirableVersion::transition_instants)
            .filter(|instant| *instant > now),
    )
}

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

/// `maintainMachineImages`. Per-pool results go to `results`; an `Err` aborts the step (Gardener
/// logs it), keeping the changes already made to earlier pools.
fn maintain_machine_images(
    profile: &CloudProfile,
    maintained: &mut Shoot,
    results: &mut Vec<Option<VersionUpdate>>,
    (control_plane, now): (&Version, DateTime<Utc>),
    memo: &mut RunMemo,
) -> Result<(), String> {
    let auto_update = maintained.auto_update_machine_image_version();
    let pools = &maintained.spec.provider.workers;
    if let Some(decisions) = memo.recent_image_decisions(pools, auto_update, now) {
        results.extend_from_slice(decisions);
        for (index, decision) in results.iter().enumerate() {
            apply_image_decision(maintained, index, decision);
        }
        return Ok(());
    }
    for index in 0..pools.len() {
        let pool = &maintained.spec.provider.workers[index];
        let kubelet = || kubelet_version(pool, control_plane).ok();
        if let Some(decision) = memo.recent_image_decision(index, pool, auto_update, kubelet, now) {
            apply_image_decision(maintained, index, &decision);
            results.push(decision);
            continue;
        }
        let worker = &**pool;
        let machine_type = profile
            .spec
            .machine_types
            .iter()
            .find(|machine_type| machine_type.name == worker.machine.machine_type)
            .ok_or_else(|| {
                format!(
                    "machine type {:?} of worker {:?} does not exist in cloudprofile",
                    worker.machine.machine_type, worker.name
                )
            })?;
        let image = memo.machine_image(profile, worker.machine.image())?;
        // Stored Shoots always carry the pool architecture (the Shoot mutator defaults it from the
        // machine type); default it the same way, on a copy, for pasted objects that omit it.
        let defaulted;
        let worker = if worker.machine.architecture.is_some() {
            worker
        } else {
            let mut copy = Worker::clone(worker);
            copy.machine.architecture = machine_type
                .effective_architecture(&profile.spec.machine_capabilities)
                .map(str::to_string);
            defaulted = copy;
            &defaulted
        };
        let kubelet_version = kubelet_version(worker, control_plane)?;
        let usable = || {
            let definitions = &profile.spec.machine_capabilities;
            usable_versions(image, worker, &kubelet_version, machine_type, definitions)
        };
        let decide = |parsed: &[Result<Version, String>], usable: &[usize]| {
            decide_pool_image((image, parsed, usable), worker, auto_update, now)
        };
        let read = (&kubelet_version, auto_update);
        let decision =
            memo.image_decision(image, (index, pool), worker, read, now, (usable, decide));
        apply_image_decision(maintained, index, &decision);
        results.push(decision);
    }
    memo.remember_image_decisions(results.len(), auto_update);
    Ok(())
}

/// The kubelet version of a pool: its own Kubernetes version, or else the control plane's.
fn kubelet_version(pool: &Worker, control_plane: &Version) -> Result<Version, String> {
    match pool.kubernetes_version() {
        Some(version) => parse_version(version),
        None => Ok(control_plane.clone()),
    }
}

/// Writes an image update that did not fail into the pool at `index`.
fn apply_image_decision(maintained: &mut Shoot, index: usize, decision: &Option<VersionUpdate>) {
    if let Some(update) = decision.as_ref().filter(|update| !update.failed) {
        if let Some(worker) = maintained.spec.provider.worker_mut(index) {
            // An update names an image of the CloudProfile, so the pool has an image to update.
            if let Some(image) = worker.machine.image.as_mut() {
                image.version = Some(update.to.clone());
            }
        }
    }
}

/// One pool's part of `maintainMachineImages` once the image versions it can use are known (the
/// positions `usable` of `usable_versions`, whose parsed versions are `parsed`): `None` when
/// nothing is recorded, else the update or its failure (`failed`).
fn decide_pool_image(
    (image, parsed, usable): (
        &super::types::MachineImage,
        &[Result<Version, String>],
        &[usize],
    ),
    worker: &super::types::Worker,
    auto_update: bool,
    now: DateTime<Utc>,
) -> Option<VersionUpdate> {
    let shoot_image = worker.machine.image();

    let strategy = image.effective_update_strategy();
    let current = shoot_image.version.clone().unwrap_or_default();
    let existing = (image.name == shoot_image.name)
        .then(|| {
            let mut versions = usable.iter().map(|index| &image.versions[*index]);
            versions.find(|v| shoot_image.version.as_deref() == Some(v.version()))
        })
        .flatten();
    let (reason, message) = match existing {
        None => (
            UpdateReason::Force,
            "Version does not exist in CloudProfile".to_string(),
        ),
        Some(version) if version.expirable.is_expired(now) => (
            UpdateReason::Force,
            format!("Machine image version expired - force update required (image update strategy: {strategy})"),
        ),
        Some(_) if auto_update => (
            UpdateReason::Auto,
            format!("Automatic update of the machine image version is configured (image update strategy: {strategy})"),
        ),
        Some(_) => return None,
    };
    let forced = reason == UpdateReason::Force;
    let usable = Parsed::of(
        (usable.iter()).map(|&index| (&image.versions[index].expirable, &parsed[index])),
    );
    match choose_image_version(shoot_image, image, &usable, forced, now) {
        Err(error) => Some(VersionUpdate {
            from: current.clone(),
            to: current,
            reason,
            reason_message: Some(message),
            description: Some(format!(
                "failed to update machine image {:?}: {error}",
                shoot_image.name
            )),
            failed: true,
        }),
        Ok(None) => None,
        Ok(Some(target)) => Some(VersionUpdate {
            from: current.clone(),
            description: Some(format!(
                "Updated machine image {:?} from {:?} to {:?}",
                shoot_image.name, current, target
            )),
            to: target,
            reason,
            reason_message: Some(message),
            failed: false,
        }),
    }
}

/// `maintainKubernetesVersion` with `shouldKubernetesVersionBeUpdated` and `determineKubernetesVersion`:
/// auto scope "latest patch", force target "consecutive minor". `adjust` turns the selected target
/// into the stored version (the pool cap); its error is recorded as a failure. `None` when nothing is
/// recorded.
fn maintain_kubernetes_version(
    current: &str,
    auto_update: bool,
    versions: &[ExpirableVersion],
    parsed: &ParsedKubernetes,
    now: DateTime<Utc>,
    adjust: impl Fn(&str) -> Result<String, String>,
) -> Option<VersionUpdate> {
    // Gardener logs a failed comparison and leaves the version.
    let existing = parsed
        .position_of(current)?
        .map(|position| &versions[position]);
    let (reason, message) = match existing {
        None => (
            UpdateReason::Force,
            "Version does not exist in CloudProfile",
        ),
        Some(version) if version.is_expired(now) => (
            UpdateReason::Force,
            "Kubernetes version expired - force update required",
        ),
        Some(_) if auto_update => (
            UpdateReason::Auto,
            "Automatic update of Kubernetes version configured",
        ),
        Some(_) => return None,
    };
    let failure = |description: String| VersionUpdate {
        from: current.to_string(),
        to: current.to_string(),
        reason,
        reason_message: Some(message.to_string()),
        description: Some(description),
        failed: true,
    };
    // The searches get the versions they can select from, parsed already.
    let selectable = parsed.selectable(versions, current);
    let target = version_for_strategy(
        current,
        &|c| latest_patch_in(&selectable, c, now),
        &|c| force_consecutive_minor_in(&selectable, c, now),
        reason == UpdateReason::Force,
    );
    match target {
        Err(error) => Some(failure(format!(
            "could not determine higher suitable version than {current:?}: {error}"
        ))),
        Ok(None) => None,
        Ok(Some(target)) => match adjust(&target) {
            Err(error) => Some(failure(error)),
            Ok(stored) => Some(VersionUpdate {
                from: current.to_string(),
                description: Some(format!(
                    "Updated Kubernetes version from {current:?} to {stored:?}"
                )),
                to: stored,
                reason,
                reason_message: Some(message.to_string()),
                failed: false,
            }),
        },
    }
}

/// The field removals Gardener performs when the control plane crosses 1.33, 1.34 or 1.35 in this run.
fn clean_up_fields(shoot: &mut Shoot, old: &Version, new: &Version) -> Vec<String> {
    let mut operations = Vec::new();
    // Every clean-up needs a threshold between the two versions; most runs keep the version.
    if old.same_canonical(new) {
        return operations;
    }
    let (old_text, new_text) = (old.canonical(), new.canonical());
    // What `compare_normalized` would read of each side, read once for every threshold.
    let (old_normalized, new_normalized) =
        (parse_normalized(&old_text), parse_normalized(&new_text));
    let crossed_loose = |threshold: &str| {
        let (Some(old), Some(new), Some(threshold)) = (
            old_normalized.as_ref(),
            new_normalized.as_ref(),
            parse_normalized(threshold),
        ) else {
            return false;
        };
        *old < threshold && *new >= threshold
    };
    // Gardener's `ConstraintK8s*` constraints are written as `1.3x-0` and compare un-normalized.
    let crossed_strict = |floor: &str| {
        let floor = Version::parse(floor);
        floor.is_ok_and(|floor| *old < floor && *new >= floor)
    };
    let kubernetes = &mut shoot.spec.kubernetes;

    if crossed_loose("1.33") {
        if let Some(kcm) = kubernetes.kube_controller_manager.as_mut() {
            if remove_field(&mut kcm.extra, "podEvictionTimeout") {
                operations.push(".spec.kubernetes.kubeControllerManager.podEvictionTimeout is set to nil. Reason: The field was deprecated in favour of `spec.kubernetes.kubeAPIServer.defaultNotReadyTolerationSeconds` and `spec.kubernetes.kubeAPIServer.defaultUnreachableTolerationSeconds` and can no longer be enabled for Shoot clusters using Kubernetes version 1.33+".to_string());
            }
        }
        if let Some(autoscaler) = kubernetes.cluster_autoscaler.as_mut() {
            if remove_field(autoscaler, "maxEmptyBulkDelete") {
                operations.push(".spec.kubernetes.clusterAutoscaler.maxEmptyBulkDelete is set to nil. Reason: The field was deprecated in favour of `.spec.kubernetes.clusterAutoscaler.maxScaleDownParallelism` and can no longer be enabled for Shoot clusters using Kubernetes version 1.33+".to_string());
            }
        }
    }
    if crossed_loose("1.35") {
        if let Some(api_server) = kubernetes.kube_api_server.as_mut() {
            if remove_field(&mut api_server.extra, "enableAnonymousAuthentication") {
                operations.push(".spec.kubernetes.kubeAPIServer.enableAnonymousAuthentication was removed. Reason: The field is no longer supported for Shoot clusters using Kubernetes version 1.35+".to_string());
            }
        }
    }
    if crossed_strict("1.34.0-0")
        && shoot.spec.secret_binding_name.is_some()
        && shoot.spec.credentials_binding_name.is_none()
    {
        if let Some(secret_binding) = shoot.spec.secret_binding_name.take() {
            shoot.spec.credentials_binding_name = Some(format!("force-migrated-{secret_binding}"));
        }
        operations.push(".spec.secretBindingName was migrated to .spec.credentialsBindingName. Reason: SecretBinding is deprecated and can no longer be used for Shoot clusters using Kubernetes version 1.34+".to_string());
    }
    if crossed_strict("1.35.0-0") {
        let kubernetes = &mut shoot.spec.kubernetes;
        if let Some(scheduler) = kubernetes.kube_scheduler.as_mut() {
            if remove_field(&mut scheduler.extra, "kubeMaxPDVols") {
                operations.push(".spec.kubernetes.kubeScheduler.kubeMaxPDVols was removed. Reason: kubeMaxPDVols is deprecated and not respected by the kube-scheduler".to_string());
            }
        }
        if let Some(api_server) = kubernetes.kube_api_server.as_mut() {
            let watch_cache = api_server
                .extra
                .get_mut("watchCacheSizes")
                .and_then(Value::as_object_mut);
            if let Some(watch_cache) = watch_cache {
                if remove_field(watch_cache, "default") {
                    operations.push(".spec.kubernetes.kubeAPIServer.watchCacheSizes.default was removed. Reason: the default size configuration is deprecated and not respected by the kube-apiserver".to_string());
                }
            }
        }
        if shoot.spec.addons.take().is_some() {
            operations.push(
                ".spec.addons was removed. Reason: addons are not supported anymore for Kubernetes versions 1.35+"
                    .to_string(),
            );
        }
        if let Some(providers) = shoot
            .spec
            .dns
            .as_mut()
            .and_then(|dns| dns.providers.as_mut())
        {
            for (index, provider) in providers.iter_mut().enumerate() {
                if remove_field(provider, "secretName") {
                    operations.push(format!(".spec.dns.providers[{index}].secretName was removed. Reason: The field is no longer supported for Shoot clusters using Kubernetes version 1.35+"));
                }
            }
        }
    }
    operations
}

/// Removes a field that is set (not null); reports whether it was.
fn remove_field(object: &mut serde_json::Map<String, Value>, key: &str) -> bool {
    match object.remove(key) {
        Some(Value::Null) | None => false,
        Some(_) => true,
    }
}

/// `maintainFeatureGatesForShoot`: drops feature gates unknown to, or not supported by, the
/// component's Kubernetes version (a pool's kubelet: the pool's version, else the control plane's).
fn maintain_feature_gates(shoot: &mut Shoot) -> Vec<String> {
    let version = shoot.spec.kubernetes.version.clone();
    let kubernetes = &mut shoot.spec.kubernetes;
    let mut reasons = Vec::new();
    for (name, gates) in kubernetes.feature_gates_mut() {
        if let Some(gates) = gates {
            let path = format!("spec.kubernetes.{name}.featureGates");
            reasons.extend(remove_unsupported_gates(gates, &version, &path));
        }
    }
    for index in 0..shoot.spec.provider.workers.len() {
        // A pool is copied (it may be shared with the Shoot before the run) only when it has
        // gates that may go.
        let worker = &shoot.spec.provider.workers[index];
        let kubelet = worker.kubernetes.as_ref().and_then(|k| k.kubelet.as_ref());
        if kubelet.is_none_or(|kubelet| kubelet.feature_gates.is_none()) {
            continue;
        }
        let worker = shoot.spec.provider.worker_mut(index);
        let Some(worker_kubernetes) = worker.and_then(|worker| worker.kubernetes.as_mut()) else {
            continue;
        };
        let kubelet_version = worker_kubernetes
            .version
            .clone()
            .unwrap_or_else(|| version.clone());
        let kubelet = worker_kubernetes.kubelet.as_mut();
        if let Some(gates) = kubelet.and_then(|kubelet| kubelet.feature_gates.as_mut()) {
            let path = format!("spec.provider.workers[{index}].kubernetes.kubelet.featureGates");
            reasons.extend(remove_unsupported_gates(gates, &kubelet_version, &path));
        }
    }
    reasons
}

fn remove_unsupported_gates(
    gates: &mut crate::api::FeatureGates,
    version: &str,
    path: &str,
) -> Option<String> {
    let removed: Vec<String> = gates
        .keys()
        .filter(|gate| !is_supported(FEATURE_GATES, gate, version))
        .cloned()
        .collect();
    gates.retain(|gate, _| !removed.contains(gate));
    (!removed.is_empty()).then(|| {
        format!(
            "Removed feature gates from {path:?} because they are not supported in Kubernetes version {version:?}: {}",
            removed.join(", ")
        )
    })
}

/// Gardener's run leaves a map or list it emptied in place (`validFeatureGates`,
/// `validAdmissionPlugins`), and the API server's JSON leaves an empty one out (`omitempty`): as
/// stored, a field the run emptied is gone. One that was empty before stays as written.
fn drop_emptied(before: &Shoot, after: &mut Shoot) {
    fn emptied<T>(before: Option<&T>, after: &mut Option<T>, is_empty: impl Fn(&T) -> bool) {
        if before.is_some_and(|b| !is_empty(b)) && after.as_ref().is_some_and(&is_empty) {
            *after = None;
        }
    }
    let gates = |gates: &crate::api::FeatureGates| gates.is_empty();
    let (old, new) = (&before.spec.kubernetes, &mut after.spec.kubernetes);
    for (old, new) in [
        (old.kube_api_server.as_ref(), new.kube_api_server.as_mut()),
        (
            old.kube_controller_manager.as_ref(),
            new.kube_controller_manager.as_mut(),
        ),
        (old.kube_scheduler.as_ref(), new.kube_scheduler.as_mut()),
    ] {
        if let (Some(old), Some(new)) = (old, new) {
            emptied(old.feature_gates.as_ref(), &mut new.feature_gates, gates);
            emptied(
                old.admission_plugins.as_ref(),
                &mut new.admission_plugins,
                Vec::is_empty,
            );
        }
    }
    if let (Some(old), Some(new)) = (old.kube_proxy.as_ref(), new.kube_proxy.as_mut()) {
        emptied(old.feature_gates.as_ref(), &mut new.feature_gates, gates);
    }
    if let (Some(old), Some(new)) = (old.kubelet.as_ref(), new.kubelet.as_mut()) {
        emptied(old.feature_gates.as_ref(), &mut new.feature_gates, gates);
    }
    let pool_gates = |shoot: &Shoot, index: usize| {
        let pool = shoot.spec.provider.workers.get(index)?;
        let kubelet = pool.kubernetes.as_ref()?.kubelet.as_ref()?;
        kubelet.feature_gates.as_ref().map(|gates| gates.is_empty())
    };
    for index in 0..before.spec.provider.workers.len() {
        // A pool is copied (it may be shared with the Shoot before the run) only when emptied.
        if pool_gates(before, index) == Some(false) && pool_gates(after, index) == Some(true) {
            let pool = after.spec.provider.worker_mut(index);
            let kubernetes = pool.and_then(|pool| pool.kubernetes.as_mut());
            if let Some(kubelet) = kubernetes.and_then(|k| k.kubelet.as_mut()) {
                kubelet.feature_gates = None;
            }
        }
    }
}

/// `maintainAdmissionPluginsForShoot`.
fn maintain_admission_plugins(shoot: &mut Shoot) -> Option<String> {
    let version = shoot.spec.kubernetes.version.clone();
    let plugins = shoot
        .spec
        .kubernetes
        .kube_api_server
        .as_mut()?
        .admission_plugins
        .as_mut()?;
    let mut removed: Vec<String> = Vec::new();
    plugins.retain(|plugin| {
        let keep = is_supported(ADMISSION_PLUGINS, &plugin.name, &version);
        if !keep {
            removed.push(plugin.name.clone());
        }
        keep
    });
    crate::sorting::sort(&mut removed);
    (!removed.is_empty()).then(|| {
        format!(
            "Removed admission plugins from \"spec.kubernetes.kubeAPIServer.admissionPlugins\" because they are not supported in Kubernetes version {version:?}: {}",
            removed.join(", ")
        )
    })
}

/// `VersionRange.Contains` over one of the tables: known, and `added ≤ version < removed` on the
/// normalized version. Unknown names and unparsable versions count as unsupported.
fn is_supported(table: &[(&str, &'static str, &'static str)], name: &str, version: &str) -> bool {
    let Some(&(_, added, removed)) = table.iter().find(|(entry, _, _)| *entry == name) else {
        return false;
    };
    let bound = |text: &'static str| (!text.is_empty()).then_some(text);
    crate::version::range_contains(version, bound(added), bound(removed)) == Ok(true)
}

/// `maintainOperation`: drops a `maintain` operation annotation; for a Shoot whose last operation did
/// not fail, schedules the pending maintenance operations plus `reconcile`. Returns the
/// `Added "<op>" operation annotation` text unless the operation is a plain `reconcile`.
fn maintain_operation_annotation(shoot: &mut Shoot) -> Option<String> {
    drop_maintain_annotation(shoot);
    let annotations = &mut shoot.metadata.annotations;
    let last_operation = shoot.status.last_operation.as_ref()?;
    if last_operation.state == "Failed" {
        let needs_retry = annotations
            .get(NEEDS_RETRY_ANNOTATION)
            .is_some_and(|v| parse_go_bool(v));
        if needs_retry {
            annotations.insert(OPERATION_ANNOTATION.to_string(), "retry".to_string());
            annotations.remove(NEEDS_RETRY_ANNOTATION);
        }
        return None;
    }
    let mut operations = operations_of(annotations.get(MAINTENANCE_OPERATION_ANNOTATION));
    if !operations.iter().any(|op| op == "reconcile") {
        operations.push("reconcile".to_string());
    }
    let operation = operations.join(";");
    annotations.insert(OPERATION_ANNOTATION.to_string(), operation.clone());
    annotations.remove(MAINTENANCE_OPERATION_ANNOTATION);
    (operation != "reconcile").then(|| format!("Added {operation:?} operation annotation"))
}

/// Annotation listing the tasks the next reconciliation runs (`shoot.gardener.cloud/tasks`).
const TASKS_ANNOTATION: &str = "shoot.gardener.cloud/tasks";

/// `maintainTasks` with the controller's default configuration (`enableShootControlPlaneRestarter`
/// on, `enableShootCoreAddonRestarter` off): the infrastructure and DNS records are redeployed and
/// the control plane's pods restarted, each task added once to those already asked for.
fn maintain_tasks(shoot: &mut Shoot) {
    let annotations = &mut shoot.metadata.annotations;
    let mut tasks: Vec<String> = (annotations.get(TASKS_ANNOTATION))
        .filter(|text| !text.is_empty())
        .map(|text| text.split(',').map(str::to_string).collect())
        .unwrap_or_default();
    for task in [
        "deployInfrastructure",
        "deployDNSRecordInternal",
        "deployDNSRecordExternal",
        "deployDNSRecordIngress",
        "restartControlPlanePods",
    ] {
        if !tasks.iter().any(|known| known == task) {
            tasks.push(task.to_string());
        }
    }
    annotations.insert(TASKS_ANNOTATION.to_string(), tasks.join(","));
}

/// The `failureReason` of a run whose dry run the API server refused with `api_error`.
pub(crate) fn refused_run_reason(api_error: &str) -> String {
    format!("Updates to the Shoot failed to be applied: {api_error}")
}

/// Removes a `gardener.cloud/operation` annotation that asks for `maintain` (among others).
fn drop_maintain_annotation(shoot: &mut Shoot) {
    let annotations = &mut shoot.metadata.annotations;
    if operations_of(annotations.get(OPERATION_ANNOTATION))
        .iter()
        .any(|op| op == "maintain")
    {
        annotations.remove(OPERATION_ANNOTATION);
    }
}

/// Splits an operation annotation's `;`-separated operations.
fn operations_of(text: Option<&String>) -> Vec<String> {
    text.map(|t| {
        t.split(';')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    })
    .unwrap_or_default()
}

/// Go's `strconv.ParseBool`.
fn parse_go_bool(text: &str) -> bool {
    matches!(text, "1" | "t" | "T" | "TRUE" | "true" | "True")
}

/// `buildMaintenanceMessages` plus the status handling of `reconcile`. Pool items are listed in pool
/// order (Gardener's order comes from Go maps and is random).
fn last_maintenance(
    shoot: &Shoot,
    control_plane: Option<&VersionUpdate>,
    pool_kubernetes: &[Option<Option<VersionUpdate>>],
    image_results: &[Option<VersionUpdate>],
    operations: &[String],
    now: DateTime<Utc>,
) -> Option<LastMaintenance> {
    let mut items: Vec<String> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    let mut succeeded = 0usize;
    let mut failed = 0usize;
    let reason = |u: &VersionUpdate| u.reason_message.clone().unwrap_or_default();
    let description = |u: &VersionUpdate| u.description.clone().unwrap_or_default();

    if let Some(update) = control_plane {
        if update.failed {
            failed += 1;
            items.push(format!(
                "Control Plane: Kubernetes version update failed. Reason for update: {}",
                reason(update)
            ));
            failures.push(format!(
                "Control Plane: Kubernetes maintenance failure due to: {}",
                description(update)
            ));
        } else {
            succeeded += 1;
            items.push(format!(
                "Control Plane: {}. Reason: {}",
                description(update),
                reason(update)
            ));
        }
    }
    let pools = &shoot.spec.provider.workers;
    for (worker, update) in pools.iter().zip(pool_kubernetes) {
        let Some(update) = update.iter().flatten().find(|u| u.is_recorded()) else {
            continue;
        };
        if update.failed {
            failed += 1;
            items.push(format!(
                "Worker pool {:?}: Kubernetes version maintenance failed. Reason for update: {}",
                worker.name,
                reason(update)
            ));
            failures.push(format!(
                "Worker pool {:?}: Kubernetes maintenance failure due to: {}",
                worker.name,
                description(update)
            ));
        } else {
            succeeded += 1;
            items.push(format!(
                "Worker pool {:?}: {}. Reason: {}",
                worker.name,
                description(update),
                reason(update)
            ));
        }
    }
    for (worker, update) in pools.iter().zip(image_results) {
        let Some(update) = update else { continue };
        if update.failed {
            failed += 1;
            items.push(format!(
                "Worker pool {:?}: machine image version maintenance failed. Reason for update: {}",
                worker.name,
                reason(update)
            ));
            failures.push(format!(
                "Worker pool {:?}: {}",
                worker.name,
                description(update)
            ));
        } else {
            succeeded += 1;
            items.push(format!(
                "Worker pool {:?}: {}. Reason: {}",
                worker.name,
                description(update),
                reason(update)
            ));
        }
    }
    items.extend(operations.iter().cloned());

    if items.is_empty() {
        // Nothing to record: a failed previous maintenance is now considered recovered.
        let previous = shoot.status.last_maintenance.as_ref()?;
        if previous.state != "Failed" {
            return None;
        }
        return Some(LastMaintenance {
            description: "Maintenance succeeded".to_string(),
            triggered_time: previous.triggered_time,
            state: "Succeeded".to_string(),
            failure_reason: None,
        });
    }

    let prefix = if failed == 0 {
        "All maintenance operations successful.".to_string()
    } else {
        format!(
            "({succeeded}/{}) maintenance operations successful.",
            succeeded + failed
        )
    };
    let description = format!("{prefix} {}", items.join(", "))
        .trim_end_matches(' ')
        .to_string();
    Some(LastMaintenance {
        description,
        triggered_time: Some(now),
        state: if failed == 0 { "Succeeded" } else { "Failed" }.to_string(),
        failure_reason: (!failures.is_empty()).then(|| failures.join(", ")),
    })
}
