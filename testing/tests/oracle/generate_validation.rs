//! Random inputs for the validation kinds: CloudProfiles as operators write them (Kubernetes
//! versions with legacy classifications, expiration dates or lifecycle stages in valid and invalid
//! orders, duplicates and bad version strings; machine images with versions, architectures, CRIs,
//! kubelet version constraints, update strategies and in-place settings; machine types, volume
//! types, regions, limits), created or updated, and Shoots created or updated with Kubernetes and
//! machine image version changes of their pools under every update strategy.

use super::generate::{instant, rfc3339};
use super::Request;
use chrono::{DateTime, Duration, Utc};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Map, Value};

/// An offset from `now` for a lifecycle instant: on the edges now and then, else days away.
fn offset() -> impl Strategy<Value = Duration> {
    prop_oneof![
        1 => Just(Duration::zero()),
        2 => prop::sample::select(vec![-1i64, 1, -3600, 3600, -86_400, 86_400]).prop_map(Duration::seconds),
        4 => (-400i64..400).prop_map(Duration::days),
    ]
}

/// A Kubernetes version of a CloudProfile: mostly well-formed, sometimes one the regex or semver
/// refuses.
fn kubernetes_version() -> impl Strategy<Value = String> {
    prop_oneof![
        20 => (28u32..34, 0u32..5).prop_map(|(minor, patch)| format!("1.{minor}.{patch}")),
        1 => (28u32..34).prop_map(|minor| format!("1.{minor}")),
        1 => (28u32..34, 0u32..5).prop_map(|(minor, patch)| format!("v1.{minor}.{patch}")),
        1 => prop::sample::select(vec!["1.30.0-rc.1", "1.x", "", "2.0.0", "1.31.1+build.2"]).prop_map(str::to_string),
    ]
}

fn image_version() -> impl Strategy<Value = String> {
    prop_oneof![
        20 => prop::sample::select(vec![
            "1592.1.0", "1592.2.0", "1592.3.0", "1443.10.0", "1877.3.0", "24.4.1", "15.5.20240901",
        ]).prop_map(str::to_string),
        2 => prop::sample::select(vec!["1592.1", "1592", "v1592.4.0"]).prop_map(str::to_string),
        1 => prop::sample::select(vec!["latest", "1592.x", ""]).prop_map(str::to_string),
    ]
}

const CLASSIFICATIONS: [&str; 4] = ["preview", "supported", "deprecated", "expired"];

fn classification() -> impl Strategy<Value = String> {
    prop_oneof![
        20 => prop::sample::select(CLASSIFICATIONS.to_vec()).prop_map(str::to_string),
        1 => Just("beta".to_string()),
    ]
}

/// The classification parts of an `ExpirableVersion`: none, the legacy fields, a lifecycle (mostly
/// in order), or both.
fn expirable(now: DateTime<Utc>) -> impl Strategy<Value = Map<String, Value>> {
    let lifecycle = (
        prop::collection::vec(
            (classification(), prop::option::weighted(0.8, offset())),
            1..4,
        ),
        prop::bool::weighted(0.7),
        prop::bool::weighted(0.7),
    )
        .prop_map(move |(mut stages, ordered, first_open)| {
            if ordered {
                stages.sort_by_key(|(class, _)| {
                    CLASSIFICATIONS.iter().position(|c| c == class).unwrap_or(9)
                });
                let mut times: Vec<Duration> = stages.iter().filter_map(|(_, t)| *t).collect();
                times.sort();
                let mut times = times.into_iter();
                for stage in &mut stages {
                    if stage.1.is_some() {
                        stage.1 = times.next();
                    }
                }
            }
            if first_open {
                if let Some(first) = stages.first_mut() {
                    first.1 = None;
                }
            }
            let stages: Vec<Value> = stages
                .into_iter()
                .map(|(class, start)| {
                    let mut stage = json!({ "classification": class });
                    if let Some(start) = start {
                        stage["startTime"] = json!(rfc3339(now + start));
                    }
                    stage
                })
                .collect();
            Value::Array(stages)
        })
        .boxed();
    prop_oneof![
        3 => Just((None, None, None)),
        5 => (prop::option::weighted(0.8, classification()), prop::option::weighted(0.4, offset()))
            .prop_map(|(c, e)| (c, e, None)),
        3 => lifecycle.clone().prop_map(|l| (None, None, Some(l))),
        1 => (prop::option::of(classification()), prop::option::of(offset()), lifecycle)
            .prop_map(|(c, e, l)| (c, e, Some(l))),
    ]
    .prop_map(move |(classification, expiration, lifecycle)| {
        let mut fields = Map::new();
        if let Some(classification) = classification {
            fields.insert("classification".into(), json!(classification));
        }
        if let Some(expiration) = expiration {
            fields.insert("expirationDate".into(), json!(rfc3339(now + expiration)));
        }
        if let Some(lifecycle) = lifecycle {
            fields.insert("lifecycle".into(), lifecycle);
        }
        fields
    })
}

