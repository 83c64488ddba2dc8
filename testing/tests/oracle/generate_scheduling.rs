//! Random inputs for the scheduler (`seed-scheduling` with `seeds`): a few Seeds that differ in
//! the fields each filter step reads (readiness, visibility, labels, provider, zones, taints,
//! access restrictions, DNS defaults, networks, capacity, the emergency stop), Shoots already
//! placed on them, and a new Shoot with its own selector, tolerations, networks and domain.
//!
//! Every Seed carries a status (a last operation or conditions): the engine takes a Seed whose
//! status says nothing as ready, an assumption Gardener cannot make (docs/oracle.md).
//! `spec.controlPlane.zones` is left out: Gardener v1.149.3, which the oracle links, predates it.

use super::generate::{instant, rfc3339};
use super::Request;
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Value};

const PROVIDERS: &[&str] = &["aws", "gcp"];
const REGIONS: &[&str] = &["eu-west-1", "eu-central-1"];
const LABELS: &[(&str, &str)] = &[
    ("env", "prod"),
    ("env", "dev"),
    ("tier", "a"),
    ("tier", "b"),
];
const TAINTS: &[(&str, Option<&str>)] = &[
    ("seed.gardener.cloud/protected", None),
    ("foo", None),
    ("bar", Some("baz")),
];
const RESTRICTIONS: &[&str] = &["eu-access-only", "sovereign"];
/// Network ranges: the first three overlap pairwise in places, the rest are apart.
const NODES: &[&str] = &["10.250.0.0/16", "10.0.0.0/8", "10.251.0.0/16"];
const PODS: &[&str] = &["100.96.0.0/11", "100.64.0.0/12", "10.96.0.0/11"];
const SERVICES: &[&str] = &["100.64.0.0/13", "10.96.0.0/13", "100.104.0.0/13"];

fn pick<T: Clone + std::fmt::Debug + 'static>(items: &'static [T]) -> BoxedStrategy<T> {
    proptest::sample::select(items).boxed()
}

fn subset<T: Clone + std::fmt::Debug + 'static>(items: &'static [T]) -> BoxedStrategy<Vec<T>> {
    proptest::sample::subsequence(items, 0..=items.len()).boxed()
}

/// A ready Seed most of the time; otherwise one whose gardenlet, backup or last operation is not.
fn seed_status() -> BoxedStrategy<(Value, bool)> {
    (0..12u8, any::<bool>(), 0..6i64)
        .prop_map(|(state, backup, allocatable)| {
            let condition = |kind: &str, status: &str| {
                json!({"type": kind, "status": status, "reason": "Generated", "message": "generated",
                       "lastTransitionTime": "2026-01-01T00:00:00Z", "lastUpdateTime": "2026-01-01T00:00:00Z"})
            };
            let mut status = json!({
                "lastOperation": {"type": "Reconcile", "state": "Succeeded", "progress": 100,
                                  "description": "generated", "lastUpdateTime": "2026-01-01T00:00:00Z"},
                "conditions": [condition("GardenletReady", "True"), condition("BackupBucketsReady", "True")],
            });
            match state {
                0 => status["conditions"][0]["status"] = json!("False"),
                1 => status["conditions"][1]["status"] = json!("Unknown"),
                2 => {
                    status.as_object_mut().unwrap().remove("lastOperation");
                }
                _ => {}
            }
            if (1..4).contains(&allocatable) {
                status["allocatable"] = json!({"shoots": allocatable.to_string()});
            }
            (status, backup)
        })
        .boxed()
}

