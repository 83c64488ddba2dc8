//! CloudProfile rules: API defaults, create normalisation, static validation, update validation and the
//! admission check that versions still in use are not removed.
//!
//! Follows `pkg/apis/core/v1beta1/defaults_cloudprofile.go`, `pkg/apiserver/registry/core/cloudprofile/
//! strategy.go` (`PrepareForCreate`, `dropInactiveVersions`), `pkg/api/core/validation/cloudprofile.go` and
//! `utils.go` (`ValidateCloudProfile`, `ValidateCloudProfileUpdate`), and the CloudProfile branch of
//! `plugin/pkg/global/resourcereferencemanager/admission.go`.

use super::supported_overlap::{self, SupportedPeers};
use super::types::{
    Bastion, CapabilityDefinition, CloudProfile, CloudProfileReference, CloudProfileSpec, Cri,
    FeatureGates, KubernetesSettings, MachineImage, MachineImageVersion, MachineType,
    NamespacedCloudProfile, Operation, Region, Shoot, VolumeType,
};
use super::{go_quote, not_supported, parse_version};
use crate::constraints::selector::validate_label_selector;
use crate::decode::FromValue;
use crate::field::{FieldError, Path};
use crate::lifecycle::{Classification, ExpirableVersion, LifecycleStage};
use crate::maintenance::types::ARCHITECTURE_CAPABILITY as ARCHITECTURE;
use crate::sorting::CollectSorted;
use crate::validation::names;
use crate::version::Version;
use chrono::{DateTime, Utc};
use rustc_hash::FxHashSet as HashSet;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The outcome of creating or updating a CloudProfile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct CloudProfileValidation {
    /// Field errors of `ValidateCloudProfile` / `ValidateCloudProfileUpdate`.
    pub errors: Vec<FieldError>,
    /// The versions that are stored (after `PrepareForCreate` on create; unchanged on update).
    pub persisted_versions: PersistedVersions,
}

/// Version strings of a CloudProfile, per list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct PersistedVersions {
    pub kubernetes: Vec<String>,
    pub machine_images: BTreeMap<String, Vec<String>>,
}

impl PersistedVersions {
    pub fn of(profile: &CloudProfile) -> PersistedVersions {
        PersistedVersions {
            kubernetes: profile
                .spec
                .kubernetes
                .versions
                .iter()
                .map(|v| v.version.clone())
                .collect(),
            machine_images: profile
                .spec
                .machine_images
                .iter()
                .map(|image| {
                    (
                        image.name.clone(),
                        image
                            .versions
                            .iter()
                            .map(|v| v.version().to_string())
                            .collect(),
                    )
                })
                .collect_map(),
        }
    }
}

/// Creating or updating a CloudProfile: the v1beta1 defaults are applied, the errors are those of
/// `ValidateCloudProfile` on the submitted object (plus `ValidateCloudProfileSpecUpdate` against the
/// defaulted old profile on update), and the persisted versions are what `PrepareForCreate` keeps on
/// create (everything on update).
///
/// The errors are computed on the submitted versions, as Gardener's validation tests evaluate them; the
/// apiserver itself runs `PrepareForCreate` first, so a version it drops on create is never validated
/// (see [`prepare_for_create`] to reproduce that order).
pub fn validate_cloud_profile(
    profile: &CloudProfile,
    old: Option<&CloudProfile>,
    operation: Operation,
    gates: FeatureGates,
    now: DateTime<Utc>,
) -> CloudProfileValidation {
    let profile = crate::defaults::defaulted_cloud_profile(profile);
    let mut errors = validate_metadata_name(&profile.metadata.name);
    errors.extend(validate_spec(&profile.spec, gates, now));
    if operation == Operation::Update {
        if let Some(old) = old {
            let old = crate::defaults::defaulted_cloud_profile(old);
            errors.extend(validate_spec_update(&profile.spec, &old.spec, now));
        }
    }
    let persisted = if operation == Operation::Create {
        std::borrow::Cow::Owned(prepare_for_create(&profile, now))
    } else {
        profile
    };
    CloudProfileValidation {
        errors,
        persisted_versions: PersistedVersions::of(&persisted),
    }
}

/// `PrepareForCreate` → `dropInactiveVersions`: Kubernetes versions that are not active (expired or not
/// yet available) and machine image versions that are expired are removed.
pub fn prepare_for_create(profile: &CloudProfile, now: DateTime<Utc>) -> CloudProfile {
    let mut profile = profile.clone();
    profile
        .spec
        .kubernetes
        .versions
        .retain(|version| version.is_active(now));
    for image in &mut profile.spec.machine_images {
        image
            .versions
            .retain(|version| !version.expirable.is_expired(now));
    }
    profile
}

/// The ResourceReferenceManager's check on a CloudProfile update: removed Kubernetes versions must not be
/// the control-plane version of a related Shoot or listed by a NamespacedCloudProfile of this parent, and
/// removed machine image versions must not be used by a worker of a related Shoot. Returns the admission
/// rejection message, or `None` when the update is admitted.
pub fn validate_version_removal(
    profile: &CloudProfile,
    old: &CloudProfile,
    shoots: &[Shoot],
    namespaced_profiles: &[NamespacedCloudProfile],
) -> Option<String> {
    let new_kubernetes: HashSet<&str> = profile
        .spec
        .kubernetes
        .versions
        .iter()
        .map(|v| v.version.as_str())
        .collect();
    let removed_kubernetes: BTreeSet<&str> = old
        .spec
        .kubernetes
        .versions
        .iter()
        .map(|v| v.version.as_str())
        .filter(|v| !new_kubernetes.contains(v))
        .collect_set();
    let image_diff =
        MachineImageDiff::between(&old.spec.machine_images, &profile.spec.machine_images);
    let limits_changed = profile.spec.limits != old.spec.limits;
    if removed_kubernetes.is_empty()
        && image_diff.removed_versions.is_empty()
        && !image_diff.has_added_versions
        && !limits_changed
    {
        return None;
    }

    let name = &profile.metadata.name;
    let mut problems = Vec::new();
    let relevant: Vec<&NamespacedCloudProfile> = namespaced_profiles
        .iter()
        .filter(|ncp| {
            ncp.metadata.deletion_timestamp.is_none()
                && ncp.spec.parent.name == *name
                && ncp.spec.parent.kind == "CloudProfile"
        })
        .collect();
    for ncp in &relevant {
        let ncp_name = format!("{}/{}", ncp.metadata.namespace, ncp.metadata.name);
        if let Some(kubernetes) = &ncp.spec.kubernetes {
            for version in &kubernetes.versions {
                if removed_kubernetes.contains(version.version.as_str()) {
                    problems.push(format!(
                        "unable to delete Kubernetes version {} from CloudProfile {} - version is still in use by NamespacedCloudProfile '{}'",
                        go_quote(&version.version), go_quote(name), ncp_name
                    ));
                }
            }
        }
        for image in &ncp.spec.machine_images {
            if image_diff.removed_images.contains(&image.name) {
                problems.push(format!(
                    "unable to delete MachineImage {} from CloudProfile {} - MachineImage is still in use by NamespacedCloudProfile {}",
                    go_quote(&image.name), go_quote(name), go_quote(&ncp_name)
                ));
            }
            if image_diff.added_images.contains(&image.name) {
                problems.push(format!(
                    "unable to add MachineImage {} to CloudProfile {} - MachineImage is already defined by NamespacedCloudProfile {}",
                    go_quote(&image.name), go_quote(name), go_quote(&ncp_name)
                ));
            }
            if let Some(removed) = image_diff.removed_versions.get(&image.name) {
                for version in &image.versions {
                    if removed.contains(version.version()) {
                        problems.push(format!(
                            "unable to delete MachineImage version '{}/{}' from CloudProfile {} - version is still in use by NamespacedCloudProfile '{}'",
                            image.name, version.version(), go_quote(name), ncp_name
                        ));
                    }
                }
            }
        }
    }

    for shoot in shoots {
        if shoot.metadata.deletion_timestamp.is_some() || !shoot_is_related(shoot, name, &relevant)
        {
            continue;
        }
        let shoot_name = format!("{}/{}", shoot.metadata.namespace, shoot.metadata.name);
        if removed_kubernetes.contains(shoot.spec.kubernetes.version.as_str()) {
            problems.push(format!(
                "unable to delete Kubernetes version {} from CloudProfile {} - version is still in use by shoot '{}'",
                go_quote(&shoot.spec.kubernetes.version), go_quote(name), shoot_name
            ));
        }
        for worker in shoot.spec.provider.workers.iter() {
            let Some(image) = &worker.machine.image else {
                continue;
            };
            let Some(removed) = image_diff.removed_versions.get(&image.name) else {
                continue;
            };
            if removed.contains(image.version_str()) {
                problems.push(format!(
                    "unable to delete Machine image version '{}/{}' from CloudProfile {} - version is still in use by shoot '{}' by worker {}",
                    image.name, image.version_str(), go_quote(name), shoot_name, go_quote(&worker.name)
                ));
            }
        }
    }

    if problems.is_empty() {
        return None;
    }
    Some(format!(
        "cloudprofiles.core.gardener.cloud {} is forbidden: {}",
        go_quote(name),
        multierror_text(&problems)
    ))
}

