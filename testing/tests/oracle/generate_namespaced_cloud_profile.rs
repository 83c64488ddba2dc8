//! Random inputs for `namespaced-cloud-profile-merge`: a parent CloudProfile and a
//! NamespacedCloudProfile below it, for Gardener's `MergeCloudProfiles`.
//!
//! Both draw their keys (Kubernetes and image versions, image, machine and volume type names) from
//! the same few, so that overrides mostly meet an entry of the parent and now and then none
//! (a Kubernetes version then is dropped, anything else added), and lists hold duplicates in any
//! order. Each field the merge reads comes absent, empty or set (`null` where Go writes it):
//! version overrides that only move a date, or that set one of the fields that make them replace
//! the parent's version; capability definitions absent, empty, with one or more architectures,
//! without one, or twice; architectures and flavors given, empty or absent; update strategies
//! empty or set; `caBundle` and `limits` on either side. Quantities are written in their
//! canonical form (`8Gi`), as the API server stores them.

use super::Request;
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Map, Value};

const KUBERNETES_VERSIONS: &[&str] = &["1.30.5", "1.31.2", "1.31.3", "1.32.0", "1.33.1"];
const IMAGE_NAMES: &[&str] = &["gardenlinux", "ubuntu", "suse-chost"];
const IMAGE_VERSIONS: &[&str] = &["1592.1.0", "1592.2.0", "1877.0.0", "934.8.0"];
const MACHINE_TYPES: &[&str] = &["m5.large", "m6g.large", "c5.xlarge", "p3.2xlarge"];
const VOLUME_TYPES: &[&str] = &["gp3", "io1", "standard"];
const DATES: &[&str] = &[
    "2026-01-01T00:00:00Z",
    "2026-06-30T12:00:00Z",
    "2027-03-01T00:00:00Z",
    "2028-12-31T23:59:59Z",
];
const CA: &str = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
const NAMESPACED_CA: &str = "-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----\n";

fn pick(items: &'static [&'static str]) -> BoxedStrategy<&'static str> {
    proptest::sample::select(items).boxed()
}

/// One of `choices`, each with its weight.
fn weighted(choices: Vec<(u32, Value)>) -> BoxedStrategy<Value> {
    let total: u32 = choices.iter().map(|(weight, _)| weight).sum();
    (0..total)
        .prop_map(move |mut draw| {
            for (weight, value) in &choices {
                if draw < *weight {
                    return value.clone();
                }
                draw -= weight;
            }
            unreachable!("the draw is below the total")
        })
        .boxed()
}

/// The value to write under a key, or `None` to leave the key out (drawn as JSON `"absent"`).
const ABSENT: &str = "(absent)";

fn set(object: &mut Map<String, Value>, key: &str, value: Value) {
    if value != json!(ABSENT) {
        object.insert(key.to_string(), value);
    }
}

fn date() -> BoxedStrategy<Value> {
    prop_oneof![
        2 => Just(json!(ABSENT)),
        3 => pick(DATES).prop_map(|date| json!(date)),
    ]
    .boxed()
}

fn classification() -> BoxedStrategy<Value> {
    weighted(vec![
        (6, json!(ABSENT)),
        (1, json!("")),
        (1, json!("preview")),
        (1, json!("supported")),
        (1, json!("deprecated")),
        (1, json!("expired")),
    ])
}

fn architectures() -> BoxedStrategy<Value> {
    weighted(vec![
        (6, json!(ABSENT)),
        (1, json!([])),
        (2, json!(["amd64"])),
        (2, json!(["arm64"])),
        (1, json!(["arm64", "amd64"])),
        (1, json!(["amd64", "arm64"])),
    ])
}

fn capability_flavors() -> BoxedStrategy<Value> {
    weighted(vec![
        (6, json!(ABSENT)),
        (1, json!([])),
        (2, json!([{ "architecture": ["amd64"] }])),
        (
            1,
            json!([{ "architecture": ["arm64"] }, { "architecture": ["amd64"] }]),
        ),
        (1, json!([{ "architecture": ["amd64", "arm64"] }])),
        (1, json!([{ "gpu": ["nvidia"] }])),
        (1, json!([{ "architecture": ["arm64"], "gpu": ["nvidia"] }])),
    ])
}

