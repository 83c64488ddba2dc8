//! Gardener's `core.gardener.cloud/v1beta1` CloudProfile and NamespacedCloudProfile
//! (`pkg/apis/core/v1beta1/types_cloudprofile.go`, `types_namespacedcloudprofile.go`), for the
//! fields some area reads, and the API server's defaults for them
//! (`pkg/apis/core/v1beta1/defaults_cloudprofile.go`). Every area reads this one model, decoded
//! once per CloudProfile. Unknown fields are ignored; every field is optional on input, as in a
//! pasted manifest.

use super::{CloudProfileReference, Cri, ObjectMeta};
use super::{ExpirableVersion, LabelSelector, LabelSelectorRequirement};
use crate::decode::FromValue;
use crate::golang::null_as_default;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Capability name → supported values (`Capabilities` in Gardener's API).
pub type Capabilities = BTreeMap<String, Vec<String>>;

/// The capability whose values are CPU architectures.
pub const ARCHITECTURE_CAPABILITY: &str = "architecture";
/// Gardener's default architecture.
pub const DEFAULT_ARCHITECTURE: &str = "amd64";
/// Gardener's default (and only allowed) container runtime interface.
pub const DEFAULT_CRI: &str = "containerd";
/// The default machine image update strategy.
pub const DEFAULT_UPDATE_STRATEGY: &str = "major";

/// A CloudProfile (`core.gardener.cloud/v1beta1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CloudProfile {
    pub metadata: ObjectMeta,
    pub spec: CloudProfileSpec,
}

/// `CloudProfileSpec`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CloudProfileSpec {
    #[serde(rename = "type")]
    pub provider_type: String,
    pub kubernetes: KubernetesSettings,
    // The lists Go writes as `null` when empty (no `omitempty`) read as empty.
    #[serde(deserialize_with = "null_as_default")]
    pub machine_images: Vec<MachineImage>,
    #[serde(deserialize_with = "null_as_default")]
    pub machine_types: Vec<MachineType>,
    #[serde(deserialize_with = "null_as_default")]
    pub regions: Vec<Region>,
    pub volume_types: Vec<VolumeType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bastion: Option<Bastion>,
    /// Capability definitions (`machineCapabilities`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub machine_capabilities: Vec<CapabilityDefinition>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_selector: Option<SeedSelector>,
    /// PEM-encoded certificates of the CloudProfile's CA (`caBundle`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ca_bundle: Option<String>,
    /// Control-plane settings (`controlPlane`, gardener `b312835d` only: v1.149.3 has no such
    /// field).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub control_plane: Option<CloudProfileControlPlane>,
}

/// `CloudProfileControlPlane` (gardener `b312835d`): whether Shoots may pin their control plane
/// to zones (`spec.controlPlane.zones`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CloudProfileControlPlane {
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub allow_zone_pinning: bool,
}

impl CloudProfileSpec {
    /// `FindMachineTypeByName`.
    pub fn machine_type(&self, name: &str) -> Option<&MachineType> {
        self.machine_types
            .iter()
            .find(|machine_type| machine_type.name == name)
    }
}

/// `SeedSelector`: a label selector and provider types.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SeedSelector {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_labels: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_expressions: Option<Vec<LabelSelectorRequirement>>,
    /// The API server stores no empty list here (`omitempty`), so an empty one reads as absent.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub provider_types: Vec<String>,
}

impl SeedSelector {
    /// The label selector inside (Go embeds `metav1.LabelSelector`).
    pub fn label_selector(&self) -> LabelSelector {
        LabelSelector {
            match_labels: self.match_labels.clone(),
            match_expressions: self.match_expressions.clone(),
        }
    }
}

/// `Bastion` settings of a CloudProfile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Bastion {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_type: Option<BastionMachineType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_image: Option<BastionMachineImage>,
}

/// `BastionMachineType`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct BastionMachineType {
    pub name: String,
}

/// `BastionMachineImage`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct BastionMachineImage {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// `KubernetesSettings`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct KubernetesSettings {
    pub versions: Vec<ExpirableVersion>,
}

/// `MachineImage`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineImage {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_strategy: Option<String>,
    /// `null` (Go's encoding of an image without versions) reads as empty.
    #[serde(deserialize_with = "null_as_default")]
    pub versions: Vec<MachineImageVersion>,
}

impl MachineImage {
    /// The update strategy after API defaulting (`SetDefaults_MachineImage`).
    pub fn effective_update_strategy(&self) -> &str {
        self.update_strategy
            .as_deref()
            .unwrap_or(DEFAULT_UPDATE_STRATEGY)
    }
}

/// `MachineImageVersion`: an expirable version plus what a worker pool needs from it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct MachineImageVersion {
    #[serde(flatten)]
    pub expirable: ExpirableVersion,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cri: Vec<Cri>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub architectures: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kubelet_version_constraint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_place_updates: Option<InPlaceUpdates>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capability_flavors: Vec<Capabilities>,
}