/// `hashicorp/go-multierror`'s default formatting of an aggregated error.
fn multierror_text(problems: &[String]) -> String {
    if problems.len() == 1 {
        return format!("1 error occurred:\n\t* {}\n\n", problems[0]);
    }
    let items: Vec<String> = problems.iter().map(|p| format!("* {p}")).collect();
    format!(
        "{} errors occurred:\n\t{}\n\n",
        problems.len(),
        items.join("\n\t")
    )
}

/// `isShootRelatedToCloudProfile`.
fn shoot_is_related(
    shoot: &Shoot,
    profile_name: &str,
    relevant: &[&NamespacedCloudProfile],
) -> bool {
    let reference = match (&shoot.spec.cloud_profile, &shoot.spec.cloud_profile_name) {
        (Some(reference), _) => CloudProfileReference {
            kind: if reference.kind.is_empty() {
                "CloudProfile".to_string()
            } else {
                reference.kind.clone()
            },
            name: reference.name.clone(),
        },
        (None, Some(name)) if !name.is_empty() => CloudProfileReference {
            kind: "CloudProfile".to_string(),
            name: name.clone(),
        },
        _ => return false,
    };
    match reference.kind.as_str() {
        "CloudProfile" => reference.name == profile_name,
        "NamespacedCloudProfile" => relevant.iter().any(|ncp| {
            ncp.metadata.name == reference.name
                && ncp.metadata.namespace == shoot.metadata.namespace
                && ncp.spec.parent.name == profile_name
        }),
        _ => false,
    }
}

/// `helper.GetMachineImageDiff`, reduced to what the removal check reads.
struct MachineImageDiff {
    removed_images: BTreeSet<String>,
    added_images: BTreeSet<String>,
    removed_versions: BTreeMap<String, BTreeSet<String>>,
    has_added_versions: bool,
}

impl MachineImageDiff {
    fn between(old: &[MachineImage], new: &[MachineImage]) -> MachineImageDiff {
        let versions = |image: &MachineImage| -> BTreeSet<String> {
            image
                .versions
                .iter()
                .map(|v| v.version().to_string())
                .collect_set()
        };
        let find = |images: &[MachineImage], name: &str| -> Option<BTreeSet<String>> {
            // Later entries win, as when Gardener builds a map from the list.
            images.iter().rev().find(|i| i.name == name).map(versions)
        };
        let mut diff = MachineImageDiff {
            removed_images: BTreeSet::new(),
            added_images: BTreeSet::new(),
            removed_versions: BTreeMap::new(),
            has_added_versions: false,
        };
        for image in old {
            let old_versions = find(old, &image.name).unwrap_or_default();
            match find(new, &image.name) {
                None => {
                    diff.removed_images.insert(image.name.clone());
                    diff.removed_versions
                        .insert(image.name.clone(), old_versions);
                }
                Some(new_versions) => {
                    let removed: BTreeSet<String> =
                        old_versions.difference(&new_versions).cloned().collect();
                    if !removed.is_empty() {
                        diff.removed_versions.insert(image.name.clone(), removed);
                    }
                    if new_versions.difference(&old_versions).next().is_some() {
                        diff.has_added_versions = true;
                    }
                }
            }
        }
        for image in new {
            if find(old, &image.name).is_none() {
                diff.added_images.insert(image.name.clone());
                diff.has_added_versions = true;
            }
        }
        diff
    }
}

// ---------------------------------------------------------------------------------------------------
// Static validation (`ValidateCloudProfileSpec`)
// ---------------------------------------------------------------------------------------------------

const SUPPORTED_CLASSIFICATIONS: [&str; 4] = ["deprecated", "expired", "preview", "supported"];
const VALID_ARCHITECTURES: [&str; 2] = ["amd64", "arm64"];
const UPDATE_STRATEGIES: [&str; 3] = ["major", "minor", "patch"];

fn strings(values: &[&str]) -> Vec<String> {
    values.iter().map(|v| v.to_string()).collect()
}

/// `ValidateCloudProfileSpec` (machine capabilities, bastion, seed selector and CA bundle are not
/// evaluated).
pub fn validate_spec(
    spec: &CloudProfileSpec,
    gates: FeatureGates,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if spec.provider_type.is_empty() {
        errors.push(FieldError::required(
            "spec.type",
            "must provide a provider type",
        ));
    }
    let capabilities = capability_map(&spec.machine_capabilities);
    errors.extend(validate_capability_definitions(
        &spec.machine_capabilities,
        gates,
    ));
    errors.extend(validate_kubernetes_settings(&spec.kubernetes, gates, now));
    errors.extend(validate_machine_images(
        &spec.machine_images,
        &capabilities,
        gates,
        now,
    ));
    errors.extend(validate_machine_types(&spec.machine_types, &capabilities));
    errors.extend(validate_volume_types(&spec.volume_types));
    errors.extend(validate_regions(&spec.regions));
    if let Some(bastion) = &spec.bastion {
        errors.extend(validate_bastion(bastion, spec, now));
    }
    if let Some(max) = spec.limits.as_ref().and_then(|l| l.max_nodes_total) {
        if max <= 0 {
            errors.push(FieldError::invalid(
                "spec.limits.maxNodesTotal",
                "maxNodesTotal must be greater than 0",
            ));
        }
    }
    if let Some(selector) = &spec.seed_selector {
        let path = Path::new("spec.seedSelector");
        errors.extend(validate_label_selector(&selector.label_selector(), &path));
    }
    let bundle = spec.ca_bundle.as_deref();
    if bundle.is_some_and(|bundle| !crate::certificate::decodes_as_certificate(bundle)) {
        errors.push(FieldError::invalid(
            "spec.caBundle",
            "caBundle is not a valid PEM-encoded certificate",
        ));
    }
    errors
}

