//! The ShootValidator admission plugin: the Shoot checked against its CloudProfile, its Seed and
//! the other objects the plugin reads.
//!
//! Follows `Validate` of `plugin/pkg/shoot/validator/admission.go`, in its order:
//!
//! 1. the request-level refusals, each of which ends the admission: `ValidateCloudProfileChanges`
//!    (`pkg/utils/gardener/cloudprofile.go`), `validateScheduling` with
//!    `validateSeedSelectionForMultiZonalShoot` and `validateDeletion`
//!    ([`crate::scheduling::scheduling_refusal`]) and `validateShootHibernation`
//!    ([`crate::hibernation::check_hibernation_admission`]);
//! 2. the field checks, collected: the seed-selector change
//!    ([`crate::scheduling::seed_selector_change_errors`]), `validateAPIVersionForRawExtensions`,
//!    `validateShootNetworks`, `validateKubernetes`, `validateRegion`,
//!    `validateAccessRestrictions`, `validateProvider` (with `validateProviderType`,
//!    `validateWorkerMachine`, `validateMachineType`, `validateMachineImage`,
//!    `validateMachineCapabilities`, `validateContainerRuntimeInterface`,
//!    `validateKubeletVersion`, `validateWorkerVolume`, `validateKubeletConfig`,
//!    `validateWorkerKubernetesVersion`, `validateZones`), `validateControlPlaneZones` (gardener
//!    `b312835d` only: v1.149.3 has neither the rule nor the fields it reads), the Shoot-side part
//!    of `validateAdmissionPlugins` and `validateLimits`.
//!
//! **A request-level refusal** is the whole answer, since the plugin stops there: it is given as
//! one [`FieldError`] with an empty field, type `FieldValueForbidden`, and Gardener's message as
//! its detail, as the API server words it (`shoots.core.gardener.cloud "<name>" is forbidden: …`
//! for the plugin's `admission.NewForbidden`, the bare message where Gardener returns a plain
//! error).
//!
//! The objects besides the Shoot and the CloudProfile come in [`AdmissionObjects`]; a check that
//! reads an object not given is skipped (Gardener fails with an internal error when a referenced
//! object does not exist, which is no answer to model). Not run here: the Project membership, the
//! managed service-account issuer, the binding checks, live migration and the DNS domain
//! uniqueness (the report's family list says so). The requester is taken to be allowed to set
//! `spec.seedName` (the RBAC check of a create).
//!
//! The plugin runs after the ShootMutator, so every pool has its architecture and image; a pool
//! without an image is not checked for it. On an update it compares with the previous Shoot and
//! judges only what changed; an update that changes neither the spec nor the metadata is not
//! checked at all.

use super::inplace::validate_machine_image;
use super::shoot_versions::{
    pool_architecture, validate_cri, validate_kubelet_version,
    validate_kubernetes_version_constraints,
};
use super::types::{
    CloudProfile, CloudProfileSpec, MachineImage, MachineType, NamespacedCloudProfile, Operation,
    Shoot, VolumeType, Worker, Zone,
};
use super::{not_supported, parse_version, sorted_set};
use crate::api::KubeletConfig;
use crate::field::{ErrorType, FieldError};
use crate::rollout::quantity::Quantity;
use crate::scheduling::Seed;
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// Which of the plugin's checks to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checks {
    /// The version checks only: Kubernetes versions, machine images, CRI, kubelet version (the
    /// `shoot-version-validation` conformance family).
    Versions,
    /// Every check this module follows.
    All,
}

/// What the plugin reads besides the Shoot, its previous version and the CloudProfile whose spec
/// the checks use. Each object is optional: the checks that need one not given are skipped.
#[derive(Debug, Clone, Copy, Default)]
pub struct AdmissionObjects<'a> {
    /// The Seed the Shoot's `spec.seedName` names (a Seed of another name is not used).
    pub seed: Option<&'a Seed>,
    /// The Seed the previous Shoot's `spec.seedName` names, for the rescheduling checks.
    pub old_seed: Option<&'a Seed>,
    /// The Shoots of the landscape, to count those a Seed hosts against its
    /// `status.allocatable.shoots`.
    pub shoots: &'a [Shoot],
    /// The CloudProfile at the root of the Shoot's profile hierarchy, and the
    /// NamespacedCloudProfile below it (with its merged `status.cloudProfileSpec`):
    /// `ValidateCloudProfileChanges` runs when the Shoot's profile reference changes and both
    /// references lead to profiles given here.
    pub cloud_profile: Option<&'a CloudProfile>,
    pub namespaced_cloud_profile: Option<&'a NamespacedCloudProfile>,
}

/// The ShootValidator admission plugin on `shoot` (for `delete`: the stored Shoot), in the order
/// Gardener reports its findings: a request-level refusal alone (see the module's doc), else the
/// field errors. `cloud_profile` is the profile the Shoot references: for a
/// NamespacedCloudProfile, a CloudProfile holding its merged `status.cloudProfileSpec`.
pub fn validate_shoot_admission(
    cloud_profile: &CloudProfile,
    old_shoot: Option<&Shoot>,
    shoot: &Shoot,
    operation: Operation,
    now: DateTime<Utc>,
    objects: &AdmissionObjects,
) -> Vec<FieldError> {
    validate_with(
        cloud_profile,
        old_shoot,
        shoot,
        operation,
        now,
        Checks::All,
        objects,
    )
}

/// [`validate_shoot_admission`] without any object besides the CloudProfile, restricted to
/// `checks`.
pub fn validate(
    cloud_profile: &CloudProfile,
    old_shoot: Option<&Shoot>,
    shoot: &Shoot,
    operation: Operation,
    now: DateTime<Utc>,
    checks: Checks,
) -> Vec<FieldError> {
    validate_with(
        cloud_profile,
        old_shoot,
        shoot,
        operation,
        now,
        checks,
        &AdmissionObjects::default(),
    )
}

/// A refusal that ends the admission, as the one error of the answer.
fn refusal(message: String) -> Vec<FieldError> {
    vec![FieldError::new(ErrorType::FieldValueForbidden, "", message)]
}

/// The plugin in Gardener's order (see the module's doc): on a deletion only `validateDeletion`
/// and the raw extensions; otherwise the request-level refusals, then the field checks.
fn validate_with(
    cloud_profile: &CloudProfile,
    old_shoot: Option<&Shoot>,
    shoot: &Shoot,
    operation: Operation,
    now: DateTime<Utc>,
    checks: Checks,
    objects: &AdmissionObjects,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let whole = checks == Checks::All;
    if operation == Operation::Delete {
        if whole {
            let spec = &cloud_profile.spec;
            if let Some(message) = scheduling_refusal(spec, shoot, Some(shoot), operation, objects)
            {
                return refusal(message);
            }
            errors.extend(raw_extensions_with_internal_version(shoot));
        }
        return errors;
    }
    let empty = Shoot::default();
    let old = match operation {
        Operation::Update => old_shoot.unwrap_or(&empty),
        _ => &empty,
    };
    // An update that leaves the spec (and, for the whole plugin, the metadata) as it was is let
    // through before any check.
    let same_spec = old.spec == shoot.spec || (whole && same_stored_spec(old, shoot));
    if operation == Operation::Update && same_spec && (!whole || old.metadata == shoot.metadata) {
        return errors;
    }
    let profile = crate::defaults::defaulted_cloud_profile(cloud_profile);
    let spec = &profile.spec;
    // The Seed of the Shoot's `spec.seedName`, when given.
    let seed = objects
        .seed
        .filter(|seed| Some(seed.metadata.name.as_str()) == shoot.spec_seed_name());

    if whole {
        if let Some(message) = cloud_profile_change_refusal(old, shoot, objects) {
            return refusal(message);
        }
        if let Some(seed) = seed {
            match crate::scheduling::seed_selector_change_errors(shoot, old, seed) {
                Ok(found) => errors.extend(found),
                Err(message) => return refusal(message),
            }
        }
        let scheduling_objects = AdmissionObjects { seed, ..*objects };
        if let Some(message) =
            scheduling_refusal(spec, shoot, Some(old), operation, &scheduling_objects)
        {
            return refusal(message);
        }
        if let Err(denial) = crate::hibernation::check_hibernation_admission(old, shoot) {
            return refusal(denial.message);
        }
        errors.extend(raw_extensions_with_internal_version(shoot));
        errors.extend(validate_shoot_networks(shoot, old, seed));
    }
    errors.extend(validate_kubernetes_version_constraints(
        &spec.kubernetes.versions,
        &shoot.spec.kubernetes.version,
        &old.spec.kubernetes.version,
        operation == Operation::Create,
        "spec.kubernetes.version",
        now,
    ));
    if whole {
        errors.extend(validate_region(spec, shoot, old));
        errors.extend(validate_access_restrictions(spec, shoot, old, seed));
    }
    validate_provider(spec, shoot, old, operation, now, checks, &mut errors);
    if whole {
        errors.extend(validate_control_plane_zones(spec, shoot, old, seed));
        errors.extend(validate_admission_plugin_references(shoot));
        errors.extend(validate_limits(spec, shoot));
    }
    errors
}

