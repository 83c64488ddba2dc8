//! Random Shoot changes for the `roll-trigger` kind: a stored Shoot and the same Shoot after a few
//! edits people and Gardener's controllers make (versions, machine, image, volume, kubelet
//! reservations spelled in different ways, kube-proxy, node-local DNS, credentials rotation, update
//! strategies, `providerConfig`, pools added, removed or renamed), and Shoots without a previous
//! state whose seed
//! `Worker` reports in-place hashes that match or not.

use super::Request;
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Map, Value};

const POOL_NAMES: [&str; 6] = [
    "worker-a", "worker-b", "pool-1", "pool-2", "cpu", "gpu-pool",
];
const MACHINE_TYPES: [&str; 5] = [
    "m5.large",
    "m5.xlarge",
    "c5.2xlarge",
    "n2-standard-4",
    "Standard_D4s_v5",
];
const IMAGES: [&str; 3] = ["gardenlinux", "suse-chost", "ubuntu"];
const STRATEGIES: [&str; 3] = [
    "AutoRollingUpdate",
    "AutoInPlaceUpdate",
    "ManualInPlaceUpdate",
];

/// A Kubernetes version as Shoots carry it, around 1.34 (where node-local DNS leaves the key).
fn kubernetes_version() -> impl Strategy<Value = String> {
    prop_oneof![
        10 => (30u32..36, 0u32..6).prop_map(|(minor, patch)| format!("1.{minor}.{patch}")),
        1 => prop::sample::select(vec!["1.34.0-rc.1", "v1.33.2", "1.33"]).prop_map(str::to_string),
    ]
}

fn image_version() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "1592.0",
        "1592.1",
        "1877.3.0",
        "1877.4.0",
        "1443.10.0",
        "24.4.1",
    ])
    .prop_map(str::to_string)
}

/// A quantity written one of the ways manifests write it (`100m` and `0.1` are one value).
fn cpu() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => prop::sample::select(vec![
            "80m", "100m", "0.1", "1", "1000m", "250m", "0.25", "2", "0.08", "1500m", "1.5", "100e-3",
        ])
        .prop_map(|q| json!(q)),
        1 => Just(json!(1)),
        1 => Just(json!(0.5)),
    ]
}

fn memory() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        "1Gi",
        "1024Mi",
        "1.5Gi",
        "1536Mi",
        "2Gi",
        "500M",
        "512Mi",
        "1G",
        "1000M",
        "1e9",
        "1073741824",
        "1048576Ki",
        "0.5Gi",
        "1E3",
        "1000",
    ])
    .prop_map(|q| json!(q))
}

/// Quantities at the edges of the canonical form: fractions of binary units, milli-bytes, huge and
/// tiny exponents, many digits.
fn odd_quantity() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        "1.1Gi",
        "0.1Mi",
        "1.5Ki",
        "1m",
        "5.5",
        "1e-3",
        "0.0001",
        "123456789012345678901234567890",
        "12345678901234567890m",
        "1e18",
        "9.999999999Gi",
        "1Ei",
        "0",
        "0.0",
        "+1",
        "-1",
        "1.000",
        "0.1e1",
        "1e-9",
        "1n",
        "1u",
        "999999999999999999n",
        "1.23456789e5",
    ])
    .prop_map(|q| json!(q))
}

fn pid() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop::sample::select(vec!["20k", "20000", "10k", "1e4"]).prop_map(|q| json!(q)),
        1 => Just(json!(20000)),
    ]
}

fn storage() -> impl Strategy<Value = Value> {
    prop::sample::select(vec!["10Gi", "10240Mi", "20Gi", "5G"]).prop_map(|q| json!(q))
}

fn reserved() -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop_oneof![6 => cpu(), 1 => odd_quantity()]),
        prop::option::of(prop_oneof![6 => memory().boxed(), 1 => odd_quantity().boxed()]),
        prop::option::of(prop_oneof![6 => pid().boxed(), 1 => odd_quantity().boxed()]),
        prop::option::weighted(0.3, storage()),
    )
        .prop_map(|(cpu, memory, pid, storage)| {
            let mut reserved = Map::new();
            for (key, value) in [
                ("cpu", cpu),
                ("memory", memory),
                ("pid", pid),
                ("ephemeralStorage", storage),
            ] {
                if let Some(value) = value {
                    reserved.insert(key.to_string(), value);
                }
            }
            Value::Object(reserved)
        })
}