impl MachineImageVersion {
    pub fn version(&self) -> &str {
        &self.expirable.version
    }
}

/// `InPlaceUpdates` of a machine image version.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct InPlaceUpdates {
    pub supported: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_version_for_update: Option<String>,
}

/// `MachineType` (only what version checks and defaulting read).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineType {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub architecture: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub storage: Option<MachineTypeStorage>,
    /// Whether new pools may use the type; the API server defaults it to `true`
    /// (`SetDefaults_MachineType`), which [`MachineType::is_usable`] reads for an absent value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usable: Option<bool>,
    #[serde(skip_serializing_if = "Capabilities::is_empty")]
    pub capabilities: Capabilities,
}

impl MachineType {
    /// `usable` after the API server's default.
    pub fn is_usable(&self) -> bool {
        self.usable.unwrap_or(true)
    }

    /// `MachineType.GetArchitecture`: the single `architecture` capability value (after capability
    /// defaulting from `definitions`), else the `architecture` field.
    pub fn effective_architecture<'a>(
        &'a self,
        definitions: &'a [CapabilityDefinition],
    ) -> Option<&'a str> {
        let from_capabilities = definitions
            .iter()
            .find(|definition| definition.name == ARCHITECTURE_CAPABILITY)
            .map(|definition| {
                (self.capabilities.get(ARCHITECTURE_CAPABILITY)).unwrap_or(&definition.values)
            });
        match from_capabilities {
            Some(values) if values.len() == 1 => values.first().map(String::as_str),
            _ => self.architecture.as_deref(),
        }
    }
}

/// `MachineTypeStorage`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineTypeStorage {
    /// The volume type the minimum applies to.
    #[serde(rename = "type", skip_serializing_if = "String::is_empty")]
    pub storage_type: String,
    #[serde(rename = "size", skip_serializing_if = "Option::is_none")]
    pub storage_size: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_size: Option<serde_json::Value>,
}

/// `Region`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Region {
    pub name: String,
    pub zones: Vec<Zone>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// The access restrictions Shoots in the region may ask for (`accessRestrictions[].name`).
    #[serde(rename = "accessRestrictions", skip_serializing_if = "Vec::is_empty")]
    pub access_restrictions: Vec<AccessRestriction>,
}

/// `AccessRestriction` of a region: its name (the options a Shoot sets are not read).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct AccessRestriction {
    pub name: String,
}

/// `AvailabilityZone`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Zone {
    pub name: String,
    #[serde(
        rename = "unavailableMachineTypes",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub unavailable_machine_types: Vec<String>,
    #[serde(
        rename = "unavailableVolumeTypes",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub unavailable_volume_types: Vec<String>,
}

/// `VolumeType`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct VolumeType {
    pub name: String,
    pub class: String,
    #[serde(rename = "minSize", skip_serializing_if = "Option::is_none")]
    pub min_size: Option<serde_json::Value>,
    /// Defaulted to `true` by the API server (`SetDefaults_VolumeType`); see [`VolumeType::is_usable`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usable: Option<bool>,
}

impl VolumeType {
    /// `usable` after the API server's default.
    pub fn is_usable(&self) -> bool {
        self.usable.unwrap_or(true)
    }
}

/// `Limits`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Limits {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_nodes_total: Option<i64>,
}

/// A NamespacedCloudProfile, as far as the version-removal check, the ShootValidator's
/// `ValidateCloudProfileChanges` and the merge of its profile (`MergeCloudProfiles`) read it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct NamespacedCloudProfile {
    pub metadata: ObjectMeta,
    pub spec: NamespacedCloudProfileSpec,
    #[serde(skip_serializing_if = "NamespacedCloudProfileStatus::is_empty")]
    pub status: NamespacedCloudProfileStatus,
}

/// `NamespacedCloudProfileStatus`: the merged profile the API server writes
/// (`cloudProfileSpec`), which Gardener reads for a Shoot that references the
/// NamespacedCloudProfile (`GetCloudProfileSpec`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NamespacedCloudProfileStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cloud_profile_spec: Option<CloudProfileSpec>,
}

impl NamespacedCloudProfileStatus {
    fn is_empty(&self) -> bool {
        self.cloud_profile_spec.is_none()
    }
}

/// `NamespacedCloudProfileSpec`: the parent and the overrides `MergeCloudProfiles` applies
/// (`crate::namespaced_cloud_profile`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NamespacedCloudProfileSpec {
    pub parent: CloudProfileReference,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes: Option<KubernetesSettings>,
    pub machine_images: Vec<MachineImage>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub machine_types: Vec<MachineType>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub volume_types: Vec<VolumeType>,
    /// Appended to the parent's `caBundle`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ca_bundle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CapabilityDefinition {
    pub name: String,
    /// `null` (Go's encoding of a definition without values) reads as empty.
    #[serde(deserialize_with = "null_as_default")]
    pub values: Vec<String>,
}