/// Whether the two specs are equal once both have the networking defaults the API server writes
/// and this crate's defaulting does not ([`crate::api::with_default_ip_families`]).
fn same_stored_spec(old: &Shoot, shoot: &Shoot) -> bool {
    let networking =
        |shoot: &Shoot| crate::api::with_default_ip_families(shoot.spec.networking.as_ref());
    let (old_networking, networking) = (networking(old), networking(shoot));
    if old_networking != networking {
        return false;
    }
    let mut old_spec = old.spec.clone();
    let mut spec = shoot.spec.clone();
    old_spec.networking = old_networking;
    spec.networking = networking;
    old_spec == spec
}

/// `validateScheduling`, `validateDeletion` and `validateSeedSelectionForMultiZonalShoot`, as
/// [`crate::scheduling::scheduling_refusal`] follows them, with the `seedSelector` of the profile
/// the Shoot references.
fn scheduling_refusal(
    spec: &CloudProfileSpec,
    shoot: &Shoot,
    old_shoot: Option<&Shoot>,
    operation: Operation,
    objects: &AdmissionObjects,
) -> Option<String> {
    let operation = match operation {
        Operation::Create => crate::scheduling::Operation::Create,
        Operation::Update => crate::scheduling::Operation::Update,
        Operation::Delete => crate::scheduling::Operation::Delete,
    };
    let old_seed_name = old_shoot.and_then(Shoot::spec_seed_name);
    let old_seed = objects
        .old_seed
        .filter(|seed| Some(seed.metadata.name.as_str()) == old_seed_name);
    crate::scheduling::scheduling_refusal(&crate::scheduling::SchedulingRequest {
        operation,
        subresource: "",
        shoot,
        old_shoot,
        seed: objects.seed,
        old_seed,
        shoots: objects.shoots,
        cloud_profile_seed_selector: spec.seed_selector.as_ref(),
    })
}

/// `validateProvider`: the provider type, then each pool. Two findings end the walk early, as in
/// Gardener: a provider type other than the CloudProfile's, and a version the kubelet's cannot be
/// derived from.
fn validate_provider(
    spec: &CloudProfileSpec,
    shoot: &Shoot,
    old: &Shoot,
    operation: Operation,
    now: DateTime<Utc>,
    checks: Checks,
    errors: &mut Vec<FieldError>,
) {
    let whole = checks == Checks::All;
    if whole && shoot.spec.provider.provider_type != spec.provider_type {
        errors.push(FieldError::invalid(
            "spec.provider.type",
            format!(
                "provider type in shoot must equal provider type of referenced CloudProfile: {}",
                crate::golang::quote(&spec.provider_type)
            ),
        ));
        return;
    }
    // The control-plane version decides the kubelet version of pools without their own.
    let control_plane = &shoot.spec.kubernetes.version;
    let control_plane_version = if control_plane.is_empty() {
        None
    } else {
        match parse_version(control_plane) {
            Ok(version) => Some(version),
            Err(error) => {
                errors.push(FieldError::invalid(
                    "spec.kubernetes.version",
                    format!("cannot parse the kubernetes version: {error}"),
                ));
                return;
            }
        }
    };
    // Gardener keeps the kubelet configuration of the last pool that had one for the pools after
    // it that have none of their own.
    let mut kubelet = shoot.spec.kubernetes.kubelet.as_ref();

    for (i, worker) in shoot.spec.provider.workers.iter().enumerate() {
        let path = format!("spec.provider.workers[{i}]");
        let old_worker = old.worker(&worker.name);
        let architecture = pool_architecture(spec, worker);
        let old_architecture = old_worker.map(|w| pool_architecture(spec, w));

        let machine_error = if (worker.machine.architecture.as_ref())
            .is_some_and(|arch| !["amd64", "arm64"].contains(&arch.as_str()))
        {
            Some(not_supported(
                format!("{path}.machine.architecture"),
                &["amd64".to_string(), "arm64".to_string()],
            ))
        } else if let Some(error) = whole
            .then(|| validate_machine_type(spec, shoot, worker, old_worker, &path))
            .flatten()
        {
            Some(error)
        } else if worker.machine.image.is_some() {
            validate_machine_image(
                spec,
                i,
                worker,
                &architecture,
                old_worker.zip(old_architecture.as_deref()),
                operation,
                now,
            )
        } else {
            None
        };
        if let Some(error) = machine_error {
            errors.push(error);
        } else if worker.machine.image.is_some() {
            errors.extend(validate_cri(
                &spec.machine_images,
                worker,
                old_worker,
                &path,
            ));
            if let Some(control_plane_version) = &control_plane_version {
                let kubelet_version = match worker.kubernetes_version() {
                    None => Ok(control_plane_version.clone()),
                    Some(own) => parse_version(own),
                };
                let Ok(kubelet_version) = kubelet_version else {
                    errors.push(FieldError::invalid(
                        format!("{path}.kubernetes.version"),
                        "cannot determine effective Kubernetes version for worker pool",
                    ));
                    return;
                };
                errors.extend(validate_kubelet_version(
                    &spec.machine_images,
                    worker,
                    &kubelet_version,
                    &path,
                ));
            }
        }

        if whole {
            errors.extend(validate_worker_volume(
                spec, shoot, worker, old_worker, &path,
            ));
        }

        if let Some(kubernetes) = &worker.kubernetes {
            if whole {
                if let Some(own) = &kubernetes.kubelet {
                    kubelet = Some(own);
                }
                errors.extend(validate_reserved_capacity(
                    spec,
                    &worker.machine.machine_type,
                    kubelet,
                    &format!("{path}.kubernetes.kubelet"),
                ));
            }
            if let Some(version) = &kubernetes.version {
                let old_version = old_worker
                    .map_or(&old.spec.kubernetes.version[..], |old_worker| {
                        old.pool_kubernetes_version(old_worker)
                    });
                errors.extend(validate_kubernetes_version_constraints(
                    &spec.kubernetes.versions,
                    version,
                    old_version,
                    operation == Operation::Create || old_worker.is_none(),
                    &format!("{path}.kubernetes.version"),
                    now,
                ));
            }
        }

        if whole {
            errors.extend(validate_zones(spec, shoot, old, worker, old_worker, &path));
        }
    }
}

/// The zones of the Shoot's region that `unavailable` (of a zone) lists `name` in: whether any
/// of the pool's zones does (`isUnavailableInAtleastOneZone`).
fn unavailable_in_a_zone(
    spec: &CloudProfileSpec,
    region: &str,
    zones: &[String],
    name: &str,
    unavailable: fn(&Zone) -> &[String],
) -> bool {
    (spec.regions.iter().filter(|r| r.name == region)).any(|r| {
        zones.iter().any(|zone| {
            (r.zones.iter().filter(|z| &z.name == zone))
                .any(|z| unavailable(z).iter().any(|t| t == name))
        })
    })
}