/// `ValidateCloudProfileSpecUpdate`.
pub fn validate_spec_update(
    new: &CloudProfileSpec,
    old: &CloudProfileSpec,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if let (Some(new_max), Some(old_max)) = (
        new.limits.as_ref().and_then(|l| l.max_nodes_total),
        old.limits.as_ref().and_then(|l| l.max_nodes_total),
    ) {
        if new_max < old_max {
            errors.push(FieldError::invalid(
                "spec.limits.maxNodesTotal",
                "maxNodesTotal cannot be decreased",
            ));
        }
    }
    errors.extend(validate_versions_update(
        new.kubernetes.versions.iter(),
        old.kubernetes.versions.iter(),
        "spec.kubernetes.versions",
        now,
    ));
    for (i, image) in new.machine_images.iter().enumerate() {
        let Some(old_image) = old
            .machine_images
            .iter()
            .rev()
            .find(|o| o.name == image.name)
        else {
            continue;
        };
        errors.extend(validate_versions_update(
            image.versions.iter().map(|v| &v.expirable),
            old_image.versions.iter().map(|v| &v.expirable),
            &format!("spec.machineImages[{i}].versions"),
            now,
        ));
    }
    errors
}

/// `ValidateCloudProfileExpirableVersionsUpdate`: a version that was past `unavailable` must not become
/// `unavailable` again.
fn validate_versions_update<'a>(
    new: impl Iterator<Item = &'a ExpirableVersion>,
    old: impl Iterator<Item = &'a ExpirableVersion>,
    path: &str,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    let old: BTreeMap<&str, &ExpirableVersion> = old.map(|v| (v.version.as_str(), v)).collect_map();
    let mut errors = Vec::new();
    for (i, version) in new.enumerate() {
        let Some(previous) = old.get(version.version.as_str()) else {
            continue;
        };
        if previous.classification_at(now) != Classification::Unavailable
            && version.classification_at(now) == Classification::Unavailable
        {
            errors.push(FieldError::forbidden(
                format!("{path}[{i}]"),
                "a version cannot be turned unavailable if it was already moved into a later lifecycle stage",
            ));
        }
    }
    errors
}

/// `validateCloudProfileKubernetesSettings`.
fn validate_kubernetes_settings(
    kubernetes: &KubernetesSettings,
    gates: FeatureGates,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let versions = &kubernetes.versions;
    if versions.is_empty() {
        errors.push(FieldError::required(
            "spec.kubernetes.versions",
            "must provide at least one Kubernetes version",
        ));
    }
    let latest = match latest_version(versions.iter()) {
        Ok(latest) => Some(latest),
        Err(_) => {
            errors.push(FieldError::invalid(
                "spec.kubernetes.versions",
                "failed to determine the latest kubernetes version from the cloud profile",
            ));
            None
        }
    };
    if let Some(latest) = latest {
        if latest.expiration_date.is_some() {
            errors.push(FieldError::invalid(
                "spec.kubernetes.versions[].expirationDate",
                format!(
                    "expiration date of latest kubernetes version ('{}') must not be set",
                    latest.version
                ),
            ));
        }
        if latest
            .lifecycle
            .last()
            .is_some_and(|stage| stage.classification == Classification::Expired)
        {
            errors.push(FieldError::invalid(
                "spec.kubernetes.versions[].lifecycle",
                format!(
                    "classification expired of latest kubernetes version ('{}') must not be set",
                    latest.version
                ),
            ));
        }
    }

    let mut seen = HashSet::default();
    let root = Path::new("spec.kubernetes.versions");
    for (i, version) in versions.iter().enumerate() {
        let path = root.index(i);
        if !is_three_part_numeric(&version.version) {
            errors.push(FieldError::invalid(
                path,
                r"all Kubernetes versions must match the regex ^([0-9]+\.){2}[0-9]+$",
            ));
        } else if !seen.insert(version.version.as_str()) {
            errors.push(FieldError::duplicate(path.child("version")));
        }
        errors.extend(validate_expirable_version(version, &path, gates));
    }
    let peers = SupportedPeers::of(versions);
    for (i, version) in versions.iter().enumerate() {
        errors.extend(supported_overlap::validate(
            version,
            peers.as_ref(),
            &root.index(i),
            now,
        ));
    }
    errors
}

/// `^([0-9]+\.){2}[0-9]+$`.
fn is_three_part_numeric(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `DetermineLatestExpirableVersion(versions, false)`'s first result: the highest version (the first of
/// equal ones), or an error when a version does not parse or there is none.
fn latest_version<'a>(
    versions: impl Iterator<Item = &'a ExpirableVersion>,
) -> Result<&'a ExpirableVersion, String> {
    let mut latest: Option<(Version, &ExpirableVersion)> = None;
    for version in versions {
        let parsed = parse_version(&version.version).map_err(|e| {
            format!(
                "error while parsing expirable version '{}': {}",
                version.version, e
            )
        })?;
        if latest.as_ref().is_none_or(|(best, _)| parsed > *best) {
            latest = Some((parsed, version));
        }
    }
    latest
        .map(|(_, v)| v)
        .ok_or_else(|| "unable to determine latest expirable version".to_string())
}

/// `validateExpirableVersion`.
fn validate_expirable_version(
    version: &ExpirableVersion,
    path: &Path,
    gates: FeatureGates,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if !version.lifecycle.is_empty() && !gates.version_classification_lifecycle {
        errors.push(FieldError::forbidden(
            path.child("lifecycle"),
            "lifecycles are not allowed with disabled VersionClassificationLifecycle feature gate",
        ));
        return errors;
    }
    if let Some(classification) = &version.classification {
        if !SUPPORTED_CLASSIFICATIONS.contains(&classification.as_str()) {
            errors.push(not_supported(
                path.child("classification"),
                &strings(&SUPPORTED_CLASSIFICATIONS),
            ));
        }
        if version.lifecycle.is_empty() && *classification == Classification::Expired {
            errors.push(FieldError::forbidden(
                path.child("classification"),
                "cannot specify `classification` expired",
            ));
        }
    }
    if (version.classification.is_some() || version.expiration_date.is_some())
        && !version.lifecycle.is_empty()
    {
        errors.push(FieldError::forbidden(
            *path,
            "cannot specify `classification` or `expirationDate` in combination with `lifecycle`",
        ));
    }
    errors.extend(validate_lifecycle(
        &version.lifecycle,
        &path.child("lifecycle"),
    ));
    errors
}

