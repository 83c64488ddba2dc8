//! Which machine image versions a worker pool may use, including in-place eligibility.
//!
//! Follows `validateMachineImagesConstraints` and `validateMachineImage` of
//! `plugin/pkg/shoot/validator/admission.go`.

use super::shoot_versions::find_image_version;
use super::types::{CloudProfileSpec, Operation, ShootMachineImage, Worker};
use super::{compare_versions, go_list, not_supported, sorted_set};
use crate::decode::FromValue;
use crate::field::FieldError;
use crate::maintenance::images::capabilities_supported_by_flavors;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// What `validateMachineImagesConstraints` finds out about a pool's image version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct ImageEligibility {
    /// The image version exists in the CloudProfile.
    pub present: bool,
    /// The version supports the pool's architecture.
    pub architecture_supported: bool,
    /// The version is acceptable with respect to its lifecycle (active, or on update of an existing pool
    /// expired but not lower than the old version).
    pub active: bool,
    /// The version may be rolled out in place (only meaningful for in-place pools).
    pub in_place_supported: bool,
    /// The versions this pool may use, as `name:version`, sorted.
    pub valid_versions: Vec<String>,
}

impl ImageEligibility {
    fn unchanged() -> ImageEligibility {
        ImageEligibility {
            present: true,
            architecture_supported: true,
            active: true,
            in_place_supported: true,
            valid_versions: Vec::new(),
        }
    }
}

/// `validateMachineImagesConstraints` for one pool. `old_worker` is the pool in the old Shoot (`None` for a
/// new pool or on create); `architecture` is the pool's (defaulted) architecture and `old_architecture`
/// the old pool's.
pub fn machine_image_eligibility(
    spec: &CloudProfileSpec,
    worker: &Worker,
    architecture: &str,
    old_worker: Option<(&Worker, &str)>,
    operation: Operation,
    now: DateTime<Utc>,
) -> ImageEligibility {
    let is_new_pool = old_worker.is_none();
    // A new pool is compared with an empty image, as Gardener's validator does.
    let old_image = old_worker
        .and_then(|(w, _)| w.machine.image.clone())
        .unwrap_or_default();
    if let Some((old, old_architecture)) = old_worker {
        if same_image(worker.machine.image.as_ref(), old.machine.image.as_ref())
            && architecture == old_architecture
        {
            return ImageEligibility::unchanged();
        }
    }

    let existing_pool_update = operation == Operation::Update && !is_new_pool;
    let in_place = worker.is_in_place();
    let wanted = worker.machine.image.as_ref();
    let mut in_profile = Vec::new();
    let mut active = Vec::new();
    let mut with_architecture = Vec::new();
    let mut in_place_capable = Vec::new();
    let definitions = &spec.machine_capabilities;
    for image in &spec.machine_images {
        if wanted.is_some_and(|w| w.name != image.name) {
            continue;
        }
        for version in &image.versions {
            let key = format!("{}:{}", image.name, version.version());
            let updated_from = existing_pool_update.then(|| old_image.version_str());
            if lifecycle_allows(&version.expirable, version.version(), updated_from, now) {
                active.push(key.clone());
            }
            if version.supports_architecture(definitions, architecture) {
                with_architecture.push(key.clone());
            }
            if in_place {
                if let Some(updates) = &version.in_place_updates {
                    if operation == Operation::Create || is_new_pool {
                        if updates.supported {
                            in_place_capable.push(key.clone());
                        }
                    } else if existing_pool_update
                        && wanted.is_some_and(|w| w.name == image.name)
                        && updates.supported
                    {
                        if let Some(min) = &updates.min_version_for_update {
                            if compare_versions(min, "<=", old_image.version_str()).unwrap_or(false)
                            {
                                in_place_capable.push(key.clone());
                            }
                        }
                    }
                }
            }
            in_profile.push(key);
        }
    }
    let mut valid: Vec<String> = active
        .iter()
        .filter(|k| with_architecture.contains(k))
        .cloned()
        .collect();
    if in_place {
        valid.retain(|k| in_place_capable.contains(k));
    }
    let valid_versions = sorted_set(valid);
    let Some(image) = wanted.filter(|i| !i.version_str().is_empty()) else {
        return ImageEligibility {
            present: false,
            architecture_supported: false,
            active: false,
            in_place_supported: false,
            valid_versions,
        };
    };
    let key = format!("{}:{}", image.name, image.version_str());
    ImageEligibility {
        present: in_profile.contains(&key),
        architecture_supported: with_architecture.contains(&key),
        active: active.contains(&key),
        in_place_supported: in_place_capable.contains(&key),
        valid_versions,
    }
}

