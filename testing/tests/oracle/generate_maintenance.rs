//! Inputs for the maintenance area of the oracle: realistic CloudProfiles and Shoots the API
//! server would store, for one run of Gardener's maintenance reconciler (`maintenance-reconcile`,
//! `testing/src/conformance/maintenance_reconcile.rs`).
//!
//! A profile offers Kubernetes 1.28–1.35 with patches and several machine images (gardenlinux,
//! ubuntu, suse-chost) with an update strategy, architectures, CRIs, kubelet constraints and
//! in-place update support, their versions listed highest first, lowest first or shuffled (code
//! that takes the first for the highest must meet lists where the two differ); each version has
//! a legacy classification and expiration date, or
//! lifecycle stages, with instants close to `now` (equal, a second or an hour either side, days).
//! A Shoot has one to three pools on machine types of the profile, some with their own
//! Kubernetes version, in-place update strategies where the image allows them, both auto-update
//! flags either way, and is triggered by the `maintain` annotation or by `now` inside its window.

use super::generate::{instant, order, rfc3339};
use super::Request;
use chrono::{DateTime, Duration, Timelike, Utc};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Value};

/// An offset from `now`: mostly on the edges (equal, a second or an hour either side), else days.
fn offset() -> impl Strategy<Value = Duration> {
    prop_oneof![
        2 => Just(Duration::zero()),
        3 => prop::sample::select(vec![-1i64, 1, -3600, 3600, -86_400, 86_400]).prop_map(Duration::seconds),
        3 => (-200i64..200).prop_map(Duration::days),
    ]
}

/// A gap between two lifecycle stages.
fn gap() -> impl Strategy<Value = Duration> {
    prop::sample::select(vec![1i64, 3600, 86_400, 30 * 86_400, 180 * 86_400])
        .prop_map(Duration::seconds)
}

const STAGES: [&str; 5] = [
    "preview",
    "supported",
    "deprecated",
    "expired",
    "unavailable",
];

/// How a version is classified: not at all, by the legacy fields, or by lifecycle stages in
/// their order with increasing start times (the first one sometimes without a start).
fn classification(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    let legacy = (
        prop::option::of(prop::sample::select(vec![
            "preview",
            "supported",
            "deprecated",
            "expired",
        ])),
        prop::option::of(offset()),
    )
        .prop_map(move |(classification, expiration)| {
            let mut entry = json!({});
            if let Some(classification) = classification {
                entry["classification"] = json!(classification);
            }
            if let Some(expiration) = expiration {
                entry["expirationDate"] = json!(rfc3339(now + expiration));
            }
            entry
        });
    let lifecycle = (
        prop::sample::subsequence(STAGES[..4].to_vec(), 1..=4),
        any::<bool>(),
        offset(),
        prop::collection::vec(gap(), 4),
        any::<bool>(),
    )
        .prop_map(
            move |(stages, unavailable_first, first, gaps, open_start)| {
                let mut names: Vec<&str> = stages;
                if unavailable_first {
                    names.insert(0, "unavailable");
                }
                let mut at = now + first;
                let stages: Vec<Value> = (names.iter().enumerate())
                    .map(|(index, name)| {
                        if index > 0 {
                            at += gaps[(index - 1) % gaps.len()];
                        }
                        if index == 0 && open_start {
                            json!({ "classification": name })
                        } else {
                            json!({ "classification": name, "startTime": rfc3339(at) })
                        }
                    })
                    .collect();
                json!({ "lifecycle": stages })
            },
        );
    prop_oneof![2 => Just(json!({})), 4 => legacy, 3 => lifecycle]
}

fn with_classification(mut entry: Value, classification: Value) -> Value {
    if let (Some(entry), Value::Object(fields)) = (entry.as_object_mut(), classification) {
        entry.extend(fields);
    }
    entry
}

/// Kubernetes versions 1.28–1.35 with patches, no two alike, newest first, oldest first or
/// shuffled ([`order`]).
fn kubernetes_versions(now: DateTime<Utc>) -> impl Strategy<Value = Vec<Value>> {
    (
        prop::collection::vec((28u32..36, 0u32..8, classification(now)), 2..9),
        order(),
    )
        .prop_map(|(entries, order)| {
            let mut entries: Vec<((u32, u32), Value)> = (entries.into_iter())
                .map(|(minor, patch, classification)| {
                    let version = json!({ "version": format!("1.{minor}.{patch}") });
                    ((minor, patch), with_classification(version, classification))
                })
                .collect();
            entries.sort_by_key(|entry| std::cmp::Reverse(entry.0));
            entries.dedup_by(|a, b| a.0 == b.0);
            order.arrange(&mut entries);
            entries.into_iter().map(|(_, version)| version).collect()
        })
}

