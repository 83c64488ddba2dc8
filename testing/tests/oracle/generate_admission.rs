//! Inputs for the `shoot-admission` area: the ShootValidator admission plugin, whole, on a Shoot
//! update, create or deletion against an aws-like CloudProfile. The profile's machine types, volume types,
//! regions (with zones where types are unavailable, and access restrictions), seed selector and
//! node limit vary, and so do the pools' machine types, architectures, volumes, zones, kubelet
//! reservations and minimums, the region, the provider type, provider configurations that name
//! the internal API version, and admission plugins' kubeconfig Secrets. Pools always carry an
//! architecture and a whole image version, as after the ShootMutator, which runs before the
//! validator.
//!
//! The Shoots may name a Seed (`seed-a`, `seed-b`), which is then in the input with its zones,
//! networks, access restrictions, labels, taints, provider type, capacity and, rarely, a deletion
//! in progress; other Shoots placed on the Seeds count against its capacity. The Shoots vary their
//! seed selector, a zone failure tolerance, hibernation (with a `HibernationPossible` constraint
//! in the status of an update), access restrictions, networks (IPv4, IPv6 or both, overlapping or
//! not, in the spec and in the status), tolerations and annotations, the last operation and the
//! status' Seed; a quarter of the inputs hold a NamespacedCloudProfile under the CloudProfile,
//! which the Shoots reference or not (a change of reference is `ValidateCloudProfileChanges`').
//! `spec.controlPlane.zones` and the CloudProfile's `controlPlane` are left out: Gardener
//! v1.149.3, which the oracle links, predates them.

use super::generate::{instant, rfc3339};
use super::Request;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

const MACHINE_TYPES: [&str; 5] = [
    "m5.large",
    "m5.xlarge",
    "m6g.large",
    "c5.2xlarge",
    "p3.2xlarge",
];
const VOLUME_TYPES: [&str; 3] = ["gp3", "io1", "standard"];
const REGIONS: [&str; 3] = ["eu-west-1", "eu-central-1", "us-east-1"];

fn machine_type(name: &'static str) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec!["2", "4", "8", "500m"]),
        prop::sample::select(vec!["8Gi", "16Gi", "4096Mi"]),
        prop::option::weighted(0.8, prop::sample::select(vec!["amd64", "arm64"])),
        prop::option::weighted(0.3, any::<bool>()),
        prop::option::weighted(
            0.2,
            (
                prop::sample::select(vec!["gp3", "io1"]),
                prop::sample::select(vec!["20Gi", "50Gi", "100G"]),
            ),
        ),
    )
        .prop_map(move |(cpu, memory, architecture, usable, storage)| {
            let mut machine_type =
                json!({ "name": name, "cpu": cpu, "gpu": "0", "memory": memory });
            if let Some(architecture) = architecture {
                machine_type["architecture"] = json!(architecture);
            }
            if let Some(usable) = usable {
                machine_type["usable"] = json!(usable);
            }
            if let Some((volume_type, min_size)) = storage {
                machine_type["storage"] =
                    json!({ "class": "standard", "type": volume_type, "minSize": min_size });
            }
            machine_type
        })
}

fn volume_type(name: &'static str) -> impl Strategy<Value = Value> {
    (
        prop::option::weighted(0.3, any::<bool>()),
        prop::option::weighted(0.4, prop::sample::select(vec!["20Gi", "30Gi", "1Ti"])),
    )
        .prop_map(move |(usable, min_size)| {
            let mut volume = json!({ "name": name, "class": "standard" });
            if let Some(usable) = usable {
                volume["usable"] = json!(usable);
            }
            if let Some(min_size) = min_size {
                volume["minSize"] = json!(min_size);
            }
            volume
        })
}