fn cri() -> BoxedStrategy<Value> {
    weighted(vec![
        (5, json!(ABSENT)),
        (1, json!([])),
        (3, json!([{ "name": "containerd" }])),
        (
            1,
            json!([{ "name": "containerd", "containerRuntimes": [{ "type": "gvisor" }] }]),
        ),
    ])
}

fn kubelet_version_constraint() -> BoxedStrategy<Value> {
    weighted(vec![
        (6, json!(ABSENT)),
        (1, json!("")),
        (1, json!(">= 1.30")),
    ])
}

fn in_place_updates() -> BoxedStrategy<Value> {
    weighted(vec![
        (5, json!(ABSENT)),
        (
            1,
            json!({ "supported": true, "minVersionForUpdate": "1592.1.0" }),
        ),
        (1, json!({ "supported": false })),
    ])
}

fn lifecycle() -> BoxedStrategy<Value> {
    weighted(vec![
        (6, json!(ABSENT)),
        (
            1,
            json!([{ "classification": "preview" },
                   { "classification": "supported", "startTime": "2026-06-30T12:00:00Z" }]),
        ),
    ])
}

/// A Kubernetes version of either side: a date and a classification, now and then stages.
fn kubernetes_version() -> BoxedStrategy<Value> {
    (
        pick(KUBERNETES_VERSIONS),
        date(),
        classification(),
        lifecycle(),
    )
        .prop_map(|(version, date, classification, lifecycle)| {
            let mut entry = Map::new();
            entry.insert("version".into(), json!(version));
            set(&mut entry, "expirationDate", date);
            set(&mut entry, "classification", classification);
            set(&mut entry, "lifecycle", lifecycle);
            Value::Object(entry)
        })
        .boxed()
}

/// A machine image version with any of its fields.
fn image_version() -> BoxedStrategy<Value> {
    (
        (pick(IMAGE_VERSIONS), date(), classification(), lifecycle()),
        (
            cri(),
            architectures(),
            kubelet_version_constraint(),
            in_place_updates(),
            capability_flavors(),
        ),
    )
        .prop_map(
            |(
                (version, date, classification, lifecycle),
                (cri, architectures, constraint, in_place, flavors),
            )| {
                let mut entry = Map::new();
                entry.insert("version".into(), json!(version));
                set(&mut entry, "expirationDate", date);
                set(&mut entry, "classification", classification);
                set(&mut entry, "lifecycle", lifecycle);
                set(&mut entry, "cri", cri);
                set(&mut entry, "architectures", architectures);
                set(&mut entry, "kubeletVersionConstraint", constraint);
                set(&mut entry, "inPlaceUpdates", in_place);
                set(&mut entry, "capabilityFlavors", flavors);
                Value::Object(entry)
            },
        )
        .boxed()
}

/// A NamespacedCloudProfile's image version: mostly a date alone (with `inPlaceUpdates` now and
/// then, which does not count), else any version.
fn image_version_override() -> BoxedStrategy<Value> {
    prop_oneof![
        3 => (pick(IMAGE_VERSIONS), date(), in_place_updates()).prop_map(|(version, date, in_place)| {
            let mut entry = Map::new();
            entry.insert("version".into(), json!(version));
            set(&mut entry, "expirationDate", date);
            set(&mut entry, "inPlaceUpdates", in_place);
            Value::Object(entry)
        }),
        2 => image_version(),
    ]
    .boxed()
}

fn update_strategy() -> BoxedStrategy<Value> {
    weighted(vec![
        (4, json!(ABSENT)),
        (1, json!("")),
        (1, json!("patch")),
        (1, json!("minor")),
        (1, json!("major")),
    ])
}

/// A list of 1 to `max - 1` items, now and then empty or left out.
fn list(item: BoxedStrategy<Value>, max: usize) -> BoxedStrategy<Value> {
    prop_oneof![
        1 => Just(json!(ABSENT)),
        1 => Just(json!([])),
        8 => prop::collection::vec(item, 1..max).prop_map(Value::from),
    ]
    .boxed()
}

/// A list Go writes as `null` when it is empty (a field without `omitempty`): as [`list`], and
/// now and then `null`.
fn go_list(item: BoxedStrategy<Value>, max: usize) -> BoxedStrategy<Value> {
    prop_oneof![
        1 => Just(Value::Null),
        10 => list(item, max),
    ]
    .boxed()
}