fn kubernetes_entry(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (kubernetes_version(), expirable(now)).prop_map(|(version, mut fields)| {
        fields.insert("version".into(), json!(version));
        Value::Object(fields)
    })
}

fn cri() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        6 => Just(None),
        3 => Just(Some(json!([{ "name": "containerd" }]))),
        1 => Just(Some(json!([{ "name": "containerd", "containerRuntimes": [{ "type": "gvisor" }] }]))),
        1 => Just(Some(json!([{ "name": "containerd", "containerRuntimes": [{ "type": "gvisor" }, { "type": "gvisor" }] }]))),
        1 => Just(Some(json!([{ "name": "docker" }]))),
        1 => Just(Some(json!([{ "name": "containerd" }, { "name": "containerd" }]))),
        1 => Just(Some(json!([]))),
    ]
}

fn architectures() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        6 => Just(None),
        3 => Just(Some(json!(["amd64"]))),
        2 => Just(Some(json!(["amd64", "arm64"]))),
        1 => Just(Some(json!(["arm64"]))),
        1 => Just(Some(json!(["s390x"]))),
    ]
}

fn machine_image_version(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        image_version(),
        expirable(now),
        cri(),
        architectures(),
        prop::option::weighted(
            0.2,
            prop::sample::select(vec![">= 1.28", "< 1.33", ">= 1.30, < 1.34", "garbage>>"]),
        ),
        prop::option::weighted(
            0.25,
            (
                any::<bool>(),
                prop::option::of(prop::sample::select(vec![
                    "1592.0.0",
                    "1443.10.0",
                    "1592.x",
                ])),
            ),
        ),
    )
        .prop_map(
            |(version, mut fields, cri, architectures, constraint, in_place)| {
                fields.insert("version".into(), json!(version));
                if let Some(cri) = cri {
                    fields.insert("cri".into(), cri);
                }
                if let Some(architectures) = architectures {
                    fields.insert("architectures".into(), architectures);
                }
                if let Some(constraint) = constraint {
                    fields.insert("kubeletVersionConstraint".into(), json!(constraint));
                }
                if let Some((supported, min)) = in_place {
                    let mut in_place = json!({ "supported": supported });
                    if let Some(min) = min {
                        in_place["minVersionForUpdate"] = json!(min);
                    }
                    fields.insert("inPlaceUpdates".into(), in_place);
                }
                Value::Object(fields)
            },
        )
}

fn machine_image(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        prop_oneof![
            10 => prop::sample::select(vec!["gardenlinux", "suse-chost", "ubuntu"]),
            1 => prop::sample::select(vec!["Garden Linux", ""]),
        ],
        prop::option::weighted(
            0.6,
            prop_oneof![
                10 => prop::sample::select(vec!["major", "minor", "patch"]),
                1 => Just("latest"),
            ],
        ),
        sized(machine_image_version(now), 4),
    )
        .prop_map(|(name, strategy, versions)| {
            let mut image = json!({ "name": name, "versions": versions });
            if let Some(strategy) = strategy {
                image["updateStrategy"] = json!(strategy);
            }
            image
        })
}

fn machine_type() -> impl Strategy<Value = Value> {
    (
        prop_oneof![
            10 => prop::sample::select(vec!["m5.large", "m5.xlarge", "c5.2xlarge", "m6g.large"]),
            1 => prop::sample::select(vec!["", "M5 Large"]),
        ],
        prop_oneof![12 => prop::sample::select(vec!["2", "4"]), 1 => Just("-1")],
        prop::sample::select(vec!["8Gi", "16Gi", "32Gi"]),
        prop::option::weighted(0.5, prop::sample::select(vec!["amd64", "arm64", "sparc"])),
        prop::option::weighted(0.3, any::<bool>()),
    )
        .prop_map(|(name, cpu, memory, architecture, usable)| {
            let mut machine_type =
                json!({ "name": name, "cpu": cpu, "gpu": "0", "memory": memory });
            if let Some(architecture) = architecture {
                machine_type["architecture"] = json!(architecture);
            }
            if let Some(usable) = usable {
                machine_type["usable"] = json!(usable);
            }
            machine_type
        })
}

