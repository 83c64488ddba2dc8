//! The parts of Gardener's v1beta1 `CloudProfile` and `Shoot` that maintenance reads or writes.
//!
//! Every struct keeps the fields it does not model in `extra`, so a pasted object survives a
//! maintenance run unchanged apart from what Gardener itself would change. Field names are camelCase as
//! in Gardener's API; missing fields take the values Gardener's API defaulting would give them (see the
//! `effective_*` accessors), so pasted objects need not be defaulted first.

use crate::decode::FromValue;
use crate::lifecycle::ExpirableVersion;
use crate::version::Version;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

pub use crate::api::Extra;

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

/// A container runtime interface entry (used by image versions and by worker pools).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Cri {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_runtimes: Option<Vec<ContainerRuntime>>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ContainerRuntime {
    #[serde(rename = "type")]
    pub runtime_type: String,
    #[serde(flatten)]
    pub extra: Extra,
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

/// A `Shoot` (v1beta1), reduced to what maintenance reads or changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Shoot {
    pub metadata: ObjectMeta,
    pub spec: ShootSpec,
    #[serde(skip_serializing_if = "ShootStatus::is_empty")]
    pub status: ShootStatus,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootSpec {
    pub kubernetes: ShootKubernetes,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maintenance: Option<Maintenance>,
    pub provider: Provider,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addons: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dns: Option<Dns>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_binding_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials_binding_name: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootKubernetes {
    pub version: String,
    #[serde(rename = "kubeAPIServer", skip_serializing_if = "Option::is_none")]
    pub kube_api_server: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_controller_manager: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_scheduler: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_proxy: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet: Option<ComponentConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster_autoscaler: Option<Extra>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// The configuration of one Kubernetes component: maintenance reads its feature gates and (for the
/// API server) admission plugins; every other field is kept in `extra`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ComponentConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature_gates: Option<BTreeMap<String, bool>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admission_plugins: Option<Vec<AdmissionPlugin>>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct AdmissionPlugin {
    pub name: String,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Maintenance {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_update: Option<AutoUpdate>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct AutoUpdate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes_version: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_image_version: Option<bool>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Provider {
    /// Shared between copies of the Shoot until one is changed ([`Provider::worker_mut`]), as
    /// a list and pool by pool: a timeline copies the Shoot for every maintenance run, and a run
    /// changes few pools, most often none.
    pub workers: std::sync::Arc<Vec<std::sync::Arc<Worker>>>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Provider {
    /// The pool at `index`, copied first where it is shared.
    pub fn worker_mut(&mut self, index: usize) -> Option<&mut Worker> {
        let worker = std::sync::Arc::make_mut(&mut self.workers).get_mut(index)?;
        Some(std::sync::Arc::make_mut(worker))
    }

    /// The list of pools, copied first where it is shared (its pools stay shared).
    pub fn workers_mut(&mut self) -> &mut Vec<std::sync::Arc<Worker>> {
        std::sync::Arc::make_mut(&mut self.workers)
    }
}

/// A worker pool.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Worker {
    pub name: String,
    pub machine: Machine,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cri: Option<Cri>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes: Option<WorkerKubernetes>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl Worker {
    /// The pool's own Kubernetes version, if it sets one.
    pub fn kubernetes_version(&self) -> Option<&str> {
        self.kubernetes.as_ref()?.version.as_deref()
    }

    /// Whether the pool is updated in place (`IsUpdateStrategyInPlace`).
    pub fn is_in_place(&self) -> bool {
        matches!(
            self.update_strategy.as_deref(),
            Some("AutoInPlaceUpdate" | "ManualInPlaceUpdate")
        )
    }

    /// The pool's architecture; Gardener's defaulting sets `amd64` when it is absent.
    pub fn architecture(&self) -> &str {
        self.machine
            .architecture
            .as_deref()
            .unwrap_or(DEFAULT_ARCHITECTURE)
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Machine {
    #[serde(rename = "type")]
    pub machine_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub architecture: Option<String>,
    pub image: ShootMachineImage,
    #[serde(flatten)]
    pub extra: Extra,
}

/// The image a worker pool uses.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootMachineImage {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerKubernetes {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet: Option<ComponentConfig>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Dns {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub providers: Option<Vec<Extra>>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_maintenance: Option<LastMaintenance>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_operation: Option<Extra>,
    #[serde(flatten)]
    pub extra: Extra,
}

impl ShootStatus {
    fn is_empty(&self) -> bool {
        *self == ShootStatus::default()
    }
}

/// `status.lastMaintenance`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase")]
pub struct LastMaintenance {
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    pub triggered_time: Option<DateTime<Utc>>,
    pub state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
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

/// Parses a version like Masterminds `semver.NewVersion`, with Masterminds' error text.
pub(crate) fn parse_version(text: &str) -> Result<Version, String> {
    Version::parse(text).map_err(|error| error.masterminds_message())
}
