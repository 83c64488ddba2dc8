//! Machine image maintenance: which image versions a worker pool may use, and which version the
//! image update strategy selects.
//!
//! Follows `FilterMachineImageVersions`, `DetermineMachineImage` and `DetermineMachineImageVersion` in
//! `pkg/controllermanager/controller/shoot/maintenance/helper/helper.go`, and the capability helpers
//! of `pkg/api/core/v1beta1/helper/cloudprofile.go`.

use super::selection::{version_for_strategy, Parsed, Search};
use super::types::parse_version;
use super::types::{
    Capabilities, CapabilityDefinition, CloudProfile, MachineImage, MachineImageVersion,
    MachineType, ShootMachineImage, Worker, ARCHITECTURE_CAPABILITY, DEFAULT_CRI,
};
use crate::semver_constraint::Constraint;
use crate::version::{compare_normalized, Version};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;

/// `FilterMachineImageVersions`: the versions of `image` that the pool can use, in CloudProfile order.
/// Filters, in Gardener's order: architecture, machine-type capabilities (only when the CloudProfile
/// defines capabilities), CRI and container runtimes, the version's kubelet constraint against
/// `kubelet_version`, and for in-place pools the in-place update constraints.
pub fn filter_machine_image_versions(
    image: &MachineImage,
    worker: &Worker,
    kubelet_version: &Version,
    machine_type: &MachineType,
    capability_definitions: &[CapabilityDefinition],
) -> MachineImage {
    let usable = usable_versions(
        image,
        worker,
        kubelet_version,
        machine_type,
        capability_definitions,
    );
    MachineImage {
        name: image.name.clone(),
        update_strategy: image.update_strategy.clone(),
        versions: (usable.into_iter())
            .map(|index| image.versions[index].clone())
            .collect(),
    }
}

/// The positions in `image.versions` of the versions [`filter_machine_image_versions`] keeps: a
/// maintenance run reads only their lifecycle, so it need not copy them, and finds their parsed
/// versions at the same positions.
pub(crate) fn usable_versions(
    image: &MachineImage,
    worker: &Worker,
    kubelet_version: &Version,
    machine_type: &MachineType,
    capability_definitions: &[CapabilityDefinition],
) -> Vec<usize> {
    let current = worker.machine.image().version.as_deref();
    let in_place = worker.is_in_place();
    (image.versions.iter().enumerate())
        .filter(|(_, v)| has_architecture(v, capability_definitions, worker.architecture()))
        .filter(|(_, v)| {
            capability_definitions.is_empty()
                || capabilities_supported_by_flavors(
                    &machine_type.capabilities,
                    &v.capability_flavors,
                    capability_definitions,
                )
        })
        .filter(|(_, v)| supports_worker_cri(v, worker))
        .filter(|(_, v)| satisfies_kubelet_constraint(v, kubelet_version))
        .filter(|(_, v)| !in_place || usable_for_in_place_update(v, current))
        .map(|(index, _)| index)
        .collect()
}

/// `DetermineMachineImage`: the CloudProfile image with the shoot image's name (case-insensitive).
pub fn determine_machine_image<'a>(
    cloud_profile: &'a CloudProfile,
    shoot_image: &ShootMachineImage,
) -> Result<&'a MachineImage, String> {
    let images = &cloud_profile.spec.machine_images;
    machine_image_index(cloud_profile, &shoot_image.name)
        .and_then(|index| images.get(index))
        .ok_or_else(|| {
            format!(
                "failure while determining the default machine image in the CloudProfile: no machineImage with name {:?} (specified in shoot) could be found in the cloudProfile {:?}",
                shoot_image.name, cloud_profile.metadata.name
            )
        })
}

/// Where in the CloudProfile's images [`determine_machine_image`] finds the image named `name`.
pub(crate) fn machine_image_index(cloud_profile: &CloudProfile, name: &str) -> Option<usize> {
    (cloud_profile.spec.machine_images.iter())
        .position(|image| image.name.eq_ignore_ascii_case(name))
}