/// The lifecycle checks of `validateExpirableVersion`: known classifications, no repeats, ascending
/// order, start times present after the first stage and not decreasing.
fn validate_lifecycle(stages: &[LifecycleStage], path: &Path) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (i, stage) in stages.iter().enumerate() {
        if !SUPPORTED_CLASSIFICATIONS.contains(&stage.classification.as_str()) {
            errors.push(not_supported(
                path.index(i).child("classification"),
                &strings(&SUPPORTED_CLASSIFICATIONS),
            ));
        }
    }
    let mut seen = HashSet::default();
    for (i, stage) in stages.iter().enumerate() {
        if !seen.insert(stage.classification.as_str()) {
            errors.push(FieldError::duplicate(path.index(i).child("classification")));
        }
    }
    for i in 1..stages.len() {
        let previous = &stages[i - 1].classification;
        let current = &stages[i].classification;
        if rank(previous) > rank(current) {
            errors.push(FieldError::invalid(
                path.index(i).child("classification"),
                format!(
                    "lifecycle classifications not in expected order (preview, supported, deprecated, expired): {current} must be before {previous}"
                ),
            ));
        }
    }
    let mut previous_start: Option<DateTime<Utc>> = None;
    for (i, stage) in stages.iter().enumerate() {
        let Some(previous) = previous_start else {
            previous_start = Some(stage.start_time.unwrap_or(DateTime::<Utc>::MIN_UTC));
            continue;
        };
        let Some(start) = stage.start_time else {
            errors.push(FieldError::required(
                path.index(i),
                "only the leading lifecycle elements can have the start time optional",
            ));
            continue;
        };
        if start < previous {
            errors.push(FieldError::invalid(
                path.index(i),
                "lifecycle start times must be monotonically increasing",
            ));
        }
        previous_start = Some(start);
    }
    errors
}

/// `VersionClassification.Compare`'s order; unknown classifications rank like `unavailable`.
pub(super) fn rank(classification: &Classification) -> u8 {
    match classification {
        Classification::Preview => 1,
        Classification::Supported => 2,
        Classification::Deprecated => 3,
        Classification::Expired => 4,
        Classification::Unavailable | Classification::Other(_) => 0,
    }
}

/// `ValidateCloudProfileMachineImages` with `ValidateMachineImages` and the per-version checks.
fn validate_machine_images(
    images: &[MachineImage],
    capabilities: &CapabilityValues,
    gates: FeatureGates,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    let without_capabilities = capabilities.is_empty();
    let mut errors = Vec::new();
    if images.is_empty() {
        errors.push(FieldError::required(
            "spec.machineImages",
            "must provide at least one machine image",
        ));
        return errors;
    }
    for image in images.iter().filter(|i| !i.versions.is_empty()) {
        if let Err(error) = latest_version(image.versions.iter().map(|v| &v.expirable)) {
            errors.push(FieldError::invalid(
                "spec.machineImages",
                format!(
                    "failed to determine latest machine image version for image '{}': {}",
                    image.name, error
                ),
            ));
            break;
        }
    }
    let mut names = HashSet::default();
    let mut name_versions = HashSet::default();
    let root = Path::new("spec.machineImages");
    for (i, image) in images.iter().enumerate() {
        let path = root.index(i);
        if !names.insert(image.name.as_str()) {
            errors.push(FieldError::duplicate(path));
        }
        if image.name.is_empty() {
            errors.push(FieldError::required(
                path.child("name"),
                "machine image name must not be empty",
            ));
        } else if let Some(problems) = unprefixed_qualified_name_problems(&image.name) {
            errors.push(FieldError::invalid(
                path.child("name"),
                format!("machine image name must be a qualified name: {problems}"),
            ));
        }
        let versions = path.child("versions");
        if image.versions.is_empty() {
            errors.push(FieldError::required(
                versions,
                format!(
                    "must provide at least one version for the machine image '{}'",
                    image.name
                ),
            ));
        }
        if let Some(strategy) = &image.update_strategy {
            if !UPDATE_STRATEGIES.contains(&strategy.as_str()) {
                errors.push(not_supported(
                    path.child("updateStrategy"),
                    &strings(&UPDATE_STRATEGIES),
                ));
            }
        }
        for (j, version) in image.versions.iter().enumerate() {
            errors.extend(validate_machine_image_version(
                image,
                version,
                capabilities,
                &mut name_versions,
                &versions.index(j),
            ));
        }
    }
    for (i, image) in images.iter().enumerate() {
        let path = root.index(i);
        if image.update_strategy.is_none() {
            errors.push(FieldError::required(
                path.child("updateStrategy"),
                "must provide an update strategy",
            ));
        }
        let peers = SupportedPeers::of(image.versions.iter().map(|v| &v.expirable));
        let versions = path.child("versions");
        for (j, version) in image.versions.iter().enumerate() {
            let version_path = versions.index(j);
            errors.extend(validate_cri(&version.cri, &version_path.child("cri")));
            errors.extend(supported_overlap::validate(
                &version.expirable,
                peers.as_ref(),
                &version_path,
                now,
            ));
            errors.extend(validate_expirable_version(
                &version.expirable,
                &version_path,
                gates,
            ));
            if without_capabilities && version.architectures.is_empty() {
                errors.push(FieldError::required(
                    version_path.child("architectures"),
                    "must provide at least one architecture",
                ));
            }
            if without_capabilities && !version.capability_flavors.is_empty() {
                errors.push(FieldError::forbidden(
                    version_path.child("capabilityFlavors"),
                    "must not provide capabilities without global definition",
                ));
            }
        }
    }
    errors
}

/// `ValidateMachineImageVersion` (without capability flavors).
fn validate_machine_image_version(
    image: &MachineImage,
    version: &MachineImageVersion,
    capabilities: &CapabilityValues,
    name_versions: &mut HashSet<String>,
    path: &Path,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    // Gardener's key is the two joined by a hyphen, so `a-b` `c` and `a` `b-c` collide as there.
    if !name_versions.insert([image.name.as_str(), "-", version.version()].concat()) {
        errors.push(FieldError::duplicate(*path));
    }
    if version.version().is_empty() {
        errors.push(FieldError::required(path.child("version"), ""));
    }
    if parse_version(version.version()).is_err() {
        errors.push(FieldError::invalid(
            path.child("version"),
            "could not parse version. Use a semantic version. In case there is no semantic version for this image use the extensibility provider (define mapping in the CloudProfile) to map to the actual non semantic version",
        ));
    }
    if let Some(min) = version
        .in_place_updates
        .as_ref()
        .and_then(|u| u.min_version_for_update.as_deref())
    {
        if parse_version(min).is_err() {
            errors.push(FieldError::invalid(
                path.child("minVersionForInPlaceUpdate"),
                "could not parse version. Use a semantic version.",
            ));
        }
    }
    errors.extend(validate_image_version_flavors(version, capabilities, path));
    if let Some(constraint) = &version.kubelet_version_constraint {
        if let Err(error) = crate::semver_constraint::Constraint::parse(constraint) {
            errors.push(FieldError::invalid(
                path.child("kubeletVersionConstraint"),
                format!("cannot parse the kubeletVersionConstraint: {error}"),
            ));
        }
    }
    errors
}