/// The kubelet constraints image versions carry, each with the kubelet minors it accepts.
const KUBELET_CONSTRAINTS: [&str; 4] = [">= 1.30", "< 1.33", ">= 1.29, < 1.35", ">= 1.33"];

fn kubelet_accepts(constraint: &str, minor: u32) -> bool {
    match constraint {
        ">= 1.30" => minor >= 30,
        "< 1.33" => minor < 33,
        ">= 1.29, < 1.35" => (29..35).contains(&minor),
        ">= 1.33" => minor >= 33,
        _ => true,
    }
}

const IMAGES: [&str; 3] = ["gardenlinux", "ubuntu", "suse-chost"];

/// One machine image version with what pools filter on.
fn image_version(now: DateTime<Utc>) -> impl Strategy<Value = ((u32, u32, u32), Value)> {
    (
        (1u32..4, 0u32..4, 0u32..3),
        classification(now),
        prop::sample::select(vec![0u8, 0, 1, 2]),
        prop::sample::select(vec![0u8, 0, 0, 1, 2, 3, 3]),
        prop::option::weighted(0.3, prop::sample::select(KUBELET_CONSTRAINTS.to_vec())),
        prop::option::of((any::<bool>(), prop::option::of((1u32..4, 0u32..4)))),
    )
        .prop_map(|(semver, classification, cri, architectures, kubelet, in_place)| {
            let (major, minor, patch) = semver;
            let mut version = json!({ "version": format!("{major}.{minor}.{patch}") });
            match cri {
                1 => version["cri"] = json!([{ "name": "containerd" }]),
                2 => version["cri"] = json!([{ "name": "containerd", "containerRuntimes": [{ "type": "gvisor" }] }]),
                _ => {}
            }
            match architectures {
                1 => version["architectures"] = json!(["amd64"]),
                2 => version["architectures"] = json!(["arm64"]),
                3 => version["architectures"] = json!(["amd64", "arm64"]),
                _ => {}
            }
            if let Some(constraint) = kubelet {
                version["kubeletVersionConstraint"] = json!(constraint);
            }
            if let Some((supported, min)) = in_place {
                let mut updates = json!({ "supported": supported });
                if let Some((major, minor)) = min {
                    updates["minVersionForUpdate"] = json!(format!("{major}.{minor}.0"));
                }
                version["inPlaceUpdates"] = updates;
            }
            (semver, with_classification(version, classification))
        })
}

fn machine_image(now: DateTime<Utc>, name: &'static str) -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop::sample::select(vec!["patch", "minor", "major"])),
        prop::collection::vec(image_version(now), 1..7),
        order(),
    )
        .prop_map(move |(strategy, versions, order)| {
            let mut versions = versions;
            versions.sort_by_key(|entry| std::cmp::Reverse(entry.0));
            versions.dedup_by(|a, b| a.0 == b.0);
            order.arrange(&mut versions);
            let versions: Vec<Value> = versions.into_iter().map(|(_, v)| v).collect();
            let mut image = json!({ "name": name, "versions": versions });
            if let Some(strategy) = strategy {
                image["updateStrategy"] = json!(strategy);
            }
            image
        })
}

/// The machine types of every profile: one per architecture, and a second amd64 one.
fn machine_types() -> Value {
    json!([
        { "name": "m5.large", "cpu": "2", "gpu": "0", "memory": "8Gi", "usable": true, "architecture": "amd64" },
        { "name": "m5.xlarge", "cpu": "4", "gpu": "0", "memory": "16Gi", "usable": true, "architecture": "amd64" },
        { "name": "m6g.large", "cpu": "2", "gpu": "0", "memory": "8Gi", "usable": true, "architecture": "arm64" },
    ])
}