fn zone(region: &'static str) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec!["a", "b", "c"]),
        prop::collection::vec(prop::sample::select(MACHINE_TYPES.to_vec()), 0..2),
        prop::collection::vec(prop::sample::select(VOLUME_TYPES.to_vec()), 0..2),
    )
        .prop_map(move |(suffix, machines, volumes)| {
            let mut zone = json!({ "name": format!("{region}{suffix}") });
            if !machines.is_empty() {
                zone["unavailableMachineTypes"] = json!(machines);
            }
            if !volumes.is_empty() {
                zone["unavailableVolumeTypes"] = json!(volumes);
            }
            zone
        })
}

const RESTRICTIONS: [&str; 3] = ["eu-access-only", "no-internet", "sovereign"];

fn region(name: &'static str) -> impl Strategy<Value = Value> {
    (
        prop::collection::vec(zone(name), 0..4),
        prop::option::weighted(0.6, subset(&RESTRICTIONS, 0.6)),
    )
        .prop_map(move |(zones, restrictions)| {
            let mut region = json!({ "name": name, "zones": zones });
            if let Some(restrictions) = restrictions {
                region["accessRestrictions"] = json!(restrictions
                    .iter()
                    .map(|name| json!({ "name": name }))
                    .collect::<Vec<_>>());
            }
            region
        })
}

/// A `seedSelector` of a CloudProfile or a Shoot: a label and provider types, each optional.
fn seed_selector() -> impl Strategy<Value = Value> {
    (
        prop::option::weighted(
            0.7,
            prop::sample::select(vec![("env", "prod"), ("env", "dev")]),
        ),
        prop::option::weighted(
            0.5,
            prop::sample::select(vec![
                vec!["aws"],
                vec!["gcp"],
                vec!["*"],
                vec!["aws", "gcp"],
                vec![],
            ]),
        ),
    )
        .prop_map(|(label, types)| {
            let mut selector = json!({});
            if let Some((key, value)) = label {
                selector["matchLabels"] = json!({ key: value });
            }
            if let Some(types) = types {
                selector["providerTypes"] = json!(types);
            }
            selector
        })
}

/// A subset of `names` in its order, each kept with probability `keep`.
fn subset(names: &'static [&'static str], keep: f64) -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(prop::bool::weighted(keep), names.len()).prop_map(move |kept| {
        (names.iter().zip(kept))
            .filter(|(_, kept)| *kept)
            .map(|(name, _)| *name)
            .collect()
    })
}

fn cloud_profile() -> impl Strategy<Value = Value> {
    (
        subset(&MACHINE_TYPES, 0.8),
        prop::collection::vec(machine_type("m5.large"), 5),
        subset(&VOLUME_TYPES, 0.8),
        prop::collection::vec(volume_type("gp3"), 3),
        subset(&REGIONS, 0.8),
        prop::collection::vec(region("eu-west-1"), 3),
        (
            prop::option::weighted(0.3, prop::sample::select(vec![2i64, 4, 10])),
            prop::option::weighted(0.25, seed_selector()),
        ),
    )
        .prop_map(
            |(
                machine_names,
                machine_shapes,
                volume_names,
                volume_shapes,
                region_names,
                region_shapes,
                (limit, selector),
            )| {
                let rename = |mut value: Value, name: &str| {
                    value["name"] = json!(name);
                    value
                };
                let machine_types: Vec<Value> = (machine_names.iter().zip(machine_shapes))
                    .map(|(name, shape)| rename(shape, name))
                    .collect();
                let volume_types: Vec<Value> = (volume_names.iter().zip(volume_shapes))
                    .map(|(name, shape)| rename(shape, name))
                    .collect();
                let regions: Vec<Value> = (region_names.iter().zip(region_shapes))
                    .map(|(name, mut shape)| {
                        // The zones were drawn for eu-west-1; each region names its own.
                        if let Some(zones) = shape["zones"].as_array_mut() {
                            for zone in zones {
                                let suffix = zone["name"]
                                    .as_str()
                                    .unwrap_or("")
                                    .trim_start_matches("eu-west-1")
                                    .to_string();
                                zone["name"] = json!(format!("{name}{suffix}"));
                            }
                        }
                        rename(shape, name)
                    })
                    .collect();
                let mut spec = json!({
                    "type": "aws",
                    "kubernetes": { "versions": [
                        { "version": "1.33.2" }, { "version": "1.32.5" }, { "version": "1.31.9" }
                    ] },
                    "machineImages": [{ "name": "gardenlinux", "versions": [
                        { "version": "1877.3.0", "architectures": ["amd64", "arm64"] },
                        { "version": "1592.10.0", "architectures": ["amd64"] }
                    ] }],
                    "machineTypes": machine_types,
                    "volumeTypes": volume_types,
                    "regions": regions,
                });
                if let Some(limit) = limit {
                    spec["limits"] = json!({ "maxNodesTotal": limit });
                }
                if let Some(selector) = selector {
                    spec["seedSelector"] = selector;
                }
                json!({
                    "apiVersion": "core.gardener.cloud/v1beta1",
                    "kind": "CloudProfile",
                    "metadata": { "name": "aws" },
                    "spec": spec,
                })
            },
        )
}