fn eviction_hard() -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop::sample::select(vec![
            "100Mi",
            "104857600",
            "5%",
            "200Mi",
        ])),
        prop::option::weighted(0.4, prop::sample::select(vec!["10%", "15%"])),
        prop::option::weighted(0.4, prop::sample::select(vec!["5%", "10%"])),
        prop::option::weighted(0.3, prop::sample::select(vec!["5%"])),
        prop::option::weighted(0.3, prop::sample::select(vec!["5%"])),
    )
        .prop_map(|(memory, nodefs, imagefs, nodefs_inodes, imagefs_inodes)| {
            let mut eviction = Map::new();
            for (key, value) in [
                ("memoryAvailable", memory),
                ("nodeFSAvailable", nodefs),
                ("imageFSAvailable", imagefs),
                ("nodeFSInodesFree", nodefs_inodes),
                ("imageFSInodesFree", imagefs_inodes),
            ] {
                if let Some(value) = value {
                    eviction.insert(key.to_string(), json!(value));
                }
            }
            Value::Object(eviction)
        })
}

/// A kubelet configuration: the hashed fields and some that are not (maxPods, featureGates, the
/// removed systemReserved).
fn kubelet() -> impl Strategy<Value = Value> {
    (
        prop::option::of(reserved()),
        prop::option::weighted(0.3, reserved()),
        prop::option::weighted(0.4, eviction_hard()),
        prop::option::weighted(0.4, prop::sample::select(vec!["none", "static"])),
        prop::option::weighted(0.3, prop::sample::select(vec![110, 150, 250])),
        prop::option::weighted(
            0.2,
            prop::sample::select(vec!["InPlacePodVerticalScaling", "NodeSwap"]),
        ),
    )
        .prop_map(
            |(kube_reserved, system_reserved, eviction, policy, max_pods, gate)| {
                let mut kubelet = Map::new();
                if let Some(value) = kube_reserved {
                    kubelet.insert("kubeReserved".into(), value);
                }
                if let Some(value) = system_reserved {
                    kubelet.insert("systemReserved".into(), value);
                }
                if let Some(value) = eviction {
                    kubelet.insert("evictionHard".into(), value);
                }
                if let Some(value) = policy {
                    kubelet.insert("cpuManagerPolicy".into(), json!(value));
                }
                if let Some(value) = max_pods {
                    kubelet.insert("maxPods".into(), json!(value));
                }
                if let Some(gate) = gate {
                    kubelet.insert("featureGates".into(), json!({ gate: true }));
                }
                Value::Object(kubelet)
            },
        )
}

fn volume() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec!["50Gi", "100Gi", "51200Mi", "20Gi"]),
        prop::option::of(prop::sample::select(vec!["gp3", "gp2", "pd-balanced"])),
    )
        .prop_map(|(size, volume_type)| {
            let mut volume = json!({ "size": size });
            if let Some(volume_type) = volume_type {
                volume["type"] = json!(volume_type);
            }
            volume
        })
}

fn strategy() -> impl Strategy<Value = Option<String>> {
    prop::option::weighted(
        0.7,
        prop_oneof![
            20 => prop::sample::select(STRATEGIES.to_vec()).prop_map(str::to_string),
            1 => Just("RollingUpdate".to_string()),
        ],
    )
}

/// maxSurge / maxUnavailable as people write them: integers, percentages, now and then a wrong one.
fn int_or_percent() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => (0i64..3).prop_map(|n| json!(n)),
        3 => prop::sample::select(vec!["0%", "25%", "100%", "150%"]).prop_map(|p| json!(p)),
        1 => prop::sample::select(vec!["-1", "abc", "1"]).prop_map(|p| json!(p)),
        1 => Just(json!(-1)),
    ]
}

fn duration() -> impl Strategy<Value = Value> {
    prop::sample::select(vec!["10m", "2h", "0s", "-1m", "1h30m"]).prop_map(|d| json!(d))
}