/// `validateMachineType`: a changed machine type (or architecture) must be offered, usable,
/// available in every zone of the pool and of the pool's architecture. Both rejections list the
/// types that are all three.
fn validate_machine_type(
    spec: &CloudProfileSpec,
    shoot: &Shoot,
    worker: &Worker,
    old_worker: Option<&Worker>,
    path: &str,
) -> Option<FieldError> {
    let machine = &worker.machine;
    // A new pool is compared with an empty machine.
    let (old_type, old_architecture) = old_worker.map_or(("", None), |old| {
        (
            &old.machine.machine_type[..],
            old.machine.architecture.as_ref(),
        )
    });
    let unchanged =
        machine.machine_type == old_type && machine.architecture.as_ref() == old_architecture;
    if unchanged {
        return None;
    }
    let definitions = &spec.machine_capabilities;
    let zones = &worker.zones;
    let region = &shoot.spec.region;
    // The pool's own field, which the ShootMutator has set.
    let architecture = machine.architecture.as_deref().unwrap_or("");
    let of_architecture =
        |t: &MachineType| t.effective_architecture(definitions).unwrap_or("") == architecture;
    let in_all_zones = |t: &MachineType| {
        !unavailable_in_a_zone(spec, region, zones, &t.name, |z| {
            &z.unavailable_machine_types
        })
    };
    let supported = sorted_set(
        (spec.machine_types.iter())
            .filter(|t| of_architecture(t) && in_all_zones(t) && t.is_usable())
            .map(|t| t.name.clone())
            .collect(),
    );
    let field = format!("{path}.machine.type");
    let found: Vec<&MachineType> = (spec.machine_types.iter())
        .filter(|t| t.name == machine.machine_type)
        .collect();
    if found.is_empty() {
        return Some(not_supported(field, &supported));
    }
    // A name listed twice counts for each property any of its entries has (Gardener collects the
    // names in sets).
    let usable = found.iter().any(|t| t.is_usable());
    let available = found.iter().any(|t| in_all_zones(t));
    let architecture_supported = found.iter().any(|t| of_architecture(t));
    if usable && available && architecture_supported {
        return None;
    }
    let mut detail = format!(
        "machine type {} ",
        crate::golang::quote(&machine.machine_type)
    );
    if !usable {
        detail.push_str("is unusable, ");
    }
    if !available {
        detail.push_str("is unavailable in at least one zone, ");
    }
    if !architecture_supported {
        detail.push_str(&format!(
            "does not support CPU architecture {}, ",
            crate::golang::quote(architecture)
        ));
    }
    detail.push_str(&format!(
        "supported types are {}",
        super::go_list(&supported)
    ));
    Some(FieldError::invalid(field, detail))
}

/// `validateWorkerVolume`: a changed volume type must be offered, usable and available in every
/// zone of the pool; the size must reach the minimum of the machine type's storage (for its
/// volume type) and of the volume type. The size is checked on every change of the Shoot.
fn validate_worker_volume(
    spec: &CloudProfileSpec,
    shoot: &Shoot,
    worker: &Worker,
    old_worker: Option<&Worker>,
    path: &str,
) -> Option<FieldError> {
    let volume = worker.volume.as_ref()?;
    let volume_type = volume.volume_type.as_ref()?;
    let old_type = old_worker
        .and_then(|w| w.volume.as_ref())
        .and_then(|v| v.volume_type.as_ref());
    let field = format!("{path}.volume.type");
    if old_type != Some(volume_type) {
        let region = &shoot.spec.region;
        let in_all_zones = |t: &VolumeType| {
            !unavailable_in_a_zone(spec, region, &worker.zones, &t.name, |z| {
                &z.unavailable_volume_types
            })
        };
        let supported = sorted_set(
            (spec.volume_types.iter())
                .filter(|t| t.is_usable() && in_all_zones(t))
                .map(|t| t.name.clone())
                .collect(),
        );
        let found: Vec<&VolumeType> = (spec.volume_types.iter())
            .filter(|t| &t.name == volume_type)
            .collect();
        if found.is_empty() {
            return Some(not_supported(field, &supported));
        }
        let usable = found.iter().any(|t| t.is_usable());
        let available = found.iter().any(|t| in_all_zones(t));
        if !usable || !available {
            let mut detail = format!("volume type {} ", crate::golang::quote(volume_type));
            if !usable {
                detail.push_str("is unusable, ");
            }
            if !available {
                detail.push_str("is unavailable in at least one zone, ");
            }
            detail.push_str(&format!(
                "supported types are {}",
                super::go_list(&supported)
            ));
            return Some(FieldError::invalid(field, detail));
        }
    }
    // A size that does not parse is the static validation's to report.
    let size = Quantity::parse(&volume.size).ok()?;
    let below = |minimum: &Value| -> Option<String> {
        let minimum = Quantity::from_json(minimum)?.ok()?;
        (size.compare(&minimum) == Ordering::Less).then(|| minimum.canonical())
    };
    let machine_minimum = (spec.machine_types.iter())
        .filter(|t| t.name == worker.machine.machine_type)
        .filter_map(|t| t.storage.as_ref())
        .filter(|storage| &storage.storage_type == volume_type)
        .filter_map(|storage| storage.min_size.as_ref())
        .find_map(below);
    let minimum = machine_minimum.or_else(|| {
        (spec.volume_types.iter())
            .filter(|t| &t.name == volume_type)
            .filter_map(|t| t.min_size.as_ref())
            .find_map(below)
    })?;
    Some(FieldError::invalid(
        format!("{path}.volume.size"),
        format!("size must be >= {minimum}"),
    ))
}

/// `validateKubeletConfig` of the validator: the kubelet's `kubeReserved` CPU and memory must stay
/// below the machine type's capacity.
fn validate_reserved_capacity(
    spec: &CloudProfileSpec,
    machine_type: &str,
    kubelet: Option<&KubeletConfig>,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let Some(kubelet) = kubelet else {
        return errors;
    };
    let reserved = kubelet.kube_reserved.as_ref();
    let sum = |text: Option<&String>| -> Quantity {
        let zero = Quantity::parse("0").expect("zero is a quantity");
        // The API server refuses a quantity that does not parse before admission.
        (text.and_then(|t| Quantity::parse(t).ok()))
            .and_then(|q| zero.add(&q).ok())
            .unwrap_or(zero)
    };
    let cpu = sum(reserved.and_then(|r| r.cpu.as_ref()));
    let memory = sum(reserved.and_then(|r| r.memory.as_ref()));
    for candidate in spec.machine_types.iter().filter(|t| t.name == machine_type) {
        let capacity = |value: &Option<Value>| {
            (value.as_ref())
                .and_then(Quantity::from_json)
                .and_then(Result::ok)
                .unwrap_or_else(|| Quantity::parse("0").expect("zero is a quantity"))
        };
        let capacity_cpu = capacity(&candidate.cpu);
        if cpu.compare(&capacity_cpu) != Ordering::Less {
            errors.push(FieldError::invalid(
                path,
                format!(
                    "total reserved CPU (kubeReserved) cannot be more than the Node's CPU capacity '{capacity_cpu}'"
                ),
            ));
        }
        let capacity_memory = capacity(&candidate.memory);
        if memory.compare(&capacity_memory) != Ordering::Less {
            errors.push(FieldError::invalid(
                path,
                format!(
                    "total reserved memory (kubeReserved) cannot be more than the Node's memory capacity '{capacity_memory}'"
                ),
            ));
        }
    }
    errors
}