/// One pool's settings.
#[derive(Debug, Clone)]
struct Pool {
    machine_type: &'static str,
    architecture: &'static str,
    image: &'static str,
    volume: Option<(&'static str, &'static str)>,
    zones: Vec<&'static str>,
    minimum: i64,
    reserved: Option<(&'static str, &'static str)>,
    kubernetes: Option<&'static str>,
    internal_config: bool,
}

fn pool() -> impl Strategy<Value = Pool> {
    (
        (
            prop_oneof![10 => prop::sample::select(MACHINE_TYPES.to_vec()), 1 => Just("t2.nano")],
            prop::sample::select(vec!["amd64", "arm64"]),
            prop::sample::select(vec!["1877.3.0", "1592.10.0"]),
            prop::option::weighted(
                0.7,
                (
                    prop_oneof![10 => prop::sample::select(VOLUME_TYPES.to_vec()), 1 => Just("sc1")],
                    prop::sample::select(vec!["10Gi", "20Gi", "50Gi", "100Gi"]),
                ),
            ),
        ),
        (
            prop::collection::vec(prop::sample::select(vec!["a", "b", "c", "d"]), 0..3),
            0i64..4,
            prop::option::weighted(
                0.2,
                (prop::sample::select(vec!["100m", "2", "8"]), prop::sample::select(vec!["1Gi", "16Gi", "32Gi"])),
            ),
            prop::option::weighted(0.2, prop::sample::select(vec!["1.32.5", "1.31.9"])),
            prop::bool::weighted(0.05),
        ),
    )
        .prop_map(|((machine_type, architecture, image, volume), (zones, minimum, reserved, kubernetes, internal_config))| Pool {
            machine_type,
            architecture,
            image,
            volume,
            zones,
            minimum,
            reserved,
            kubernetes,
            internal_config,
        })
}

fn worker(name: &str, pool: &Pool, region: &str) -> Value {
    let mut worker = json!({
        "name": name,
        "machine": {
            "type": pool.machine_type,
            "architecture": pool.architecture,
            "image": { "name": "gardenlinux", "version": pool.image },
        },
        "minimum": pool.minimum,
        "maximum": 5,
        "zones": pool.zones.iter().map(|suffix| format!("{region}{suffix}")).collect::<Vec<_>>(),
    });
    if let Some((volume_type, size)) = pool.volume {
        worker["volume"] = json!({ "type": volume_type, "size": size });
    }
    if pool.reserved.is_some() || pool.kubernetes.is_some() {
        let mut kubernetes = json!({});
        if let Some(version) = pool.kubernetes {
            kubernetes["version"] = json!(version);
        }
        if let Some((cpu, memory)) = pool.reserved {
            kubernetes["kubelet"] = json!({ "kubeReserved": { "cpu": cpu, "memory": memory } });
        }
        worker["kubernetes"] = kubernetes;
    }
    if pool.internal_config {
        worker["providerConfig"] = json!({ "apiVersion": "aws.provider.extensions.gardener.cloud/__internal", "kind": "WorkerConfig" });
    }
    worker
}

