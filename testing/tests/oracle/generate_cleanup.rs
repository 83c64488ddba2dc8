//! Random inputs for the deletion cleanup (`cleanup-run`): a Shoot with the cleanup's annotations
//! (the three finalize overrides with values on and around the defaults, the factors' rounding
//! and what `strconv.Atoi` refuses, and `shoot.gardener.cloud/skip-cleanup` with any value), and
//! objects of the Shoot cluster of every kind the cleanup deletes and a few it does not, with the
//! labels its selectors read, in namespaces that exist or not, created and deleted on and a
//! second either side of the instants its options make edges.

use super::generate::{instant, rfc3339, rfc3339_nanos};
use super::Request;
use chrono::{DateTime, Duration, Utc};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Map, Value};

const WEBHOOKS: &str = "shoot.gardener.cloud/cleanup-webhooks-finalize-grace-period-seconds";
const EXTENDED_APIS: &str =
    "shoot.gardener.cloud/cleanup-extended-apis-finalize-grace-period-seconds";
const KUBERNETES_RESOURCES: &str =
    "shoot.gardener.cloud/cleanup-kubernetes-resources-finalize-grace-period-seconds";
const SKIP_CLEANUP: &str = "shoot.gardener.cloud/skip-cleanup";

/// Kinds of the Shoot cluster: their API version and whether they live in a namespace.
const KINDS: &[(&str, &str, bool)] = &[
    (
        "MutatingWebhookConfiguration",
        "admissionregistration.k8s.io/v1",
        false,
    ),
    (
        "ValidatingWebhookConfiguration",
        "admissionregistration.k8s.io/v1",
        false,
    ),
    ("APIService", "apiregistration.k8s.io/v1", false),
    ("CustomResourceDefinition", "apiextensions.k8s.io/v1", false),
    ("CronJob", "batch/v1", true),
    ("DaemonSet", "apps/v1", true),
    ("Deployment", "apps/v1", true),
    ("Ingress", "networking.k8s.io/v1", true),
    ("Job", "batch/v1", true),
    ("Pod", "v1", true),
    ("ReplicaSet", "apps/v1", true),
    ("ReplicationController", "v1", true),
    ("Service", "v1", true),
    ("StatefulSet", "apps/v1", true),
    ("PersistentVolumeClaim", "v1", true),
    ("VolumeSnapshot", "snapshot.storage.k8s.io/v1", true),
    ("VolumeSnapshotContent", "snapshot.storage.k8s.io/v1", false),
    // Not cleaned.
    ("ConfigMap", "v1", true),
    ("Secret", "v1", true),
];

/// The namespaces objects live in; `gone` never exists, `app` sometimes.
const NAMESPACES: &[&str] = &["default", "kube-system", "app", "gone"];

/// An override's value: on and around the defaults (300 s, 3600 s), odd values the factors 0.5 and
/// 0.1 round, negative ones, what `strconv.Atoi` reads loosely (`+7`, `-0`, `007`) and what it
/// refuses.
fn override_value() -> BoxedStrategy<String> {
    prop_oneof![
        6 => prop::sample::select(vec![
            "0", "1", "7", "59", "60", "120", "299", "300", "301", "600", "1800", "3599", "3600",
            "3601", "7200", "86400", "-1", "-300", "+7", "-0", "007",
        ])
        .prop_map(str::to_string),
        3 => (-1000i64..5000).prop_map(|v| v.to_string()),
        1 => prop::sample::select(vec![
            "ten", "", " 1", "1e3", "0x10", "1.5", "99999999999999999999",
        ])
        .prop_map(str::to_string),
    ]
    .boxed()
}

/// The Shoot's annotations: each override now and then, skip-cleanup now and then with any value
/// (Gardener tests its presence only), and one the cleanup does not read.
fn annotations() -> BoxedStrategy<Map<String, Value>> {
    (
        prop::option::weighted(0.35, override_value()),
        prop::option::weighted(0.35, override_value()),
        prop::option::weighted(0.5, override_value()),
        prop::option::weighted(
            0.4,
            prop::sample::select(vec![json!("true"), json!("false"), json!(""), Value::Null]),
        ),
    )
        .prop_map(|(webhooks, extended, kubernetes, skip)| {
            let mut annotations = Map::new();
            annotations.insert("example.com/owner".to_string(), json!("team-a"));
            for (key, value) in [
                (WEBHOOKS, webhooks),
                (EXTENDED_APIS, extended),
                (KUBERNETES_RESOURCES, kubernetes),
            ] {
                if let Some(value) = value {
                    annotations.insert(key.to_string(), json!(value));
                }
            }
            if let Some(value) = skip {
                annotations.insert(SKIP_CLEANUP.to_string(), value);
            }
            annotations
        })
        .boxed()
}