/// `validateZones`: when the region or the pool's zones changed, each zone must be one of the
/// region's, and none listed twice.
fn validate_zones(
    spec: &CloudProfileSpec,
    shoot: &Shoot,
    old: &Shoot,
    worker: &Worker,
    old_worker: Option<&Worker>,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let region = &shoot.spec.region;
    let old_zones = old_worker.map_or(&[][..], |w| &w.zones[..]);
    if *region == old.spec.region && worker.zones[..] == *old_zones {
        return errors;
    }
    // The first region of the name counts.
    let region_zones = spec.regions.iter().find(|r| &r.name == region);
    let mut seen: Vec<&str> = Vec::new();
    for (j, zone) in worker.zones.iter().enumerate() {
        let field = format!("{path}.zones[{j}]");
        let known = region_zones.is_some_and(|r| r.zones.iter().any(|z| &z.name == zone));
        if !known {
            let listed: Vec<String> = region_zones
                .map(|r| r.zones.iter().map(|z| z.name.clone()).collect())
                .unwrap_or_default();
            if listed.is_empty() {
                errors.push(FieldError::invalid(
                    field.clone(),
                    "this region does not support availability zones, please do not configure them",
                ));
            } else {
                errors.push(not_supported(field.clone(), &listed));
            }
        }
        if seen.contains(&zone.as_str()) {
            errors.push(FieldError::duplicate(field));
        }
        seen.push(zone);
    }
    errors
}

/// `validateRegion`: a changed region must be one of the CloudProfile's.
fn validate_region(spec: &CloudProfileSpec, shoot: &Shoot, old: &Shoot) -> Vec<FieldError> {
    let region = &shoot.spec.region;
    if *region == old.spec.region || spec.regions.iter().any(|r| &r.name == region) {
        return Vec::new();
    }
    let names: Vec<String> = spec.regions.iter().map(|r| r.name.clone()).collect();
    vec![not_supported("spec.region", &names)]
}

/// `validateLimits`: the pools' minimums together must stay within `limits.maxNodesTotal`. A
/// Shoot being deleted is not checked.
fn validate_limits(spec: &CloudProfileSpec, shoot: &Shoot) -> Vec<FieldError> {
    let limit = spec.limits.as_ref().and_then(|l| l.max_nodes_total);
    let Some(limit) = limit.filter(|_| shoot.metadata.deletion_timestamp.is_none()) else {
        return Vec::new();
    };
    // Gardener sums in an int32, which wraps.
    let total =
        (shoot.spec.provider.workers.iter()).fold(0i32, |sum, w| sum.wrapping_add(w.minimum));
    if i64::from(total) <= limit {
        return Vec::new();
    }
    vec![FieldError::forbidden(
        "spec.provider.workers",
        format!(
            "the total minimum node count of all worker pools must not exceed the limit of {limit} configured in the CloudProfile"
        ),
    )]
}

/// The Shoot-side part of the validator's `validateAdmissionPlugins`: a plugin's
/// `kubeconfigSecretName` must name a Secret referenced in `spec.resources`. Whether that Secret
/// holds a kubeconfig needs the Secret itself.
fn validate_admission_plugin_references(shoot: &Shoot) -> Vec<FieldError> {
    let Some(api_server) = &shoot.spec.kubernetes.kube_api_server else {
        return Vec::new();
    };
    let references = shoot.spec.resource_refs();
    let referenced = |name: &str| {
        references.iter().any(|reference| {
            reference.api_version.as_deref() == Some("v1")
                && reference.kind.as_deref() == Some("Secret")
                && reference.name.as_deref() == Some(name)
        })
    };
    let mut errors = Vec::new();
    for (i, plugin) in api_server.admission_plugins.iter().flatten().enumerate() {
        let Some(name) = plugin.kubeconfig_secret_name() else {
            continue;
        };
        if !referenced(name) {
            errors.push(FieldError::invalid(
                format!("spec.kubernetes.kubeAPIServer.admissionPlugins[{i}].kubeconfigSecretName"),
                "secret should be referenced in shoot .spec.resources",
            ));
        }
    }
    errors
}

/// `validateAPIVersionForRawExtensions`: no provider configuration may name the API's internal
/// version (`__internal`) in its `apiVersion`.
fn raw_extensions_with_internal_version(shoot: &Shoot) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut check = |value: Option<&Value>, field: String| {
        if value.is_some_and(uses_internal_version) {
            errors.push(FieldError::invalid(
                field,
                "must not use apiVersion 'internal'",
            ));
        }
    };
    let provider = &shoot.spec.provider;
    check(
        provider.infrastructure_config(),
        "spec.provider.infrastructureConfig".into(),
    );
    check(
        provider.control_plane_config(),
        "spec.provider.controlPlaneConfig".into(),
    );
    check(
        shoot.spec.networking_provider_config(),
        "spec.networking.providerConfig".into(),
    );
    for (i, worker) in provider.workers.iter().enumerate() {
        let path = format!("spec.provider.workers[{i}]");
        check(
            worker.provider_config.as_ref(),
            format!("{path}.providerConfig"),
        );
        let image = worker.machine.image.as_ref();
        check(
            image.and_then(|image| image.provider_config.as_ref()),
            format!("{path}.machine.image.providerConfig"),
        );
        let runtimes = worker
            .cri
            .as_ref()
            .and_then(|c| c.container_runtimes.as_ref());
        for (j, runtime) in runtimes.into_iter().flatten().enumerate() {
            check(
                runtime.provider_config(),
                format!("{path}.cri.containerRuntimes[{j}].providerConfig"),
            );
        }
    }
    errors
}

/// Whether Kubernetes' unstructured decoder reads the internal version (`__internal`) from a raw
/// extension's `apiVersion`. A value it cannot decode (not an object, or a List whose items are
/// not objects) names no version.
fn uses_internal_version(raw: &Value) -> bool {
    let Some(api_version) = crate::api::raw_extension_api_version(raw) else {
        return false;
    };
    // `schema.ParseGroupVersion`: the version follows the one slash, or is the whole text; with
    // more slashes there is none.
    let version = match api_version.split_once('/') {
        None => api_version,
        Some((_, version)) if !version.contains('/') => version,
        Some(_) => "",
    };
    version == "__internal"
}

/// `ValidateCloudProfileChanges` (`pkg/utils/gardener/cloudprofile.go`): a changed profile
/// reference must stay in the hierarchy (the same root CloudProfile), and the newly referenced
/// profile must still offer every pool's machine image version, machine type and volume type.
/// `None` when the reference is unchanged, or when a profile either side leads to is not among
/// `objects` (Gardener fails on a missing profile with an internal error).
fn cloud_profile_change_refusal(
    old: &Shoot,
    shoot: &Shoot,
    objects: &AdmissionObjects,
) -> Option<String> {
    let old_reference = profile_reference(old)?;
    let new_reference = profile_reference(shoot);
    if Some(&old_reference) == new_reference.as_ref() {
        return None;
    }
    let Some(new_reference) = new_reference else {
        return Some("unexpected nil cloudprofile to get root of".to_string());
    };
    let new_root = match root_profile(&new_reference, &shoot.metadata.namespace, objects, 0)? {
        Ok(root) => root,
        Err(message) => return Some(message),
    };
    let old_root = match root_profile(&old_reference, &old.metadata.namespace, objects, 0)? {
        Ok(root) => root,
        Err(message) => return Some(message),
    };
    if old_root != new_root {
        let named = |reference: &ProfileReference, root: &ProfileReference| {
            let mut text = crate::golang::quote(&reference.name);
            if reference.kind != CLOUD_PROFILE {
                text.push_str(&format!(" (root: {})", crate::golang::quote(&root.name)));
            }
            text
        };
        return Some(format!(
            "cloud profile reference change is invalid: cannot change from {} to {}. The cloud profile reference must remain within the same hierarchy",
            named(&old_reference, &old_root),
            named(&new_reference, &new_root)
        ));
    }
    let new_spec = profile_spec(&new_reference, &shoot.metadata.namespace, objects)?;
    let old_spec = profile_spec(&old_reference, &old.metadata.namespace, objects)?;
    let removed = removed_image_versions(&old_spec.machine_images, &new_spec.machine_images);
    for worker in shoot.spec.provider.workers.iter() {
        if let Some(image) = &worker.machine.image {
            let version = image.version.as_deref().unwrap_or("");
            if removed
                .get(image.name.as_str())
                .is_some_and(|versions| versions.contains(version))
            {
                // Gardener writes these quotes itself (`\"%s@%s\"`), without escaping.
                return Some(format!(
                    "newly referenced cloud profile does not contain the machine image version \"{}@{version}\" currently in use by worker \"{}\"",
                    image.name, worker.name
                ));
            }
        }
        let machine_type = &worker.machine.machine_type;
        if !new_spec
            .machine_types
            .iter()
            .any(|t| &t.name == machine_type)
        {
            return Some(format!(
                "newly referenced cloud profile does not contain the machine type {} currently in use by worker {}",
                crate::golang::quote(machine_type),
                crate::golang::quote(&worker.name)
            ));
        }
        let volume_type = worker.volume.as_ref().and_then(|v| v.volume_type.as_ref());
        if let Some(volume_type) = volume_type {
            if !new_spec.volume_types.iter().any(|t| &t.name == volume_type) {
                return Some(format!(
                    "newly referenced cloud profile does not contain the volume type {} currently in use by worker {}",
                    crate::golang::quote(volume_type),
                    crate::golang::quote(&worker.name)
                ));
            }
        }
    }
    None
}