/// The Shoot's networks: the IP families (`None`: the default, IPv4) and the three ranges.
#[derive(Debug, Clone)]
struct Networks {
    families: Option<Vec<&'static str>>,
    nodes: Option<&'static str>,
    pods: Option<&'static str>,
    services: Option<&'static str>,
}

/// Ranges that overlap in places, with Gardener's reserved ones and IPv6 ranges among them.
const IPV4_RANGES: [&str; 8] = [
    "10.250.0.0/16",
    "10.0.0.0/8",
    "100.96.0.0/11",
    "100.64.0.0/13",
    "100.64.0.0/12",
    "240.1.0.0/16",
    "244.0.0.0/16",
    "192.168.0.0/24",
];
const IPV6_RANGES: [&str; 4] = [
    "2001:db8:1::/48",
    "2001:db8::/32",
    "fd8f:6d53:b97a:1::/96",
    "fd00:10::/64",
];

fn network_range() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        4 => prop::sample::select(IPV4_RANGES.to_vec()),
        1 => prop::sample::select(IPV6_RANGES.to_vec()),
    ]
}

fn networks() -> impl Strategy<Value = Networks> {
    (
        prop_oneof![
            6 => Just(None),
            1 => Just(Some(vec!["IPv4"])),
            1 => Just(Some(vec!["IPv6"])),
            1 => Just(Some(vec!["IPv4", "IPv6"])),
        ],
        prop::option::weighted(0.8, network_range()),
        prop::option::weighted(0.7, network_range()),
        prop::option::weighted(0.7, network_range()),
    )
        .prop_map(|(families, nodes, pods, services)| Networks {
            families,
            nodes,
            pods,
            services,
        })
}