/// `validateContainerRuntimesInterfaces`.
fn validate_cri(cris: &[Cri], path: &Path) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if cris.is_empty() {
        errors.push(FieldError::required(
            *path,
            "must provide at least one supported container runtime",
        ));
        return errors;
    }
    let mut seen = HashSet::default();
    for (i, cri) in cris.iter().enumerate() {
        let cri_path = path.index(i);
        if !seen.insert(cri.name.as_str()) {
            errors.push(FieldError::duplicate(cri_path));
        }
        if cri.name != "containerd" {
            errors.push(not_supported(
                cri_path.child("name"),
                &strings(&["containerd"]),
            ));
        }
        let mut runtimes = HashSet::default();
        for (j, runtime) in cri.runtimes().iter().enumerate() {
            let runtimes_path = cri_path.child("containerRuntimes");
            let runtime_path = runtimes_path.index(j);
            let type_path = runtime_path.child("type");
            if let Some(problems) = unprefixed_qualified_name_problems(&runtime.runtime_type) {
                errors.push(FieldError::invalid(
                    type_path,
                    format!("container runtime type must be a qualified name: {problems}"),
                ));
            }
            if !runtimes.insert(runtime.runtime_type.as_str()) {
                errors.push(FieldError::duplicate(type_path));
            }
        }
    }
    errors
}

/// `validateCloudProfileMachineTypes` (resource quantities are only checked for a negative sign).
fn validate_machine_types(
    types: &[MachineType],
    capabilities: &CapabilityValues,
) -> Vec<FieldError> {
    let without_capabilities = capabilities.is_empty();
    let mut errors = Vec::new();
    if types.is_empty() {
        errors.push(FieldError::required(
            "spec.machineTypes",
            "must provide at least one machine type",
        ));
    }
    let mut names = HashSet::default();
    for (i, machine_type) in types.iter().enumerate() {
        let path = format!("spec.machineTypes[{i}]");
        if machine_type.name.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.name"),
                "must provide a name",
            ));
        } else if let Some(problems) = unprefixed_qualified_name_problems(&machine_type.name) {
            errors.push(FieldError::invalid(
                format!("{path}.name"),
                format!("machine type name must be a qualified name: {problems}"),
            ));
        }
        if !names.insert(machine_type.name.as_str()) {
            errors.push(FieldError::duplicate(format!("{path}.name")));
            continue;
        }
        for (name, value) in [
            ("cpu", &machine_type.cpu),
            ("gpu", &machine_type.gpu),
            ("memory", &machine_type.memory),
        ] {
            if quantity_is_negative(value) {
                errors.push(FieldError::invalid(
                    format!("{path}.{name}"),
                    "must be greater than or equal to 0",
                ));
            }
        }
        if let Some(storage) = &machine_type.storage {
            let storage_path = format!("{path}.storage");
            match (&storage.storage_size, &storage.min_size) {
                (None, None) => errors.push(FieldError::invalid(
                    storage_path,
                    r#"must either configure "size" or "minSize""#,
                )),
                (Some(_), Some(_)) => errors.push(FieldError::invalid(
                    storage_path,
                    r#"not allowed to configure both "size" and "minSize""#,
                )),
                (size, min_size) => {
                    let (name, value) = if size.is_some() {
                        ("size", size)
                    } else {
                        ("minSize", min_size)
                    };
                    if quantity_is_negative(value) {
                        errors.push(FieldError::invalid(
                            format!("{storage_path}.{name}"),
                            "must be greater than or equal to 0",
                        ));
                    }
                }
            }
        }
        errors.extend(validate_machine_type_capabilities(
            machine_type,
            capabilities,
            &path,
        ));
    }
    if without_capabilities {
        for (i, machine_type) in types.iter().enumerate() {
            if machine_type
                .architecture
                .as_deref()
                .unwrap_or("")
                .is_empty()
            {
                errors.push(FieldError::required(
                    format!("spec.machineTypes[{i}].architecture"),
                    "must provide an architecture",
                ));
            }
            if !machine_type.capabilities.is_empty() {
                errors.push(FieldError::forbidden(
                    format!("spec.machineTypes[{i}].capabilities"),
                    "must not provide capabilities without global definition",
                ));
            }
        }
    }
    errors
}

// ----- capabilities -----

/// `CapabilityDefinitionsToCapabilities`: each definition's values by name (a repeated name's
/// last).
type CapabilityValues<'a> = BTreeMap<&'a str, &'a [String]>;

fn capability_map(definitions: &[CapabilityDefinition]) -> CapabilityValues<'_> {
    (definitions.iter())
        .map(|definition| (definition.name.as_str(), definition.values.as_slice()))
        .collect_map()
}

/// `validateCapabilityDefinitions`: the feature gate, unique names outside Gardener's prefix, an
/// `architecture` capability of known architectures, and qualified, non-empty names and values.
fn validate_capability_definitions(
    definitions: &[CapabilityDefinition],
    gates: FeatureGates,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if definitions.is_empty() {
        return errors;
    }
    let path = Path::new("spec.machineCapabilities");
    if !gates.cloud_profile_capabilities {
        errors.push(FieldError::forbidden(
            path,
            "machineCapabilities are not allowed with disabled CloudProfileCapabilities feature gate",
        ));
    }
    let mut seen = BTreeSet::new();
    for (i, definition) in definitions.iter().enumerate() {
        let name_path = path.index(i);
        if !seen.insert(definition.name.as_str()) {
            errors.push(FieldError::duplicate(name_path.child("name")));
        }
        if definition.name.starts_with("gardener-") {
            errors.push(FieldError::forbidden(
                name_path.child("name"),
                "the \"gardener-\" prefix is reserved for Gardener-core capabilities",
            ));
        }
    }
    let capabilities = capability_map(definitions);
    match capabilities.get(ARCHITECTURE) {
        None => errors.push(FieldError::required(
            path.child(ARCHITECTURE),
            "architecture capability is required",
        )),
        Some(values) => {
            // One error per unknown value; Go's error carries the value, ours only the place.
            let unknown = values
                .iter()
                .filter(|v| !VALID_ARCHITECTURES.contains(&v.as_str()));
            errors.extend(unknown.map(|_| {
                FieldError::invalid(
                    path.child(ARCHITECTURE),
                    "allowed architectures are: amd64, arm64",
                )
            }));
        }
    }
    for (key, values) in &capabilities {
        if key.is_empty() {
            errors.push(FieldError::required(
                path,
                "capability keys must not be empty",
            ));
        } else {
            let problems = unprefixed_qualified_name_errors(key);
            if !problems.is_empty() {
                errors.push(FieldError::invalid(
                    path,
                    format!(
                        "capability key must be qualified name: {}",
                        problems.join(", ")
                    ),
                ));
            }
        }
        let key_path = path.child(key);
        if values.is_empty() {
            errors.push(FieldError::required(
                key_path,
                "capability values must not be empty",
            ));
        }
        for (i, value) in values.iter().enumerate() {
            if value.is_empty() {
                errors.push(FieldError::required(
                    key_path.index(i),
                    "capability values must not be empty",
                ));
                continue;
            }
            let problems = unprefixed_qualified_name_errors(value);
            if !problems.is_empty() {
                errors.push(FieldError::invalid(
                    key_path.index(i),
                    format!(
                        "capability value must be qualified name: {}",
                        problems.join(", ")
                    ),
                ));
            }
        }
    }
    errors
}

