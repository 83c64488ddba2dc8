//! The API defaults Gardener's API server applies to a CloudProfile and a Shoot, applied to pasted
//! objects so a hand-written manifest is evaluated like the stored object. Objects copied from a cluster
//! already carry them, so nothing changes for those. Every default applied is reported.
//!
//! Follows `SetDefaults_Shoot`, `SetDefaults_Worker`, `SetDefaults_Maintenance` (`pkg/apis/core/v1beta1/
//! defaults_shoot.go`) and `SetDefaults_MachineImage`, `SetDefaults_MachineImageVersion`,
//! `SetDefaults_MachineType`, `SetDefaults_VolumeType` (`defaults_cloudprofile.go`).
//!
//! The update rules compare the whole specs of a Shoot being deleted as the API server holds them:
//! [`stored_shoot_spec`] applies every v1beta1 default of the spec for that comparison, sharing
//! with [`default_shoot`] the rules both apply. The scheduler's comparison of two specs reads
//! them through [`scheduled_shoot_spec`].
//!
//! The areas that take Shoots as given (the conformance cases and the oracle pass them
//! undefaulted) apply the same rules to the model: [`default_worker`] and the pool's and
//! kubelets' defaults below. A default every area reads but none writes is a constant here
//! ([`DEFAULT_PURPOSE`], [`DEFAULT_KUBE_PROXY_MODE`]).

use crate::api::{
    is_in_place, CloudProfile, Cri, IntOrString, KubeletConfig, MachineControllerManagerSettings,
    MachineImage, MachineImageVersion, ShootSpec, Toleration, Worker, WorkerSystemComponents,
    AUTO_IN_PLACE_UPDATE, AUTO_ROLLING_UPDATE, DEFAULT_ARCHITECTURE, DEFAULT_CRI,
    DEFAULT_UPDATE_STRATEGY, GARDEN_NAMESPACE, MANUAL_IN_PLACE_UPDATE, SEED_TAINT_PROTECTED,
};
use crate::decode::FromValue;
use crate::document::Value;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map};
use std::borrow::Cow;

/// `v1beta1constants.DefaultSchedulerName`, which `SetDefaults_Shoot` gives an unset
/// `spec.schedulerName`.
pub(crate) const DEFAULT_SCHEDULER_NAME: &str = "default-scheduler";

/// `EncryptionProviderTypeAESCBC`, which `SetDefaults_KubeAPIServerConfig` gives an unset
/// `encryptionConfig.provider.type`.
pub(crate) const DEFAULT_ENCRYPTION_PROVIDER_TYPE: &str = "aescbc";

/// `ShootPurposeEvaluation`, which `SetDefaults_Shoot` gives an unset `spec.purpose`.
pub(crate) const DEFAULT_PURPOSE: &str = "evaluation";

/// `ProxyModeIPTables`, which `SetDefaults_Shoot` gives the kube-proxy of a Shoot with workers.
pub(crate) const DEFAULT_KUBE_PROXY_MODE: &str = "IPTables";

/// One default written into a pasted object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AppliedDefault {
    /// `CloudProfile` or `Shoot`.
    pub object: String,
    pub field: String,
    /// The value written, as JSON.
    #[cfg_attr(feature = "tsify", tsify(type = "unknown"))]
    pub value: Value,
    /// Why Gardener would have this value.
    pub reason: String,
}

/// `spec.tolerations` after v1beta1 defaulting (`SetDefaults_Shoot`): Shoots in the `garden`
/// namespace get `{key: seed.gardener.cloud/protected}` unless they already have exactly that
/// key-only toleration. `None` means the field stays unset.
pub fn shoot_tolerations(namespace: &str, tolerations: &[Toleration]) -> Option<Vec<Toleration>> {
    let mut result = tolerations.to_vec();
    if namespace == GARDEN_NAMESPACE {
        add_toleration_if_missing(&mut result, SEED_TAINT_PROTECTED);
    }
    (!result.is_empty()).then_some(result)
}

/// `addTolerations` of the defaulting code (Shoots and Projects): the key-only toleration is
/// added unless an identical key-only toleration exists (a valued toleration with the same key
/// does not prevent it).
pub(crate) fn add_toleration_if_missing(tolerations: &mut Vec<Toleration>, key: &str) {
    let exists = (tolerations.iter()).any(|t| t.key == key && t.value.is_none());
    if !exists {
        tolerations.push(Toleration {
            key: key.to_string(),
            value: None,
        });
    }
}

/// Applies the Shoot defaults the engines depend on; returns what was applied.
pub fn default_shoot(shoot: &mut Value) -> Vec<AppliedDefault> {
    let mut applied = Applier::new("Shoot");
    default_garden_toleration(shoot, &mut applied);
    let Some(spec) = shoot.get_mut("spec").and_then(Value::as_object_mut) else {
        return applied.done();
    };
    let has_workers = has_workers(spec);
    default_auto_update(spec, &mut applied);
    if has_workers {
        default_machine_image_updates(spec, &mut applied);
    }
    for (index, worker) in workers_mut(spec) {
        default_worker_cri(worker, index, &mut applied);
        default_written_worker(worker, index, &mut applied);
    }
    applied.done()
}

/// Whether `spec.provider.workers` lists a pool.
fn has_workers(spec: &Map<String, Value>) -> bool {
    (spec.get("provider"))
        .and_then(|provider| provider.get("workers"))
        .and_then(Value::as_array)
        .is_some_and(|workers| !workers.is_empty())
}

/// The pools of `spec.provider.workers` that are objects, with their index in the list.
fn workers_mut(
    spec: &mut Map<String, Value>,
) -> impl Iterator<Item = (usize, &mut Map<String, Value>)> {
    let workers = (spec.get_mut("provider"))
        .and_then(|provider| provider.get_mut("workers"))
        .and_then(Value::as_array_mut);
    (workers.into_iter().flatten().enumerate())
        .filter_map(|(index, worker)| Some((index, worker.as_object_mut()?)))
}