/// The parts of a Shoot that change between the old and the new one.
#[derive(Debug, Clone)]
struct ShootState {
    region: &'static str,
    provider_type: &'static str,
    version: &'static str,
    pools: Vec<Pool>,
    plugin_secret: Option<(&'static str, bool)>,
    seed_name: Option<&'static str>,
    seed_selector: Option<Value>,
    zone_tolerance: Option<&'static str>,
    hibernated: Option<bool>,
    restrictions: Option<Vec<&'static str>>,
    networks: Networks,
    tolerations: Vec<&'static str>,
    annotation: Option<(&'static str, &'static str)>,
    namespaced_profile: bool,
}

fn shoot_state() -> impl Strategy<Value = ShootState> {
    (
        (
            prop_oneof![10 => prop::sample::select(REGIONS.to_vec()), 1 => Just("ap-south-1")],
            prop_oneof![12 => Just("aws"), 1 => Just("gcp")],
            prop::sample::select(vec!["1.33.2", "1.32.5"]),
            prop::collection::vec(pool(), 0..4),
            prop::option::weighted(
                0.1,
                (
                    prop::sample::select(vec!["webhook-kubeconfig", "other"]),
                    any::<bool>(),
                ),
            ),
        ),
        (
            prop::option::weighted(0.5, prop::sample::select(vec!["seed-a", "seed-b"])),
            prop::option::weighted(0.3, seed_selector()),
            prop::option::weighted(0.3, prop::sample::select(vec!["zone", "node"])),
            prop::option::weighted(0.4, any::<bool>()),
            prop::option::weighted(
                0.4,
                prop::collection::vec(
                    prop::sample::select(vec![
                        "eu-access-only",
                        "no-internet",
                        "sovereign",
                        "other",
                    ]),
                    0..3,
                ),
            ),
        ),
        (
            networks(),
            prop::collection::vec(
                prop::sample::select(vec!["seed.gardener.cloud/protected", "dedicated"]),
                0..2,
            ),
            prop::option::weighted(
                0.2,
                prop::sample::select(vec![
                    ("confirmation.gardener.cloud/deletion", "true"),
                    ("team", "payments"),
                ]),
            ),
            prop::bool::weighted(0.5),
        ),
    )
        .prop_map(
            |(
                (region, provider_type, version, pools, plugin_secret),
                (seed_name, seed_selector, zone_tolerance, hibernated, restrictions),
                (networks, tolerations, annotation, namespaced_profile),
            )| ShootState {
                region,
                provider_type,
                version,
                pools,
                plugin_secret,
                seed_name,
                seed_selector,
                zone_tolerance,
                hibernated,
                restrictions,
                networks,
                tolerations,
                annotation,
                namespaced_profile,
            },
        )
}

const POOL_NAMES: [&str; 4] = ["worker-a", "worker-b", "gpu", "arm"];

/// The profile a Shoot references: the CloudProfile, or the NamespacedCloudProfile when the input
/// has one and the state asks for it.
fn profile_reference(state: &ShootState, with_namespaced: bool) -> Value {
    if with_namespaced && state.namespaced_profile {
        json!({ "kind": "NamespacedCloudProfile", "name": "aws-custom" })
    } else {
        json!({ "kind": "CloudProfile", "name": "aws" })
    }
}

fn shoot(state: &ShootState, with_namespaced: bool, status: Option<&Value>) -> Value {
    let workers: Vec<Value> = (state.pools.iter().enumerate())
        .map(|(i, pool)| worker(POOL_NAMES[i], pool, state.region))
        .collect();
    let mut networking = json!({ "type": "calico" });
    let networks = &state.networks;
    if let Some(families) = &networks.families {
        networking["ipFamilies"] = json!(families);
    }
    for (key, range) in [
        ("nodes", networks.nodes),
        ("pods", networks.pods),
        ("services", networks.services),
    ] {
        if let Some(range) = range {
            networking[key] = json!(range);
        }
    }
    let mut spec = json!({
        "cloudProfile": profile_reference(state, with_namespaced),
        "credentialsBindingName": "aws-credentials",
        "region": state.region,
        "kubernetes": { "version": state.version },
        "networking": networking,
        "maintenance": { "timeWindow": { "begin": "220000+0000", "end": "230000+0000" } },
        "provider": { "type": state.provider_type, "workers": workers },
    });
    if let Some((secret, referenced)) = state.plugin_secret {
        spec["kubernetes"]["kubeAPIServer"] = json!({ "admissionPlugins": [
            { "name": "ImagePolicyWebhook", "kubeconfigSecretName": secret }
        ] });
        if referenced {
            spec["resources"] = json!([{ "name": "webhook", "resourceRef": {
                "apiVersion": "v1", "kind": "Secret", "name": "webhook-kubeconfig"
            } }]);
        }
    }
    if let Some(seed) = state.seed_name {
        spec["seedName"] = json!(seed);
    }
    if let Some(selector) = &state.seed_selector {
        spec["seedSelector"] = selector.clone();
    }
    if let Some(tolerance) = state.zone_tolerance {
        spec["controlPlane"] =
            json!({ "highAvailability": { "failureTolerance": { "type": tolerance } } });
    }
    if let Some(enabled) = state.hibernated {
        spec["hibernation"] = json!({ "enabled": enabled });
    }
    if let Some(restrictions) = &state.restrictions {
        spec["accessRestrictions"] = json!(restrictions
            .iter()
            .map(|name| json!({ "name": name }))
            .collect::<Vec<_>>());
    }
    if !state.tolerations.is_empty() {
        spec["tolerations"] = json!(state
            .tolerations
            .iter()
            .map(|key| json!({ "key": key }))
            .collect::<Vec<_>>());
    }
    let mut metadata = json!({ "name": "payments", "namespace": "garden-dev" });
    if let Some((key, value)) = state.annotation {
        metadata["annotations"] = json!({ key: value });
    }
    let mut shoot = json!({
        "apiVersion": "core.gardener.cloud/v1beta1",
        "kind": "Shoot",
        "metadata": metadata,
        "spec": spec,
    });
    if let Some(status) = status {
        shoot["status"] = status.clone();
    }
    shoot
}

/// The stored Shoot's status, which an update keeps (the API server copies it into the new
/// object): the `HibernationPossible` constraint, the networks recorded, the last operation and
/// the Seed the status names.
fn shoot_status() -> impl Strategy<Value = Value> {
    (
        prop::option::weighted(
            0.4,
            prop::sample::select(vec!["True", "False", "Unknown", "Progressing"]),
        ),
        prop::option::weighted(
            0.3,
            (
                prop::collection::vec(network_range(), 0..2),
                prop::collection::vec(network_range(), 0..2),
                prop::collection::vec(network_range(), 0..2),
            ),
        ),
        prop::option::weighted(
            0.3,
            prop::sample::select(vec![
                ("Reconcile", "Succeeded"),
                ("Migrate", "Processing"),
                ("Restore", "Processing"),
                ("Restore", "Succeeded"),
            ]),
        ),
        prop::option::weighted(0.3, prop::sample::select(vec!["seed-a", "seed-b"])),
    )
        .prop_map(|(constraint, networks, operation, seed)| {
            let mut status = json!({});
            if let Some(state) = constraint {
                status["constraints"] = json!([{
                    "type": "HibernationPossible", "status": state, "reason": "Generated",
                    "message": "webhooks may block the wake-up",
                    "lastTransitionTime": "2026-01-01T00:00:00Z", "lastUpdateTime": "2026-01-01T00:00:00Z",
                }]);
            }
            if let Some((nodes, pods, services)) = networks {
                let mut recorded = json!({});
                for (key, list) in [("nodes", nodes), ("pods", pods), ("services", services)] {
                    if !list.is_empty() {
                        recorded[key] = json!(list);
                    }
                }
                status["networking"] = recorded;
            }
            if let Some((kind, state)) = operation {
                status["lastOperation"] = json!({
                    "type": kind, "state": state, "progress": 50, "description": "generated",
                    "lastUpdateTime": "2026-01-01T00:00:00Z",
                });
            }
            if let Some(seed) = seed {
                status["seedName"] = json!(seed);
            }
            status
        })
}

/// The Seed of `name`: what the plugin reads of it varies.
fn seed(name: &'static str) -> impl Strategy<Value = Value> {
    (
        (
            prop_oneof![6 => Just("aws"), 1 => Just("gcp")],
            prop::sample::select(REGIONS.to_vec()),
            0usize..5,
            subset(&["env=prod", "env=dev", "tier=a"], 0.5),
        ),
        (
            subset(&["seed.gardener.cloud/protected", "dedicated"], 0.2),
            subset(&RESTRICTIONS, 0.5),
            prop::option::weighted(0.3, 0i64..4),
            0u8..16,
            any::<bool>(),
        ),
        prop_oneof![
            4 => Just(("100.96.0.0/11", "100.64.0.0/13", Some("10.250.0.0/16"))),
            1 => Just(("10.0.0.0/16", "10.1.0.0/16", None)),
            1 => Just(("2001:db8:1::/48", "fd00:10::/64", Some("2001:db8::/32"))),
        ],
    )
        .prop_map(
            move |(
                (provider, region, zones, labels),
                (taints, restrictions, allocatable, flag, backup),
                (pods, services, nodes),
            )| {
                let labels: Map<String, Value> = (labels.iter())
                    .filter_map(|label| label.split_once('='))
                    .map(|(key, value)| (key.to_string(), json!(value)))
                    .collect();
                let mut metadata = json!({ "name": name, "labels": labels });
                // A Seed being deleted still holds its finalizer.
                if flag == 0 {
                    metadata["deletionTimestamp"] = json!("2026-01-01T00:00:00Z");
                    metadata["finalizers"] = json!(["gardener"]);
                }
                let zones: Vec<String> = ["a", "b", "c", "d"][..zones.min(4)]
                    .iter()
                    .map(|zone| format!("{region}{zone}"))
                    .collect();
                let mut networks = json!({ "pods": pods, "services": services });
                if let Some(nodes) = nodes {
                    networks["nodes"] = json!(nodes);
                }
                let mut spec = json!({
                    "provider": { "type": provider, "region": region, "zones": zones },
                    "taints": taints.iter().map(|key| json!({ "key": key })).collect::<Vec<_>>(),
                    "accessRestrictions": restrictions.iter().map(|name| json!({ "name": name })).collect::<Vec<_>>(),
                    "networks": networks,
                    "ingress": { "domain": format!("ingress.{name}.example.com"), "controller": { "kind": "nginx" } },
                    "dns": { "provider": { "type": "aws-route53", "secretRef": { "name": "dns", "namespace": "garden" } } },
                });
                if backup {
                    spec["backup"] = json!({ "provider": provider, "region": region,
                        "credentialsRef": { "apiVersion": "v1", "kind": "Secret", "name": "backup", "namespace": "garden" } });
                }
                let mut status = json!({
                    "lastOperation": { "type": "Reconcile", "state": "Succeeded", "progress": 100,
                        "description": "generated", "lastUpdateTime": "2026-01-01T00:00:00Z" },
                });
                if let Some(allocatable) = allocatable {
                    status["allocatable"] = json!({ "shoots": allocatable.to_string() });
                }
                json!({ "apiVersion": "core.gardener.cloud/v1beta1", "kind": "Seed",
                        "metadata": metadata, "spec": spec, "status": status })
            },
        )
}

/// Other Shoots of the landscape, placed on the Seeds (by spec or status): they count against a
/// Seed's capacity. They have no domain, so the domain uniqueness check finds nothing.
fn other_shoots() -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec(
        (
            prop::option::weighted(0.8, prop::sample::select(vec!["seed-a", "seed-b"])),
            prop::option::weighted(0.2, prop::sample::select(vec!["seed-a", "seed-b"])),
        ),
        0..4,
    )
    .prop_map(|placements| {
        (placements.into_iter().enumerate())
            .map(|(i, (spec_seed, status_seed))| {
                let mut shoot = json!({
                    "apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
                    "metadata": { "name": format!("other-{i}"), "namespace": "garden-dev" },
                    "spec": {
                        "cloudProfile": { "kind": "CloudProfile", "name": "aws" },
                        "region": "eu-west-1", "kubernetes": { "version": "1.33.2" },
                        "networking": { "type": "calico" },
                        "provider": { "type": "aws" },
                    },
                });
                if let Some(seed) = spec_seed {
                    shoot["spec"]["seedName"] = json!(seed);
                }
                if let Some(seed) = status_seed {
                    shoot["status"] = json!({ "seedName": seed });
                }
                shoot
            })
            .collect()
    })
}