/// `validateMachineImageVersionFlavors`: the architectures (`validateMachineImageVersionArchitecture`)
/// and every flavor's capabilities against the definitions.
fn validate_image_version_flavors(
    version: &MachineImageVersion,
    capabilities: &CapabilityValues,
    path: &Path,
) -> Vec<FieldError> {
    let mut errors = validate_image_version_architecture(version, capabilities, path);
    if capabilities.is_empty() {
        return errors;
    }
    let flavors_path = path.child("capabilityFlavors");
    for (i, flavor) in version.capability_flavors.iter().enumerate() {
        let flavor_path = flavors_path.index(i);
        errors.extend(unsupported_capabilities(flavor, capabilities, &flavor_path));
    }
    errors
}

/// A capability set's names and values that the definitions do not know, each `NotSupported`.
fn unsupported_capabilities(
    given: &BTreeMap<String, Vec<String>>,
    capabilities: &CapabilityValues,
    path: &Path,
) -> Vec<FieldError> {
    let known_names: Vec<String> = capabilities.keys().map(|k| k.to_string()).collect();
    let mut errors = Vec::new();
    for (name, values) in given {
        let Some(supported) = capabilities.get(name.as_str()) else {
            errors.push(not_supported(*path, &known_names));
            continue;
        };
        let value_path = path.child(name);
        for (i, value) in values.iter().enumerate() {
            if !supported.contains(value) {
                errors.push(not_supported(value_path.index(i), supported));
            }
        }
    }
    errors
}

/// `validateMachineImageVersionArchitecture`.
fn validate_image_version_architecture(
    version: &MachineImageVersion,
    capabilities: &CapabilityValues,
    path: &Path,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let valid = strings(&VALID_ARCHITECTURES);
    let mut supported: &[String] = &valid;
    if !capabilities.is_empty() {
        supported = capabilities.get(ARCHITECTURE).copied().unwrap_or_default();
        let flavors = &version.capability_flavors;
        if supported.len() > 1 && flavors.is_empty() {
            errors.push(FieldError::required(
                path.child("capabilityFlavors"),
                "must provide at least one image flavor when multiple architectures are defined in spec.machineCapabilities",
            ));
            return errors;
        }
        let flavors_path = path.child("capabilityFlavors");
        for (i, flavor) in flavors.iter().enumerate() {
            let values = flavor.get(ARCHITECTURE).map_or(&[][..], Vec::as_slice);
            let flavor_path = flavors_path.index(i);
            if values.is_empty() && supported.len() > 1 {
                errors.push(FieldError::required(
                    flavor_path.child(ARCHITECTURE),
                    "must specify one architecture explicitly as multiple architectures are defined in spec.machineCapabilities",
                ));
            } else if values.len() > 1 {
                errors.push(FieldError::invalid(
                    flavor_path.child(ARCHITECTURE),
                    "must not define more than one architecture within an image flavor",
                ));
            }
        }
        let mut from_flavors: BTreeSet<&str> = (flavors.iter())
            .flat_map(|flavor| flavor.get(ARCHITECTURE).into_iter().flatten())
            .map(String::as_str)
            .collect_set();
        if from_flavors.is_empty() && supported.len() == 1 {
            from_flavors = supported.iter().map(String::as_str).collect_set();
        }
        let conflicting =
            !(version.architectures.iter()).all(|a| from_flavors.contains(a.as_str()));
        if !version.architectures.is_empty() && conflicting {
            // Go lists the capability architectures from a set, in no fixed order.
            let listed: Vec<&str> = from_flavors.into_iter().collect();
            errors.push(FieldError::invalid(
                path.child("architectures"),
                format!(
                    "architecture field values set ({}) conflict with the capability architectures ({})",
                    version.architectures.join(","),
                    listed.join(",")
                ),
            ));
        }
    }
    for (i, architecture) in version.architectures.iter().enumerate() {
        if !supported.contains(architecture) {
            errors.push(not_supported(
                path.child("architectures").index(i),
                supported,
            ));
        }
    }
    errors
}

/// `validateMachineTypeCapabilities`: its architecture (`validateMachineTypeArchitecture`) and its
/// capabilities against the definitions.
fn validate_machine_type_capabilities(
    machine_type: &MachineType,
    capabilities: &CapabilityValues,
    path: &str,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let architecture = machine_type.architecture.as_deref().unwrap_or("");
    if !capabilities.is_empty() {
        let values = (machine_type.capabilities.get(ARCHITECTURE)).map_or(&[][..], Vec::as_slice);
        if values.len() > 1 {
            errors.push(FieldError::invalid(
                format!("{path}.capabilities.architecture"),
                "must not define more than one architecture",
            ));
        }
        if let [capability] = values {
            if !architecture.is_empty() && architecture != capability {
                errors.push(FieldError::invalid(
                    format!("{path}.architecture"),
                    format!("machine type architecture ({architecture}) conflicts with the capability architecture ({capability})"),
                ));
            }
        }
    }
    if !architecture.is_empty() && !VALID_ARCHITECTURES.contains(&architecture) {
        errors.push(not_supported(
            format!("{path}.architecture"),
            &strings(&VALID_ARCHITECTURES),
        ));
    }
    if !capabilities.is_empty() {
        let capabilities_path = format!("{path}.capabilities");
        let capabilities_path = Path::new(&capabilities_path);
        errors.extend(unsupported_capabilities(
            &machine_type.capabilities,
            capabilities,
            &capabilities_path,
        ));
    }
    errors
}

fn quantity_is_negative(value: &Option<serde_json::Value>) -> bool {
    match value {
        Some(serde_json::Value::String(text)) => text.trim_start().starts_with('-'),
        Some(serde_json::Value::Number(number)) => number.as_f64().is_some_and(|n| n < 0.0),
        _ => false,
    }
}

/// `validateVolumeTypes`.
fn validate_volume_types(types: &[VolumeType]) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let mut names = HashSet::default();
    for (i, volume_type) in types.iter().enumerate() {
        let path = format!("spec.volumeTypes[{i}]");
        if volume_type.name.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.name"),
                "must provide a name",
            ));
        } else if let Some(problems) = unprefixed_qualified_name_problems(&volume_type.name) {
            errors.push(FieldError::invalid(
                format!("{path}.name"),
                format!("volume type name must be a qualified name: {problems}"),
            ));
        }
        if !names.insert(volume_type.name.as_str()) {
            errors.push(FieldError::duplicate(format!("{path}.name")));
            break;
        }
        if volume_type.class.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.class"),
                "must provide a class",
            ));
        } else if let Some(problems) = unprefixed_qualified_name_problems(&volume_type.class) {
            errors.push(FieldError::invalid(
                format!("{path}.class"),
                format!("volume class must be a qualified name: {problems}"),
            ));
        }
        if quantity_is_negative(&volume_type.min_size) {
            errors.push(FieldError::invalid(
                format!("{path}.minSize"),
                "must be greater than or equal to 0",
            ));
        }
    }
    errors
}