const CLOUD_PROFILE: &str = "CloudProfile";
const NAMESPACED_CLOUD_PROFILE: &str = "NamespacedCloudProfile";

/// A profile reference as `BuildCoreCloudProfileReference` makes it: a kind and a name.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ProfileReference {
    kind: String,
    name: String,
}

/// `BuildCoreCloudProfileReference`: `spec.cloudProfile` (of kind `CloudProfile` when it names
/// none), else a non-empty `spec.cloudProfileName`.
fn profile_reference(shoot: &Shoot) -> Option<ProfileReference> {
    if let Some(reference) = &shoot.spec.cloud_profile {
        let kind = if reference.kind.is_empty() {
            CLOUD_PROFILE
        } else {
            &reference.kind
        };
        return Some(ProfileReference {
            kind: kind.to_string(),
            name: reference.name.clone(),
        });
    }
    let name = shoot.spec.cloud_profile_name.as_deref().unwrap_or("");
    (!name.is_empty()).then(|| ProfileReference {
        kind: CLOUD_PROFILE.to_string(),
        name: name.to_string(),
    })
}

/// The given NamespacedCloudProfile a reference names in `namespace`.
fn namespaced_profile<'a>(
    reference: &ProfileReference,
    namespace: &str,
    objects: &AdmissionObjects<'a>,
) -> Option<&'a NamespacedCloudProfile> {
    objects.namespaced_cloud_profile.filter(|profile| {
        profile.metadata.name == reference.name
            && (profile.metadata.namespace.is_empty() || profile.metadata.namespace == namespace)
    })
}

/// `getRootCloudProfile`: a CloudProfile is its own root, a NamespacedCloudProfile's is its
/// parent's. `None` when a NamespacedCloudProfile on the way is not given; `Err` is Gardener's
/// error for a kind it does not know.
fn root_profile(
    reference: &ProfileReference,
    namespace: &str,
    objects: &AdmissionObjects,
    depth: usize,
) -> Option<Result<ProfileReference, String>> {
    match reference.kind.as_str() {
        CLOUD_PROFILE => Some(Ok(reference.clone())),
        // A parent chain that loops has no root Gardener would ever return.
        NAMESPACED_CLOUD_PROFILE if depth < 8 => {
            let profile = namespaced_profile(reference, namespace, objects)?;
            let parent = ProfileReference {
                kind: profile.spec.parent.kind.clone(),
                name: profile.spec.parent.name.clone(),
            };
            root_profile(&parent, namespace, objects, depth + 1)
        }
        NAMESPACED_CLOUD_PROFILE => None,
        kind => Some(Err(format!("unexpected cloudprofile kind {kind}"))),
    }
}

/// `GetCloudProfileSpec` for a reference: the CloudProfile's spec, or the NamespacedCloudProfile's
/// `status.cloudProfileSpec` (empty when the status has none). `None` when the profile is not
/// given.
fn profile_spec<'a>(
    reference: &ProfileReference,
    namespace: &str,
    objects: &AdmissionObjects<'a>,
) -> Option<std::borrow::Cow<'a, CloudProfileSpec>> {
    match reference.kind.as_str() {
        CLOUD_PROFILE => objects
            .cloud_profile
            .filter(|profile| profile.metadata.name == reference.name)
            .map(|profile| std::borrow::Cow::Borrowed(&profile.spec)),
        NAMESPACED_CLOUD_PROFILE => {
            let profile = namespaced_profile(reference, namespace, objects)?;
            Some(match &profile.status.cloud_profile_spec {
                Some(spec) => std::borrow::Cow::Borrowed(spec),
                None => std::borrow::Cow::Owned(CloudProfileSpec::default()),
            })
        }
        _ => None,
    }
}

/// The `RemovedVersions` of `GetMachineImageDiff`: by image name, the versions the old images
/// have and the new ones do not (all of them for an image the new ones lack). Of images listed
/// twice, the last counts.
fn removed_image_versions<'a>(
    old: &'a [MachineImage],
    new: &'a [MachineImage],
) -> BTreeMap<&'a str, BTreeSet<&'a str>> {
    let last = |images: &'a [MachineImage]| -> BTreeMap<&'a str, &'a MachineImage> {
        images
            .iter()
            .map(|image| (image.name.as_str(), image))
            .collect()
    };
    let (old, new) = (last(old), last(new));
    let mut removed = BTreeMap::new();
    for (name, image) in old {
        let versions: BTreeSet<&str> = image.versions.iter().map(|v| v.version()).collect();
        let kept: BTreeSet<&str> = new
            .get(name)
            .map(|image| image.versions.iter().map(|v| v.version()).collect())
            .unwrap_or_default();
        let gone: BTreeSet<&str> = versions.difference(&kept).copied().collect();
        if !gone.is_empty() {
            removed.insert(name, gone);
        }
    }
    removed
}

/// `spec.networking.<key>`, when written.
fn shoot_network<'a>(shoot: &'a Shoot, key: &str) -> Option<&'a str> {
    (shoot.spec.networking.as_ref())
        .and_then(|networking| networking.get(key))
        .and_then(Value::as_str)
}

/// `validateShootNetworks`: for an IPv4 Shoot its own networks must be disjoint
/// (`ValidateShootNetworkDisjointedness`); with its Seed, pods and services are required (pods
/// not for a workerless Shoot; services of a workerless IPv6 Shoot too), and when the Shoot is
/// (re)scheduled an IPv4 Shoot's networks, and those its status records, are checked against
/// the Seed's and Gardener's reserved ranges (`ValidateNetworkDisjointedness`,
/// `ValidateMultiNetworkDisjointedness`).
fn validate_shoot_networks(shoot: &Shoot, old: &Shoot, seed: Option<&Seed>) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let families = crate::api::ip_families(shoot.spec.networking.as_ref());
    let ipv4 = families.contains(&"IPv4");
    let ipv6 = families.contains(&"IPv6");
    let workerless = shoot.spec.provider.workers.is_empty();
    let (nodes, pods, services) = (
        shoot_network(shoot, "nodes"),
        shoot_network(shoot, "pods"),
        shoot_network(shoot, "services"),
    );
    if ipv4 {
        errors.extend(shoot_network_disjointedness(nodes, pods, services));
    }
    let Some(seed) = seed else {
        return errors;
    };
    if pods.is_none() && !workerless && ipv4 {
        errors.push(FieldError::required(
            "spec.networking.pods",
            "pods is required",
        ));
    }
    if services.is_none() && (ipv4 || (workerless && ipv6)) {
        errors.push(FieldError::required(
            "spec.networking.services",
            "services is required",
        ));
    }
    if !ipv4 || old.spec_seed_name() == shoot.spec_seed_name() {
        return errors;
    }
    let mut against_seed = |path: &str, networks: &[String], kind: &str, required: bool| {
        let field = format!("{path}.{kind}s");
        for finding in
            crate::scheduling::networks::overlap_with_seed(seed, networks, kind, required)
        {
            errors.push(match finding.network {
                Some(_) => FieldError::invalid(field.clone(), finding.detail),
                None => FieldError::required(field.clone(), finding.detail),
            });
        }
    };
    let single = |network: Option<&str>| -> Vec<String> {
        network.map(str::to_string).into_iter().collect()
    };
    against_seed("spec.networking", &single(nodes), "node", false);
    against_seed("spec.networking", &single(services), "service", false);
    against_seed("spec.networking", &single(pods), "pod", false);
    // The networks the status records, unless it records none (its egress CIDRs aside).
    let status = shoot.status.networking.as_ref();
    let recorded = |key: &str| -> Vec<String> {
        (status.and_then(|status| status.get(key)))
            .and_then(|list| crate::decode::from_value(list).ok())
            .unwrap_or_default()
    };
    let (status_nodes, status_pods, status_services) =
        (recorded("nodes"), recorded("pods"), recorded("services"));
    if !(status_nodes.is_empty() && status_pods.is_empty() && status_services.is_empty()) {
        against_seed("status.networking", &status_nodes, "node", false);
        against_seed("status.networking", &status_services, "service", true);
        against_seed("status.networking", &status_pods, "pod", !workerless);
    }
    errors
}