fn volume_type() -> impl Strategy<Value = Value> {
    (
        prop_oneof![12 => prop::sample::select(vec!["gp3", "io1", "standard"]), 1 => Just("")],
        prop_oneof![12 => prop::sample::select(vec!["standard", "premium"]), 1 => Just("")],
        prop::option::weighted(0.3, prop_oneof![6 => Just("20Gi"), 1 => Just("-1Gi")]),
    )
        .prop_map(|(name, class, min_size)| {
            let mut volume = json!({ "name": name, "class": class, "usable": true });
            if let Some(min_size) = min_size {
                volume["minSize"] = json!(min_size);
            }
            volume
        })
}

fn region() -> impl Strategy<Value = Value> {
    (
        prop_oneof![
            12 => prop::sample::select(vec!["eu-west-1", "eu-central-1", "us-east-1"]),
            1 => Just(""),
        ],
        prop::collection::vec(
            prop_oneof![12 => prop::sample::select(vec!["a", "b", "c"]), 1 => Just("")],
            0..3,
        ),
    )
        .prop_map(|(name, zones)| {
            let zones: Vec<Value> = zones
                .into_iter()
                .map(|suffix| {
                    if suffix.is_empty() {
                        json!({ "name": "" })
                    } else {
                        json!({ "name": format!("{name}{suffix}") })
                    }
                })
                .collect();
            json!({ "name": name, "zones": zones })
        })
}

/// A list of 1..max elements, now and then an empty one.
fn sized<S: Strategy + 'static>(element: S, max: usize) -> BoxedStrategy<Vec<S::Value>>
where
    S::Value: Clone,
{
    prop_oneof![
        12 => prop::collection::vec(element, 1..=max),
        1 => Just(Vec::new()),
    ]
    .boxed()
}

/// Machine capability definitions, with the flavors of each image version and the capabilities of
/// each machine type.
type Capabilities = (Value, Vec<Option<Value>>, Vec<Option<Value>>);

/// The sections most profiles leave out: machine capabilities (with flavors on image versions and
/// capabilities on machine types), a bastion, a seed selector.
#[derive(Debug, Clone)]
struct Extras {
    capabilities: Option<Capabilities>,
    bastion: Option<Value>,
    seed_selector: Option<Value>,
}

impl Extras {
    fn apply(&self, spec: &mut Value) {
        if let Some((definitions, flavors, type_capabilities)) = &self.capabilities {
            spec["machineCapabilities"] = definitions.clone();
            let mut flavors = flavors.iter().cycle();
            if let Some(images) = spec["machineImages"].as_array_mut() {
                for image in images {
                    if let Some(versions) = image["versions"].as_array_mut() {
                        for version in versions {
                            if let Some(Some(flavor)) = flavors.next() {
                                version["capabilityFlavors"] = flavor.clone();
                            }
                        }
                    }
                }
            }
            let mut type_capabilities = type_capabilities.iter().cycle();
            if let Some(types) = spec["machineTypes"].as_array_mut() {
                for machine_type in types {
                    if let Some(Some(capabilities)) = type_capabilities.next() {
                        machine_type["capabilities"] = capabilities.clone();
                    }
                }
            }
        }
        if let Some(bastion) = &self.bastion {
            spec["bastion"] = bastion.clone();
        }
        if let Some(selector) = &self.seed_selector {
            spec["seedSelector"] = selector.clone();
        }
    }
}