fn seed(index: usize) -> BoxedStrategy<Value> {
    (
        (pick(PROVIDERS), pick(REGIONS), 0..4usize, subset(LABELS)),
        (subset(TAINTS), subset(RESTRICTIONS), any::<bool>()),
        (pick(NODES), pick(PODS), pick(SERVICES), any::<bool>()),
        (seed_status(), 0..12u8),
    )
        .prop_map(
            move |(
                (provider, region, zones, labels),
                (taints, restrictions, dns_default),
                (nodes, pods, services, with_nodes),
                ((status, backup), flag),
            )| {
                let name = format!("seed-{index}");
                let labels: serde_json::Map<String, Value> =
                    (labels.iter()).map(|(k, v)| (k.to_string(), json!(v))).collect();
                let mut metadata = json!({"name": name, "labels": labels});
                match flag {
                    // A Seed being deleted still holds its finalizer.
                    0 => {
                        metadata["deletionTimestamp"] = json!("2026-01-01T00:00:00Z");
                        metadata["finalizers"] = json!(["gardener"]);
                    }
                    1 => {
                        metadata["annotations"] =
                            json!({"shoot.gardener.cloud/emergency-stop-reconciliations": "true"})
                    }
                    _ => {}
                }
                let zones: Vec<String> = ["a", "b", "c"][..zones.min(3)]
                    .iter()
                    .map(|z| format!("{region}{z}"))
                    .collect();
                let taints: Vec<Value> = (taints.iter())
                    .map(|(key, value)| match value {
                        Some(value) => json!({"key": key, "value": value}),
                        None => json!({"key": key}),
                    })
                    .collect();
                let mut networks = json!({"pods": pods, "services": services});
                if with_nodes {
                    networks["nodes"] = json!(nodes);
                }
                let mut spec = json!({
                    "provider": {"type": provider, "region": region, "zones": zones},
                    "taints": taints,
                    "accessRestrictions": restrictions.iter().map(|r| json!({"name": r})).collect::<Vec<_>>(),
                    "networks": networks,
                    "ingress": {"domain": format!("ingress.{name}.example.com"), "controller": {"kind": "nginx"}},
                    "dns": {"provider": {"type": "aws-route53", "secretRef": {"name": "dns", "namespace": "garden"}}},
                    "settings": {"scheduling": {"visible": flag != 2}},
                });
                if dns_default {
                    spec["dns"]["defaults"] = json!([{"domain": format!("{region}.example.com")}]);
                }
                if backup {
                    spec["backup"] = json!({"provider": provider, "region": region,
                                            "credentialsRef": {"apiVersion": "v1", "kind": "Secret", "name": "backup", "namespace": "garden"}});
                }
                json!({"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Seed",
                       "metadata": metadata, "spec": spec, "status": status})
            },
        )
        .boxed()
}

/// The new Shoot: what each filter step reads of it.
fn shoot() -> BoxedStrategy<Value> {
    (
        (pick(PROVIDERS), pick(REGIONS), 0..4usize, 0..4u8),
        (proptest::option::of(pick(LABELS)), subset(PROVIDERS), 0..3u8),
        (subset(TAINTS), subset(RESTRICTIONS), 0..3u8, any::<bool>()),
        (pick(NODES), proptest::option::of(pick(PODS)), proptest::option::of(pick(SERVICES))),
    )
        .prop_map(
            |(
                (provider, region, pool_zones, zonal),
                (selector_label, selector_types, with_selector),
                (tolerations, restrictions, domain, restricted),
                (nodes, pods, services),
            )| {
                let zones: Vec<String> = ["a", "b", "c"][..pool_zones.min(3)]
                    .iter()
                    .map(|z| format!("{region}{z}"))
                    .collect();
                let mut networking = json!({"type": "calico", "nodes": nodes});
                if let Some(pods) = pods {
                    networking["pods"] = json!(pods);
                }
                if let Some(services) = services {
                    networking["services"] = json!(services);
                }
                let mut spec = json!({
                    "cloudProfile": {"kind": "CloudProfile", "name": "profile"},
                    "region": region,
                    "kubernetes": {"version": "1.31.1"},
                    "networking": networking,
                    "provider": {"type": provider, "workers": [{
                        "name": "pool-0", "minimum": 1, "maximum": 3,
                        "machine": {"type": "m5.large", "image": {"name": "gardenlinux", "version": "1.0.0"}},
                        "zones": zones,
                    }]},
                    "tolerations": tolerations.iter().map(|(key, value)| match value {
                        Some(value) => json!({"key": key, "value": value}),
                        None => json!({"key": key}),
                    }).collect::<Vec<_>>(),
                });
                if restricted {
                    spec["accessRestrictions"] =
                        json!(restrictions.iter().map(|r| json!({"name": r})).collect::<Vec<_>>());
                }
                // A control plane spread over zones, a quarter of the time.
                if zonal == 0 {
                    spec["controlPlane"] =
                        json!({"highAvailability": {"failureTolerance": {"type": "zone"}}});
                }
                if with_selector == 0 {
                    let mut selector = json!({});
                    if let Some((key, value)) = selector_label {
                        selector["matchLabels"] = json!({key: value});
                    }
                    if !selector_types.is_empty() {
                        selector["providerTypes"] = json!(selector_types);
                    }
                    spec["seedSelector"] = selector;
                }
                match domain {
                    1 => spec["dns"] = json!({"domain": format!("new.dev.{region}.example.com")}),
                    2 => spec["dns"] = json!({"domain": "new.dev.other.example.org"}),
                    _ => {}
                }
                json!({"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
                       "metadata": {"name": "new", "namespace": "garden-dev"}, "spec": spec})
            },
        )
        .boxed()
}