/// The delays the annotations can make: the defaults and, for each override `strconv.Atoi`
/// reads, its value, half and a tenth of it (the grace factors).
fn edges(annotations: &Map<String, Value>) -> Vec<i64> {
    let mut edges = vec![0, 150, 300, 3600];
    for key in [WEBHOOKS, EXTENDED_APIS, KUBERNETES_RESOURCES] {
        if let Some(value) = annotations
            .get(key)
            .and_then(Value::as_str)
            .and_then(|text| text.parse::<i64>().ok())
        {
            edges.extend([value, value / 2, value / 10]);
        }
    }
    edges
}

/// A label set the cleanup's selectors read.
fn labels() -> BoxedStrategy<Map<String, Value>> {
    (
        prop::option::weighted(
            0.2,
            prop::sample::select(vec!["system-component", "controlplane"]),
        ),
        prop::option::weighted(0.2, prop::sample::select(vec!["true", "false"])),
        prop::option::weighted(0.15, prop::sample::select(vec!["kubernetes", "aws"])),
        prop::option::weighted(0.15, prop::sample::select(vec!["onstart", "true"])),
    )
        .prop_map(|(role, no_cleanup, provider, automanaged)| {
            let mut labels = Map::new();
            let mut put = |key: &str, value: Option<&str>| {
                if let Some(value) = value {
                    labels.insert(key.to_string(), json!(value));
                }
            };
            put("gardener.cloud/role", role);
            put("shoot.gardener.cloud/no-cleanup", no_cleanup);
            put("provider", provider);
            put("kube-aggregator.kubernetes.io/automanaged", automanaged);
            labels
        })
        .boxed()
}