fn extras() -> impl Strategy<Value = Extras> {
    let definitions = prop::sample::select(vec![
        json!([{ "name": "architecture", "values": ["amd64", "arm64"] }]),
        json!([{ "name": "architecture", "values": ["amd64"] }, { "name": "gpu", "values": ["nvidia", "none"] }]),
        json!([{ "name": "gpu", "values": ["nvidia"] }]),
        json!([{ "name": "architecture", "values": ["amd64", "sparc"] }]),
        json!([{ "name": "architecture", "values": [] }]),
    ]);
    let flavor = prop::option::of(prop::sample::select(vec![
        json!([{ "architecture": ["amd64"] }]),
        json!([{ "architecture": ["amd64"] }, { "architecture": ["arm64"] }]),
        json!([{ "architecture": ["amd64"], "gpu": ["nvidia"] }]),
        json!([{ "architecture": ["s390x"] }]),
        json!([{ "gpu": ["none"] }]),
    ]));
    let type_capabilities = prop::option::of(prop::sample::select(vec![
        json!({ "architecture": ["amd64"] }),
        json!({ "architecture": ["arm64"] }),
        json!({ "architecture": ["amd64", "arm64"] }),
        json!({ "gpu": ["nvidia"] }),
    ]));
    let bastion = (
        prop::option::of(prop::sample::select(vec![
            "m5.large",
            "m6g.large",
            "t3.nano",
        ])),
        prop::option::of((
            prop::sample::select(vec!["gardenlinux", "ubuntu", "flatcar"]),
            prop::option::of(prop::sample::select(vec!["1592.1.0", "1592.2.0", "9.9.9"])),
        )),
    )
        .prop_map(|(machine_type, image)| {
            let mut bastion = json!({});
            if let Some(name) = machine_type {
                bastion["machineType"] = json!({ "name": name });
            }
            if let Some((name, version)) = image {
                bastion["machineImage"] = json!({ "name": name });
                if let Some(version) = version {
                    bastion["machineImage"]["version"] = json!(version);
                }
            }
            bastion
        });
    let selector = prop::sample::select(vec![
        json!({ "matchLabels": { "environment": "production" } }),
        json!({ "providerTypes": ["aws", "*"] }),
        json!({ "matchLabels": { "bad key!": "x" } }),
        json!({ "matchExpressions": [{ "key": "zone", "operator": "In", "values": [] }] }),
    ]);
    (
        prop::option::weighted(
            0.2,
            (
                definitions,
                prop::collection::vec(flavor, 1..4),
                prop::collection::vec(type_capabilities, 1..3),
            ),
        ),
        prop::option::weighted(0.15, bastion),
        prop::option::weighted(0.1, selector),
    )
        .prop_map(|(capabilities, bastion, seed_selector)| Extras {
            capabilities,
            bastion,
            seed_selector,
        })
}

fn cloud_profile(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        prop_oneof![20 => Just("aws"), 1 => Just("Not_A_Name")],
        prop_oneof![20 => Just("aws"), 1 => Just("")],
        sized(kubernetes_entry(now), 5),
        sized(machine_image(now), 3),
        sized(machine_type(), 3),
        prop::collection::vec(volume_type(), 0..3),
        sized(region(), 3),
        prop::option::weighted(0.2, prop::sample::select(vec![0i64, 10, 100])),
        extras(),
    )
        .prop_map(
            |(name, provider, versions, images, types, volumes, regions, max_nodes, extras)| {
                let mut spec = json!({
                    "type": provider,
                    "kubernetes": { "versions": versions },
                    "machineImages": images,
                    "machineTypes": types,
                    "regions": regions,
                });
                if !volumes.is_empty() {
                    spec["volumeTypes"] = json!(volumes);
                }
                if let Some(max) = max_nodes {
                    spec["limits"] = json!({ "maxNodesTotal": max });
                }
                extras.apply(&mut spec);
                json!({
                    "apiVersion": "core.gardener.cloud/v1beta1",
                    "kind": "CloudProfile",
                    "metadata": { "name": name },
                    "spec": spec,
                })
            },
        )
}

fn feature_gates() -> impl Strategy<Value = Option<Value>> {
    prop::option::weighted(
        0.8,
        (
            prop::bool::weighted(0.7),
            prop::option::weighted(0.2, any::<bool>()),
        )
            .prop_map(|(lifecycle, capabilities)| {
                let mut gates = json!({ "VersionClassificationLifecycle": lifecycle });
                if let Some(capabilities) = capabilities {
                    gates["CloudProfileCapabilities"] = json!(capabilities);
                }
                gates
            }),
    )
}

/// Rewrites some versions' classification parts: the old profile's versions with new lifecycles,
/// some removed, some added.
fn edit_versions(versions: &mut Vec<Value>, edits: &[(u8, Map<String, Value>)]) {
    for (index, (what, fields)) in edits.iter().enumerate() {
        if index >= versions.len() {
            break;
        }
        match what % 4 {
            0 => {
                let version = versions[index]["version"].clone();
                let mut replaced = fields.clone();
                replaced.insert("version".into(), version);
                versions[index] = Value::Object(replaced);
            }
            1 if versions.len() > 1 => {
                versions.remove(index);
            }
            _ => {}
        }
    }
}