/// `validateCloudProfileRegions`: names, zones and labels.
fn validate_regions(regions: &[Region]) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if regions.is_empty() {
        errors.push(FieldError::required(
            "spec.regions",
            "must provide at least one region",
        ));
    }
    let mut names = HashSet::default();
    for (i, region) in regions.iter().enumerate() {
        let path = format!("spec.regions[{i}]");
        if region.name.is_empty() {
            errors.push(FieldError::required(
                format!("{path}.name"),
                "must provide a region name",
            ));
        } else if !names.insert(region.name.as_str()) {
            errors.push(FieldError::duplicate(format!("{path}.name")));
        }
        let mut zones = HashSet::default();
        for (j, zone) in region.zones.iter().enumerate() {
            let zone_path = format!("{path}.zones[{j}].name");
            if zone.name.is_empty() {
                errors.push(FieldError::required(zone_path, "zone name cannot be empty"));
            } else if !zones.insert(zone.name.as_str()) {
                errors.push(FieldError::duplicate(zone_path));
            }
        }
        // `ValidateLabels`, the keys in order (Gardener walks a Go map).
        let labels_path = format!("{path}.labels");
        for (key, value) in &region.labels {
            names::validate_label(key, value, &labels_path, &mut errors);
        }
    }
    errors
}

/// `ValidateObjectMeta`'s name check for a cluster-scoped object named like a DNS subdomain.
fn validate_metadata_name(name: &str) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if name.is_empty() {
        errors.push(FieldError::required(
            "metadata.name",
            "name or generateName is required",
        ));
        return errors;
    }
    let messages = names::dns1123_subdomain(name, names::CHARACTERS);
    names::invalid_each("metadata.name", messages, &mut errors);
    errors
}

/// `validateCloudProfileBastion`: the bastion needs a machine type or image, both must exist, and the
/// image needs a version with the legacy classification `supported` for the machine type's architecture.
fn validate_bastion(
    bastion: &Bastion,
    spec: &CloudProfileSpec,
    now: DateTime<Utc>,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if bastion.machine_type.is_none() && bastion.machine_image.is_none() {
        errors.push(FieldError::invalid(
            "spec.bastion",
            "bastion section needs a machine type or machine image",
        ));
    }
    let mut architecture: Option<String> = None;
    if let Some(machine_type) = &bastion.machine_type {
        match spec.machine_type(&machine_type.name) {
            // `MachineType.GetArchitecture`: a single architecture of its capabilities (defaulted from
            // the definitions), else the legacy field.
            Some(found) => {
                let from = found.effective_architecture(&spec.machine_capabilities);
                architecture = Some(from.unwrap_or_default().to_string());
            }
            None => {
                errors.push(FieldError::invalid(
                    "spec.bastion.machineType.name",
                    "machine type not found in spec.machineTypes",
                ));
                architecture = None;
            }
        }
    }
    let Some(image) = &bastion.machine_image else {
        return errors;
    };
    let Some(found) = spec.machine_images.iter().find(|i| i.name == image.name) else {
        errors.push(FieldError::invalid(
            "spec.bastion.machineImage.name",
            "image name not found in spec.machineImages",
        ));
        return errors;
    };
    let (candidates, path): (Vec<&MachineImageVersion>, &str) = match &image.version {
        None => (
            found.versions.iter().collect(),
            "spec.bastion.machineImage.name",
        ),
        Some(version) => match found.versions.iter().find(|v| v.version() == version) {
            Some(v) => (vec![v], "spec.bastion.machineImage.version"),
            None => {
                errors.push(FieldError::invalid(
                    "spec.bastion.machineImage.version",
                    "image version not found in spec.machineImages",
                ));
                return errors;
            }
        },
    };
    let fits = candidates.iter().any(|version| {
        let architecture_ok = architecture.as_ref().is_none_or(|arch| {
            internal_supports_architecture(version, &spec.machine_capabilities, arch)
        });
        let supported =
            version.expirable.classification.is_some() && version.expirable.is_supported(now);
        architecture_ok && supported
    });
    if !fits {
        errors.push(FieldError::invalid(
            path,
            format!(
                "no image with classification supported and arch {} found",
                go_quote(architecture.as_deref().unwrap_or("<nil>"))
            ),
        ));
    }
    errors
}

/// `MachineImageVersion.SupportsArchitecture` of the internal API (`pkg/apis/core/types_cloudprofile.go`):
/// without capability definitions the version's `architectures`; with them an architecture of one of
/// its flavors, else one the `architecture` definition lists.
fn internal_supports_architecture(
    version: &MachineImageVersion,
    definitions: &[CapabilityDefinition],
    architecture: &str,
) -> bool {
    if definitions.is_empty() {
        return version.architectures.iter().any(|a| a == architecture);
    }
    let in_flavors = version.capability_flavors.iter().any(|flavor| {
        flavor
            .get(ARCHITECTURE)
            .is_some_and(|values| values.iter().any(|a| a == architecture))
    });
    // The definitions become a map: a repeated name keeps its last values.
    in_flavors
        || definitions
            .iter()
            .rev()
            .find(|definition| definition.name == ARCHITECTURE)
            .is_some_and(|definition| definition.values.iter().any(|a| a == architecture))
}

/// `validateUnprefixedQualifiedName`: rendered as Go prints a `[]string` (`[a b]`). `None` when the
/// name is fine.
fn unprefixed_qualified_name_problems(name: &str) -> Option<String> {
    let problems = unprefixed_qualified_name_errors(name);
    (!problems.is_empty()).then(|| format!("[{}]", problems.join(" ")))
}