/// `SetDefaults_Shoot`: an absent `maintenance.autoUpdate` block gets Kubernetes patch updates;
/// a present block keeps Go's `false`.
fn default_auto_update(spec: &mut Map<String, Value>, applied: &mut Applier) {
    let Some(maintenance) = object(spec, "maintenance") else {
        return;
    };
    if !maintenance.contains_key("autoUpdate") {
        maintenance.insert("autoUpdate".into(), json!({"kubernetesVersion": true}));
        applied.push(
            "spec.maintenance.autoUpdate.kubernetesVersion",
            json!(true),
            "SetDefaults_Maintenance: without an autoUpdate block, Kubernetes patch updates are automatic",
        );
    }
}

/// `SetDefaults_Shoot` of a Shoot with workers: machine image updates are automatic.
fn default_machine_image_updates(spec: &mut Map<String, Value>, applied: &mut Applier) {
    let auto_update = object(spec, "maintenance").and_then(|m| object(m, "autoUpdate"));
    if let Some(auto_update) = auto_update {
        if !auto_update.contains_key("machineImageVersion") {
            auto_update.insert("machineImageVersion".into(), json!(true));
            applied.push(
                "spec.maintenance.autoUpdate.machineImageVersion",
                json!(true),
                "SetDefaults_Maintenance: machine image updates are automatic for Shoots with workers",
            );
        }
    }
}

/// `SetDefaults_Shoot` of a pool: containerd is the only container runtime.
fn default_worker_cri(worker: &mut Map<String, Value>, index: usize, applied: &mut Applier) {
    if !worker.contains_key("cri") {
        worker.insert("cri".into(), json!({ "name": DEFAULT_CRI }));
        applied.push(
            format!("spec.provider.workers[{index}].cri.name"),
            json!(DEFAULT_CRI),
            "SetDefaults_Shoot: containerd is the only container runtime",
        );
    }
}

/// `SetDefaults_Worker` of a pasted pool as far as the engines read it: the update strategy,
/// `maxSurge` and `maxUnavailable` of it, and the health timeout of in-place pools. Its
/// `systemComponents.allow: true` is left to the model ([`default_worker`]): every reader takes an
/// absent `systemComponents` as allowed, and writing it would list a default for nearly every
/// pasted pool.
fn default_written_worker(worker: &mut Map<String, Value>, index: usize, applied: &mut Applier) {
    // Written only for a default applied: most pools have every field.
    let path = || format!("spec.provider.workers[{index}]");
    if !worker.contains_key("updateStrategy") {
        worker.insert("updateStrategy".into(), json!(AUTO_ROLLING_UPDATE));
        applied.push(
            format!("{}.updateStrategy", path()),
            json!(AUTO_ROLLING_UPDATE),
            "SetDefaults_Worker: pools roll their machines unless told otherwise",
        );
    }
    let strategy = worker
        .get("updateStrategy")
        .and_then(Value::as_str)
        .unwrap_or(AUTO_ROLLING_UPDATE)
        .to_string();
    let (surge, unavailable) = surge_defaults(&strategy).unzip();
    for (key, value) in [("maxSurge", surge), ("maxUnavailable", unavailable)] {
        if let Some(value) = value.filter(|_| !worker.contains_key(key)) {
            worker.insert(key.into(), json!(value));
            applied.push(
                format!("{}.{key}", path()),
                json!(value),
                &format!("SetDefaults_Worker: the default for {strategy} pools"),
            );
        }
    }
    if is_in_place(Some(&strategy)) {
        if let Some(settings) = object(worker, "machineControllerManager") {
            if !settings.contains_key("disableHealthTimeout") {
                settings.insert("disableHealthTimeout".into(), json!(true));
                applied.push(
                    format!("{}.machineControllerManager.disableHealthTimeout", path()),
                    json!(true),
                    "SetDefaults_Worker: in-place pools do not replace machines that turn unhealthy",
                );
            }
        }
    }
}

/// `SetDefaults_Worker`: the `maxSurge` and `maxUnavailable` of a pool with `strategy`, none for
/// `ManualInPlaceUpdate` pools.
fn surge_defaults(strategy: &str) -> Option<(i64, i64)> {
    match strategy {
        AUTO_IN_PLACE_UPDATE => Some((0, 1)),
        MANUAL_IN_PLACE_UPDATE => None,
        _ => Some((1, 0)),
    }
}

// The same rules on the model, for the areas that take Shoots as they are given (the conformance
// cases and the oracle pass them undefaulted, and a roll-trigger or update comparison needs both
// Shoots defaulted alike) and for the defaults [`default_shoot`] leaves unwritten.

/// `SetDefaults_Worker` of a pool: the strategy `AutoRollingUpdate`, its `maxSurge` and
/// `maxUnavailable`, the health timeout of in-place pools and `systemComponents.allow: true`.
pub fn default_worker(worker: &mut Worker) {
    let strategy = default_update_strategy(worker).to_string();
    if let Some((surge, unavailable)) = surge_defaults(&strategy) {
        worker.max_surge.get_or_insert(IntOrString::Int(surge));
        (worker.max_unavailable).get_or_insert(IntOrString::Int(unavailable));
    }
    if is_in_place(Some(&strategy)) {
        let settings = (worker.machine_controller_manager)
            .get_or_insert_with(MachineControllerManagerSettings::default);
        settings.disable_health_timeout.get_or_insert(true);
    }
    (worker.system_components).get_or_insert(WorkerSystemComponents { allow: true });
}

/// The first rule of `SetDefaults_Worker` alone: a pool rolls its machines unless told otherwise.
/// Returns the strategy.
pub(crate) fn default_update_strategy(worker: &mut Worker) -> &str {
    (worker.update_strategy).get_or_insert_with(|| AUTO_ROLLING_UPDATE.to_string())
}

