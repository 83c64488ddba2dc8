//! The parts of Gardener's API objects this area reads: `core.gardener.cloud/v1beta1` Shoot and
//! `extensions.gardener.cloud/v1alpha1` Worker. Field names follow the JSON of the API; fields this
//! area does not interpret are kept (`extra`) so that defaulting and semantic comparisons see the
//! whole object.

use crate::decode::FromValue;
use crate::document::Value;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

/// Additional fields kept verbatim.
pub type Extra = BTreeMap<String, Value>;

/// `core.gardener.cloud/v1beta1` Shoot.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Shoot {
    pub metadata: ObjectMeta,
    pub spec: ShootSpec,
    pub status: ShootStatus,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootSpec {
    pub kubernetes: Kubernetes,
    pub provider: Provider,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_components: Option<SystemComponents>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hibernation: Option<Hibernation>,
    /// With `credentialsBindingName`, whether Gardener manages the infrastructure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret_binding_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials_binding_name: Option<String>,
}

impl ShootSpec {
    /// `IsShootSelfHosted`: a pool runs the control plane.
    pub fn is_self_hosted(&self) -> bool {
        (self.provider.workers.iter()).any(|worker| {
            worker
                .extra
                .get("controlPlane")
                .is_some_and(|v| !v.is_null())
        })
    }

    /// `HasManagedInfrastructure`: the Shoot names its infrastructure credentials.
    pub fn has_managed_infrastructure(&self) -> bool {
        self.secret_binding_name.is_some() || self.credentials_binding_name.is_some()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Kubernetes {
    pub version: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet: Option<KubeletConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_proxy: Option<KubeProxyConfig>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct KubeProxyConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SystemComponents {
    #[serde(rename = "nodeLocalDNS", skip_serializing_if = "Option::is_none")]
    pub node_local_dns: Option<NodeLocalDns>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct NodeLocalDns {
    pub enabled: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Hibernation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
}

/// The kubelet settings that reach the hashes; everything else is kept in `extra`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct KubeletConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_reserved: Option<ReservedResources>,
    /// Removed from the API in v1.141; read for the legacy sum rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_reserved: Option<ReservedResources>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_hard: Option<EvictionHard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_manager_policy: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

/// `KubeletConfigReserved`: quantities, kept as written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ReservedResources {
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub cpu: Option<String>,
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub memory: Option<String>,
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub pid: Option<String>,
    #[serde(
        deserialize_with = "quantity_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub ephemeral_storage: Option<String>,
}

/// `KubeletConfigEviction`: raw strings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct EvictionHard {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_available: Option<String>,
    #[serde(rename = "imageFSAvailable", skip_serializing_if = "Option::is_none")]
    pub image_fs_available: Option<String>,
    #[serde(rename = "imageFSInodesFree", skip_serializing_if = "Option::is_none")]
    pub image_fs_inodes_free: Option<String>,
    #[serde(rename = "nodeFSAvailable", skip_serializing_if = "Option::is_none")]
    pub node_fs_available: Option<String>,
    #[serde(rename = "nodeFSInodesFree", skip_serializing_if = "Option::is_none")]
    pub node_fs_inodes_free: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Provider {
    #[serde(rename = "type", skip_serializing_if = "String::is_empty")]
    pub provider_type: String,
    pub workers: Vec<Worker>,
}

/// `spec.provider.workers[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Worker {
    pub name: String,
    pub machine: Machine,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume: Option<Volume>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cri: Option<Cri>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubernetes: Option<WorkerKubernetes>,
    #[serde(skip_serializing_if = "is_zero")]
    pub minimum: i32,
    #[serde(skip_serializing_if = "is_zero")]
    pub maximum: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_surge: Option<IntOrString>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_unavailable: Option<IntOrString>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_strategy: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_config: Option<Value>,
    #[serde(
        rename = "machineControllerManager",
        skip_serializing_if = "Option::is_none"
    )]
    pub machine_controller_manager: Option<MachineControllerManagerSettings>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_components: Option<WorkerSystemComponents>,
    #[serde(flatten)]
    pub extra: Extra,
}