fn cloud_profile(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        kubernetes_versions(now),
        prop::sample::subsequence(IMAGES.to_vec(), 1..=3),
        machine_image(now, IMAGES[0]),
        machine_image(now, IMAGES[1]),
        machine_image(now, IMAGES[2]),
    )
        .prop_map(|(kubernetes, names, gardenlinux, ubuntu, suse)| {
            let images: Vec<Value> = [gardenlinux, ubuntu, suse]
                .into_iter()
                .filter(|image| names.contains(&image["name"].as_str().unwrap_or_default()))
                .collect();
            json!({
                "apiVersion": "core.gardener.cloud/v1beta1",
                "kind": "CloudProfile",
                "metadata": { "name": "aws" },
                "spec": {
                    "type": "aws",
                    "kubernetes": { "versions": kubernetes },
                    "machineImages": images,
                    "machineTypes": machine_types(),
                    "regions": [{ "name": "eu-west-1", "zones": [{ "name": "eu-west-1a" }, { "name": "eu-west-1b" }] }],
                }
            })
        })
}

/// The choices of one pool, resolved against the profile once it is known.
#[derive(Debug, Clone)]
struct PoolChoice {
    image: Index,
    version: Index,
    missing_version: bool,
    arm64: bool,
    own_version: Option<Index>,
    cri: bool,
    update_strategy: u8,
    /// An in-place pool's update is still pending (`status.inPlaceUpdates`).
    pending: bool,
}

fn pool_choice() -> impl Strategy<Value = PoolChoice> {
    (
        any::<Index>(),
        any::<Index>(),
        prop::bool::weighted(0.1),
        prop::bool::weighted(0.3),
        prop::option::weighted(0.35, any::<Index>()),
        any::<bool>(),
        prop::sample::select(vec![0u8, 0, 0, 1, 2, 3]),
        prop::bool::weighted(0.4),
    )
        .prop_map(
            |(
                image,
                version,
                missing_version,
                arm64,
                own_version,
                cri,
                update_strategy,
                pending,
            )| {
                PoolChoice {
                    image,
                    version,
                    missing_version,
                    arm64,
                    own_version,
                    cri,
                    update_strategy,
                    pending,
                }
            },
        )
}

fn minor_of(version: &str) -> Option<u32> {
    version.split('.').nth(1)?.parse().ok()
}

