//! The parts of Gardener's v1beta1 `CloudProfile` that maintenance reads, and what maintenance asks
//! of the one model's `Shoot` (`crate::api`), which it reads and writes.
//!
//! Every struct keeps the fields it does not model in `extra`, so a pasted object survives a
//! maintenance run unchanged apart from what Gardener itself would change. Field names are camelCase as
//! in Gardener's API; missing fields take the values Gardener's API defaulting would give them (see the
//! `effective_*` accessors), so pasted objects need not be defaulted first.

use crate::decode::FromValue;
use crate::lifecycle::ExpirableVersion;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

pub use crate::api::{
    AdmissionPlugin, AutoUpdate, ComponentConfig, ContainerRuntime, Cri, Dns, Extra,
    LastMaintenance, Machine, Maintenance, Provider, Shoot, ShootMachineImage, ShootSpec,
    ShootStatus, Worker, WorkerKubernetes,
};

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

// ---------------------------------------------------------------------------------------------
// CloudProfile
// ---------------------------------------------------------------------------------------------

/// A `CloudProfile` (v1beta1), reduced to what maintenance reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CloudProfile {
    pub metadata: ObjectMeta,
    pub spec: CloudProfileSpec,
    #[serde(flatten)]
    pub extra: Extra,
}

/// Object metadata: only the name and annotations are read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CloudProfileSpec {
    pub kubernetes: KubernetesSettings,
    pub machine_images: Vec<MachineImage>,
    pub machine_types: Vec<MachineType>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub machine_capabilities: Vec<CapabilityDefinition>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct KubernetesSettings {
    pub versions: Vec<ExpirableVersion>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// A machine image offered by the CloudProfile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineImage {
    pub name: String,
    /// `patch`, `minor` or `major`; absent means `major`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_strategy: Option<String>,
    pub versions: Vec<MachineImageVersion>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl MachineImage {
    /// The update strategy after API defaulting (`SetDefaults_MachineImage`).
    pub fn effective_update_strategy(&self) -> &str {
        self.update_strategy
            .as_deref()
            .unwrap_or(DEFAULT_UPDATE_STRATEGY)
    }
}

/// One version of a machine image.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineImageVersion {
    #[serde(flatten)]
    pub expirable: ExpirableVersion,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cri: Vec<Cri>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub architectures: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet_version_constraint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place_updates: Option<InPlaceUpdates>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub capability_flavors: Vec<Capabilities>,
}

impl MachineImageVersion {
    /// The version string as the CloudProfile spells it.
    pub fn version(&self) -> &str {
        &self.expirable.version
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct InPlaceUpdates {
    pub supported: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_version_for_update: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineType {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub architecture: Option<String>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub capabilities: Capabilities,
    #[serde(flatten)]
    pub extra: Extra,
}

impl MachineType {
    /// `MachineType.GetArchitecture`: the single `architecture` capability value (after capability
    /// defaulting), else the `architecture` field.
    pub fn effective_architecture<'a>(
        &'a self,
        definitions: &'a [CapabilityDefinition],
    ) -> Option<&'a str> {
        let architecture = self.architecture.as_deref();
        machine_type_architecture(&self.capabilities, architecture, definitions)
    }
}

/// `MachineType.GetArchitecture` of a machine type with these capabilities and `architecture`
/// field: the views of other areas share it.
pub(crate) fn machine_type_architecture<'a>(
    capabilities: &'a Capabilities,
    architecture: Option<&'a str>,
    definitions: &'a [CapabilityDefinition],
) -> Option<&'a str> {
    let from_capabilities = definitions
        .iter()
        .find(|definition| definition.name == ARCHITECTURE_CAPABILITY)
        .map(|definition| {
            capabilities
                .get(ARCHITECTURE_CAPABILITY)
                .unwrap_or(&definition.values)
        });
    match from_capabilities {
        Some(values) if values.len() == 1 => values.first().map(String::as_str),
        _ => architecture,
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CapabilityDefinition {
    pub name: String,
    pub values: Vec<String>,
}

impl CloudProfile {
    /// Applies the CloudProfile API defaults that maintenance depends on (`SetDefaults_CloudProfile`,
    /// `SetDefaults_MachineImageVersion`, `SetDefaults_MachineImage`): containerd as CRI, `amd64` as
    /// architecture when no capabilities are defined, `major` as update strategy.
    pub fn with_defaults(self) -> CloudProfile {
        let defaulted = match self.defaulted() {
            Cow::Owned(defaulted) => Some(defaulted),
            Cow::Borrowed(_) => None,
        };
        defaulted.unwrap_or(self)
    }

    /// [`with_defaults`](Self::with_defaults) without copying a CloudProfile that has its defaults
    /// already, as every CloudProfile read back from the API server has: the copy is made at the
    /// first default that is missing.
    pub fn defaulted(&self) -> Cow<'_, CloudProfile> {
        let mut profile = Cow::Borrowed(self);
        let without_capabilities = self.spec.machine_capabilities.is_empty();
        for (i, image) in self.spec.machine_images.iter().enumerate() {
            if image.update_strategy.is_none() {
                profile.to_mut().spec.machine_images[i].update_strategy =
                    Some(DEFAULT_UPDATE_STRATEGY.to_string());
            }
            for (j, version) in image.versions.iter().enumerate() {
                if version.cri.is_empty() {
                    profile.to_mut().spec.machine_images[i].versions[j].cri = vec![Cri {
                        name: DEFAULT_CRI.to_string(),
                        ..Cri::default()
                    }];
                }
                if without_capabilities && version.architectures.is_empty() {
                    profile.to_mut().spec.machine_images[i].versions[j].architectures =
                        vec![DEFAULT_ARCHITECTURE.to_string()];
                }
            }
        }
        if without_capabilities {
            for (k, machine_type) in self.spec.machine_types.iter().enumerate() {
                if machine_type.architecture.is_none() {
                    profile.to_mut().spec.machine_types[k].architecture =
                        Some(DEFAULT_ARCHITECTURE.to_string());
                }
            }
        }
        profile
    }
}

// ---------------------------------------------------------------------------------------------
// Shoot
// ---------------------------------------------------------------------------------------------

impl Worker {
    /// The pool's architecture; Gardener's defaulting sets `amd64` when it is absent.
    pub fn architecture(&self) -> &str {
        self.machine
            .architecture
            .as_deref()
            .unwrap_or(DEFAULT_ARCHITECTURE)
    }
}

impl Shoot {
    /// `spec.maintenance.autoUpdate.kubernetesVersion` after API defaulting: true when the whole
    /// `autoUpdate` block is absent, false when the block exists but omits the field.
    pub fn auto_update_kubernetes_version(&self) -> bool {
        match self.auto_update() {
            None => true,
            Some(auto_update) => auto_update.kubernetes_version.unwrap_or(false),
        }
    }

    /// `spec.maintenance.autoUpdate.machineImageVersion` after API defaulting (true when absent).
    pub fn auto_update_machine_image_version(&self) -> bool {
        self.auto_update()
            .and_then(|auto_update| auto_update.machine_image_version)
            .unwrap_or(true)
    }

    /// A shoot without worker pools (`IsWorkerless`).
    pub fn is_workerless(&self) -> bool {
        self.spec.provider.workers.is_empty()
    }

    fn auto_update(&self) -> Option<&AutoUpdate> {
        self.spec.maintenance.as_ref()?.auto_update.as_ref()
    }
}

pub(crate) use crate::version::parse_masterminds as parse_version;
