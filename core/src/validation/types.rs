//! The parts of Gardener's `core.gardener.cloud/v1beta1` CloudProfile that the version rules read;
//! the Shoot is the one model's (`crate::api`). Unknown fields are ignored; every field is optional
//! on input, as in a pasted manifest.

pub use crate::constraints::selector::{LabelSelector, LabelSelectorRequirement};
use crate::decode::FromValue;
use crate::lifecycle::ExpirableVersion;
pub use crate::maintenance::types::{Capabilities, CapabilityDefinition};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `metadata` of an object: only what the rules and messages name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ObjectMeta {
    pub name: String,
    pub namespace: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<String>,
}

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
    pub machine_images: Vec<MachineImage>,
    pub machine_types: Vec<MachineType>,
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
    pub versions: Vec<MachineImageVersion>,
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

    /// `ArchitectureSupportedByImageVersion`: by its capability flavors, else its architectures.
    pub fn supports_architecture(
        &self,
        definitions: &[CapabilityDefinition],
        architecture: &str,
    ) -> bool {
        crate::maintenance::images::supports_architecture(
            &self.capability_flavors,
            &self.architectures,
            definitions,
            architecture,
        )
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

/// `CRI` (CloudProfile and Shoot side).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Cri {
    pub name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub container_runtimes: Vec<ContainerRuntime>,
}

/// `ContainerRuntime`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct ContainerRuntime {
    #[serde(rename = "type")]
    pub runtime_type: String,
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
    #[serde(skip_serializing_if = "Capabilities::is_empty")]
    pub capabilities: Capabilities,
}

/// `MachineTypeStorage`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineTypeStorage {
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
}

/// `AvailabilityZone`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Zone {
    pub name: String,
}

/// `VolumeType`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct VolumeType {
    pub name: String,
    pub class: String,
    #[serde(rename = "minSize", skip_serializing_if = "Option::is_none")]
    pub min_size: Option<serde_json::Value>,
}

/// `Limits`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Limits {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_nodes_total: Option<i64>,
}

/// A NamespacedCloudProfile, as far as the version-removal check reads it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct NamespacedCloudProfile {
    pub metadata: ObjectMeta,
    pub spec: NamespacedCloudProfileSpec,
}

/// `NamespacedCloudProfileSpec` (parent, Kubernetes versions and machine images).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NamespacedCloudProfileSpec {
    pub parent: CloudProfileReference,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes: Option<KubernetesSettings>,
    pub machine_images: Vec<MachineImage>,
}

pub use crate::api::{
    CloudProfileReference, Machine, Provider, Shoot, ShootMachineImage, ShootSpec, Worker,
    WorkerKubernetes,
};

/// The admission operation being evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    Create,
    Update,
    Delete,
}

/// The gardener-apiserver feature gates the rules depend on, with Gardener's defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "PascalCase")]
pub struct FeatureGates {
    /// Alpha, off by default.
    pub version_classification_lifecycle: bool,
    /// Beta, on by default.
    pub cloud_profile_capabilities: bool,
}

impl Default for FeatureGates {
    fn default() -> Self {
        FeatureGates {
            version_classification_lifecycle: false,
            cloud_profile_capabilities: true,
        }
    }
}