fn pool(profile: &Value, index: usize, choice: &PoolChoice, control_plane: &str) -> Value {
    // The pool's own version: at most three minors below the control plane's, never above it.
    let own_version = choice.own_version.as_ref().and_then(|own| {
        let minor = minor_of(control_plane)?;
        let candidates: Vec<String> = (profile["spec"]["kubernetes"]["versions"].as_array())
            .into_iter()
            .flatten()
            .filter_map(|v| v["version"].as_str())
            .filter(|v| {
                minor_of(v).is_some_and(|m| m <= minor && m + 3 >= minor)
                    && compare(v, control_plane) != std::cmp::Ordering::Greater
            })
            .map(str::to_string)
            .collect();
        (!candidates.is_empty()).then(|| candidates[own.index(candidates.len())].clone())
    });
    let kubelet_minor = minor_of(own_version.as_deref().unwrap_or(control_plane));
    let images = profile["spec"]["machineImages"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let image = &images[choice.image.index(images.len())];
    // A stored pool's image accepts its kubelet: the API server checks that on every update.
    let versions: Vec<Value> = (image["versions"].as_array().into_iter().flatten())
        .filter(|version| {
            let constraint = version["kubeletVersionConstraint"].as_str();
            match (constraint, kubelet_minor) {
                (Some(constraint), Some(minor)) => kubelet_accepts(constraint, minor),
                _ => true,
            }
        })
        .cloned()
        .collect();
    let version = if choice.missing_version || versions.is_empty() {
        "0.9.0".to_string()
    } else {
        let picked = &versions[choice.version.index(versions.len())];
        picked["version"].as_str().unwrap_or_default().to_string()
    };
    let (machine_type, architecture) = if choice.arm64 {
        ("m6g.large", "arm64")
    } else if index % 2 == 0 {
        ("m5.large", "amd64")
    } else {
        ("m5.xlarge", "amd64")
    };
    let mut worker = json!({
        "name": format!("pool-{index}"),
        "machine": {
            "type": machine_type,
            "image": { "name": image["name"], "version": version },
            "architecture": architecture,
        },
        "minimum": 1,
        "maximum": 3,
        "maxSurge": 1,
        "maxUnavailable": 0,
        "zones": ["eu-west-1a"],
    });
    if choice.cri {
        worker["cri"] = json!({ "name": "containerd" });
    }
    match choice.update_strategy {
        1 => worker["updateStrategy"] = json!("AutoRollingUpdate"),
        2 => worker["updateStrategy"] = json!("AutoInPlaceUpdate"),
        3 => {
            // Manual in-place pools take neither surge nor unavailability.
            worker["updateStrategy"] = json!("ManualInPlaceUpdate");
            if let Some(worker) = worker.as_object_mut() {
                worker.remove("maxSurge");
                worker.remove("maxUnavailable");
            }
        }
        _ => {}
    }
    if let Some(version) = own_version {
        worker["kubernetes"] = json!({ "version": version });
    }
    worker
}

fn compare(a: &str, b: &str) -> std::cmp::Ordering {
    let parse = |v: &str| -> Vec<u32> { v.split('.').filter_map(|p| p.parse().ok()).collect() };
    parse(a).cmp(&parse(b))
}

/// A maintenance window that contains `now` (its begin at `now` or up to an hour before), or an
/// ordinary one elsewhere in the day.
fn time_window(now: DateTime<Utc>, inside: bool, before: u32, hour: u32) -> Value {
    let format =
        |instant: DateTime<Utc>| format!("{:02}{:02}00+0000", instant.hour(), instant.minute());
    if inside {
        let begin = now - Duration::minutes(before as i64);
        let begin = begin - Duration::seconds(begin.second() as i64);
        json!({ "begin": format(begin), "end": format(begin + Duration::hours(2)) })
    } else {
        json!({ "begin": format!("{hour:02}0000+0000"), "end": format!("{:02}0000+0000", (hour + 1) % 24) })
    }
}

/// Feature gates with the minors they are supported in (`added <= minor < removed`) and the
/// minor from which Kubernetes locks them to `true`, as Gardener's feature gate table has them:
/// gates some maintained versions drop or lock.
const GATES: [(&str, u32, u32, u32); 9] = [
    ("APIListChunking", 0, 33, 29),
    ("CPUManager", 0, 33, 26),
    ("ComponentSLIs", 0, 35, u32::MAX),
    ("ElasticIndexedJob", 0, 34, 31),
    ("PodDisruptionConditions", 0, 34, 31),
    ("CronJobsScheduledAnnotation", 28, 35, 32),
    ("AppArmorFields", 30, 33, 31),
    ("JobReadyPods", 0, 31, 29),
    ("HonorPVReclaimPolicy", 0, 36, 33),
];

/// Some of the gates a component of Kubernetes minor `minor` may set, with values its
/// validation accepts (a locked gate at its locked value).
fn feature_gates(minor: u32, picks: &[Index]) -> Value {
    let supported: Vec<(&str, u32)> = (GATES.iter())
        .filter(|(_, added, removed, _)| *added <= minor && minor < *removed)
        .map(|(name, _, _, locked)| (*name, *locked))
        .collect();
    let mut gates = serde_json::Map::new();
    if !supported.is_empty() {
        for (index, pick) in picks.iter().enumerate() {
            let (name, locked) = supported[pick.index(supported.len())];
            gates.insert(name.to_string(), json!(locked <= minor || index % 2 == 0));
        }
    }
    Value::Object(gates)
}

/// Control-plane settings some maintained versions remove: feature gates and admission plugins
/// a newer version no longer supports, fields cleaned up when crossing 1.33 and 1.35, and the
/// operations requested for the next maintenance.
#[derive(Debug, Clone)]
struct Extras {
    api_server_gates: Vec<Index>,
    pool_gates: Vec<Index>,
    pod_eviction_timeout: bool,
    max_empty_bulk_delete: bool,
    anonymous_authentication: bool,
    addons: bool,
    admission_plugins: bool,
    kube_max_pd_vols: bool,
    watch_cache_default: bool,
    dns_provider_secret: bool,
    maintenance_operation: Option<&'static str>,
}

fn extras() -> impl Strategy<Value = Extras> {
    (
        prop::collection::vec(any::<Index>(), 0..3),
        prop::collection::vec(any::<Index>(), 0..3),
        prop::collection::vec(prop::bool::weighted(0.25), 8),
        prop::option::weighted(
            0.15,
            prop::sample::select(vec![
                "rotate-ssh-keypair",
                "rotate-observability-credentials",
                "reconcile",
            ]),
        ),
    )
        .prop_map(
            |(api_server_gates, pool_gates, flags, maintenance_operation)| Extras {
                api_server_gates,
                pool_gates,
                pod_eviction_timeout: flags[0],
                max_empty_bulk_delete: flags[1],
                anonymous_authentication: flags[2],
                addons: flags[3],
                admission_plugins: flags[4],
                kube_max_pd_vols: flags[5],
                watch_cache_default: flags[6],
                dns_provider_secret: flags[7],
                maintenance_operation,
            },
        )
}

/// Adds `extras` a Shoot of control-plane minor `minor` may carry.
fn apply_extras(shoot: &mut Value, extras: &Extras, minor: u32) {
    let kubernetes = &mut shoot["spec"]["kubernetes"];
    if !extras.api_server_gates.is_empty() {
        kubernetes["kubeAPIServer"]["featureGates"] =
            feature_gates(minor, &extras.api_server_gates);
    }
    if extras.admission_plugins {
        let mut plugins = vec![json!({ "name": "AlwaysPullImages" })];
        if minor < 31 {
            plugins.push(json!({ "name": "PersistentVolumeLabel" }));
        }
        kubernetes["kubeAPIServer"]["admissionPlugins"] = json!(plugins);
    }
    if extras.anonymous_authentication && minor < 35 {
        kubernetes["kubeAPIServer"]["enableAnonymousAuthentication"] = json!(false);
    }
    if extras.pod_eviction_timeout && minor < 33 {
        kubernetes["kubeControllerManager"] = json!({ "podEvictionTimeout": "2m0s" });
    }
    if extras.max_empty_bulk_delete && minor < 33 {
        kubernetes["clusterAutoscaler"] = json!({ "maxEmptyBulkDelete": 10 });
    }
    if extras.addons && minor < 35 {
        shoot["spec"]["addons"] = json!({ "kubernetesDashboard": { "enabled": false } });
    }
    // Fields the run removes on reaching 1.35.
    if extras.kube_max_pd_vols && minor < 35 {
        shoot["spec"]["kubernetes"]["kubeScheduler"] = json!({ "kubeMaxPDVols": "39" });
    }
    if extras.watch_cache_default && minor < 35 {
        shoot["spec"]["kubernetes"]["kubeAPIServer"]["watchCacheSizes"] = json!({ "default": 100 });
    }
    if extras.dns_provider_secret && minor < 35 {
        shoot["spec"]["dns"] = json!({
            "domain": "payments.dev.example.com",
            // As the API server stores it: the name and the reference kept in step.
            "providers": [{
                "type": "aws-route53",
                "secretName": "route53-credentials",
                "credentialsRef": { "apiVersion": "v1", "kind": "Secret", "name": "route53-credentials" },
                "primary": true,
            }],
        });
    }
    if let Some(operation) = extras.maintenance_operation {
        shoot["metadata"]["annotations"]["maintenance.gardener.cloud/operation"] = json!(operation);
    }
    if !extras.pool_gates.is_empty() {
        let pool = &mut shoot["spec"]["provider"]["workers"][0];
        let pool_minor = pool["kubernetes"]["version"]
            .as_str()
            .and_then(minor_of)
            .unwrap_or(minor);
        pool["kubernetes"]["kubelet"] =
            json!({ "featureGates": feature_gates(pool_minor, &extras.pool_gates) });
    }
}

/// One run of the maintenance reconciler.
pub fn maintenance() -> BoxedStrategy<Request> {
    super::generate::with_names(maintenance_in_garden_dev_on_aws())
}

/// [`maintenance`] with every Shoot in `garden-dev` and the CloudProfile named `aws`.
fn maintenance_in_garden_dev_on_aws() -> BoxedStrategy<Request> {
    instant()
        .prop_flat_map(|now| (Just(now), cloud_profile(now)))
        .prop_flat_map(|(now, profile)| {
            (
                Just(now),
                Just(profile),
                (any::<Index>(), prop::bool::weighted(0.1)),
                prop::collection::vec(pool_choice(), 1..4),
                (prop::option::weighted(0.8, (any::<bool>(), any::<bool>())), any::<bool>()),
                (prop::bool::weighted(0.7), 0u32..60, 0u32..24),
                (
                    prop::sample::select(vec![None, Some("Succeeded"), Some("Failed"), Some("Processing")]),
                    prop::option::weighted(0.2, prop::sample::select(vec!["Succeeded", "Failed"])),
                    prop::bool::weighted(0.15),
                ),
                extras(),
            )
        })
        .prop_map(
            |(now, profile, (control_plane, missing), pools, (auto_update, machine_image_absent), (annotated, before, hour), (last_operation, last_maintenance, needs_retry), extras)| {
                let versions: Vec<String> = (profile["spec"]["kubernetes"]["versions"].as_array())
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v["version"].as_str().map(str::to_string))
                    .collect();
                let control_plane = if missing || versions.is_empty() {
                    "1.29.99".to_string()
                } else {
                    versions[control_plane.index(versions.len())].clone()
                };
                let workers: Vec<Value> = (pools.iter().enumerate())
                    .map(|(index, choice)| pool(&profile, index, choice, &control_plane))
                    .collect();
                let mut annotations = json!({ "gardener.cloud/created-by": "jane.doe@example.com" });
                if annotated {
                    annotations["gardener.cloud/operation"] = json!("maintain");
                }
                if needs_retry {
                    annotations["maintenance.shoot.gardener.cloud/needs-retry-operation"] = json!("true");
                }
                let mut maintenance = json!({ "timeWindow": time_window(now, !annotated, before, hour) });
                if let Some((kubernetes, machine_image)) = auto_update {
                    let mut flags = json!({ "kubernetesVersion": kubernetes });
                    if !machine_image_absent {
                        flags["machineImageVersion"] = json!(machine_image);
                    }
                    maintenance["autoUpdate"] = flags;
                }
                let mut status = json!({});
                if let Some(state) = last_operation {
                    status["lastOperation"] = json!({
                        "type": "Reconcile", "state": state, "progress": 100,
                        "description": "generated", "lastUpdateTime": rfc3339(now - Duration::days(1)),
                    });
                }
                if let Some(state) = last_maintenance {
                    let mut last = json!({
                        "description": "generated", "state": state,
                        "triggeredTime": rfc3339(now - Duration::days(7)),
                    });
                    if state == "Failed" {
                        last["failureReason"] = json!("generated");
                    }
                    status["lastMaintenance"] = last;
                }
                // In-place pools whose update has not finished yet.
                let (mut auto, mut manual) = (Vec::new(), Vec::new());
                for (index, choice) in pools.iter().enumerate() {
                    match (choice.pending, choice.update_strategy) {
                        (true, 2) => auto.push(json!(format!("pool-{index}"))),
                        (true, 3) => manual.push(json!(format!("pool-{index}"))),
                        _ => {}
                    }
                }
                if !auto.is_empty() || !manual.is_empty() {
                    let mut pending = json!({});
                    if !auto.is_empty() {
                        pending["autoInPlaceUpdate"] = json!(auto);
                    }
                    if !manual.is_empty() {
                        pending["manualInPlaceUpdate"] = json!(manual);
                    }
                    status["inPlaceUpdates"] = json!({ "pendingWorkerUpdates": pending });
                }
                let mut shoot = json!({
                    "apiVersion": "core.gardener.cloud/v1beta1",
                    "kind": "Shoot",
                    "metadata": { "name": "payments", "namespace": "garden-dev", "annotations": annotations },
                    "spec": {
                        "cloudProfile": { "kind": "CloudProfile", "name": "aws" },
                        "region": "eu-west-1",
                        "credentialsBindingName": "cloud-credentials",
                        "kubernetes": { "version": control_plane },
                        "networking": { "type": "calico", "nodes": "10.250.0.0/16" },
                        "maintenance": maintenance,
                        "provider": { "type": "aws", "workers": workers },
                    },
                    "status": status,
                });
                // Below 1.34 the API server keeps the legacy name in step with the reference.
                if minor_of(&control_plane).is_some_and(|minor| minor < 34) {
                    shoot["spec"]["cloudProfileName"] = json!("aws");
                }
                if let Some(minor) = minor_of(&control_plane) {
                    apply_extras(&mut shoot, &extras, minor);
                }
                Request {
                    kind: "maintenance-reconcile",
                    now: rfc3339(now),
                    input: json!({ "cloudProfile": profile, "shoot": shoot }),
                }
            },
        )
        .boxed()
}