/// `ValidateShootNetworkDisjointedness` (`pkg/utils/validation/cidr/disjoint.go`): pods and
/// services, pods and nodes, services and nodes must not intersect (a network that does not
/// parse intersects every other, as in Gardener).
fn shoot_network_disjointedness(
    nodes: Option<&str>,
    pods: Option<&str>,
    services: Option<&str>,
) -> Vec<FieldError> {
    use crate::scheduling::networks::networks_intersect;
    let mut errors = Vec::new();
    let intersect =
        |a: Option<&str>, b: Option<&str>| a.zip(b).is_some_and(|(a, b)| networks_intersect(a, b));
    if intersect(pods, services) {
        errors.push(FieldError::invalid(
            "spec.networking.services",
            "shoot pod network intersects with shoot service network",
        ));
    }
    if intersect(pods, nodes) {
        errors.push(FieldError::invalid(
            "spec.networking.pods",
            "shoot pod network intersects with shoot node network",
        ));
    }
    if intersect(services, nodes) {
        errors.push(FieldError::invalid(
            "spec.networking.services",
            "shoot service network intersects with shoot node network",
        ));
    }
    errors
}

/// `validateAccessRestrictions`: when the set of the Shoot's access restriction names changed,
/// each must be offered by its region in the CloudProfile (the first region of the name), and,
/// with the Seed, supported by the Seed. Gardener lists the region's offer in a Go set's random
/// order; it is sorted here.
fn validate_access_restrictions(
    spec: &CloudProfileSpec,
    shoot: &Shoot,
    old: &Shoot,
    seed: Option<&Seed>,
) -> Vec<FieldError> {
    let names = shoot.access_restriction_names();
    let as_set = |names: &[String]| names.iter().cloned().collect::<BTreeSet<String>>();
    if as_set(&names) == as_set(&old.access_restriction_names()) {
        return Vec::new();
    }
    let Some(region) = spec.regions.iter().find(|r| r.name == shoot.spec.region) else {
        return vec![FieldError::invalid(
            "spec.region",
            "region not present in CloudProfile",
        )];
    };
    let offered = sorted_set(
        (region.access_restrictions.iter())
            .map(|restriction| restriction.name.clone())
            .collect(),
    );
    let mut errors = Vec::new();
    for (i, name) in names.iter().enumerate() {
        if !offered.contains(name) {
            errors.push(not_supported(
                format!("spec.accessRestrictions[{i}]"),
                &offered,
            ));
        }
    }
    if let Some(seed) = seed {
        let supported = seed.access_restriction_names();
        for (i, name) in names.iter().enumerate() {
            if !supported.contains(name) {
                errors.push(FieldError::forbidden(
                    format!("spec.accessRestrictions[{i}]"),
                    format!(
                        "access restriction {} is not supported by the seed",
                        crate::golang::quote(name)
                    ),
                ));
            }
        }
    }
    errors
}

