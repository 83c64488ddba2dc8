//! What the validation rules take besides the one model's objects (`crate::api`): the operation
//! checked and the API server's feature gates.

use crate::decode::FromValue;
use serde::{Deserialize, Serialize};

pub use crate::api::{
    Bastion, BastionMachineImage, BastionMachineType, Capabilities, CapabilityDefinition,
    CloudProfile, CloudProfileReference, CloudProfileSpec, ContainerRuntime, Cri, InPlaceUpdates,
    KubernetesSettings, LabelSelector, LabelSelectorRequirement, Limits, Machine, MachineImage,
    MachineImageVersion, MachineType, MachineTypeStorage, NamespacedCloudProfile,
    NamespacedCloudProfileSpec, ObjectMeta, Provider, Region, SeedSelector, Shoot,
    ShootMachineImage, ShootSpec, VolumeType, Worker, WorkerKubernetes, Zone,
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