/// `machineControllerManager` settings of a pool.
fn mcm_settings() -> impl Strategy<Value = Value> {
    (
        prop::option::weighted(0.4, duration()),
        prop::option::weighted(0.3, duration()),
        prop::option::weighted(0.3, duration()),
        prop::option::weighted(0.3, prop::sample::select(vec![-1i64, 0, 10])),
        prop::option::weighted(0.4, duration()),
        prop::option::weighted(0.4, any::<bool>()),
    )
        .prop_map(|(drain, health, creation, retries, in_place, disable)| {
            let mut settings = Map::new();
            for (key, value) in [
                ("machineDrainTimeout", drain),
                ("machineHealthTimeout", health),
                ("machineCreationTimeout", creation),
                ("maxEvictRetries", retries.map(|n| json!(n))),
                ("inPlaceUpdateTimeout", in_place),
                ("disableHealthTimeout", disable.map(|b| json!(b))),
            ] {
                if let Some(value) = value {
                    settings.insert(key.to_string(), value);
                }
            }
            Value::Object(settings)
        })
}

/// A pool's own `kubernetes` section: a version, a kubelet configuration, both or neither.
fn pool_kubernetes() -> impl Strategy<Value = Option<Value>> {
    prop::option::weighted(
        0.4,
        (
            prop::option::of(kubernetes_version()),
            prop::option::of(kubelet()),
        )
            .prop_map(|(version, kubelet)| {
                let mut kubernetes = Map::new();
                if let Some(version) = version {
                    kubernetes.insert("version".into(), json!(version));
                }
                if let Some(kubelet) = kubelet {
                    kubernetes.insert("kubelet".into(), kubelet);
                }
                Value::Object(kubernetes)
            }),
    )
}

/// A pool's `providerConfig` as provider extensions define it (AWS's `WorkerConfig`): Gardener
/// hashes it into the legacy pool hash and passes it to the extension otherwise.
fn provider_config() -> impl Strategy<Value = Value> {
    prop_oneof![
        (prop::sample::select(vec![3000u32, 4000, 16000])).prop_map(|iops| json!({
            "apiVersion": "aws.provider.extensions.gardener.cloud/v1alpha1",
            "kind": "WorkerConfig",
            "volume": { "iops": iops },
        })),
        Just(json!({
            "apiVersion": "aws.provider.extensions.gardener.cloud/v1alpha1",
            "kind": "WorkerConfig",
            "instanceMetadataOptions": { "httpTokens": "required" },
        })),
        Just(json!({})),
    ]
}

fn pool(name: &'static str) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(MACHINE_TYPES.to_vec()),
        prop::option::weighted(0.97, prop::sample::select(IMAGES.to_vec())),
        prop::option::weighted(0.97, image_version()),
        prop::option::weighted(0.8, volume()),
        any::<bool>(),
        strategy(),
        pool_kubernetes(),
        (
            prop::option::weighted(0.2, int_or_percent()),
            prop::option::weighted(0.2, int_or_percent()),
            prop::option::weighted(0.2, mcm_settings()),
        ),
        prop::option::weighted(0.3, provider_config()),
    )
        .prop_map(
            move |(
                machine_type,
                image,
                version,
                volume,
                cri,
                strategy,
                kubernetes,
                rollout,
                provider_config,
            )| {
                let mut pool = json!({
                    "name": name,
                    "minimum": 1,
                    "maximum": 3,
                    "machine": {
                        "type": machine_type,
                        "architecture": "amd64",
                    },
                    "zones": ["eu-west-1a"],
                });
                match (image, version) {
                    (Some(image), Some(version)) => {
                        pool["machine"]["image"] = json!({ "name": image, "version": version });
                    }
                    (Some(image), None) => pool["machine"]["image"] = json!({ "name": image }),
                    // A self-hosted Shoot's pool may leave the image out.
                    (None, _) => {}
                }
                if let Some(volume) = volume {
                    pool["volume"] = volume;
                }
                if cri {
                    pool["cri"] = json!({ "name": "containerd" });
                }
                if let Some(strategy) = strategy {
                    pool["updateStrategy"] = json!(strategy);
                }
                if let Some(kubernetes) = kubernetes {
                    pool["kubernetes"] = kubernetes;
                }
                let (max_surge, max_unavailable, settings) = rollout;
                if let Some(value) = max_surge {
                    pool["maxSurge"] = value;
                }
                if let Some(value) = max_unavailable {
                    pool["maxUnavailable"] = value;
                }
                if let Some(value) = settings {
                    pool["machineControllerManager"] = value;
                }
                if let Some(value) = provider_config {
                    pool["providerConfig"] = value;
                }
                pool
            },
        )
}