/// `SetDefaults_Shoot` of a pool: containerd is the only container runtime.
pub(crate) fn default_pool_cri(worker: &mut Worker) {
    worker.cri.get_or_insert_with(|| Cri {
        name: DEFAULT_CRI.to_string(),
        ..Default::default()
    });
}

/// `SetDefaults_Shoot` of a pool's kubelet ([`default_swap`]).
pub(crate) fn default_pool_kubelet(kubelet: &mut KubeletConfig) {
    let node_swap = (kubelet.feature_gates.as_ref()).and_then(|gates| gates.get("NodeSwap"));
    let node_swap = node_swap.copied();
    default_swap(&mut kubelet.extra, node_swap);
}

/// `SetDefaults_Shoot` of the Shoot's kubelet, for a Shoot with workers: the swap rules of a
/// pool's and the image settings ([`default_kubelet_images`]).
pub(crate) fn default_shoot_kubelet(kubelet: &mut KubeletConfig) {
    default_pool_kubelet(kubelet);
    default_kubelet_images(&mut kubelet.extra);
}

/// A Shoot's spec as the API server holds it when `ValidateShootSpecUpdate` compares the whole
/// specs of a Shoot being deleted, as JSON: the v1beta1 defaults of `SetObjectDefaults_Shoot`
/// (`SetDefaults_Shoot`, then `SetDefaults_ClusterAutoscaler`, `SetDefaults_KubeAPIServerConfig`,
/// `SetDefaults_VerticalPodAutoscaler`, `SetDefaults_Networking`, `SetDefaults_NginxIngress`,
/// `SetDefaults_MaintenanceRotationConfig`) applied to the typed spec given. The typed spec carries
/// the rest: the garden namespace's toleration ([`shoot_tolerations`]), `SetDefaults_Worker` and
/// the maintenance window, which Gardener draws at random.
pub(crate) fn stored_shoot_spec(spec: &ShootSpec) -> Value {
    let (mask, mask_v6) = spec.node_cidr_mask_sizes();
    let mut json = spec_json(spec);
    let mut applied = Applier::new("Shoot");
    default_spec(&mut json, [mask, mask_v6], &mut applied);
    Value::Object(json)
}

/// A Shoot's spec as the scheduler's admission compares two of them (`reflect.DeepEqual` of the
/// specs, or `Semantic.DeepEqual` of a Shoot being deleted), as JSON: `null` members dropped, the
/// raw configurations' too, and the networking defaults written ([`default_networking`]). The
/// other defaults are not applied here: the comparisons read them from the specs as given.
pub(crate) fn scheduled_shoot_spec(spec: &ShootSpec) -> Value {
    let mut json = spec_as_json(spec, RawConfigs::WithoutNulls);
    default_networking(&mut json);
    Value::Object(json)
}

/// How [`spec_as_json`] treats the providers' raw configurations.
#[derive(Clone, Copy, PartialEq)]
enum RawConfigs {
    /// As written, as Go keeps a `runtime.RawExtension`'s bytes.
    AsWritten,
    /// Without their `null` members, as the rest of the spec.
    WithoutNulls,
}

/// The spec as JSON, an explicit `null` read as absent (Go decodes both to the zero value); an
/// object (empty) whatever the spec holds.
fn spec_as_json(spec: &ShootSpec, raw: RawConfigs) -> Map<String, Value> {
    let mut spec = serde_json::to_value(spec).unwrap_or(Value::Null);
    strip_nulls(&mut spec, raw);
    match spec {
        Value::Object(spec) => spec,
        _ => Map::new(),
    }
}

/// The spec as [`stored_shoot_spec`] defaults it: [`spec_as_json`] with the providers' raw
/// configurations kept as written, without the fields the API no longer has.
fn spec_json(spec: &ShootSpec) -> Map<String, Value> {
    let mut spec = spec_as_json(spec, RawConfigs::AsWritten);
    // The kubelet's `systemReserved` left the API in v1.141: the API server drops it on decoding.
    if let Some(kubelet) = kubelet_of(&mut spec) {
        kubelet.remove("systemReserved");
    }
    for (_, pool) in workers_mut(&mut spec) {
        if let Some(kubelet) = kubelet_of(pool) {
            kubelet.remove("systemReserved");
        }
    }
    spec
}

/// `kubernetes.kubelet` of a spec or of a pool, where it is an object.
fn kubelet_of(object: &mut Map<String, Value>) -> Option<&mut Map<String, Value>> {
    (object.get_mut("kubernetes"))
        .and_then(|kubernetes| kubernetes.get_mut("kubelet"))
        .and_then(Value::as_object_mut)
}

fn strip_nulls(value: &mut Value, raw: RawConfigs) {
    match value {
        Value::Object(map) => {
            map.retain(|_, v| !v.is_null());
            for (key, child) in map.iter_mut() {
                if raw == RawConfigs::WithoutNulls || !is_raw_key(key) {
                    strip_nulls(child, raw);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| strip_nulls(item, raw)),
        _ => {}
    }
}

/// Keys of `runtime.RawExtension` fields, whose content Go keeps as bytes.
fn is_raw_key(key: &str) -> bool {
    matches!(
        key,
        "providerConfig" | "controlPlaneConfig" | "infrastructureConfig"
    )
}

/// The object at `key`, created when absent; `None` when the field holds something else.
fn object<'a>(map: &'a mut Map<String, Value>, key: &str) -> Option<&'a mut Map<String, Value>> {
    map.entry(key.to_string())
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
}

/// Writes `value` at `key` unless a value is there; an explicit `null` is none (Go decodes it as
/// absent).
fn set_default(map: &mut Map<String, Value>, key: &str, value: Value) {
    let field = map.entry(key.to_string()).or_insert(Value::Null);
    if field.is_null() {
        *field = value;
    }
}