/// `DetermineMachineImageVersion`: the target version for a pool's image under the image's update
/// strategy, searched in the (already filtered) `image.versions`. `current_expired` allows the force
/// path (the current version is expired or missing). `Ok(None)` means the version stays.
///
/// | strategy | auto search | force search |
/// |---|---|---|
/// | `patch` | latest patch | next higher minor |
/// | `minor` | latest minor within the major | next higher major |
/// | `major` (and anything else) | overall latest | none: the update fails |
pub fn determine_machine_image_version(
    shoot_image: &ShootMachineImage,
    image: &MachineImage,
    current_expired: bool,
    now: DateTime<Utc>,
) -> Result<Option<String>, String> {
    let results = parse_image_versions(image);
    let versions = Parsed::of(image.versions.iter().map(|v| &v.expirable).zip(&results));
    choose_image_version(shoot_image, image, &versions, current_expired, now)
}

/// `parse_version` of each version of `image`, in list order.
pub(crate) fn parse_image_versions(image: &MachineImage) -> Vec<Result<Version, String>> {
    (image.versions.iter())
        .map(|v| parse_version(&v.expirable.version))
        .collect()
}

/// [`determine_machine_image_version`] among `versions` of `image` (its usable ones).
pub(crate) fn choose_image_version(
    shoot_image: &ShootMachineImage,
    image: &MachineImage,
    versions: &Parsed,
    current_expired: bool,
    now: DateTime<Utc>,
) -> Result<Option<String>, String> {
    let strategy = image.effective_update_strategy();
    let current = shoot_image.version.clone().unwrap_or_default();
    let (auto, force) = strategy_searches(strategy, &shoot_image.name, &current);
    version_for_strategy(
        &current,
        &|c| auto.select_in(versions, c, now),
        &|c| force.select_in(versions, c, now),
        current_expired,
    )
    .map_err(
        |error| {
            format!(
                "failed to determine the target version for maintenance of machine image {:?} with strategy {:?}: {error}",
                image.name, strategy
            )
        },
    )
}

/// The auto-update and force-update searches of an image update strategy (the table of
/// [`determine_machine_image_version`]). The `major` strategy has no force search: its error is
/// Gardener's end-of-life text for `image_name` at version `current`.
pub fn strategy_searches(strategy: &str, image_name: &str, current: &str) -> (Search, Search) {
    match strategy {
        "patch" => (Search::LatestPatch, Search::NextHigherMinor),
        "minor" => (Search::LatestMinor, Search::NextHigherMajor),
        _ => (
            Search::OverallLatest,
            Search::Fails(format!(
                "either the machine image {image_name:?} is reaching end of life and migration to another machine image is required or there is a misconfiguration in the CloudProfile. If it is the latter, make sure the machine image in the CloudProfile has at least one version that is not expired, not in preview and greater or equal to the current Shoot image version {current:?}"
            )),
        ),
    }
}

/// `GetArchitecturesFromImageVersion`: the architectures named by the version's capability flavors;
/// for a version without flavors in a CloudProfile with an `architecture` capability, all of that
/// capability's values; otherwise (or when that is empty) the legacy `architectures` field.
pub fn architectures_of(
    version: &MachineImageVersion,
    capability_definitions: &[CapabilityDefinition],
) -> Vec<String> {
    let from_capabilities: Vec<String> = if version.capability_flavors.is_empty() {
        capability_definitions
            .iter()
            .find(|definition| definition.name == ARCHITECTURE_CAPABILITY)
            .map(|definition| definition.values.clone())
            .unwrap_or_default()
    } else {
        version
            .capability_flavors
            .iter()
            .flat_map(|flavor| flavor.get(ARCHITECTURE_CAPABILITY).into_iter().flatten())
            .cloned()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect()
    };
    if from_capabilities.is_empty() {
        version.architectures.clone()
    } else {
        from_capabilities
    }
}

/// Whether [`architectures_of`] the version contains `architecture`, without collecting them: the
/// filter asks this of every version of the image for every pool in every maintenance window.
fn has_architecture(
    version: &MachineImageVersion,
    capability_definitions: &[CapabilityDefinition],
    architecture: &str,
) -> bool {
    let flavors = &version.capability_flavors;
    supports_architecture(
        flavors,
        &version.architectures,
        capability_definitions,
        architecture,
    )
}