/// What one object is drawn from, before the instants are placed.
#[derive(Debug, Clone)]
struct Drawn {
    kind: usize,
    name: u8,
    namespace: usize,
    labels: Map<String, Value>,
    snapshot_annotations: (Option<&'static str>, bool),
    /// `None`: long ago; else an edge's index and a nudge in seconds from the leftover allowance.
    created: Option<(usize, i64)>,
    created_at_all: bool,
    /// An edge's index and a nudge in seconds from the finalization or marking delay.
    deleted: Option<(usize, i64)>,
    finalizers: bool,
}

fn drawn() -> BoxedStrategy<Drawn> {
    (
        (0..KINDS.len(), 0u8..3, 0..NAMESPACES.len(), labels()),
        (
            prop::option::weighted(0.4, prop::sample::select(vec!["yes", "no"])),
            prop::bool::weighted(0.2),
        ),
        (
            prop::option::weighted(0.35, (0usize..16, -1i64..=1)),
            prop::bool::weighted(0.9),
        ),
        (
            prop::option::weighted(0.45, (0usize..16, -1i64..=1)),
            prop::bool::weighted(0.3),
        ),
    )
        .prop_map(
            |(
                (kind, name, namespace, labels),
                snapshot_annotations,
                (created, created_at_all),
                (deleted, finalizers),
            )| Drawn {
                kind,
                name,
                namespace,
                labels,
                snapshot_annotations,
                created,
                created_at_all,
                deleted,
                finalizers,
            },
        )
        .boxed()
}

fn object(
    drawn: &Drawn,
    edges: &[i64],
    now: DateTime<Utc>,
    start: DateTime<Utc>,
    allowance: i64,
) -> Value {
    let (kind, api_version, namespaced) = KINDS[drawn.kind];
    let mut metadata = Map::new();
    metadata.insert(
        "name".to_string(),
        json!(format!("{}-{}", kind.to_lowercase(), drawn.name)),
    );
    if namespaced {
        metadata.insert("namespace".to_string(), json!(NAMESPACES[drawn.namespace]));
    }
    if !drawn.labels.is_empty() {
        metadata.insert("labels".to_string(), Value::Object(drawn.labels.clone()));
    }
    if kind == "VolumeSnapshotContent" {
        let mut annotations = Map::new();
        if let Some(value) = drawn.snapshot_annotations.0 {
            annotations.insert(
                "snapshot.storage.kubernetes.io/volumesnapshot-being-deleted".to_string(),
                json!(value),
            );
        }
        if drawn.snapshot_annotations.1 {
            annotations.insert(
                "snapshot.storage.kubernetes.io/volumesnapshot-being-created".to_string(),
                json!("yes"),
            );
        }
        if !annotations.is_empty() {
            metadata.insert("annotations".to_string(), Value::Object(annotations));
        }
    }
    // Kubernetes writes whole seconds; an edge at `now` is at its second.
    let whole = |instant: DateTime<Utc>| {
        instant - Duration::nanoseconds(i64::from(instant.timestamp_subsec_nanos()))
    };
    if drawn.created_at_all {
        let created = match drawn.created {
            // Around the allowance, or around an edge after the start.
            Some((edge, nudge)) if edge % 2 == 0 => {
                whole(start) + Duration::seconds(allowance + nudge)
            }
            Some((edge, nudge)) => {
                whole(start) + Duration::seconds(edges[edge % edges.len()] + nudge)
            }
            None => whole(start) - Duration::days(30),
        };
        metadata.insert("creationTimestamp".to_string(), json!(rfc3339(created)));
    }
    let mut finalizers = Vec::new();
    if let Some((edge, nudge)) = drawn.deleted {
        let age = edges[edge % edges.len()] + nudge;
        metadata.insert(
            "deletionTimestamp".to_string(),
            json!(rfc3339(whole(now) - Duration::seconds(age))),
        );
        // The API server keeps an object being deleted only while it has finalizers.
        finalizers.push("example.com/protect");
    } else if drawn.finalizers {
        finalizers.push("example.com/protect");
    }
    if !finalizers.is_empty() {
        metadata.insert("finalizers".to_string(), json!(finalizers));
    }
    json!({"apiVersion": api_version, "kind": kind, "metadata": metadata})
}

/// `cleanup-run` requests.
pub fn cleanup_area() -> BoxedStrategy<Request> {
    (
        instant(),
        annotations(),
        prop::sample::select(vec![0i64, 1, 149, 150, 151, 299, 300, 301, 3600, 3601, 86_400]),
        prop::option::weighted(0.8, Just(())),
        prop::sample::select(vec![0i64, 0, 0, 1, 500_000_000]),
        prop::bool::ANY,
        prop::collection::vec(drawn(), 0..10),
    )
        .prop_map(
            |(start, annotations, elapsed, recorded, nanos, app, drawn)| {
                let now = start + Duration::seconds(elapsed) + Duration::nanoseconds(nanos);
                // Without a recorded start, the cleanup starts now.
                let effective_start = if recorded.is_some() { start } else { now };
                let allowance = annotations
                    .get(KUBERNETES_RESOURCES)
                    .and_then(Value::as_str)
                    .and_then(|text| text.parse::<i64>().ok())
                    .unwrap_or(300);
                let edges = edges(&annotations);
                let mut objects: Vec<Value> = Vec::new();
                for drawn in &drawn {
                    let object = object(drawn, &edges, now, effective_start, allowance);
                    let id = |o: &Value| {
                        (o["kind"].clone(), o["metadata"]["namespace"].clone(), o["metadata"]["name"].clone())
                    };
                    if !objects.iter().any(|known| id(known) == id(&object)) {
                        objects.push(object);
                    }
                }
                let mut namespaces = vec!["default", "kube-system"];
                if app {
                    namespaces.push("app");
                }
                let mut input = json!({
                    "shoot": {
                        "apiVersion": "core.gardener.cloud/v1beta1",
                        "kind": "Shoot",
                        "metadata": {"name": "demo", "namespace": "garden-dev", "annotations": annotations},
                    },
                    "existingNamespaces": namespaces,
                    "objects": objects,
                });
                if recorded.is_some() {
                    input["cleanupStartTime"] = json!(rfc3339(start));
                }
                Request {
                    kind: "cleanup-run",
                    now: rfc3339_nanos(now),
                    input,
                }
            },
        )
        .boxed()
}