/// A NamespacedCloudProfile in the Shoot's namespace under the CloudProfile (rarely under
/// another), whose merged profile is another drawn CloudProfile's spec.
fn namespaced_cloud_profile() -> impl Strategy<Value = Value> {
    (cloud_profile(), prop::bool::weighted(0.1)).prop_map(|(merged, foreign)| {
        let parent = if foreign { "azure" } else { "aws" };
        json!({
            "apiVersion": "core.gardener.cloud/v1beta1",
            "kind": "NamespacedCloudProfile",
            "metadata": { "name": "aws-custom", "namespace": "garden-dev" },
            "spec": { "parent": { "kind": "CloudProfile", "name": parent } },
            "status": { "cloudProfileSpec": merged["spec"] },
        })
    })
}

/// The new Shoot: mostly the old one with a few of its parts changed.
fn edited(old: ShootState, edit: ShootState, which: u8) -> ShootState {
    let mut new = old.clone();
    match which {
        0 => new.region = edit.region,
        1 => new.provider_type = edit.provider_type,
        2 => new.version = edit.version,
        3 => new.plugin_secret = edit.plugin_secret,
        4..=6 => {
            // One pool's settings from the edit, or a pool added.
            let index = usize::from(which - 4);
            if let Some(pool) = edit.pools.first() {
                if index < new.pools.len() {
                    new.pools[index] = pool.clone();
                } else if new.pools.len() < POOL_NAMES.len() {
                    new.pools.push(pool.clone());
                }
            }
        }
        7 => new.pools = edit.pools,
        8 => new.seed_name = edit.seed_name,
        9 => new.seed_selector = edit.seed_selector,
        10 => new.zone_tolerance = edit.zone_tolerance,
        11 => new.hibernated = edit.hibernated,
        12 => new.restrictions = edit.restrictions,
        13 => new.networks = edit.networks,
        14 => {
            new.tolerations = edit.tolerations;
            new.annotation = edit.annotation;
        }
        15 => new.namespaced_profile = edit.namespaced_profile,
        _ => return edit,
    }
    new
}