fn machine_image(version: fn() -> BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    (pick(IMAGE_NAMES), update_strategy(), go_list(version(), 5))
        .prop_map(|(name, strategy, versions)| {
            let mut image = Map::new();
            image.insert("name".into(), json!(name));
            set(&mut image, "updateStrategy", strategy);
            set(&mut image, "versions", versions);
            Value::Object(image)
        })
        .boxed()
}

fn machine_type() -> BoxedStrategy<Value> {
    let architecture = weighted(vec![
        (4, json!(ABSENT)),
        (2, json!("amd64")),
        (2, json!("arm64")),
        (1, json!("")),
    ]);
    let capabilities = weighted(vec![
        (5, json!(ABSENT)),
        (1, json!({})),
        (2, json!({ "architecture": ["amd64"] })),
        (2, json!({ "architecture": ["arm64"] })),
        (1, json!({ "architecture": ["amd64", "arm64"] })),
        (1, json!({ "architecture": [] })),
        (1, json!({ "gpu": ["nvidia"] })),
        (1, json!({ "architecture": ["arm64"], "gpu": ["nvidia"] })),
    ]);
    let usable = weighted(vec![
        (3, json!(ABSENT)),
        (1, json!(true)),
        (1, json!(false)),
    ]);
    let storage = weighted(vec![
        (4, json!(ABSENT)),
        (
            1,
            json!({ "class": "standard", "type": "gp3", "minSize": "20Gi" }),
        ),
    ]);
    (
        pick(MACHINE_TYPES),
        (
            pick(&["2", "4", "500m"]),
            pick(&["0", "1"]),
            pick(&["8Gi", "16Gi"]),
        ),
        architecture,
        capabilities,
        usable,
        storage,
    )
        .prop_map(
            |(name, (cpu, gpu, memory), architecture, capabilities, usable, storage)| {
                let mut entry = Map::new();
                entry.insert("name".into(), json!(name));
                entry.insert("cpu".into(), json!(cpu));
                entry.insert("gpu".into(), json!(gpu));
                entry.insert("memory".into(), json!(memory));
                set(&mut entry, "architecture", architecture);
                set(&mut entry, "capabilities", capabilities);
                set(&mut entry, "usable", usable);
                set(&mut entry, "storage", storage);
                Value::Object(entry)
            },
        )
        .boxed()
}

fn volume_type() -> BoxedStrategy<Value> {
    let usable = weighted(vec![
        (3, json!(ABSENT)),
        (1, json!(true)),
        (1, json!(false)),
    ]);
    let min_size = weighted(vec![(3, json!(ABSENT)), (1, json!("20Gi"))]);
    (
        pick(VOLUME_TYPES),
        pick(&["standard", "premium"]),
        usable,
        min_size,
    )
        .prop_map(|(name, class, usable, min_size)| {
            let mut entry = Map::new();
            entry.insert("name".into(), json!(name));
            entry.insert("class".into(), json!(class));
            set(&mut entry, "usable", usable);
            set(&mut entry, "minSize", min_size);
            Value::Object(entry)
        })
        .boxed()
}

/// The parent's capability definitions: none, one or more architectures, none of them an
/// architecture, or the architecture defined twice.
fn machine_capabilities() -> BoxedStrategy<Value> {
    weighted(vec![
        (5, json!(ABSENT)),
        (1, json!([])),
        (
            4,
            json!([{ "name": "architecture", "values": ["amd64", "arm64"] }]),
        ),
        (2, json!([{ "name": "architecture", "values": ["amd64"] }])),
        (
            1,
            json!([{ "name": "architecture", "values": ["arm64"] },
                   { "name": "gpu", "values": ["nvidia", "none"] }]),
        ),
        (1, json!([{ "name": "gpu", "values": ["nvidia"] }])),
        (
            1,
            json!([{ "name": "architecture", "values": ["amd64"] },
                   { "name": "architecture", "values": ["arm64"] }]),
        ),
    ])
}

fn ca_bundle(text: &'static str) -> BoxedStrategy<Value> {
    weighted(vec![(4, json!(ABSENT)), (1, json!("")), (2, json!(text))])
}

fn limits() -> BoxedStrategy<Value> {
    weighted(vec![
        (4, json!(ABSENT)),
        (1, json!({})),
        (1, json!({ "maxNodesTotal": 0 })),
        (1, json!({ "maxNodesTotal": -1 })),
        (1, json!({ "maxNodesTotal": 10 })),
        (1, json!({ "maxNodesTotal": 200 })),
    ])
}