fn cloud_profile_request() -> impl Strategy<Value = Request> {
    instant().prop_flat_map(|now| {
        let at = rfc3339(now);
        (
            cloud_profile(now),
            prop::option::weighted(
                0.45,
                prop::collection::vec((any::<u8>(), expirable(now)), 0..5),
            ),
            prop::collection::vec((any::<u8>(), expirable(now)), 0..4),
            prop::option::weighted(0.2, prop::sample::select(vec![5i64, 50, 200])),
            feature_gates(),
        )
            .prop_map(
                move |(profile, kubernetes_edits, image_edits, max_nodes, gates)| {
                    let mut input = Map::new();
                    match kubernetes_edits {
                        None => {
                            input.insert("operation".into(), json!("create"));
                            input.insert("cloudProfile".into(), profile);
                        }
                        Some(edits) => {
                            let mut new = profile.clone();
                            if let Some(versions) =
                                new["spec"]["kubernetes"]["versions"].as_array_mut()
                            {
                                edit_versions(versions, &edits);
                            }
                            if let Some(images) = new["spec"]["machineImages"].as_array_mut() {
                                for image in images {
                                    if let Some(versions) = image["versions"].as_array_mut() {
                                        edit_versions(versions, &image_edits);
                                    }
                                }
                            }
                            if let Some(max) = max_nodes {
                                new["spec"]["limits"] = json!({ "maxNodesTotal": max });
                            }
                            input.insert("operation".into(), json!("update"));
                            input.insert("oldCloudProfile".into(), profile);
                            input.insert("cloudProfile".into(), new);
                        }
                    }
                    if let Some(gates) = gates {
                        input.insert("featureGates".into(), gates);
                    }
                    Request {
                        kind: "cloudprofile-validation",
                        now: at.clone(),
                        input: Value::Object(input),
                    }
                },
            )
    })
}

// ---------------------------------------------------------------------------------------------
// Shoots
// ---------------------------------------------------------------------------------------------

fn shoot_kubernetes_version() -> impl Strategy<Value = String> {
    prop_oneof![
        30 => (29u32..36, 0u32..4).prop_map(|(minor, patch)| format!("1.{minor}.{patch}")),
        1 => (29u32..36).prop_map(|minor| format!("1.{minor}")),
        1 => (29u32..36, 0u32..4).prop_map(|(minor, patch)| format!("v1.{minor}.{patch}")),
        1 => prop::sample::select(vec!["1.33.0-rc.1", "", "1.x"]).prop_map(str::to_string),
    ]
}

fn shoot_image_version() -> impl Strategy<Value = String> {
    prop_oneof![
        20 => prop::sample::select(vec!["1592.1.0", "1592.2.0", "1592.10.0", "1443.10.0", "1877.3.0"]).prop_map(str::to_string),
        2 => prop::sample::select(vec!["1592.1", "1592"]).prop_map(str::to_string),
        1 => prop::sample::select(vec!["", "latest"]).prop_map(str::to_string),
    ]
}

/// One pool's settings that change between the old and the new Shoot.
#[derive(Debug, Clone)]
struct PoolState {
    strategy: Option<&'static str>,
    kubernetes: Option<String>,
    image: Option<String>,
}

fn pool_state() -> impl Strategy<Value = PoolState> {
    (
        prop::option::weighted(
            0.7,
            prop::sample::select(vec![
                "AutoRollingUpdate",
                "AutoInPlaceUpdate",
                "ManualInPlaceUpdate",
            ]),
        ),
        prop::option::weighted(0.5, shoot_kubernetes_version()),
        prop::option::weighted(0.95, shoot_image_version()),
    )
        .prop_map(|(strategy, kubernetes, image)| PoolState {
            strategy,
            kubernetes,
            image,
        })
}

fn worker(name: &str, state: &PoolState) -> Value {
    let mut machine = json!({ "type": "m5.large" });
    if let Some(version) = &state.image {
        machine["image"] = json!({ "name": "gardenlinux", "version": version });
    }
    let mut worker = json!({
        "name": name,
        "machine": machine,
        "minimum": 1,
        "maximum": 3,
    });
    if let Some(strategy) = state.strategy {
        worker["updateStrategy"] = json!(strategy);
    }
    if let Some(version) = &state.kubernetes {
        worker["kubernetes"] = json!({ "version": version });
    }
    worker
}

fn shoot(version: &str, workers: Vec<Value>) -> Value {
    json!({
        "apiVersion": "core.gardener.cloud/v1beta1",
        "kind": "Shoot",
        "metadata": { "name": "payments", "namespace": "garden-dev" },
        "spec": {
            "cloudProfile": { "kind": "CloudProfile", "name": "aws" },
            "credentialsBindingName": "aws-credentials",
            "region": "eu-west-1",
            "kubernetes": { "version": version },
            "networking": { "type": "calico", "nodes": "10.250.0.0/16" },
            "maintenance": { "timeWindow": { "begin": "220000+0000", "end": "230000+0000" } },
            "provider": { "type": "aws", "workers": workers },
        }
    })
}