/// `validateUnprefixedQualifiedName`: Kubernetes' `IsQualifiedName` messages, else a prefix's.
fn unprefixed_qualified_name_errors(name: &str) -> Vec<String> {
    let problems = names::label_key(name);
    if problems.is_empty() && name.contains('/') {
        return vec![format!("name '{name}' must not contain a prefix")];
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn profile(yaml: &str) -> CloudProfile {
        crate::defaults::cloud_profile_with_defaults(serde_yaml::from_str(yaml).unwrap())
    }

    const BASE: &str = r#"
metadata: {name: p}
spec:
  type: t
  kubernetes: {versions: [{version: 1.30.1}, {version: 1.29.5}]}
  machineImages: [{name: img, versions: [{version: 1.0.0}]}]
  machineTypes: [{name: m, cpu: "2", gpu: "0", memory: 8Gi}]
  regions: [{name: r}]
"#;

    #[test]
    fn a_profile_is_copied_for_its_defaults_exactly_when_one_is_missing() {
        let complete = profile(BASE);
        assert!(matches!(
            &crate::defaults::defaulted_cloud_profile(&complete),
            std::borrow::Cow::Borrowed(_)
        ));
        type Removal = fn(&mut CloudProfile);
        let removals: [(&str, Removal); 4] = [
            ("update strategy", |p| {
                p.spec.machine_images[0].update_strategy = None
            }),
            ("CRI", |p| p.spec.machine_images[0].versions[0].cri.clear()),
            ("image architectures", |p| {
                p.spec.machine_images[0].versions[0].architectures.clear()
            }),
            ("machine type architecture", |p| {
                p.spec.machine_types[0].architecture = None
            }),
        ];
        for (missing, remove) in removals {
            let mut lacking = complete.clone();
            remove(&mut lacking);
            let copy = crate::defaults::defaulted_cloud_profile(&lacking);
            assert!(matches!(copy, std::borrow::Cow::Owned(_)), "{missing}");
            assert_eq!(*copy, complete, "{missing}");
        }
        // With machine capabilities, architectures are not defaulted, so not missing either.
        let mut with_capabilities = complete.clone();
        with_capabilities.spec.machine_capabilities =
            serde_yaml::from_str("[{name: architecture, values: [amd64]}]").unwrap();
        with_capabilities.spec.machine_types[0].architecture = None;
        with_capabilities.spec.machine_images[0].versions[0]
            .architectures
            .clear();
        assert!(matches!(
            &crate::defaults::defaulted_cloud_profile(&with_capabilities),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn defaulted_minimal_profile_is_valid() {
        let result = validate_cloud_profile(
            &profile(BASE),
            None,
            Operation::Create,
            FeatureGates::default(),
            at("2026-01-01T00:00:00Z"),
        );
        assert_eq!(result.errors, vec![]);
    }

    #[test]
    fn supported_patches_of_one_minor_overlap_in_images_too_unless_a_supported_one_does_not_parse()
    {
        let overlap = |image_versions: &[(&str, bool)]| -> Vec<String> {
            let mut p = profile(BASE);
            let image = &mut p.spec.machine_images[0];
            let template = image.versions[0].clone();
            image.versions = (image_versions.iter())
                .map(|(version, supported)| {
                    let mut v = template.clone();
                    v.expirable.version = version.to_string();
                    v.expirable.classification = supported.then_some(Classification::Supported);
                    v
                })
                .collect();
            let errors =
                validate_spec(&p.spec, FeatureGates::default(), at("2026-01-01T00:00:00Z"));
            (errors.into_iter())
                .filter(|e| e.detail.contains("must not overlap per minor"))
                .map(|e| e.field)
                .collect()
        };
        let versions = "spec.machineImages[0].versions";
        assert_eq!(
            overlap(&[("1.2.0", true), ("1.3.0", true), ("1.2.1", true)]),
            [format!("{versions}[0]"), format!("{versions}[2]")]
        );
        // A version that is not supported anywhere is passed over, one that is stops the check.
        assert_eq!(
            overlap(&[("1.2.0", true), ("x", false), ("1.2.1", true)]).len(),
            2
        );
        assert_eq!(
            overlap(&[("1.2.0", true), ("x", true), ("1.2.1", true)]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn two_legacy_supported_patches_of_one_minor_each_get_an_error() {
        let mut p = profile(BASE);
        for v in &mut p.spec.kubernetes.versions {
            v.version = v.version.replace("1.29", "1.30");
            v.classification = Some(Classification::Supported);
        }
        let errors = validate_spec(&p.spec, FeatureGates::default(), at("2026-01-01T00:00:00Z"));
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            ["spec.kubernetes.versions[0]", "spec.kubernetes.versions[1]"]
        );
        assert!(errors[0]
            .detail
            .starts_with("unable to add version \"1.30.1\""));
    }

    #[test]
    fn lifecycle_needs_the_feature_gate() {
        let mut p = profile(BASE);
        p.spec.kubernetes.versions[1].lifecycle = vec![LifecycleStage {
            classification: Classification::Preview,
            start_time: None,
        }];
        let errors = validate_spec(&p.spec, FeatureGates::default(), at("2026-01-01T00:00:00Z"));
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].field, "spec.kubernetes.versions[1].lifecycle");
        assert_eq!(
            errors[0].error_type,
            crate::field::ErrorType::FieldValueForbidden
        );
    }

    #[test]
    fn create_drops_inactive_kubernetes_but_only_expired_image_versions() {
        let p = profile(
            r#"
spec:
  kubernetes:
    versions:
    - {version: 1.30.1}
    - {version: 1.29.5, expirationDate: "2025-01-01T00:00:00Z"}
    - {version: 1.31.0, lifecycle: [{classification: preview, startTime: "2027-01-01T00:00:00Z"}]}
  machineImages:
  - name: img
    versions:
    - {version: 2.0.0, lifecycle: [{classification: preview, startTime: "2027-01-01T00:00:00Z"}]}
    - {version: 1.0.0, expirationDate: "2025-01-01T00:00:00Z"}
"#,
        );
        let kept = PersistedVersions::of(&prepare_for_create(&p, at("2026-01-01T00:00:00Z")));
        assert_eq!(kept.kubernetes, ["1.30.1"]);
        assert_eq!(kept.machine_images["img"], ["2.0.0"]);
    }

    #[test]
    fn removal_of_used_versions_is_reported_per_user() {
        let old = profile(BASE);
        let mut new = old.clone();
        new.spec.kubernetes.versions.truncate(1);
        new.spec.machine_images[0].versions[0].expirable.version = "1.0.1".to_string();
        let shoot: Shoot = serde_yaml::from_str(
            r#"
metadata: {name: s, namespace: garden-a}
spec:
  cloudProfileName: p
  kubernetes: {version: 1.29.5}
  provider: {workers: [{name: w, machine: {image: {name: img, version: 1.0.0}}}]}
"#,
        )
        .unwrap();
        let message =
            validate_version_removal(&new, &old, std::slice::from_ref(&shoot), &[]).unwrap();
        assert!(message.starts_with(
            "cloudprofiles.core.gardener.cloud \"p\" is forbidden: 2 errors occurred:"
        ));
        assert!(message.contains("unable to delete Kubernetes version \"1.29.5\" from CloudProfile \"p\" - version is still in use by shoot 'garden-a/s'"));
        assert!(message.contains("unable to delete Machine image version 'img/1.0.0' from CloudProfile \"p\" - version is still in use by shoot 'garden-a/s' by worker \"w\""));

        let mut deleting = shoot;
        deleting.metadata.deletion_timestamp = "2026-01-01T00:00:00Z".parse().ok();
        assert_eq!(validate_version_removal(&new, &old, &[deleting], &[]), None);
    }

    #[test]
    fn qualified_names_follow_kubernetes() {
        assert_eq!(unprefixed_qualified_name_problems("ubuntu-22.04"), None);
        assert_eq!(
            unprefixed_qualified_name_problems("example.com/img"),
            Some("[name 'example.com/img' must not contain a prefix]".to_string())
        );
        assert!(unprefixed_qualified_name_problems("-bad")
            .unwrap()
            .starts_with("[name part must consist of alphanumeric characters"));
    }
}