/// What the merge only passes on from the parent.
fn parent_extras() -> BoxedStrategy<Value> {
    weighted(vec![
        (3, json!({})),
        (
            1,
            json!({
                "providerConfig": { "apiVersion": "aws.provider.extensions.gardener.cloud/v1alpha1",
                                    "kind": "CloudProfileConfig", "machineImages": [] },
                "seedSelector": { "matchLabels": { "env": "prod" }, "providerTypes": ["aws"] },
                "bastion": { "machineImage": { "name": "gardenlinux" }, "machineType": { "name": "m5.large" } },
            }),
        ),
    ])
}

fn parent() -> BoxedStrategy<Value> {
    (
        list(kubernetes_version(), 6),
        go_list(machine_image(image_version), 4),
        go_list(machine_type(), 4),
        list(volume_type(), 3),
        machine_capabilities(),
        (ca_bundle(CA), limits(), parent_extras()),
    )
        .prop_map(
            |(versions, images, types, volumes, capabilities, (ca, limits, extras))| {
                let mut spec = Map::new();
                spec.insert("type".into(), json!("aws"));
                let mut kubernetes = Map::new();
                set(&mut kubernetes, "versions", versions);
                spec.insert("kubernetes".into(), Value::Object(kubernetes));
                set(&mut spec, "machineImages", images);
                set(&mut spec, "machineTypes", types);
                set(&mut spec, "volumeTypes", volumes);
                set(&mut spec, "machineCapabilities", capabilities);
                set(&mut spec, "caBundle", ca);
                set(&mut spec, "limits", limits);
                spec.insert(
                    "regions".into(),
                    json!([{ "name": "eu-west-1", "zones": [{ "name": "eu-west-1a" }] }]),
                );
                if let Value::Object(extras) = extras {
                    spec.extend(extras);
                }
                json!({ "apiVersion": "core.gardener.cloud/v1beta1", "kind": "CloudProfile",
                        "metadata": { "name": "aws" }, "spec": spec })
            },
        )
        .boxed()
}

fn namespaced() -> BoxedStrategy<Value> {
    let kubernetes = prop_oneof![
        2 => Just(json!(ABSENT)),
        1 => Just(json!({})),
        5 => list(kubernetes_version(), 4).prop_map(|versions| {
            let mut kubernetes = Map::new();
            set(&mut kubernetes, "versions", versions);
            Value::Object(kubernetes)
        }),
    ];
    let provider_config = weighted(vec![
        (4, json!(ABSENT)),
        (
            1,
            json!({ "apiVersion": "aws.provider.extensions.gardener.cloud/v1alpha1",
                    "kind": "CloudProfileConfig" }),
        ),
    ]);
    (
        kubernetes,
        list(machine_image(image_version_override), 3),
        list(machine_type(), 3),
        list(volume_type(), 3),
        (ca_bundle(NAMESPACED_CA), limits(), provider_config),
    )
        .prop_map(
            |(kubernetes, images, types, volumes, (ca, limits, provider_config))| {
                let mut spec = Map::new();
                spec.insert(
                    "parent".into(),
                    json!({ "kind": "CloudProfile", "name": "aws" }),
                );
                set(&mut spec, "kubernetes", kubernetes);
                set(&mut spec, "machineImages", images);
                set(&mut spec, "machineTypes", types);
                set(&mut spec, "volumeTypes", volumes);
                set(&mut spec, "caBundle", ca);
                set(&mut spec, "limits", limits);
                set(&mut spec, "providerConfig", provider_config);
                json!({ "apiVersion": "core.gardener.cloud/v1beta1", "kind": "NamespacedCloudProfile",
                        "metadata": { "name": "custom", "namespace": "garden-dev" }, "spec": spec })
            },
        )
        .boxed()
}

/// The area `namespaced-cloud-profile-merge`. The merge reads no clock: `now` is fixed.
pub fn namespaced_cloud_profile_merge() -> BoxedStrategy<Request> {
    (parent(), namespaced())
        .prop_map(|(cloud_profile, namespaced_cloud_profile)| Request {
            kind: "namespaced-cloud-profile-merge",
            now: "2026-01-01T00:00:00Z".to_string(),
            input: json!({
                "cloudProfile": cloud_profile,
                "namespacedCloudProfile": namespaced_cloud_profile,
            }),
        })
        .boxed()
}