const POOL_NAMES: [&str; 3] = ["worker-a", "worker-b", "gpu"];

/// A pool of the old and of the new Shoot: present in both (mostly), added or removed; unchanged or
/// edited.
fn pool() -> impl Strategy<Value = (Option<PoolState>, Option<PoolState>)> {
    (pool_state(), pool_state(), 0u8..10).prop_map(|(old, edit, shape)| match shape {
        0 => (None, Some(edit)),
        1 => (Some(old), None),
        2..=4 => (Some(old.clone()), Some(old)),
        5 => (
            Some(old.clone()),
            Some(PoolState {
                kubernetes: edit.kubernetes,
                ..old
            }),
        ),
        6 => (
            Some(old.clone()),
            Some(PoolState {
                image: edit.image,
                ..old
            }),
        ),
        _ => (Some(old), Some(edit)),
    })
}

fn shoot_request() -> impl Strategy<Value = Request> {
    (
        instant(),
        shoot_kubernetes_version(),
        prop::option::weighted(0.6, shoot_kubernetes_version()),
        prop::collection::vec(pool(), 0..4),
        prop_oneof![3 => Just("update"), 2 => Just("create"), 1 => Just("delete")],
    )
        .prop_map(|(now, old_version, new_version, pools, operation)| {
            let new_version = new_version.unwrap_or_else(|| old_version.clone());
            let mut old_workers = Vec::new();
            let mut new_workers = Vec::new();
            for (index, (old, new)) in pools.iter().enumerate() {
                let name = POOL_NAMES[index % POOL_NAMES.len()];
                if let Some(old) = old {
                    old_workers.push(worker(name, old));
                }
                if let Some(new) = new {
                    new_workers.push(worker(name, new));
                }
            }
            let mut input = Map::new();
            input.insert("operation".into(), json!(operation));
            input.insert("stage".into(), json!("static"));
            input.insert("shoot".into(), shoot(&new_version, new_workers));
            if operation != "create" {
                input.insert("oldShoot".into(), shoot(&old_version, old_workers));
            }
            Request {
                kind: "shoot-version-validation",
                now: rfc3339(now),
                input: Value::Object(input),
            }
        })
}

/// The validation area: CloudProfile creation and updates, and the static version rules of Shoots.
pub fn validation() -> BoxedStrategy<Request> {
    super::generate::with_names(validation_in_garden_dev_on_aws())
}

/// [`validation`] with every Shoot in `garden-dev` and the CloudProfile named `aws`.
fn validation_in_garden_dev_on_aws() -> BoxedStrategy<Request> {
    prop_oneof![
        3 => cloud_profile_request(),
        2 => shoot_request(),
    ]
    .boxed()
}

/// Kubernetes versions around the feature gates' ranges.
const GATE_VERSIONS: &[&str] = &[
    "1.27.3", "1.28.0", "1.29.5", "1.30.1", "1.31.0", "1.32.2", "1.33.0", "1.34.1", "1.35.0",
];

/// A component's `featureGates`: known gates (their ranges and locks decide), now and then an
/// unknown one.
fn feature_gate_map() -> impl Strategy<Value = Map<String, Value>> {
    let known: Vec<String> = (shoot_policy::maintenance::version_ranges::FEATURE_GATES.iter())
        .map(|(name, _, _)| name.to_string())
        .collect();
    let gate = prop_oneof![
        12 => prop::sample::select(known),
        1 => Just("NoSuchGate".to_string()),
    ];
    prop::collection::btree_map(gate, any::<bool>(), 1..4)
        .prop_map(|gates| gates.into_iter().map(|(k, v)| (k, json!(v))).collect())
}