/// An instant as the API server stores it (now and then written with an offset).
fn initiation_time() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(vec![
            "2026-01-01T00:00:00Z",
            "2026-03-15T08:30:00Z",
            "2026-06-01T12:00:00Z",
        ])
        .prop_map(str::to_string),
        1 => Just("2026-03-15T09:30:00+01:00".to_string()),
    ]
}

/// One credentials rotation's status: the global initiation time and the pools whose rollout is
/// pending (each with the previous time, or none).
fn rotation() -> impl Strategy<Value = Value> {
    (
        prop::option::weighted(0.9, initiation_time()),
        prop::collection::vec(
            (
                prop::sample::select(POOL_NAMES.to_vec()),
                prop::option::of(initiation_time()),
            ),
            0..3,
        ),
    )
        .prop_map(|(last, pending)| {
            let mut rotation = json!({ "phase": "Prepared" });
            if let Some(last) = last {
                rotation["lastInitiationTime"] = json!(last);
            }
            if !pending.is_empty() {
                let pending: Vec<Value> = pending
                    .into_iter()
                    .map(|(name, time)| {
                        let mut rollout = json!({ "name": name });
                        if let Some(time) = time {
                            rollout["lastInitiationTime"] = json!(time);
                        }
                        rollout
                    })
                    .collect();
                rotation["pendingWorkersRollouts"] = json!(pending);
                rotation["phase"] = json!("WaitingForWorkersRollout");
            }
            rotation
        })
}

fn credentials() -> impl Strategy<Value = Option<Value>> {
    prop::option::weighted(
        0.4,
        (prop::option::of(rotation()), prop::option::of(rotation())).prop_map(|(ca, sa)| {
            let mut rotation = Map::new();
            if let Some(ca) = ca {
                rotation.insert("certificateAuthorities".into(), ca);
            }
            if let Some(sa) = sa {
                rotation.insert("serviceAccountKey".into(), sa);
            }
            json!({ "rotation": rotation })
        }),
    )
}

fn kube_proxy() -> impl Strategy<Value = Option<Value>> {
    prop::option::weighted(
        0.5,
        (
            prop::option::of(prop::sample::select(vec!["IPTables", "IPVS", "IPVS"])),
            prop::option::weighted(0.5, any::<bool>()),
        )
            .prop_map(|(mode, enabled)| {
                let mut proxy = Map::new();
                if let Some(mode) = mode {
                    proxy.insert("mode".into(), json!(mode));
                }
                if let Some(enabled) = enabled {
                    proxy.insert("enabled".into(), json!(enabled));
                }
                Value::Object(proxy)
            }),
    )
}

/// `spec.systemComponents`: node-local DNS on, off, or its enabled flag left out.
fn system_components() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        3 => Just(None),
        4 => any::<bool>().prop_map(|enabled| Some(json!({ "nodeLocalDNS": { "enabled": enabled } }))),
        1 => Just(Some(json!({ "nodeLocalDNS": {} }))),
        1 => Just(Some(json!({ "coreDNS": { "autoscaling": { "mode": "horizontal" } } }))),
    ]
}

fn pending_worker_updates() -> impl Strategy<Value = Option<Value>> {
    prop::option::weighted(
        0.2,
        (
            prop::collection::vec(prop::sample::select(POOL_NAMES.to_vec()), 0..2),
            prop::collection::vec(prop::sample::select(POOL_NAMES.to_vec()), 0..2),
        )
            .prop_map(|(auto, manual)| {
                let mut pending = Map::new();
                if !auto.is_empty() {
                    pending.insert("autoInPlaceUpdate".into(), json!(auto));
                }
                if !manual.is_empty() {
                    pending.insert("manualInPlaceUpdate".into(), json!(manual));
                }
                json!({ "pendingWorkerUpdates": pending })
            }),
    )
}