pub fn admission_area() -> BoxedStrategy<Request> {
    super::generate::with_names(admission_area_in_garden_dev_on_aws())
}

/// [`admission_area`] with every Shoot in `garden-dev` and the CloudProfile named `aws`.
fn admission_area_in_garden_dev_on_aws() -> BoxedStrategy<Request> {
    (
        (
            instant(),
            cloud_profile(),
            shoot_state(),
            shoot_state(),
            0u8..18,
            prop_oneof![12 => Just("update"), 2 => Just("create"), 1 => Just("delete")],
        ),
        (
            shoot_status(),
            seed("seed-a"),
            seed("seed-b"),
            other_shoots(),
            prop::option::weighted(0.25, namespaced_cloud_profile()),
            prop::bool::weighted(0.2),
        ),
    )
        .prop_map(
            |(
                (now, profile, old, edit, which, operation),
                (stored_status, seed_a, seed_b, shoots, namespaced, created_with_status),
            )| {
                let new = edited(old.clone(), edit, which);
                let with_namespaced = namespaced.is_some();
                let update = operation == "update";
                let seed_of = |name: Option<&str>| match name {
                    Some("seed-a") => Some(seed_a.clone()),
                    Some("seed-b") => Some(seed_b.clone()),
                    _ => None,
                };
                let mut input = Map::new();
                input.insert("operation".into(), json!(operation));
                input.insert("cloudProfile".into(), profile);
                if let Some(namespaced) = namespaced {
                    input.insert("namespacedCloudProfile".into(), namespaced);
                }
                // The API server resets the status of a new Shoot, and keeps the stored one's on
                // an update. A fifth of the creates keep a status all the same: a create is the
                // one request of this kind that schedules the Shoot, and so the only way to reach
                // the check of the status' networks against the Seed (a binding would).
                let status = (update || created_with_status).then_some(&stored_status);
                if operation == "delete" {
                    // A deletion names the stored Shoot, status and all.
                    input.insert(
                        "shoot".into(),
                        shoot(&old, with_namespaced, Some(&stored_status)),
                    );
                    if let Some(seed) = seed_of(old.seed_name) {
                        input.insert("seed".into(), seed);
                    }
                    return Request {
                        kind: "shoot-admission",
                        now: rfc3339(now),
                        input: Value::Object(input),
                    };
                }
                input.insert("shoot".into(), shoot(&new, with_namespaced, status));
                if update {
                    input.insert("oldShoot".into(), shoot(&old, with_namespaced, status));
                }
                if let Some(seed) = seed_of(new.seed_name) {
                    input.insert("seed".into(), seed);
                }
                if update && old.seed_name != new.seed_name {
                    if let Some(seed) = seed_of(old.seed_name) {
                        input.insert("oldSeed".into(), seed);
                    }
                }
                if !shoots.is_empty() {
                    input.insert("shoots".into(), json!(shoots));
                }
                Request {
                    kind: "shoot-admission",
                    now: rfc3339(now),
                    input: Value::Object(input),
                }
            },
        )
        .boxed()
}