/// The feature-gates area: the static Shoot validation's `ValidateFeatureGates` for the control
/// plane's components and each pool's kubelet (its own or the Shoot's), at their versions.
pub fn feature_gate_area() -> BoxedStrategy<Request> {
    let gates = || prop::option::weighted(0.4, feature_gate_map());
    let components = (gates(), gates(), gates(), gates(), gates());
    let pool = (
        prop::option::weighted(0.7, prop::sample::select(GATE_VERSIONS)),
        gates(),
        any::<bool>(),
    );
    (
        instant(),
        prop::sample::select(GATE_VERSIONS),
        components,
        prop::collection::vec(pool, 0..3),
    )
        .prop_map(|(now, version, (api, kcm, scheduler, proxy, kubelet), pools)| {
            let mut kubernetes = Map::new();
            kubernetes.insert("version".into(), json!(version));
            for (name, gates) in [
                ("kubeAPIServer", api),
                ("kubeControllerManager", kcm),
                ("kubeScheduler", scheduler),
                ("kubeProxy", proxy),
                ("kubelet", kubelet),
            ] {
                if let Some(gates) = gates {
                    kubernetes.insert(name.into(), json!({ "featureGates": gates }));
                }
            }
            let workers: Vec<Value> = (pools.into_iter().enumerate())
                .map(|(index, (pool_version, kubelet, has_kubernetes))| {
                    let mut worker = json!({
                        "name": POOL_NAMES[index % POOL_NAMES.len()],
                        "minimum": 1,
                        "maximum": 2,
                        "machine": {"type": "m5.large", "image": {"name": "gardenlinux", "version": "1592.1.0"}},
                    });
                    if has_kubernetes || pool_version.is_some() || kubelet.is_some() {
                        let mut section = Map::new();
                        if let Some(pool_version) = pool_version {
                            section.insert("version".into(), json!(pool_version));
                        }
                        if let Some(gates) = kubelet {
                            section.insert("kubelet".into(), json!({ "featureGates": gates }));
                        }
                        worker["kubernetes"] = Value::Object(section);
                    }
                    worker
                })
                .collect();
            let shoot = json!({
                "apiVersion": "core.gardener.cloud/v1beta1",
                "kind": "Shoot",
                "metadata": {"name": "gates", "namespace": "garden-dev"},
                "spec": {
                    "cloudProfileName": "aws",
                    "region": "eu-west-1",
                    "secretBindingName": "aws",
                    "kubernetes": kubernetes,
                    "provider": {"type": "aws", "workers": workers},
                    "maintenance": {"timeWindow": {"begin": "220000+0000", "end": "230000+0000"}},
                },
            });
            Request {
                kind: "feature-gate-validation",
                now: rfc3339(now),
                input: json!({ "shoot": shoot }),
            }
        })
        .boxed()
}

/// Maintenance times: valid ones around the 30-minute and 6-hour bounds, and some that do not parse.
const WINDOW_TIMES: &[&str] = &[
    "220000+0000",
    "223000+0000",
    "225959+0000",
    "230000+0000",
    "040000+0000",
    "000000+0000",
    "220000+0100",
    "233000-0130",
    "030000+0200",
    "25:00",
    "990000+0000",
    "",
];

/// Rotation periods around the bounds of 30 minutes and 90 days, and 0.
const ROTATION_PERIODS: &[&str] = &[
    "0s", "10m", "29m59s", "30m", "24h", "2160h", "2160h1s", "5000h",
];