/// A stored Shoot with one to three pools of distinct names.
fn shoot() -> impl Strategy<Value = Value> {
    let pools = prop::sample::subsequence(POOL_NAMES.to_vec(), 1..4)
        .prop_flat_map(|names| names.into_iter().map(pool).collect::<Vec<_>>());
    (
        kubernetes_version(),
        pools,
        prop::option::weighted(0.5, kubelet()),
        kube_proxy(),
        system_components(),
        credentials(),
        pending_worker_updates(),
    )
        .prop_map(
            |(version, pools, kubelet, proxy, system_components, credentials, in_place)| {
                let mut kubernetes = json!({ "version": version });
                if let Some(kubelet) = kubelet {
                    kubernetes["kubelet"] = kubelet;
                }
                if let Some(proxy) = proxy {
                    kubernetes["kubeProxy"] = proxy;
                }
                let mut shoot = json!({
                    "apiVersion": "core.gardener.cloud/v1beta1",
                    "kind": "Shoot",
                    "metadata": { "name": "demo", "namespace": "garden-dev" },
                    "spec": {
                        "cloudProfileName": "aws",
                        "region": "eu-west-1",
                        "kubernetes": kubernetes,
                        "maintenance": { "timeWindow": { "begin": "220000+0000", "end": "230000+0000" } },
                        "provider": { "type": "aws", "workers": pools },
                    },
                    "status": {},
                });
                if let Some(system_components) = system_components {
                    shoot["spec"]["systemComponents"] = system_components;
                }
                if let Some(credentials) = credentials {
                    shoot["status"]["credentials"] = credentials;
                }
                if let Some(in_place) = in_place {
                    shoot["status"]["inPlaceUpdates"] = in_place;
                }
                shoot
            },
        )
}