/// `validateControlPlaneZones` of the validator (gardener `b312835d` only; v1.149.3 has no
/// control-plane zones): zones set for the first time need the CloudProfile's
/// `controlPlane.allowZonePinning`; when the zones or the region changed, each zone must be one
/// of the Seed's (when the Shoot has a Seed).
fn validate_control_plane_zones(
    spec: &CloudProfileSpec,
    shoot: &Shoot,
    old: &Shoot,
    seed: Option<&Seed>,
) -> Vec<FieldError> {
    const FIELD: &str = "spec.controlPlane.zones";
    let zones = shoot.spec.control_plane_zones();
    if zones.is_empty() {
        return Vec::new();
    }
    let old_zones = old.spec.control_plane_zones();
    let pinning_allowed =
        (spec.control_plane.as_ref()).is_some_and(|plane| plane.allow_zone_pinning);
    if old_zones.is_empty() && !pinning_allowed {
        return vec![FieldError::forbidden(
            FIELD,
            "spec.controlPlane.zones can only be set when the CloudProfile has spec.controlPlane.allowZonePinning set to true",
        )];
    }
    if zones == old_zones && shoot.spec.region == old.spec.region {
        return Vec::new();
    }
    let Some(seed) = seed else {
        return Vec::new();
    };
    (zones.iter().enumerate())
        .filter(|(_, zone)| !seed.spec.provider.zones.contains(zone))
        .map(|(i, _)| {
            FieldError::invalid(
                format!("{FIELD}[{i}]"),
                format!(
                    "zone is not available in seed {}",
                    crate::golang::quote(&seed.metadata.name)
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> DateTime<Utc> {
        "2026-01-01T00:00:00Z".parse().unwrap()
    }

    fn profile(spec: Value) -> CloudProfile {
        crate::decode::from_value(&json!({ "metadata": { "name": "aws" }, "spec": spec })).unwrap()
    }

    fn base_profile() -> CloudProfile {
        profile(json!({
            "type": "aws",
            "kubernetes": { "versions": [{ "version": "1.33.2" }] },
            "machineImages": [{ "name": "gardenlinux", "versions": [{ "version": "1877.3.0" }] }],
            "machineTypes": [{ "name": "m5.large", "cpu": "2", "memory": "8Gi" }],
            "volumeTypes": [{ "name": "gp3", "class": "standard" }],
            "regions": [{ "name": "eu-west-1", "zones": [{ "name": "eu-west-1a" }],
                          "accessRestrictions": [{ "name": "sovereign" }, { "name": "eu-access-only" }] }],
        }))
    }

    /// A Shoot as the API server stores it, with `edit` merged into its spec.
    fn shoot(edit: Value) -> Shoot {
        let mut shoot = json!({
            "metadata": { "name": "payments", "namespace": "garden-dev" },
            "spec": {
                "cloudProfile": { "kind": "CloudProfile", "name": "aws" },
                "region": "eu-west-1",
                "kubernetes": { "version": "1.33.2" },
                "networking": { "type": "calico", "nodes": "10.250.0.0/16",
                                "pods": "100.96.0.0/11", "services": "100.64.0.0/13" },
                "provider": { "type": "aws", "workers": [{
                    "name": "worker-a", "minimum": 1, "maximum": 2, "zones": ["eu-west-1a"],
                    "machine": { "type": "m5.large", "architecture": "amd64",
                                 "image": { "name": "gardenlinux", "version": "1877.3.0" } },
                }] },
            },
        });
        for (key, value) in edit.as_object().unwrap() {
            shoot["spec"][key] = value.clone();
        }
        crate::decode::from_value(&shoot).unwrap()
    }

    fn seed(value: Value) -> Seed {
        crate::decode::from_value(&value).unwrap()
    }

    fn texts(errors: &[FieldError]) -> Vec<String> {
        errors.iter().map(FieldError::to_string).collect()
    }

    fn create(profile: &CloudProfile, shoot: &Shoot, objects: &AdmissionObjects) -> Vec<String> {
        texts(&validate_shoot_admission(
            profile,
            None,
            shoot,
            Operation::Create,
            now(),
            objects,
        ))
    }

    #[test]
    fn access_restrictions_need_the_region_and_the_seed() {
        let profile = base_profile();
        let restricted = shoot(json!({
            "accessRestrictions": [{ "name": "sovereign" }, { "name": "no-internet" }],
        }));
        assert_eq!(
            create(&profile, &restricted, &AdmissionObjects::default()),
            [
                r#"spec.accessRestrictions[1] [FieldValueNotSupported]: supported values: "eu-access-only", "sovereign""#
            ]
        );
        let mut elsewhere = restricted.clone();
        elsewhere.spec.region = "us-east-1".into();
        assert!(
            create(&profile, &elsewhere, &AdmissionObjects::default()).contains(
                &"spec.region [FieldValueInvalid]: region not present in CloudProfile".to_string()
            )
        );
        // With its Seed, each restriction the Seed lacks is forbidden too (after the scheduling
        // checks, which a Seed without the restrictions fails first on a create).
        let mut on_seed = restricted.clone();
        on_seed.spec.seed_name = Some("seed-a".into());
        let old = on_seed.clone();
        on_seed.spec.access_restrictions = Some(json!([{ "name": "sovereign" }]));
        let seed = seed(json!({ "metadata": { "name": "seed-a" },
            "spec": { "provider": { "type": "aws", "zones": ["a"] },
                      "networks": { "pods": "10.0.0.0/16", "services": "10.1.0.0/16" } } }));
        let objects = AdmissionObjects {
            seed: Some(&seed),
            ..AdmissionObjects::default()
        };
        let errors = validate_shoot_admission(
            &profile,
            Some(&old),
            &on_seed,
            Operation::Update,
            now(),
            &objects,
        );
        assert_eq!(
            texts(&errors),
            [
                r#"spec.accessRestrictions[0] [FieldValueForbidden]: access restriction "sovereign" is not supported by the seed"#
            ]
        );
    }

    #[test]
    fn networks_are_disjoint_and_required_with_a_seed() {
        let profile = base_profile();
        let overlapping = shoot(json!({ "networking": {
            "type": "calico", "nodes": "10.0.0.0/8", "pods": "10.96.0.0/11", "services": "10.96.0.0/13",
        } }));
        assert_eq!(
            create(&profile, &overlapping, &AdmissionObjects::default()),
            [
                "spec.networking.services [FieldValueInvalid]: shoot pod network intersects with shoot service network",
                "spec.networking.pods [FieldValueInvalid]: shoot pod network intersects with shoot node network",
                "spec.networking.services [FieldValueInvalid]: shoot service network intersects with shoot node network",
            ]
        );
        // An IPv6-only Shoot's own networks are not compared.
        let ipv6 = shoot(json!({ "networking": {
            "type": "calico", "ipFamilies": ["IPv6"], "nodes": "2001:db8::/32", "pods": "2001:db8:1::/48",
        } }));
        assert!(create(&profile, &ipv6, &AdmissionObjects::default()).is_empty());
        // Scheduled on a create: pods and services required, the networks against the Seed's and
        // the reserved ranges, the status' too.
        let mut scheduled = shoot(json!({ "seedName": "seed-a", "networking": {
            "type": "calico", "ipFamilies": ["IPv4", "IPv6"], "nodes": "fd00:10::/64",
        } }));
        scheduled.status.networking = Some(json!({ "nodes": ["240.1.0.0/16"] }));
        let seed = seed(json!({ "metadata": { "name": "seed-a" },
            "spec": { "provider": { "type": "aws", "zones": ["a"] },
                      "networks": { "pods": "fd00:10::/64", "services": "10.1.0.0/16" } } }));
        let objects = AdmissionObjects {
            seed: Some(&seed),
            ..AdmissionObjects::default()
        };
        assert_eq!(
            create(&profile, &scheduled, &objects),
            [
                "spec.networking.pods [FieldValueRequired]: pods is required",
                "spec.networking.services [FieldValueRequired]: services is required",
                "spec.networking.nodes [FieldValueInvalid]: shoot node network intersects with seed pod network",
                "status.networking.nodes [FieldValueInvalid]: node network intersects with reserved kube-apiserver mapping range (240.0.0.0/8)",
                "status.networking.services [FieldValueRequired]: services is required",
                "status.networking.pods [FieldValueRequired]: pods is required",
            ]
        );
    }

    #[test]
    fn a_request_level_refusal_is_the_whole_answer() {
        let profile = base_profile();
        let old = shoot(json!({ "seedName": "seed-a", "region": "nowhere" }));
        let mut moved = old.clone();
        moved.spec.seed_name = Some("seed-b".into());
        let errors = validate_shoot_admission(
            &profile,
            Some(&old),
            &moved,
            Operation::Update,
            now(),
            &AdmissionObjects::default(),
        );
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].field, "");
        assert_eq!(errors[0].error_type, ErrorType::FieldValueForbidden);
        assert_eq!(
            errors[0].detail,
            "shoots.core.gardener.cloud \"payments\" is forbidden: spec.seedName 'seed-a' cannot be changed to 'seed-b' by patching the shoot, please use the shoots/binding subresource"
        );
        // Hibernating against a `HibernationPossible` constraint that is not true.
        let mut hibernated = shoot(json!({ "hibernation": { "enabled": true } }));
        hibernated.status.constraints = vec![crate::decode::from_value(&json!({
            "type": "HibernationPossible", "status": "False", "message": "webhooks"
        }))
        .unwrap()];
        let awake = shoot(json!({}));
        let errors = validate_shoot_admission(
            &profile,
            Some(&awake),
            &hibernated,
            Operation::Update,
            now(),
            &AdmissionObjects::default(),
        );
        assert_eq!(
            texts(&errors),
            [" [FieldValueForbidden]: shoots.core.gardener.cloud \"payments\" is forbidden: 'HibernationPossible' constraint is 'False': webhooks"]
        );
    }

    #[test]
    fn a_zone_tolerant_control_plane_needs_three_seed_zones() {
        let profile = base_profile();
        let old = shoot(json!({ "seedName": "seed-a" }));
        let zonal = shoot(json!({ "seedName": "seed-a",
            "controlPlane": { "highAvailability": { "failureTolerance": { "type": "zone" } } } }));
        let seed = seed(json!({ "metadata": { "name": "seed-a" },
            "spec": { "provider": { "type": "aws", "zones": ["a", "b"] },
                      "networks": { "pods": "10.0.0.0/16", "services": "10.1.0.0/16" } } }));
        let objects = AdmissionObjects {
            seed: Some(&seed),
            ..AdmissionObjects::default()
        };
        let errors = validate_shoot_admission(
            &profile,
            Some(&old),
            &zonal,
            Operation::Update,
            now(),
            &objects,
        );
        assert_eq!(
            texts(&errors),
            [" [FieldValueForbidden]: shoots.core.gardener.cloud \"payments\" is forbidden: cannot schedule shoot 'payments' with failure tolerance of zone on seed 'seed-a' with only 2 zones, at least 3 zones are required"]
        );
    }

    #[test]
    fn an_empty_ip_family_list_is_the_stored_default() {
        // The stored Shoot has the family Gardener's defaulting wrote; the new one leaves it out.
        let profile = base_profile();
        let mut old = shoot(json!({ "provider": { "type": "gcp", "workers": [] } }));
        old.spec.networking = Some(json!({ "type": "calico", "ipFamilies": ["IPv4"] }));
        let mut new = old.clone();
        new.spec.networking = Some(json!({ "type": "calico" }));
        let errors = validate_shoot_admission(
            &profile,
            Some(&old),
            &new,
            Operation::Update,
            now(),
            &AdmissionObjects::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
    }

    fn namespaced(parent: &str, spec: Value) -> NamespacedCloudProfile {
        crate::decode::from_value(&json!({
            "metadata": { "name": "aws-custom", "namespace": "garden-dev" },
            "spec": { "parent": { "kind": "CloudProfile", "name": parent } },
            "status": { "cloudProfileSpec": spec },
        }))
        .unwrap()
    }

    #[test]
    fn a_profile_change_stays_in_the_hierarchy_and_keeps_what_the_pools_use() {
        let root = base_profile();
        let custom = namespaced(
            "aws",
            json!({
                "type": "aws",
                "kubernetes": { "versions": [{ "version": "1.33.2" }] },
                "machineImages": [{ "name": "gardenlinux", "versions": [{ "version": "1592.10.0" }] }],
                "machineTypes": [{ "name": "m5.large" }],
                "regions": [{ "name": "eu-west-1" }],
            }),
        );
        let objects = AdmissionObjects {
            cloud_profile: Some(&root),
            namespaced_cloud_profile: Some(&custom),
            ..AdmissionObjects::default()
        };
        let old = shoot(json!({}));
        let new = shoot(
            json!({ "cloudProfile": { "kind": "NamespacedCloudProfile", "name": "aws-custom" } }),
        );
        let merged = CloudProfile {
            metadata: custom.metadata.clone(),
            spec: custom.status.cloud_profile_spec.clone().unwrap(),
        };
        let errors = validate_shoot_admission(
            &merged,
            Some(&old),
            &new,
            Operation::Update,
            now(),
            &objects,
        );
        assert_eq!(
            texts(&errors),
            [" [FieldValueForbidden]: newly referenced cloud profile does not contain the machine image version \"gardenlinux@1877.3.0\" currently in use by worker \"worker-a\""]
        );
        // Under another root.
        let foreign = namespaced("azure", json!({}));
        let objects = AdmissionObjects {
            namespaced_cloud_profile: Some(&foreign),
            ..objects
        };
        let errors = validate_shoot_admission(
            &merged,
            Some(&old),
            &new,
            Operation::Update,
            now(),
            &objects,
        );
        assert_eq!(
            texts(&errors),
            [" [FieldValueForbidden]: cloud profile reference change is invalid: cannot change from \"aws\" to \"aws-custom\" (root: \"azure\"). The cloud profile reference must remain within the same hierarchy"]
        );
        // The NamespacedCloudProfile not given: the change cannot be judged and is let through.
        let objects = AdmissionObjects::default();
        let errors = validate_shoot_admission(
            &merged,
            Some(&old),
            &new,
            Operation::Update,
            now(),
            &objects,
        );
        assert!(!errors.iter().any(|e| e.field.is_empty()), "{errors:?}");
    }

    /// gardener `b312835d` only, so no oracle holds it: these follow its `validateControlPlaneZones`.
    #[test]
    fn control_plane_zones_need_pinning_and_the_seeds_zones() {
        let mut profile = base_profile();
        let pinned = shoot(json!({ "controlPlane": { "zones": ["eu-west-1a"] } }));
        assert_eq!(
            create(&profile, &pinned, &AdmissionObjects::default()),
            ["spec.controlPlane.zones [FieldValueForbidden]: spec.controlPlane.zones can only be set when the CloudProfile has spec.controlPlane.allowZonePinning set to true"]
        );
        profile.spec.control_plane = Some(crate::api::CloudProfileControlPlane {
            allow_zone_pinning: true,
        });
        assert!(create(&profile, &pinned, &AdmissionObjects::default()).is_empty());
        // On a scheduled Shoot, a change of the zones must keep them among the Seed's.
        let old =
            shoot(json!({ "seedName": "seed-a", "controlPlane": { "zones": ["eu-west-1a"] } }));
        let moved =
            shoot(json!({ "seedName": "seed-a", "controlPlane": { "zones": ["eu-west-1b"] } }));
        let seed = seed(json!({ "metadata": { "name": "seed-a" },
            "spec": { "provider": { "type": "aws", "zones": ["eu-west-1a"] },
                      "networks": { "pods": "10.0.0.0/16", "services": "10.1.0.0/16" } } }));
        let objects = AdmissionObjects {
            seed: Some(&seed),
            ..AdmissionObjects::default()
        };
        let errors = validate_shoot_admission(
            &profile,
            Some(&old),
            &moved,
            Operation::Update,
            now(),
            &objects,
        );
        assert_eq!(
            texts(&errors),
            ["spec.controlPlane.zones[0] [FieldValueInvalid]: zone is not available in seed \"seed-a\""]
        );
        // Zones already set need no pinning any more; unchanged zones are not compared.
        profile.spec.control_plane = None;
        let errors = validate_shoot_admission(
            &profile,
            Some(&old),
            &old.clone(),
            Operation::Update,
            now(),
            &objects,
        );
        assert!(errors.is_empty());
    }

    /// A plugin's `kubeconfigSecretName` must name a `v1` Secret among `spec.resources`, each
    /// part given as text; a name that is no text names nothing to check.
    #[test]
    fn admission_plugin_kubeconfigs_name_referenced_secrets() {
        let shoot = shoot(json!({
            "kubernetes": { "version": "1.33.2", "kubeAPIServer": { "admissionPlugins": [
                { "name": "A", "kubeconfigSecretName": "kubeconfig" },
                { "name": "B" },
                { "name": "C", "kubeconfigSecretName": "no-api-version" },
                { "name": "D", "kubeconfigSecretName": 5 },
                { "name": "E", "kubeconfigSecretName": "a-config-map" },
                { "name": "F", "kubeconfigSecretName": "" },
            ] } },
            "resources": [
                { "name": "a", "resourceRef": { "apiVersion": "v1", "kind": "Secret", "name": "kubeconfig" } },
                { "name": "b", "resourceRef": { "kind": "Secret", "name": "no-api-version" } },
                { "name": "c", "resourceRef": { "apiVersion": "v1", "kind": "ConfigMap", "name": "a-config-map" } },
                { "name": "d", "resourceRef": { "apiVersion": "v1", "kind": "Secret" } },
                "no object",
            ],
        }));
        let field = |i: usize| {
            format!("spec.kubernetes.kubeAPIServer.admissionPlugins[{i}].kubeconfigSecretName [FieldValueInvalid]: secret should be referenced in shoot .spec.resources")
        };
        let errors = texts(&validate_admission_plugin_references(&shoot));
        assert_eq!(errors, [field(2), field(4), field(5)]);
    }

    /// No provider configuration may name the internal version; a raw extension the unstructured
    /// decoder cannot read (a List of non-objects) or an `apiVersion` with two slashes names none.
    #[test]
    fn provider_configs_may_not_name_the_internal_version() {
        let internal = json!({ "apiVersion": "aws.provider.extensions.gardener.cloud/__internal" });
        let shoot = shoot(json!({
            "networking": { "type": "calico", "nodes": "10.250.0.0/16",
                            "providerConfig": { "apiVersion": "__internal" } },
            "provider": {
                "type": "aws",
                "infrastructureConfig": internal,
                "controlPlaneConfig": { "apiVersion": "__internal", "items": [1] },
                "workers": [{
                    "name": "worker-a", "machine": { "type": "m5.large" },
                    "cri": { "name": "containerd", "containerRuntimes": [
                        { "type": "gvisor", "providerConfig": { "apiVersion": "a/b/__internal" } },
                        { "type": "kata", "providerConfig": { "apiVersion": "x/__internal", "items": [] } },
                    ] },
                }],
            },
        }));
        let errors = texts(&raw_extensions_with_internal_version(&shoot));
        let invalid = |field: &str| {
            format!("{field} [FieldValueInvalid]: must not use apiVersion 'internal'")
        };
        assert_eq!(
            errors,
            [
                invalid("spec.provider.infrastructureConfig"),
                invalid("spec.networking.providerConfig"),
                invalid("spec.provider.workers[0].cri.containerRuntimes[1].providerConfig"),
            ]
        );
    }
}