/// Whether the ShootValidator takes image `version` by its lifecycle: when it is active, or, for an
/// existing pool updated from `updated_from`, when it is expired and not lower than that version
/// (a maintenance force update may move a pool to an expired version).
pub(crate) fn lifecycle_allows(
    expirable: &crate::lifecycle::ExpirableVersion,
    version: &str,
    updated_from: Option<&str>,
    now: DateTime<Utc>,
) -> bool {
    expirable.is_active(now)
        || updated_from.is_some_and(|old| {
            expirable.is_expired(now) && !compare_versions(version, "<", old).unwrap_or(false)
        })
}

/// `validateMachineImage`: the one field error for a pool's image, if any.
pub fn validate_machine_image(
    spec: &CloudProfileSpec,
    index: usize,
    worker: &Worker,
    architecture: &str,
    old_worker: Option<(&Worker, &str)>,
    operation: Operation,
    now: DateTime<Utc>,
) -> Option<FieldError> {
    let eligibility =
        machine_image_eligibility(spec, worker, architecture, old_worker, operation, now);
    let path = format!("spec.provider.workers[{index}].machine.image");
    if !eligibility.present {
        return Some(not_supported(
            format!("{path}.version"),
            &eligibility.valid_versions,
        ));
    }
    let in_place = worker.is_in_place();
    if eligibility.architecture_supported
        && eligibility.active
        && (!in_place || eligibility.in_place_supported)
    {
        return machine_capabilities_error(spec, worker, &path);
    }
    let image = worker.machine.image.clone().unwrap_or_default();
    let mut detail = format!(
        "machine image version '{}:{}' ",
        image.name,
        image.version_str()
    );
    if !eligibility.architecture_supported {
        detail.push_str(&format!(
            "does not support CPU architecture {}, ",
            super::go_quote(architecture)
        ));
    }
    if !eligibility.active {
        detail.push_str("is expired, ");
    }
    if in_place && !eligibility.in_place_supported {
        if operation == Operation::Update && old_worker.is_some() {
            detail.push_str("cannot be in-place updated from the current version, ");
        } else {
            detail.push_str("does not support in-place updates, ");
        }
    }
    detail.push_str(&format!(
        "supported machine image versions are: {}",
        go_list(&eligibility.valid_versions)
    ));
    Some(FieldError::invalid(path, detail))
}

/// Semantic equality of two pool images (an unset version equals an empty one).
pub(crate) fn same_image(a: Option<&ShootMachineImage>, b: Option<&ShootMachineImage>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.name == b.name
                && a.version_str() == b.version_str()
                && a.provider_config == b.provider_config
        }
        _ => false,
    }
}

/// `validateMachineCapabilities`: in a CloudProfile with capabilities, the machine type's must be
/// supported by one of the image version's flavors.
fn machine_capabilities_error(
    spec: &CloudProfileSpec,
    worker: &Worker,
    image_path: &str,
) -> Option<FieldError> {
    let definitions = &spec.machine_capabilities;
    if definitions.is_empty() {
        return None;
    }
    let image = worker.machine.image.as_ref()?;
    let machine_type = spec.machine_type(&worker.machine.machine_type)?;
    let version = find_image_version(&spec.machine_images, &image.name, image.version_str());
    let flavors = version.map_or(&[][..], |v| v.capability_flavors.as_slice());
    if capabilities_supported_by_flavors(&machine_type.capabilities, flavors, definitions) {
        return None;
    }
    // Go prints the map with `%v`: keys in order, each list in brackets.
    let capabilities: Vec<String> = (machine_type.capabilities.iter())
        .map(|(name, values)| format!("{name}:[{}]", values.join(" ")))
        .collect();
    Some(FieldError::invalid(
        format!("{image_path}.version"),
        format!(
            "machine capabilities map[{}] of machine type {} are not supported by machine image {}:{}",
            capabilities.join(" "),
            super::go_quote(&worker.machine.machine_type),
            image.name,
            image.version_str()
        ),
    ))
}