/// The maintenance-validation kind: `validateMaintenance` of the static Shoot validation, for a
/// Shoot with or without workers.
pub fn maintenance_validation_area() -> BoxedStrategy<Request> {
    let period = || prop::option::weighted(0.4, prop::sample::select(ROTATION_PERIODS));
    (
        instant(),
        prop::option::weighted(0.9, (prop::sample::select(WINDOW_TIMES), prop::sample::select(WINDOW_TIMES))),
        prop::option::weighted(0.3, any::<bool>()),
        (period(), period(), period()),
        any::<bool>(),
    )
        .prop_map(|(now, window, image_auto_update, (observability, ssh, etcd), workerless)| {
            let mut maintenance = Map::new();
            if let Some((begin, end)) = window {
                maintenance.insert("timeWindow".into(), json!({"begin": begin, "end": end}));
            }
            if let Some(enabled) = image_auto_update {
                maintenance.insert(
                    "autoUpdate".into(),
                    json!({"kubernetesVersion": true, "machineImageVersion": enabled}),
                );
            }
            let mut credentials = Map::new();
            for (name, period) in [("observability", observability), ("sshKeypair", ssh), ("etcdEncryptionKey", etcd)] {
                if let Some(period) = period {
                    credentials.insert(name.into(), json!({"rotationPeriod": period}));
                }
            }
            if !credentials.is_empty() {
                maintenance.insert("autoRotation".into(), json!({"credentials": credentials}));
            }
            let workers = if workerless {
                json!([])
            } else {
                json!([{"name": "worker-a", "minimum": 1, "maximum": 2,
                    "machine": {"type": "m5.large", "image": {"name": "gardenlinux", "version": "1592.1.0"}}}])
            };
            let shoot = json!({
                "apiVersion": "core.gardener.cloud/v1beta1",
                "kind": "Shoot",
                "metadata": {"name": "maintained", "namespace": "garden-dev"},
                "spec": {
                    "cloudProfileName": "aws",
                    "region": "eu-west-1",
                    "kubernetes": {"version": "1.33.0"},
                    "provider": {"type": "aws", "workers": workers},
                    "maintenance": maintenance,
                },
            });
            Request {
                kind: "maintenance-validation",
                now: rfc3339(now),
                input: json!({ "shoot": shoot }),
            }
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// The ShootMutator's version defaulting
// ---------------------------------------------------------------------------------------------

/// A Shoot's Kubernetes version as users write it before the mutator completes it: whole, a minor,
/// a major, empty, or one it refuses.
fn defaulting_version() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (28u32..35, 0u32..5).prop_map(|(minor, patch)| format!("1.{minor}.{patch}")),
        3 => (28u32..35).prop_map(|minor| format!("1.{minor}")),
        1 => prop::sample::select(vec!["1", "", "2", "1.x", "v1.30", "1.30.1.2", "1."]).prop_map(str::to_string),
    ]
}

/// What a pool's machine says besides its image version: its type, its architecture (absent,
/// mostly), and its image's name, or no image.
#[derive(Debug, Clone)]
struct PoolMachine {
    machine_type: &'static str,
    architecture: Option<&'static str>,
    image_name: Option<&'static str>,
}

fn pool_machine() -> impl Strategy<Value = PoolMachine> {
    (
        prop::sample::select(vec!["m5.large", "m6g.large", "c5.2xlarge", "x9.unknown"]),
        prop::option::weighted(0.3, prop::sample::select(vec!["amd64", "arm64"])),
        prop_oneof![
            6 => Just(Some("gardenlinux")),
            2 => Just(Some("suse-chost")),
            1 => Just(Some("coreos")),
            1 => Just(None),
        ],
    )
        .prop_map(|(machine_type, architecture, image_name)| PoolMachine {
            machine_type,
            architecture,
            image_name,
        })
}

fn with_machine(mut worker: Value, machine: &PoolMachine) -> Value {
    worker["machine"]["type"] = json!(machine.machine_type);
    if let Some(architecture) = machine.architecture {
        worker["machine"]["architecture"] = json!(architecture);
    }
    match machine.image_name {
        Some(name) => {
            if let Some(image) = worker["machine"].get_mut("image") {
                image["name"] = json!(name);
            }
        }
        None => {
            if let Some(machine) = worker["machine"].as_object_mut() {
                machine.remove("image");
            }
        }
    }
    worker
}

/// The version-defaulting kind: the ShootMutator's defaulting of partial Kubernetes versions, of the
/// pools' architectures and of their machine images, on create and on update, against generated
/// CloudProfiles.
pub fn version_defaulting_area() -> BoxedStrategy<Request> {
    super::generate::with_names(version_defaulting_area_in_garden_dev_on_aws())
}

/// [`version_defaulting_area`] with every Shoot in `garden-dev` and the CloudProfile named `aws`.
fn version_defaulting_area_in_garden_dev_on_aws() -> BoxedStrategy<Request> {
    instant()
        .prop_flat_map(|now| {
            (
                Just(now),
                cloud_profile(now),
                defaulting_version(),
                defaulting_version(),
                prop::collection::vec((pool(), pool_machine(), pool_machine()), 0..4),
                prop_oneof![2 => Just("create"), 1 => Just("update")],
            )
        })
        .prop_map(
            |(now, mut profile, old_version, version, pools, operation)| {
                // The Shoot references the profile by this name.
                profile["metadata"]["name"] = json!("aws");
                let mut old_workers = Vec::new();
                let mut new_workers = Vec::new();
                for (index, ((old, new), old_machine, new_machine)) in pools.iter().enumerate() {
                    let name = POOL_NAMES[index % POOL_NAMES.len()];
                    if let Some(old) = old {
                        old_workers.push(with_machine(worker(name, old), old_machine));
                    }
                    if let Some(new) = new {
                        new_workers.push(with_machine(worker(name, new), new_machine));
                    }
                }
                let mut input = Map::new();
                input.insert("operation".into(), json!(operation));
                input.insert("cloudProfile".into(), profile);
                input.insert("shoot".into(), shoot(&version, new_workers));
                if operation == "update" {
                    input.insert("oldShoot".into(), shoot(&old_version, old_workers));
                }
                Request {
                    kind: "version-defaulting",
                    now: rfc3339(now),
                    input: Value::Object(input),
                }
            },
        )
        .boxed()
}