/// The defaults of [`stored_shoot_spec`], in Gardener's order. `node_cidr_masks` are the mask
/// sizes `SetDefaults_Shoot` gives ([`ShootSpec::node_cidr_mask_sizes`]).
fn default_spec(
    spec: &mut Map<String, Value>,
    node_cidr_masks: [Option<i64>; 2],
    applied: &mut Applier,
) {
    let has_workers = has_workers(spec);
    let provider_type = (spec.get("provider"))
        .and_then(|provider| provider.get("type"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();

    // SetDefaults_Shoot.
    if let Some(kubernetes) = object(spec, "kubernetes") {
        object(kubernetes, "kubeAPIServer");
    }
    set_default(spec, "purpose", json!(DEFAULT_PURPOSE));
    // (The garden namespace's toleration: on the typed spec.)
    default_auto_update(spec, applied);
    for (index, pool) in workers_mut(spec) {
        default_worker_cri(pool, index, applied);
        if let Some(kubelet) = kubelet_of(pool) {
            default_swap(kubelet, node_swap_gate(kubelet));
        }
        let extension = (pool.get_mut("controlPlane"))
            .and_then(|control_plane| control_plane.get_mut("exposure"))
            .and_then(|exposure| exposure.get_mut("extension"))
            .and_then(Value::as_object_mut);
        if let Some(extension) = extension {
            set_default(extension, "type", json!(provider_type));
        }
    }
    if has_workers {
        default_components_of_workers(spec, node_cidr_masks);
        let dashboard = (spec.get_mut("addons"))
            .and_then(|addons| addons.get_mut("kubernetesDashboard"))
            .and_then(Value::as_object_mut);
        if let Some(dashboard) = dashboard {
            if dashboard.get("enabled").and_then(Value::as_bool) == Some(true) {
                set_default(dashboard, "authenticationMode", json!("token"));
            }
        }
        default_machine_image_updates(spec, applied);
        if let Some(settings) = object(spec, "provider").and_then(|p| object(p, "workersSettings"))
        {
            set_default(settings, "sshAccess", json!({ "enabled": true }));
        }
        let autoscaling = object(spec, "systemComponents")
            .and_then(|components| object(components, "coreDNS"))
            .and_then(|core_dns| object(core_dns, "autoscaling"));
        if let Some(autoscaling) = autoscaling {
            let mode = autoscaling.get("mode").and_then(Value::as_str);
            if !matches!(mode, Some("horizontal" | "cluster-proportional")) {
                autoscaling.insert("mode".into(), json!("horizontal"));
            }
        }
    }
    set_default(spec, "schedulerName", json!(DEFAULT_SCHEDULER_NAME));

    // The nested defaulters.
    let kubernetes = spec.get_mut("kubernetes").and_then(Value::as_object_mut);
    if let Some(kubernetes) = kubernetes {
        let autoscaler = (kubernetes.get_mut("clusterAutoscaler")).and_then(Value::as_object_mut);
        if let Some(autoscaler) = autoscaler {
            default_cluster_autoscaler(autoscaler);
        }
        let kube_api_server = (kubernetes.get_mut("kubeAPIServer")).and_then(Value::as_object_mut);
        if let Some(kube_api_server) = kube_api_server {
            default_kube_api_server(kube_api_server);
        }
        let vpa = (kubernetes.get_mut("verticalPodAutoscaler")).and_then(Value::as_object_mut);
        if let Some(vpa) = vpa {
            default_vertical_pod_autoscaler(vpa);
        }
    }
    default_networking(spec);
    let nginx = (spec.get_mut("addons"))
        .and_then(|addons| addons.get_mut("nginxIngress"))
        .and_then(Value::as_object_mut);
    if let Some(nginx) = nginx {
        set_default(nginx, "externalTrafficPolicy", json!("Cluster"));
    }
    let credentials = (spec.get_mut("maintenance"))
        .and_then(|maintenance| maintenance.get_mut("autoRotation"))
        .and_then(|rotation| rotation.get_mut("credentials"))
        .and_then(Value::as_object_mut);
    if let Some(credentials) = credentials {
        for key in ["observability", "sshKeypair", "etcdEncryptionKey"] {
            if let Some(config) = credentials.get_mut(key).and_then(Value::as_object_mut) {
                set_default(config, "rotationPeriod", json!("168h0m0s"));
            }
        }
    }
}

/// `SetDefaults_Shoot` writes the networking section, `SetDefaults_Networking` its `ipFamilies`
/// ([`crate::api::with_default_ip_families`]); a networking that is no object is kept.
fn default_networking(spec: &mut Map<String, Value>) {
    object(spec, "networking");
    if let Some(networking) = spec.get_mut("networking") {
        let defaulted = crate::api::with_default_ip_families(Some(networking));
        *networking = defaulted.unwrap_or_default();
    }
}

/// `SetDefaults_Shoot` of a Shoot with workers: the control plane's components and the kubelet.
fn default_components_of_workers(spec: &mut Map<String, Value>, node_cidr_masks: [Option<i64>; 2]) {
    let Some(kubernetes) = object(spec, "kubernetes") else {
        return;
    };
    if let Some(kube_api_server) = object(kubernetes, "kubeAPIServer") {
        set_default(
            kube_api_server,
            "defaultNotReadyTolerationSeconds",
            json!(300),
        );
        set_default(
            kube_api_server,
            "defaultUnreachableTolerationSeconds",
            json!(300),
        );
    }
    if let Some(kcm) = object(kubernetes, "kubeControllerManager") {
        let keys = ["nodeCIDRMaskSize", "nodeCIDRMaskSizeIPv6"];
        for (key, mask) in keys.into_iter().zip(node_cidr_masks) {
            if let Some(mask) = mask {
                set_default(kcm, key, json!(mask));
            }
        }
        set_default(kcm, "nodeMonitorGracePeriod", json!("40s"));
    }
    if let Some(scheduler) = object(kubernetes, "kubeScheduler") {
        set_default(scheduler, "profile", json!("balanced"));
    }
    if let Some(proxy) = object(kubernetes, "kubeProxy") {
        set_default(proxy, "mode", json!(DEFAULT_KUBE_PROXY_MODE));
        set_default(proxy, "enabled", json!(true));
    }
    if let Some(kubelet) = object(kubernetes, "kubelet") {
        default_swap(kubelet, node_swap_gate(kubelet));
        default_kubelet_images(kubelet);
    }
}

/// `SetDefaults_Shoot` of the Shoot's kubelet, for a Shoot with workers: the image garbage
/// collection, and serial image pulls unless two or more may run in parallel.
fn default_kubelet_images(kubelet: &mut Map<String, Value>) {
    set_default(kubelet, "imageMinimumGCAge", json!("2m0s"));
    set_default(kubelet, "imageMaximumGCAge", json!("0s"));
    let (high, low) = DEFAULT_IMAGE_GC_THRESHOLD_PERCENTS;
    set_default(kubelet, "imageGCHighThresholdPercent", json!(high));
    set_default(kubelet, "imageGCLowThresholdPercent", json!(low));
    let parallel = kubelet.get("maxParallelImagePulls").and_then(Value::as_i64);
    let serialize = default_serialize_image_pulls(parallel);
    set_default(kubelet, "serializeImagePulls", json!(serialize));
}

/// `SetDefaults_Shoot`: the image garbage collection thresholds (high, low) of the Shoot's
/// kubelet, for a Shoot with workers.
pub(crate) const DEFAULT_IMAGE_GC_THRESHOLD_PERCENTS: (i64, i64) = (50, 40);

/// `SetDefaults_Shoot`: a kubelet refuses to start on a node with swap unless told otherwise.
pub(crate) const DEFAULT_FAIL_SWAP_ON: bool = true;

/// `SetDefaults_Shoot`: the Shoot's kubelet pulls images one at a time unless
/// `maxParallelImagePulls` (as an integer) allows two or more.
pub(crate) fn default_serialize_image_pulls(max_parallel_image_pulls: Option<i64>) -> bool {
    max_parallel_image_pulls.is_none_or(|parallel| parallel < 2)
}

/// The `NodeSwap` feature gate of a kubelet configuration as JSON.
fn node_swap_gate(kubelet: &Map<String, Value>) -> Option<bool> {
    (kubelet.get("featureGates"))
        .and_then(|gates| gates.get("NodeSwap"))
        .and_then(Value::as_bool)
}

/// `SetDefaults_Shoot` of a kubelet (the Shoot's, of a Shoot with workers, or a pool's), its
/// fields but the feature gates given as JSON: `failSwapOn`, and with the `NodeSwap` gate on and
/// swap allowed, `LimitedSwap`.
fn default_swap(kubelet: &mut Map<String, Value>, node_swap: Option<bool>) {
    set_default(kubelet, "failSwapOn", json!(DEFAULT_FAIL_SWAP_ON));
    let fail_swap_on = kubelet.get("failSwapOn").and_then(Value::as_bool);
    if node_swap == Some(true) && fail_swap_on == Some(false) {
        if let Some(swap) = object(kubelet, "memorySwap") {
            set_default(swap, "swapBehavior", json!("LimitedSwap"));
        }
    }
}

/// `SetDefaults_ClusterAutoscaler`: the scale-down parallelism follows `maxEmptyBulkDelete`.
fn default_cluster_autoscaler(autoscaler: &mut Map<String, Value>) {
    let parallelism = (autoscaler.get("maxEmptyBulkDelete").cloned()).unwrap_or(json!(10));
    for (key, value) in [
        ("scaleDownDelayAfterAdd", json!("1h0m0s")),
        ("scaleDownDelayAfterDelete", json!("0s")),
        ("scaleDownDelayAfterFailure", json!("3m0s")),
        ("scaleDownUnneededTime", json!("30m0s")),
        ("scaleDownUtilizationThreshold", json!(0.5)),
        ("scanInterval", json!("10s")),
        ("expander", json!("least-waste")),
        ("maxNodeProvisionTime", json!("20m0s")),
        ("maxGracefulTerminationSeconds", json!(600)),
        ("ignoreDaemonsetsUtilization", json!(false)),
        ("emitPerNodeGroupMetrics", json!(false)),
        ("verbosity", json!(2)),
        ("newPodScaleUpDelay", json!("0s")),
        ("maxScaleDownParallelism", parallelism),
        ("maxDrainParallelism", json!(1)),
        ("initialNodeGroupBackoffDuration", json!("5m0s")),
        ("maxNodeGroupBackoffDuration", json!("30m0s")),
        ("nodeGroupBackoffResetTimeout", json!("3h0m0s")),
        ("maxBinpackingTime", json!("5m0s")),
    ] {
        set_default(autoscaler, key, value);
    }
}

/// `SetDefaults_KubeAPIServerConfig`.
fn default_kube_api_server(kube_api_server: &mut Map<String, Value>) {
    if let Some(requests) = object(kube_api_server, "requests") {
        set_default(requests, "maxNonMutatingInflight", json!(400));
        set_default(requests, "maxMutatingInflight", json!(200));
    }
    set_default(kube_api_server, "eventTTL", json!("1h0m0s"));
    if let Some(logging) = object(kube_api_server, "logging") {
        set_default(logging, "verbosity", json!(2));
    }
    let provider =
        object(kube_api_server, "encryptionConfig").and_then(|config| object(config, "provider"));
    if let Some(provider) = provider {
        set_default(provider, "type", json!(DEFAULT_ENCRYPTION_PROVIDER_TYPE));
    }
}

/// `SetDefaults_VerticalPodAutoscaler`.
fn default_vertical_pod_autoscaler(vpa: &mut Map<String, Value>) {
    for (key, value) in [
        ("evictAfterOOMThreshold", json!("10m0s")),
        ("evictionRateBurst", json!(1)),
        ("evictionRateLimit", json!(-1)),
        ("evictionTolerance", json!(0.5)),
        ("recommendationMarginFraction", json!(0.15)),
        ("updaterInterval", json!("1m0s")),
        ("recommenderInterval", json!("1m0s")),
        ("targetCPUPercentile", json!(0.9)),
        ("recommendationLowerBoundCPUPercentile", json!(0.5)),
        ("recommendationUpperBoundCPUPercentile", json!(0.95)),
        ("cpuHistogramDecayHalfLife", json!("24h0m0s")),
        ("targetMemoryPercentile", json!(0.9)),
        ("recommendationLowerBoundMemoryPercentile", json!(0.5)),
        ("recommendationUpperBoundMemoryPercentile", json!(0.95)),
        ("memoryHistogramDecayHalfLife", json!("24h0m0s")),
        ("memoryAggregationInterval", json!("24h0m0s")),
        ("memoryAggregationIntervalCount", json!(8)),
        ("recommenderUpdateWorkerCount", json!(10)),
    ] {
        set_default(vpa, key, value);
    }
}

/// The protected toleration of a Shoot in the `garden` namespace ([`shoot_tolerations`]), written
/// into its `spec.tolerations`.
fn default_garden_toleration(shoot: &mut Value, applied: &mut Applier) {
    let namespace = crate::decode::text_at(shoot, &["metadata", "namespace"]);
    if namespace != Some(GARDEN_NAMESPACE) {
        return;
    }
    let written: Vec<Toleration> = (shoot.pointer("/spec/tolerations"))
        .and_then(|list| crate::decode::from_value(list).ok())
        .unwrap_or_default();
    let Some(defaulted) = shoot_tolerations(GARDEN_NAMESPACE, &written) else {
        return;
    };
    if defaulted.len() == written.len() {
        return;
    }
    let Some(spec) = shoot.get_mut("spec").and_then(Value::as_object_mut) else {
        return;
    };
    let list = spec.entry("tolerations").or_insert_with(|| json!([]));
    if let Some(list) = list.as_array_mut() {
        list.push(json!({ "key": SEED_TAINT_PROTECTED }));
        applied.push(
            format!("spec.tolerations[{}]", list.len() - 1),
            json!({ "key": SEED_TAINT_PROTECTED }),
            "SetDefaults_Shoot: Shoots in the garden namespace tolerate protected Seeds",
        );
    }
}

/// Applies the CloudProfile defaults the engines depend on; returns what was applied.
pub fn default_cloud_profile(profile: &mut Value) -> Vec<AppliedDefault> {
    let mut applied = Applier::new("CloudProfile");
    let Some(spec) = profile.get_mut("spec").and_then(Value::as_object_mut) else {
        return applied.done();
    };
    // Architectures are only defaulted when the profile does not describe machine capabilities.
    let capabilities = spec
        .get("machineCapabilities")
        .and_then(Value::as_array)
        .is_some_and(|c| !c.is_empty());
    let images = spec.get_mut("machineImages").and_then(Value::as_array_mut);
    for (i, image) in images.into_iter().flatten().enumerate() {
        let Some(image) = image.as_object_mut() else {
            continue;
        };
        if !image.contains_key("updateStrategy") {
            image.insert("updateStrategy".into(), json!(DEFAULT_UPDATE_STRATEGY));
            applied.push(
                format!("spec.machineImages[{i}].updateStrategy"),
                json!(DEFAULT_UPDATE_STRATEGY),
                "SetDefaults_MachineImage: images update to the overall latest version",
            );
        }
        let versions = image.get_mut("versions").and_then(Value::as_array_mut);
        for (j, version) in versions.into_iter().flatten().enumerate() {
            let Some(version) = version.as_object_mut() else {
                continue;
            };
            // Written only for a default applied: a CloudProfile has thousands of versions,
            // mostly complete.
            let path = || format!("spec.machineImages[{i}].versions[{j}]");
            if !version.contains_key("cri") {
                version.insert("cri".into(), json!([{ "name": DEFAULT_CRI }]));
                applied.push(
                    format!("{}.cri", path()),
                    json!([{ "name": DEFAULT_CRI }]),
                    "SetDefaults_MachineImageVersion: every image supports containerd",
                );
            }
            if !capabilities && !version.contains_key("architectures") {
                version.insert("architectures".into(), json!([DEFAULT_ARCHITECTURE]));
                applied.push(
                    format!("{}.architectures", path()),
                    json!([DEFAULT_ARCHITECTURE]),
                    "SetDefaults_MachineImageVersion: amd64 unless stated otherwise",
                );
            }
        }
    }
    let machine_types = spec.get_mut("machineTypes").and_then(Value::as_array_mut);
    for (i, machine_type) in machine_types.into_iter().flatten().enumerate() {
        let Some(machine_type) = machine_type.as_object_mut() else {
            continue;
        };
        if !capabilities && !machine_type.contains_key("architecture") {
            machine_type.insert("architecture".into(), json!(DEFAULT_ARCHITECTURE));
            applied.push(
                format!("spec.machineTypes[{i}].architecture"),
                json!(DEFAULT_ARCHITECTURE),
                "SetDefaults_MachineType: amd64 unless stated otherwise",
            );
        }
        if !machine_type.contains_key("usable") {
            machine_type.insert("usable".into(), json!(true));
            applied.push(
                format!("spec.machineTypes[{i}].usable"),
                json!(true),
                "SetDefaults_MachineType: machine types are usable unless stated otherwise",
            );
        }
    }
    applied.done()
}

/// The CloudProfile with its v1beta1 defaults, moved rather than copied: what
/// [`default_cloud_profile`] writes into a pasted document, on the model (for profiles that did
/// not come through it: tests, the oracle's generated ones, a NamespacedCloudProfile's merge).
pub fn cloud_profile_with_defaults(mut profile: CloudProfile) -> CloudProfile {
    apply_cloud_profile_defaults(&mut profile);
    profile
}

/// The CloudProfile with its defaults, copied only where one is missing: a CloudProfile read from
/// the API has them all, and the copy of a large one costs more than its validation.
pub fn defaulted_cloud_profile(profile: &CloudProfile) -> Cow<'_, CloudProfile> {
    if cloud_profile_lacks_defaults(profile) {
        return Cow::Owned(cloud_profile_with_defaults(profile.clone()));
    }
    debug_assert!(
        cloud_profile_with_defaults(profile.clone()) == *profile,
        "a default of the CloudProfile is missing"
    );
    Cow::Borrowed(profile)
}

/// Whether [`apply_cloud_profile_defaults`] changes the profile: each of its conditions.
fn cloud_profile_lacks_defaults(profile: &CloudProfile) -> bool {
    let without_capabilities = profile.spec.machine_capabilities.is_empty();
    let version_lacks = |version: &MachineImageVersion| {
        version.cri.is_empty() || (without_capabilities && version.architectures.is_empty())
    };
    let image_lacks = |image: &MachineImage| {
        image.update_strategy.is_none() || image.versions.iter().any(version_lacks)
    };
    let types_lack = || {
        (profile.spec.machine_types.iter()).any(|machine_type| machine_type.architecture.is_none())
    };
    profile.spec.machine_images.iter().any(image_lacks) || (without_capabilities && types_lack())
}

/// The v1beta1 defaults on the model (`SetDefaults_MachineImage`, `SetDefaults_MachineImageVersion`,
/// `SetDefaults_MachineType`): update strategy `major`, CRI `containerd` and, without machine
/// capabilities, architecture `amd64` for image versions and machine types.
fn apply_cloud_profile_defaults(profile: &mut CloudProfile) {
    let without_capabilities = profile.spec.machine_capabilities.is_empty();
    for image in &mut profile.spec.machine_images {
        if image.update_strategy.is_none() {
            image.update_strategy = Some(DEFAULT_UPDATE_STRATEGY.to_string());
        }
        for version in &mut image.versions {
            if version.cri.is_empty() {
                version.cri = vec![Cri {
                    name: DEFAULT_CRI.to_string(),
                    ..Cri::default()
                }];
            }
            if without_capabilities && version.architectures.is_empty() {
                version.architectures = vec![DEFAULT_ARCHITECTURE.to_string()];
            }
        }
    }
    if without_capabilities {
        for machine_type in &mut profile.spec.machine_types {
            if machine_type.architecture.is_none() {
                machine_type.architecture = Some(DEFAULT_ARCHITECTURE.to_string());
            }
        }
    }
}

struct Applier {
    object: &'static str,
    applied: Vec<AppliedDefault>,
}

impl Applier {
    fn new(object: &'static str) -> Applier {
        Applier {
            object,
            applied: Vec::new(),
        }
    }

    fn push(&mut self, field: impl Into<String>, value: Value, reason: &str) {
        self.applied.push(AppliedDefault {
            object: self.object.to_string(),
            field: field.into(),
            value,
            reason: reason.to_string(),
        });
    }

    fn done(self) -> Vec<AppliedDefault> {
        self.applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(text: &str) -> Value {
        serde_yaml::from_str(text).unwrap()
    }

    fn fields(applied: &[AppliedDefault]) -> Vec<&str> {
        applied.iter().map(|d| d.field.as_str()).collect()
    }

    #[test]
    fn hand_written_shoot_gets_the_stored_defaults() {
        let mut shoot = yaml(
            "spec:\n  provider:\n    workers:\n    - name: a\n    - name: b\n      updateStrategy: AutoInPlaceUpdate\n",
        );
        let applied = default_shoot(&mut shoot);
        assert_eq!(
            fields(&applied),
            [
                "spec.maintenance.autoUpdate.kubernetesVersion",
                "spec.maintenance.autoUpdate.machineImageVersion",
                "spec.provider.workers[0].cri.name",
                "spec.provider.workers[0].updateStrategy",
                "spec.provider.workers[0].maxSurge",
                "spec.provider.workers[0].maxUnavailable",
                "spec.provider.workers[1].cri.name",
                "spec.provider.workers[1].maxSurge",
                "spec.provider.workers[1].maxUnavailable",
                "spec.provider.workers[1].machineControllerManager.disableHealthTimeout",
            ]
        );
        assert_eq!(shoot.pointer("/spec/provider/workers[1]"), None);
        assert_eq!(
            shoot.pointer("/spec/provider/workers/1/maxUnavailable"),
            Some(&json!(1))
        );
    }

    /// `SetDefaults_Worker` knows two in-place strategies; any other name is defaulted as a
    /// rolling pool (and refused by validation), without the in-place health timeout.
    #[test]
    fn only_the_in_place_strategies_get_the_in_place_defaults() {
        let mut shoot = yaml(
            "spec:\n  provider:\n    workers:\n    - {name: a, updateStrategy: OtherInPlaceUpdate}\n",
        );
        default_shoot(&mut shoot);
        let pool = shoot.pointer("/spec/provider/workers/0").unwrap();
        assert_eq!(pool.get("machineControllerManager"), None, "{pool}");
        assert_eq!(pool.get("maxSurge"), Some(&json!(1)));
        let mut typed: Worker = crate::decode::from_value(pool).unwrap();
        default_worker(&mut typed);
        assert_eq!(typed.machine_controller_manager, None);
        assert_eq!(typed.max_unavailable, Some(IntOrString::Int(0)));
    }

    #[test]
    fn a_garden_shoot_tolerates_protected_seeds_once() {
        let mut shoot = yaml("metadata: {name: s, namespace: garden}\nspec: {}\n");
        let applied = default_shoot(&mut shoot);
        assert!(
            fields(&applied).contains(&"spec.tolerations[0]"),
            "{applied:?}"
        );
        assert_eq!(
            shoot.pointer("/spec/tolerations"),
            Some(&json!([{ "key": SEED_TAINT_PROTECTED }]))
        );
        assert!(default_shoot(&mut shoot).is_empty());
        // A valued toleration of the same key does not count; another namespace gets none.
        let mut valued = yaml(
            "metadata: {namespace: garden}\nspec:\n  tolerations: [{key: seed.gardener.cloud/protected, value: x}]\n",
        );
        default_shoot(&mut valued);
        assert_eq!(
            valued.pointer("/spec/tolerations/1/key"),
            Some(&json!(SEED_TAINT_PROTECTED))
        );
        let mut project_shoot = yaml("metadata: {namespace: garden-dev}\nspec: {}\n");
        default_shoot(&mut project_shoot);
        assert_eq!(project_shoot.pointer("/spec/tolerations"), None);
        assert_eq!(shoot_tolerations("garden-x", &[]), None);
    }

    #[test]
    fn a_present_auto_update_block_keeps_gos_false() {
        let mut shoot =
            yaml("spec:\n  maintenance:\n    autoUpdate: {machineImageVersion: false}\n");
        let applied = default_shoot(&mut shoot);
        assert!(applied.is_empty(), "{applied:?}");
        assert_eq!(
            shoot.pointer("/spec/maintenance/autoUpdate/kubernetesVersion"),
            None
        );
    }

    #[test]
    fn defaulted_objects_are_unchanged_by_a_second_pass() {
        // What the API server stored already carries every default.
        let mut shoot = yaml(crate::examples::DEFAULT.shoot);
        let mut profile = yaml(crate::examples::DEFAULT.cloud_profile);
        default_shoot(&mut shoot);
        default_cloud_profile(&mut profile);
        let (stored_shoot, stored_profile) = (shoot.clone(), profile.clone());
        assert!(default_shoot(&mut shoot).is_empty());
        assert!(default_cloud_profile(&mut profile).is_empty());
        assert_eq!((shoot, profile), (stored_shoot, stored_profile));
    }

    fn stored(spec: &str) -> Value {
        let spec: ShootSpec = crate::decode::from_value(&yaml(spec)).unwrap();
        stored_shoot_spec(&spec)
    }

    #[test]
    fn the_compared_spec_and_the_pasted_shoot_share_their_defaults() {
        let spec = "provider:\n  type: aws\n  workers:\n  - name: a\n  - name: b\n    cri: {name: other}\n";
        let mut shoot = json!({ "spec": yaml(spec) });
        default_shoot(&mut shoot);
        let compared = stored(spec);
        for pointer in [
            "/maintenance/autoUpdate",
            "/provider/workers/0/cri",
            "/provider/workers/1/cri",
        ] {
            let pasted = shoot.pointer(&format!("/spec{pointer}"));
            assert_eq!(compared.pointer(pointer), pasted, "{pointer}");
        }
        assert_eq!(
            compared.pointer("/maintenance/autoUpdate"),
            Some(&json!({"kubernetesVersion": true, "machineImageVersion": true}))
        );
    }

    #[test]
    fn the_compared_spec_carries_every_default_of_the_spec() {
        let compared = stored(
            "provider:\n  type: aws\n  workers: [{name: a}]\n  infrastructureConfig: {a: null}\nkubernetes:\n  kubelet: {maxParallelImagePulls: 3, systemReserved: {cpu: 1}, maxPods: null}\n  clusterAutoscaler: {maxEmptyBulkDelete: 4}\nsystemComponents: {coreDNS: {autoscaling: {mode: other}}}\n",
        );
        for (pointer, value) in [
            ("/purpose", json!("evaluation")),
            ("/schedulerName", json!(DEFAULT_SCHEDULER_NAME)),
            ("/networking/ipFamilies", json!(["IPv4"])),
            (
                "/kubernetes/kubeControllerManager/nodeCIDRMaskSize",
                json!(24),
            ),
            ("/kubernetes/kubelet/failSwapOn", json!(true)),
            ("/kubernetes/kubelet/serializeImagePulls", json!(false)),
            (
                "/kubernetes/clusterAutoscaler/maxScaleDownParallelism",
                json!(4),
            ),
            (
                "/kubernetes/kubeAPIServer/encryptionConfig/provider/type",
                json!("aescbc"),
            ),
            (
                "/systemComponents/coreDNS/autoscaling/mode",
                json!("horizontal"),
            ),
            (
                "/provider/workersSettings/sshAccess",
                json!({"enabled": true}),
            ),
            // A raw configuration is compared as written; `null`s elsewhere are absent.
            ("/provider/infrastructureConfig", json!({"a": null})),
        ] {
            assert_eq!(compared.pointer(pointer), Some(&value), "{pointer}");
        }
        assert_eq!(compared.pointer("/kubernetes/kubelet/systemReserved"), None);
        assert_eq!(compared.pointer("/kubernetes/kubelet/maxPods"), None);
        // A workerless Shoot gets none of the defaults of the components that run on nodes.
        let workerless = stored("provider: {type: aws}\n");
        assert_eq!(workerless.pointer("/kubernetes/kubelet"), None);
        assert_eq!(
            workerless.pointer("/maintenance/autoUpdate"),
            Some(&json!({"kubernetesVersion": true}))
        );
    }

    #[test]
    fn profile_defaults_respect_machine_capabilities() {
        let mut profile = yaml(
            "spec:\n  machineImages:\n  - name: gl\n    versions: [{version: 1.0.0}]\n  machineTypes: [{name: m}]\n",
        );
        let applied = default_cloud_profile(&mut profile);
        assert_eq!(
            fields(&applied),
            [
                "spec.machineImages[0].updateStrategy",
                "spec.machineImages[0].versions[0].cri",
                "spec.machineImages[0].versions[0].architectures",
                "spec.machineTypes[0].architecture",
                "spec.machineTypes[0].usable",
            ]
        );
        let mut with_capabilities = yaml(
            "spec:\n  machineCapabilities: [{name: architecture, values: [arm64]}]\n  machineImages:\n  - name: gl\n    updateStrategy: patch\n    versions: [{version: 1.0.0, cri: [{name: containerd}]}]\n",
        );
        assert!(default_cloud_profile(&mut with_capabilities).is_empty());
    }
}