/// `ArchitectureSupportedByImageVersion` of a version with these capability flavors and legacy
/// architectures: the views of other areas share it.
pub(crate) fn supports_architecture(
    capability_flavors: &[Capabilities],
    architectures: &[String],
    capability_definitions: &[CapabilityDefinition],
    architecture: &str,
) -> bool {
    let (from_capabilities, found) = if capability_flavors.is_empty() {
        let values = capability_definitions
            .iter()
            .find(|definition| definition.name == ARCHITECTURE_CAPABILITY)
            .map_or(&[][..], |definition| definition.values.as_slice());
        (!values.is_empty(), values.iter().any(|v| v == architecture))
    } else {
        let mut values = capability_flavors
            .iter()
            .flat_map(|flavor| flavor.get(ARCHITECTURE_CAPABILITY).into_iter().flatten())
            .peekable();
        let any = values.peek().is_some();
        (any, values.any(|v| v == architecture))
    };
    if from_capabilities {
        found
    } else {
        architectures.iter().any(|v| v == architecture)
    }
}

/// `AreCapabilitiesSupportedByImageFlavors`: a version without flavors supports everything; otherwise
/// one flavor must be compatible with the machine type's capabilities.
pub fn capabilities_supported_by_flavors(
    machine_capabilities: &Capabilities,
    flavors: &[Capabilities],
    definitions: &[CapabilityDefinition],
) -> bool {
    flavors.is_empty()
        || flavors
            .iter()
            .any(|flavor| capabilities_compatible(flavor, machine_capabilities, definitions))
}

/// `AreCapabilitiesCompatible`: after filling each side's missing capabilities with the definition's
/// full value list, every defined capability must have a common value. Undefined names are ignored.
fn capabilities_compatible(
    a: &Capabilities,
    b: &Capabilities,
    definitions: &[CapabilityDefinition],
) -> bool {
    definitions.iter().all(|definition| {
        let a_values = a.get(&definition.name).unwrap_or(&definition.values);
        let b_values = b.get(&definition.name).unwrap_or(&definition.values);
        a_values.iter().any(|value| b_values.contains(value))
    })
}

/// `filterForCRI`: the version must offer the pool's CRI (containerd when unset) with every container
/// runtime the pool lists.
fn supports_worker_cri(version: &MachineImageVersion, worker: &Worker) -> bool {
    let wanted_name = worker
        .cri
        .as_ref()
        .map_or(DEFAULT_CRI, |cri| cri.name.as_str());
    let Some(offered) = version.cri.iter().find(|cri| cri.name == wanted_name) else {
        return false;
    };
    let wanted_runtimes = worker
        .cri
        .as_ref()
        .and_then(|cri| cri.container_runtimes.as_deref())
        .unwrap_or_default();
    let offered_runtimes = offered.container_runtimes.as_deref().unwrap_or_default();
    wanted_runtimes.iter().all(|wanted| {
        offered_runtimes
            .iter()
            .any(|runtime| runtime.runtime_type == wanted.runtime_type)
    })
}

/// `filterForKubeletVersionConstraint`. Gardener validates constraints on the CloudProfile, so an
/// unparsable one cannot occur there; it is treated here as not matching.
fn satisfies_kubelet_constraint(version: &MachineImageVersion, kubelet: &Version) -> bool {
    match &version.kubelet_version_constraint {
        None => true,
        Some(text) => Constraint::parse(text).is_ok_and(|constraint| constraint.check(kubelet)),
    }
}

/// `filterForInPlaceUpdateConstraint`: in-place updates must be supported, and the version must be the
/// current one or declare a `minVersionForUpdate` not above the current version (normalized compare).
fn usable_for_in_place_update(version: &MachineImageVersion, current: Option<&str>) -> bool {
    let (Some(current), Some(in_place)) = (current, &version.in_place_updates) else {
        return false;
    };
    if !in_place.supported {
        return false;
    }
    if version.version() == current {
        return true;
    }
    in_place
        .min_version_for_update
        .as_deref()
        .is_some_and(|min| compare_normalized(min, "<=", current) == Some(true))
}

impl crate::api::MachineImageVersion {
    /// `ArchitectureSupportedByImageVersion`: by its capability flavors, else its architectures.
    pub fn supports_architecture(
        &self,
        definitions: &[CapabilityDefinition],
        architecture: &str,
    ) -> bool {
        supports_architecture(
            &self.capability_flavors,
            &self.architectures,
            definitions,
            architecture,
        )
    }
}