/// One edit of a Shoot; pool positions are taken modulo the number of pools.
#[derive(Debug, Clone)]
enum Edit {
    ControlPlaneVersion(String),
    PoolKubernetes(usize, Option<Value>),
    MachineType(usize, &'static str),
    ImageName(usize, &'static str),
    ImageVersion(usize, String),
    Volume(usize, Option<Value>),
    Cri(usize, bool),
    ShootKubelet(Option<Value>),
    KubeProxy(Option<Value>),
    SystemComponents(Option<Value>),
    Credentials(Option<Value>),
    Strategy(usize, Option<String>),
    AddPool(Value),
    RemovePool(usize),
    RenamePool(usize, &'static str),
    Labels(usize, Option<&'static str>),
    Maximum(usize, u32),
    ProviderConfig(usize, Option<Value>),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = 0usize..4;
    prop_oneof![
        3 => kubernetes_version().prop_map(Edit::ControlPlaneVersion),
        2 => (at.clone(), pool_kubernetes()).prop_map(|(i, k)| Edit::PoolKubernetes(i, k)),
        2 => (at.clone(), prop::sample::select(MACHINE_TYPES.to_vec())).prop_map(|(i, t)| Edit::MachineType(i, t)),
        1 => (at.clone(), prop::sample::select(IMAGES.to_vec())).prop_map(|(i, n)| Edit::ImageName(i, n)),
        3 => (at.clone(), image_version()).prop_map(|(i, v)| Edit::ImageVersion(i, v)),
        2 => (at.clone(), prop::option::weighted(0.9, volume())).prop_map(|(i, v)| Edit::Volume(i, v)),
        1 => (at.clone(), any::<bool>()).prop_map(|(i, c)| Edit::Cri(i, c)),
        3 => prop::option::weighted(0.8, kubelet()).prop_map(Edit::ShootKubelet),
        1 => kube_proxy().prop_map(Edit::KubeProxy),
        2 => system_components().prop_map(Edit::SystemComponents),
        3 => credentials().prop_map(Edit::Credentials),
        2 => (at.clone(), strategy()).prop_map(|(i, s)| Edit::Strategy(i, s)),
        1 => prop::sample::select(POOL_NAMES.to_vec()).prop_flat_map(pool).prop_map(Edit::AddPool),
        1 => at.clone().prop_map(Edit::RemovePool),
        1 => (at.clone(), prop::sample::select(POOL_NAMES.to_vec())).prop_map(|(i, n)| Edit::RenamePool(i, n)),
        1 => (at.clone(), prop::option::of(prop::sample::select(vec!["team-a", "team-b"]))).prop_map(|(i, l)| Edit::Labels(i, l)),
        1 => (at.clone(), 1u32..6).prop_map(|(i, m)| Edit::Maximum(i, m)),
        2 => (at, prop::option::weighted(0.8, provider_config())).prop_map(|(i, c)| Edit::ProviderConfig(i, c)),
    ]
}

fn apply(shoot: &mut Value, edit: &Edit) {
    let count = shoot["spec"]["provider"]["workers"]
        .as_array()
        .map_or(0, Vec::len);
    let names: Vec<String> = shoot["spec"]["provider"]["workers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|pool| pool["name"].as_str().map(str::to_string))
        .collect();
    let set = |target: &mut Value, key: &str, value: Option<Value>| {
        let object = target.as_object_mut().expect("an object");
        match value {
            Some(value) => {
                object.insert(key.to_string(), value);
            }
            None => {
                object.remove(key);
            }
        }
    };
    let workers = &mut shoot["spec"]["provider"]["workers"];
    match edit {
        Edit::ControlPlaneVersion(version) => {
            shoot["spec"]["kubernetes"]["version"] = json!(version);
        }
        Edit::PoolKubernetes(i, kubernetes) if count > 0 => {
            set(&mut workers[i % count], "kubernetes", kubernetes.clone());
        }
        Edit::MachineType(i, machine_type) if count > 0 => {
            workers[i % count]["machine"]["type"] = json!(machine_type);
        }
        Edit::ImageName(i, name) if count > 0 => {
            workers[i % count]["machine"]["image"]["name"] = json!(name);
        }
        Edit::ImageVersion(i, version) if count > 0 => {
            workers[i % count]["machine"]["image"]["version"] = json!(version);
        }
        Edit::Volume(i, volume) if count > 0 => {
            set(&mut workers[i % count], "volume", volume.clone());
        }
        Edit::Cri(i, cri) if count > 0 => {
            let value = cri.then(|| json!({ "name": "containerd" }));
            set(&mut workers[i % count], "cri", value);
        }
        Edit::Strategy(i, strategy) if count > 0 => {
            let value = strategy.as_ref().map(|s| json!(s));
            set(&mut workers[i % count], "updateStrategy", value);
        }
        Edit::AddPool(pool)
            if !names
                .iter()
                .any(|name| name == pool["name"].as_str().unwrap_or("")) =>
        {
            workers.as_array_mut().expect("a list").push(pool.clone());
        }
        Edit::RemovePool(i) if count > 1 => {
            workers.as_array_mut().expect("a list").remove(i % count);
        }
        Edit::RenamePool(i, name)
            if count > 0 && !names.iter().any(|existing| existing == name) =>
        {
            workers[i % count]["name"] = json!(name);
        }
        Edit::Labels(i, label) if count > 0 => {
            let value = label.map(|team| json!({ "team": team }));
            set(&mut workers[i % count], "labels", value);
        }
        Edit::Maximum(i, maximum) if count > 0 => {
            workers[i % count]["maximum"] = json!(maximum);
        }
        Edit::ProviderConfig(i, config) if count > 0 => {
            set(&mut workers[i % count], "providerConfig", config.clone());
        }
        Edit::ShootKubelet(kubelet) => {
            set(&mut shoot["spec"]["kubernetes"], "kubelet", kubelet.clone());
        }
        Edit::KubeProxy(proxy) => {
            set(&mut shoot["spec"]["kubernetes"], "kubeProxy", proxy.clone());
        }
        Edit::SystemComponents(value) => {
            set(&mut shoot["spec"], "systemComponents", value.clone());
        }
        Edit::Credentials(credentials) => {
            set(&mut shoot["status"], "credentials", credentials.clone());
        }
        _ => {}
    }
}

/// The seed's `Worker`: some of the Shoot's pools, each reported with the hash the engine computes
/// for it (`matching`), another hash, or none.
fn worker_resource(shoot: &Value, reports: &[(bool, u8)]) -> Value {
    let status = reports.first().map_or(0, |(_, report)| *report);
    let parsed: Option<shoot_policy::api::Shoot> = serde_json::from_value(shoot.clone()).ok();
    let mut pools = Vec::new();
    let mut hashes = Map::new();
    let workers = shoot["spec"]["provider"]["workers"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for (pool, (listed, report)) in workers.iter().zip(reports.iter().cycle()) {
        let name = pool["name"].as_str().unwrap_or_default().to_string();
        if *listed {
            let mut entry = json!({ "name": name });
            if let Some(strategy) = pool.get("updateStrategy") {
                entry["updateStrategy"] = strategy.clone();
            }
            pools.push(entry);
        }
        let matching = parsed.as_ref().and_then(|shoot| {
            let worker = shoot.worker(&name)?;
            shoot_policy::rollout::in_place_hash(shoot, worker).ok()
        });
        match (report % 3, matching) {
            (0 | 1, Some(hash)) => {
                hashes.insert(name, json!(hash));
            }
            (2, _) => {
                hashes.insert(name, json!("0123456789abcdef"));
            }
            _ => {}
        }
    }
    let mut resource = json!({
        "apiVersion": "extensions.gardener.cloud/v1alpha1",
        "kind": "Worker",
        "metadata": { "name": "demo", "namespace": "shoot--dev--demo" },
        "spec": { "pools": pools },
        "status": { "inPlaceUpdates": { "workerPoolToHashMap": hashes } },
    });
    // Now and then a Worker the extension has not reported on yet.
    match status {
        250..=252 => resource["status"] = json!({}),
        253..=255 => resource["status"] = json!({ "inPlaceUpdates": {} }),
        _ => {}
    }
    resource
}

/// The `roll-trigger` kind: a change of a stored Shoot (mostly), or a Shoot with its seed `Worker`.
pub fn rollout() -> BoxedStrategy<Request> {
    let reports = prop::collection::vec((prop::bool::weighted(0.85), any::<u8>()), 1..4);
    let change = (
        shoot(),
        prop::collection::vec(edit(), 1..4),
        prop::option::weighted(0.2, reports.clone()),
    )
        .prop_map(|(old, edits, reports)| {
            let mut new = old.clone();
            for edit in &edits {
                apply(&mut new, edit);
            }
            let mut input = json!({ "oldShoot": old, "shoot": new });
            if edits.len() == 3 && matches!(edits[0], Edit::ControlPlaneVersion(_)) {
                input["featureGates"] = json!({ "NewWorkerPoolHash": true });
            }
            if let Some(reports) = reports {
                input["workerResource"] = worker_resource(&input["shoot"], &reports);
            }
            input
        });
    let observed = (shoot(), prop::option::weighted(0.9, reports)).prop_map(|(shoot, reports)| {
        let mut input = json!({ "shoot": shoot });
        if let Some(reports) = reports {
            input["workerResource"] = worker_resource(&input["shoot"], &reports);
        }
        input
    });
    prop_oneof![4 => change, 1 => observed]
        .prop_map(|input| Request {
            kind: "roll-trigger",
            now: "2026-01-01T00:00:00Z".to_string(),
            input,
        })
        .boxed()
}

/// The `update-strategy-validation` kind: a Shoot created, or a change of a stored Shoot, with the
/// `InPlaceNodeUpdates` gate on or off; the stored status lists pending in-place pools half the
/// time, and the change now and then carries the force annotation.
pub fn update_strategy() -> BoxedStrategy<Request> {
    let gates = prop::option::weighted(0.7, any::<bool>());
    let pending = (
        prop::collection::vec(prop::sample::select(POOL_NAMES.to_vec()), 0..3),
        prop::collection::vec(prop::sample::select(POOL_NAMES.to_vec()), 0..2),
    );
    let create = (shoot(), gates.clone()).prop_map(|(shoot, gate)| {
        let mut input = json!({ "shoot": shoot, "operation": "create" });
        if let Some(gate) = gate {
            input["featureGates"] = json!({ "InPlaceNodeUpdates": gate });
        }
        input
    });
    let update = (
        shoot(),
        prop::collection::vec(edit(), 0..4),
        gates,
        prop::option::weighted(0.5, pending),
        prop::bool::weighted(0.1),
    )
        .prop_map(|(old, edits, gate, pending, force)| {
            let mut old = old;
            if let Some((auto, manual)) = pending {
                old["status"]["inPlaceUpdates"] = json!({
                    "pendingWorkerUpdates": { "autoInPlaceUpdate": auto, "manualInPlaceUpdate": manual },
                });
            }
            let mut new = old.clone();
            for edit in &edits {
                apply(&mut new, edit);
            }
            if force {
                new["metadata"]["annotations"] =
                    json!({ "gardener.cloud/operation": "force-in-place-update" });
            }
            let mut input = json!({ "oldShoot": old, "shoot": new, "operation": "update" });
            if let Some(gate) = gate {
                input["featureGates"] = json!({ "InPlaceNodeUpdates": gate });
            }
            input
        });
    prop_oneof![1 => create, 3 => update]
        .prop_map(|input| Request {
            kind: "update-strategy-validation",
            now: "2026-01-01T00:00:00Z".to_string(),
            input,
        })
        .boxed()
}