fn is_zero(value: &i32) -> bool {
    *value == 0
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Machine {
    #[serde(rename = "type")]
    pub machine_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<MachineImage>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineImage {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Volume {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub volume_type: Option<String>,
    pub size: String,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Cri {
    pub name: String,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerKubernetes {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet: Option<KubeletConfig>,
    #[serde(flatten)]
    pub extra: Extra,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerSystemComponents {
    pub allow: bool,
}

/// `MachineControllerManagerSettings` (JSON key `machineControllerManager`). Durations are Go
/// duration strings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct MachineControllerManagerSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_drain_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_health_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_creation_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_evict_retries: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_conditions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place_update_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disable_health_timeout: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_preserve_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_preserve_failed_machine_max: Option<i64>,
}

/// `intstr.IntOrString`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum IntOrString {
    Int(i64),
    String(String),
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials: Option<ShootCredentials>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place_updates: Option<InPlaceUpdatesStatus>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub is_hibernated: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootCredentials {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<CredentialsRotation>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct CredentialsRotation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate_authorities: Option<RotationStatus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_account_key: Option<RotationStatus>,
}

/// CA / service-account-key rotation status: only what decides the workers rollout.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct RotationStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_initiation_time: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pending_workers_rollouts: Vec<PendingWorkersRollout>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct PendingWorkersRollout {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_initiation_time: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct InPlaceUpdatesStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_worker_updates: Option<PendingWorkerUpdates>,
}

/// `status.inPlaceUpdates.pendingWorkerUpdates`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase")]
pub struct PendingWorkerUpdates {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub auto_in_place_update: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub manual_in_place_update: Vec<String>,
}

/// `extensions.gardener.cloud/v1alpha1` Worker (seed side): pools and the in-place hashes the
/// provider extension reported.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResource {
    pub spec: WorkerResourceSpec,
    pub status: WorkerResourceStatus,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResourceSpec {
    pub pools: Vec<WorkerResourcePool>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResourcePool {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_strategy: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResourceStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place_updates: Option<WorkerInPlaceUpdates>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerInPlaceUpdates {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worker_pool_to_hash_map: Option<BTreeMap<String, String>>,
}

/// Update strategy values (`MachineUpdateStrategy`).
pub const AUTO_ROLLING_UPDATE: &str = "AutoRollingUpdate";
pub const AUTO_IN_PLACE_UPDATE: &str = "AutoInPlaceUpdate";
pub const MANUAL_IN_PLACE_UPDATE: &str = "ManualInPlaceUpdate";

/// `IsUpdateStrategyInPlace`.
pub fn is_in_place(strategy: Option<&str>) -> bool {
    matches!(
        strategy,
        Some(AUTO_IN_PLACE_UPDATE | MANUAL_IN_PLACE_UPDATE)
    )
}

impl Worker {
    pub fn strategy(&self) -> Option<&str> {
        self.update_strategy.as_deref()
    }

    pub fn is_in_place(&self) -> bool {
        is_in_place(self.strategy())
    }

    /// `workers[].kubernetes.version`.
    pub fn kubernetes_version(&self) -> Option<&str> {
        self.kubernetes.as_ref().and_then(|k| k.version.as_deref())
    }

    /// `workers[].kubernetes.kubelet`.
    pub fn kubelet(&self) -> Option<&KubeletConfig> {
        self.kubernetes.as_ref().and_then(|k| k.kubelet.as_ref())
    }
}

impl Shoot {
    /// `IsNodeLocalDNSEnabled`.
    pub fn node_local_dns_enabled(&self) -> bool {
        self.spec
            .system_components
            .as_ref()
            .and_then(|s| s.node_local_dns.as_ref())
            .is_some_and(|n| n.enabled)
    }

    /// `IsKubeProxyIPVSMode` on the stored object, where `kubeProxy.enabled` defaults to true for
    /// shoots with workers.
    pub fn kube_proxy_ipvs(&self) -> bool {
        self.kube_proxy_ipvs_with_workers(!self.spec.provider.workers.is_empty())
    }

    /// [`Shoot::kube_proxy_ipvs`] of the Shoot with workers or without, whatever its own list
    /// holds: a view may keep the pools apart from the rest of the Shoot.
    pub(crate) fn kube_proxy_ipvs_with_workers(&self, has_workers: bool) -> bool {
        let Some(proxy) = &self.spec.kubernetes.kube_proxy else {
            return false;
        };
        proxy.enabled.unwrap_or(has_workers) && proxy.mode.as_deref() == Some("IPVS")
    }

    pub fn worker(&self, name: &str) -> Option<&Worker> {
        self.spec.provider.workers.iter().find(|w| w.name == name)
    }

    pub fn rotation(&self) -> Option<&CredentialsRotation> {
        self.status
            .credentials
            .as_ref()
            .and_then(|c| c.rotation.as_ref())
    }

    pub fn pending_worker_updates(&self) -> Option<&PendingWorkerUpdates> {
        self.status
            .in_place_updates
            .as_ref()
            .and_then(|s| s.pending_worker_updates.as_ref())
    }
}

/// Quantities may be written as JSON strings or numbers; both are read as their text.
fn quantity_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    let value = Option::<Value>::deserialize(deserializer)?;
    Ok(match value {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.trim().to_string()),
        Some(Value::Number(number)) => Some(number.to_string()),
        Some(other) => {
            return Err(serde::de::Error::custom(format!(
                "quantity must be a string or number, got {other}"
            )))
        }
    })
}