/// Shoots already placed: each counts towards its Seed's usage.
fn placed(seeds: usize) -> BoxedStrategy<Vec<Value>> {
    proptest::collection::vec(0..seeds, 0..6)
        .prop_map(|on| {
            (on.iter().enumerate())
                .map(|(index, seed)| {
                    json!({"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
                           "metadata": {"name": format!("placed-{index}"), "namespace": "garden-dev"},
                           "spec": {"seedName": format!("seed-{seed}"), "region": "eu-west-1",
                                    "provider": {"type": "aws"}},
                           "status": {"seedName": format!("seed-{seed}")}})
                })
                .collect()
        })
        .boxed()
}

/// The CloudProfile's own seed selector, sometimes.
fn profile() -> BoxedStrategy<Value> {
    (proptest::option::of(pick(LABELS)), subset(PROVIDERS), 0..4u8)
        .prop_map(|(label, types, selecting)| {
            let (label, types) = if selecting == 0 { (label, types) } else { (None, Vec::new()) };
            let mut spec = json!({"type": "aws", "regions": [{"name": "eu-west-1"}],
                                  "kubernetes": {"versions": [{"version": "1.31.1"}]},
                                  "machineImages": [{"name": "gardenlinux", "versions": [{"version": "1.0.0"}]}],
                                  "machineTypes": [{"name": "m5.large", "cpu": "2", "gpu": "0", "memory": "8Gi", "usable": true}]});
            if label.is_some() || !types.is_empty() {
                let mut selector = json!({});
                if let Some((key, value)) = label {
                    selector["matchLabels"] = json!({key: value});
                }
                if !types.is_empty() {
                    selector["providerTypes"] = json!(types);
                }
                spec["seedSelector"] = selector;
            }
            json!({"apiVersion": "core.gardener.cloud/v1beta1", "kind": "CloudProfile",
                   "metadata": {"name": "profile"}, "spec": spec})
        })
        .boxed()
}

pub fn scheduling() -> BoxedStrategy<Request> {
    super::generate::with_names(scheduling_in_garden_dev_on_aws())
}

/// [`scheduling`] with every Shoot in `garden-dev` and the CloudProfile named `aws`.
fn scheduling_in_garden_dev_on_aws() -> BoxedStrategy<Request> {
    (instant(), 1..7usize)
        .prop_flat_map(|(now, count)| {
            let seeds: Vec<BoxedStrategy<Value>> = (0..count).map(seed).collect();
            (seeds, shoot(), placed(count), profile()).prop_map(
                move |(seeds, shoot, shoots, profile)| Request {
                    kind: "seed-scheduling",
                    now: rfc3339(now),
                    input: json!({
                        "shoot": shoot,
                        "seeds": seeds,
                        "shoots": shoots,
                        "cloudProfile": profile,
                        "project": {"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Project",
                                    "metadata": {"name": "dev"}, "spec": {"namespace": "garden-dev"}},
                    }),
                },
            )
        })
        .boxed()
}
