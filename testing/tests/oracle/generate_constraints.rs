//! Random inputs for the care controller's areas: webhook configurations as users install them in
//! their shoots (the `hibernation-constraint` kind), and Shoots whose hibernation schedules and
//! maintenance window lie close to each other (`hibernation-maintenance-overlap`).

use super::generate::{hibernation_schedule, instant, rfc3339};
use super::Request;
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Map, Value};

// ---------------------------------------------------------------------------------------------
// Webhook configurations
// ---------------------------------------------------------------------------------------------

/// (apiGroup, apiVersion, resource) as webhooks target them: the entries of Gardener's matcher
/// tables and their neighbours (other versions, subresources, wildcards, unrelated resources).
const TARGETS: &[(&str, &str, &str)] = &[
    ("", "v1", "pods"),
    ("", "v1", "pods/status"),
    ("", "v1", "pods/*"),
    ("", "v1", "pods/exec"),
    ("", "v1", "configmaps"),
    ("", "v1", "endpoints"),
    ("", "v1", "secrets"),
    ("", "v1", "serviceaccounts"),
    ("", "v1", "services"),
    ("", "v1", "services/status"),
    ("", "v1", "nodes"),
    ("", "v1", "nodes/status"),
    ("", "v1", "namespaces"),
    ("", "v1", "namespaces/status"),
    ("", "v1", "persistentvolumeclaims"),
    ("", "v1", "events"),
    ("coordination.k8s.io", "v1", "leases"),
    ("coordination.k8s.io", "v1beta1", "leases"),
    ("coordination.k8s.io", "*", "leases"),
    ("apps", "v1", "deployments"),
    ("apps", "v1", "deployments/scale"),
    ("apps", "v1", "daemonsets"),
    ("apps", "v1beta2", "replicasets/status"),
    ("apps", "v1", "statefulsets"),
    ("apps", "v1", "controllerrevisions"),
    ("extensions", "v1beta1", "networkpolicies"),
    ("extensions", "v1beta1", "ingresses"),
    ("networking.k8s.io", "v1", "networkpolicies"),
    ("rbac.authorization.k8s.io", "v1", "clusterroles"),
    ("rbac.authorization.k8s.io", "v1", "rolebindings"),
    ("apiextensions.k8s.io", "v1", "customresourcedefinitions"),
    ("apiregistration.k8s.io", "v1", "apiservices/status"),
    (
        "certificates.k8s.io",
        "v1",
        "certificatesigningrequests/approval",
    ),
    ("scheduling.k8s.io", "v1", "priorityclasses"),
    ("batch", "v1", "jobs"),
    ("example.com", "v1", "widgets"),
    ("*", "*", "*"),
    ("*", "*", "*/*"),
    ("", "*", "*"),
    ("*", "v1", "*/status"),
];

const GROUPS: &[&str] = &[
    "",
    "*",
    "coordination.k8s.io",
    "apps",
    "extensions",
    "networking.k8s.io",
    "rbac.authorization.k8s.io",
    "apiextensions.k8s.io",
    "certificates.k8s.io",
    "scheduling.k8s.io",
    "batch",
];
const VERSIONS: &[&str] = &["v1", "v1beta1", "v1beta2", "v1alpha1", "*"];
const RESOURCES: &[&str] = &[
    "pods",
    "nodes",
    "secrets",
    "configmaps",
    "leases",
    "endpoints",
    "services",
    "namespaces",
    "deployments",
    "clusterroles",
    "*",
    "*/*",
    "*/status",
    "widgets",
    "pods/",
    "/status",
    "",
    "pods/status/x",
];

fn pick(values: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(values).prop_map(str::to_string)
}

fn some_of(values: &'static [&'static str], max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(pick(values), 1..=max)
}

fn rule() -> impl Strategy<Value = Value> {
    let targeted = (
        prop::sample::select(TARGETS),
        prop::option::of(pick(GROUPS)),
        prop::option::of(pick(VERSIONS)),
    )
        .prop_map(|((group, version, resource), more_group, more_version)| {
            let mut groups = vec![group.to_string()];
            groups.extend(more_group);
            let mut versions = vec![version.to_string()];
            versions.extend(more_version);
            (groups, versions, vec![resource.to_string()])
        });
    let mixed = (
        some_of(GROUPS, 2),
        some_of(VERSIONS, 2),
        some_of(RESOURCES, 3),
    );
    let operations = prop_oneof![
        6 => some_of(&["CREATE", "UPDATE", "DELETE", "*"], 2),
        1 => some_of(&["DELETE", "CONNECT", "create"], 2),
        1 => Just(Vec::new()),
    ];
    let scope = prop::option::weighted(
        0.4,
        prop_oneof![
            3 => Just("*".to_string()),
            3 => Just("Namespaced".to_string()),
            3 => Just("Cluster".to_string()),
            1 => pick(&["namespaced", ""]),
        ],
    );
    (prop_oneof![3 => targeted, 1 => mixed], operations, scope).prop_map(
        |((groups, versions, resources), operations, scope)| {
            let mut rule = json!({
                "apiGroups": groups,
                "apiVersions": versions,
                "resources": resources,
                "operations": operations,
            });
            if let Some(scope) = scope {
                rule["scope"] = json!(scope);
            }
            rule
        },
    )
}

/// Label keys and values near those of the matcher tables' namespaces and objects.
const LABELS: &[(&str, &[&str])] = &[
    ("gardener.cloud/purpose", &["kube-system", "monitoring"]),
    (
        "kubernetes.io/metadata.name",
        &["kube-system", "default", "kube-node-lease", "team-a"],
    ),
    ("shoot.gardener.cloud/no-cleanup", &["true", "false"]),
    ("origin", &["gardener", "team"]),
    ("app", &["nginx", "gardener-resource-manager"]),
    ("resources.gardener.cloud/managed-by", &["gardener"]),
    ("app.kubernetes.io/name", &["test", "", "not a value!"]),
];

fn label() -> impl Strategy<Value = (String, String)> {
    prop::sample::select(LABELS).prop_flat_map(|(key, values)| {
        prop::sample::select(values).prop_map(move |value| (key.to_string(), value.to_string()))
    })
}

fn label_key() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => prop::sample::select(LABELS).prop_map(|(key, _)| key.to_string()),
        1 => prop::sample::select(vec!["not a key!", "example.com/", "", "a/b/c"]).prop_map(str::to_string),
    ]
}

fn requirement() -> impl Strategy<Value = Value> {
    let values = prop::collection::vec(label().prop_map(|(_, value)| value), 0..3);
    (
        label_key(),
        prop_oneof![
            6 => Just("In"),
            6 => Just("NotIn"),
            3 => Just("Exists"),
            3 => Just("DoesNotExist"),
            1 => Just("Gt"),
        ],
        values,
        label(),
    )
        .prop_map(|(key, operator, values, (label_key, label_value))| {
            // Mostly well formed: set operators get values of their key, existence operators none.
            let (key, values) = match operator {
                "In" | "NotIn" if !values.is_empty() => (label_key, vec![label_value]),
                "Exists" | "DoesNotExist" if values.len() == 2 => (key, values),
                "Exists" | "DoesNotExist" => (key, Vec::new()),
                _ => (key, values),
            };
            let mut requirement = json!({ "key": key, "operator": operator });
            if !values.is_empty() {
                requirement["values"] = json!(values);
            }
            requirement
        })
}

fn selector() -> impl Strategy<Value = Option<Value>> {
    prop::option::weighted(
        0.5,
        (
            prop::option::of(prop::collection::btree_map(
                prop::sample::select(LABELS).prop_map(|(k, _)| k.to_string()),
                label().prop_map(|(_, v)| v),
                0..3,
            )),
            prop::option::of(prop::collection::vec(requirement(), 0..3)),
        )
            .prop_map(|(labels, expressions)| {
                let mut selector = json!({});
                if let Some(labels) = labels {
                    selector["matchLabels"] = json!(labels);
                }
                if let Some(expressions) = expressions {
                    selector["matchExpressions"] = json!(expressions);
                }
                selector
            }),
    )
}

fn webhook(index: usize) -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop_oneof![12 => pick(&["Fail", "Ignore"]), 1 => pick(&["fail", ""])]),
        prop::option::of(prop::sample::select(vec![
            1i64, 3, 4, 10, 15, 16, 30, 0, -1, 31,
        ])),
        prop::collection::vec(rule(), 0..3),
        selector(),
        selector(),
        prop::sample::select(vec![
            "validate", "mutate", "policy", "mcp", "quo\"te", "wébhook",
        ]),
    )
        .prop_map(move |(policy, timeout, rules, objects, namespaces, stem)| {
            let mut webhook = json!({
                "name": format!("{stem}-{index}.example.com"),
                "admissionReviewVersions": ["v1"],
                "sideEffects": "None",
                "clientConfig": { "service": { "name": "webhook", "namespace": "team" } },
                "rules": rules,
            });
            if let Some(policy) = policy {
                webhook["failurePolicy"] = json!(policy);
            }
            if let Some(timeout) = timeout {
                webhook["timeoutSeconds"] = json!(timeout);
            }
            if let Some(objects) = objects {
                webhook["objectSelector"] = objects;
            }
            if let Some(namespaces) = namespaces {
                webhook["namespaceSelector"] = namespaces;
            }
            webhook
        })
}

fn configuration(index: usize) -> impl Strategy<Value = Value> {
    let webhooks = (0usize..4).prop_flat_map(|count| (0..count).map(webhook).collect::<Vec<_>>());
    let labels = prop_oneof![
        6 => Just(None),
        1 => Just(Some(("app", "gardener-resource-manager"))),
        1 => Just(Some(("resources.gardener.cloud/managed-by", "gardener"))),
        1 => Just(Some(("resources.gardener.cloud/managed-by", "someone"))),
        1 => Just(Some(("remediation.webhook.shoot.gardener.cloud/exclude", "true"))),
    ];
    let warning = prop_oneof![
        6 => Just(None),
        2 => Just(Some("ATTENTION: This webhook configuration has been modified by Gardener.")),
        1 => Just(Some("")),
    ];
    (
        any::<bool>(),
        pick(&[
            "istio",
            "kyverno",
            "gatekeeper",
            "cert-manager",
            "zz-policy",
            "Ünïcode",
        ]),
        webhooks,
        labels,
        warning,
    )
        .prop_map(move |(validating, stem, webhooks, label, warning)| {
            let kind = if validating {
                "ValidatingWebhookConfiguration"
            } else {
                "MutatingWebhookConfiguration"
            };
            let mut metadata = json!({ "name": format!("{stem}-{index}") });
            if let Some((key, value)) = label {
                metadata["labels"] = json!({ key: value });
            }
            if let Some(text) = warning {
                metadata["annotations"] = json!({ "gardener.cloud/warning": text });
            }
            json!({
                "apiVersion": "admissionregistration.k8s.io/v1",
                "kind": kind,
                "metadata": metadata,
                "webhooks": webhooks,
            })
        })
}

/// A Shoot as the care controller sees it: awake or hibernated, after various last operations.
fn constraint_shoot() -> impl Strategy<Value = Value> {
    (
        prop::option::of(any::<bool>()),
        prop::option::weighted(0.2, Just(true)),
        prop::option::weighted(
            0.8,
            (
                pick(&["Create", "Reconcile", "Delete", "Migrate", "Restore"]),
                pick(&["Processing", "Succeeded", "Error", "Failed", "Aborted"]),
            ),
        ),
        prop::option::weighted(
            0.2,
            pick(&["ERR_PROBLEMATIC_WEBHOOK", "ERR_INFRA_QUOTA_EXCEEDED"]),
        ),
    )
        .prop_map(|(enabled, hibernated, operation, error)| {
            let mut shoot = json!({
                "apiVersion": "core.gardener.cloud/v1beta1",
                "kind": "Shoot",
                "metadata": { "name": "shoot", "namespace": "garden-dev" },
                "spec": {},
                "status": {},
            });
            if let Some(enabled) = enabled {
                shoot["spec"]["hibernation"] = json!({ "enabled": enabled });
            }
            if let Some(hibernated) = hibernated {
                shoot["status"]["hibernated"] = json!(hibernated);
            }
            if let Some((kind, state)) = operation {
                shoot["status"]["lastOperation"] = json!({
                    "type": kind, "state": state, "progress": 50, "description": "generated",
                    "lastUpdateTime": "2026-01-01T00:00:00Z",
                });
            }
            if let Some(code) = error {
                shoot["status"]["lastErrors"] =
                    json!([{ "description": "generated", "codes": [code] }]);
            }
            shoot
        })
}

/// The webhook constraints (`HibernationPossible`, `MaintenancePreconditionsSatisfied`) and the
/// list of problematic webhooks for 0–4 configurations.
pub fn webhooks() -> BoxedStrategy<Request> {
    let configurations =
        (0usize..5).prop_flat_map(|count| (0..count).map(configuration).collect::<Vec<_>>());
    (
        instant(),
        configurations,
        prop::option::weighted(0.3, constraint_shoot()),
    )
        .prop_map(|(now, configurations, shoot)| {
            let mut input = Map::new();
            if let Some(shoot) = shoot {
                input.insert("shoot".to_string(), shoot);
            }
            input.insert("webhookConfigurations".to_string(), json!(configurations));
            Request {
                kind: "hibernation-constraint",
                now: rfc3339(now),
                input: Value::Object(input),
            }
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// Hibernation schedules against the maintenance window
// ---------------------------------------------------------------------------------------------

/// Days around the DST changes of the schedules' zones (Europe, North America, Lord Howe's
/// half-hour shift, Chatham, São Paulo has none since 2019) and ordinary days.
const DAYS: &[(i32, u32, u32)] = &[
    (2026, 3, 8),
    (2026, 3, 28),
    (2026, 3, 29),
    (2026, 4, 5),
    (2026, 6, 15),
    (2026, 9, 27),
    (2026, 10, 4),
    (2026, 10, 25),
    (2026, 11, 1),
    (2026, 12, 31),
    (2027, 2, 28),
];

const LOCATIONS: &[&str] = &[
    "UTC",
    "Europe/Berlin",
    "America/New_York",
    "Asia/Kolkata",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "America/Sao_Paulo",
    "Pacific/Kiritimati",
    "Mars/Olympus",
];

/// Zone offsets of maintenance times, in minutes east of UTC.
const OFFSETS: &[i32] = &[0, 0, 60, 120, -300, 330, 345, -570, 840, -720];

fn zone(offset_minutes: i32) -> String {
    let sign = if offset_minutes < 0 { '-' } else { '+' };
    let minutes = offset_minutes.abs();
    format!("{sign}{:02}{:02}", minutes / 60, minutes % 60)
}

/// A cron spec firing at `hour:minute` (in its location) on some days, or a broader one.
fn cron_at(hour: u32, minute: u32) -> impl Strategy<Value = String> {
    let day_of_week = pick(&["*", "*", "1-5", "0,6", "MON,WED,FRI", "3"]);
    let day_of_month = pick(&["*", "*", "*", "1-15", "29"]);
    prop_oneof![
        8 => (day_of_month, day_of_week).prop_map(move |(dom, dow)| format!("{minute} {hour} {dom} * {dow}")),
        1 => pick(&["@daily", "@hourly", "@weekly", "*/30 * * * *", "0 0 30 2 *", "0 */6 * * *", "x y z", "@every 25h"]),
    ]
}

/// Shoots with a maintenance window and hibernation schedules near it, `now` near its edges.
pub fn overlap() -> BoxedStrategy<Request> {
    let window = (
        0u32..24,
        pick(&["00", "00", "30"]),
        prop::sample::select(OFFSETS),
        prop::sample::select(vec![30u32, 60, 120, 180, 23 * 60, 0]),
    );
    let day = prop_oneof![
        3 => prop::sample::select(DAYS).prop_map(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d).unwrap()),
        2 => instant().prop_map(|i| i.date_naive()),
    ];
    let near = prop::sample::select(vec![
        0i64, -1, 1, -60, 60, -1800, 1800, -3600, 3600, -7200, 43_200, 86_399,
    ]);
    (window, day, near, any::<bool>(), 0u8..5)
        .prop_flat_map(
            |((hour, minute, offset, length), day, near, at_end, shape)| {
                // Hibernation and wake-up hours around the window's begin, in the window's own zone
                // (schedules in other locations land elsewhere, which is fine).
                let schedule = (
                    prop::option::weighted(
                        0.8,
                        (hour as i64 - 2..hour as i64 + 3, pick(&["0", "30", "15"])),
                    ),
                    prop::option::weighted(
                        0.8,
                        (hour as i64 - 3..hour as i64 + 4, pick(&["0", "30", "45"])),
                    ),
                    prop::option::weighted(0.7, prop::sample::select(LOCATIONS)),
                )
                    .prop_flat_map(|(start, end, location)| {
                        let hour_of = |h: i64| h.rem_euclid(24) as u32;
                        (
                            match start {
                                Some((h, m)) => cron_at(hour_of(h), m.parse().unwrap())
                                    .prop_map(Some)
                                    .boxed(),
                                None => Just(None).boxed(),
                            },
                            match end {
                                Some((h, m)) => cron_at(hour_of(h), m.parse().unwrap())
                                    .prop_map(Some)
                                    .boxed(),
                                None => Just(None).boxed(),
                            },
                            Just(location),
                        )
                    });
                (
                    Just((hour, minute, offset, length, day, near, at_end, shape)),
                    prop::collection::vec(schedule, 0..3),
                    prop::option::of(any::<bool>()),
                    any::<bool>(),
                )
            },
        )
        .prop_map(
            |(
                (hour, minute, offset, length, day, near, at_end, shape),
                schedules,
                hibernated,
                enabled,
            )| {
                let minute: u32 = minute.parse().unwrap();
                let begin_minutes = hour * 60 + minute;
                let end_minutes = (begin_minutes + length) % (24 * 60);
                let zone_text = zone(offset);
                let begin = format!(
                    "{:02}{:02}00{zone_text}",
                    begin_minutes / 60,
                    begin_minutes % 60
                );
                let end = format!(
                    "{:02}{:02}00{zone_text}",
                    end_minutes / 60,
                    end_minutes % 60
                );
                // `now` near the begin (or end) of the window on `day`, in UTC.
                let edge = if at_end { end_minutes } else { begin_minutes } as i64;
                let local_midnight = Utc.from_utc_datetime(&day.and_hms_opt(0, 0, 0).unwrap());
                let now = local_midnight
                    + Duration::minutes(edge - offset as i64)
                    + Duration::seconds(near);
                let schedules: Vec<Value> = (schedules.into_iter())
                    .map(|(start, end, location)| hibernation_schedule(start, end, location))
                    .collect();
                let mut spec = json!({});
                match shape {
                    // No maintenance, or a window that does not parse.
                    0 => {}
                    1 => {
                        spec["maintenance"] =
                            json!({ "timeWindow": { "begin": begin, "end": "2500+0000" } })
                    }
                    _ => {
                        spec["maintenance"] =
                            json!({ "timeWindow": { "begin": begin, "end": end } })
                    }
                }
                spec["hibernation"] = json!({ "enabled": enabled, "schedules": schedules });
                let mut status = json!({});
                if let Some(hibernated) = hibernated {
                    status["hibernated"] = json!(hibernated);
                }
                Request {
                    kind: "hibernation-maintenance-overlap",
                    now: rfc3339(now),
                    input: json!({ "shoot": {
                        "apiVersion": "core.gardener.cloud/v1beta1",
                        "kind": "Shoot",
                        "metadata": { "name": "shoot", "namespace": "garden-dev" },
                        "spec": spec,
                        "status": status,
                    } }),
                }
            },
        )
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// The hibernation controller's decision
// ---------------------------------------------------------------------------------------------

/// An offset back from `now` for the creation and last trigger times: on the edges of the trigger
/// deadline and of the seven-day cap, and sometimes in the future.
fn lookback() -> impl Strategy<Value = Duration> {
    prop::sample::select(vec![
        0i64,
        1,
        30,
        60,
        3600,
        2 * 3600,
        2 * 3600 + 1,
        3 * 3600,
        86_400,
        7 * 86_400,
        7 * 86_400 + 60,
        30 * 86_400,
        -3600,
    ])
    .prop_map(Duration::seconds)
}

/// A cron spec firing near `now` (its hour and minute, read in UTC), or a broader one.
fn cron_near(now: DateTime<Utc>) -> impl Strategy<Value = String> {
    use chrono::Timelike;
    let (hour, minute) = (now.hour() as i64, now.minute() as i64);
    prop_oneof![
        6 => (-3i64..2, prop::sample::select(vec![0i64, -1, 1, -2])).prop_flat_map(move |(dh, dm)| {
            let total = (hour * 60 + minute + dh * 60 + dm).rem_euclid(24 * 60);
            cron_at((total / 60) as u32, (total % 60) as u32)
        }),
        1 => pick(&["@every 90m", "@every 1h", "0 0 30 2 *", "x y z", "* * * * *", "*/5 * * * *"]),
    ]
}

/// The hibernation controller's reaction to a Shoot with schedules at `now`.
pub fn schedule_controller() -> BoxedStrategy<Request> {
    // Around the DST changes of the schedules' zones (00:00-08:00 UTC on those days) or any time.
    let dst = (prop::sample::select(DAYS), 0i64..8 * 3600).prop_map(|((y, m, d), seconds)| {
        Utc.with_ymd_and_hms(y, m, d, 0, 0, 0).unwrap() + Duration::seconds(seconds)
    });
    let now =
        (prop_oneof![3 => instant(), 1 => dst], any::<bool>()).prop_map(|(now, whole_minute)| {
            use chrono::Timelike;
            if whole_minute {
                now.with_second(0).unwrap()
            } else {
                now
            }
        });
    now.prop_flat_map(|now| {
        let schedule = (
            prop::option::weighted(0.85, cron_near(now)),
            prop::option::weighted(0.85, cron_near(now)),
            prop::option::weighted(
                0.4,
                pick(&[
                    "UTC",
                    "Europe/Berlin",
                    "America/New_York",
                    "Australia/Lord_Howe",
                    "",
                ]),
            ),
        );
        (
            Just(now),
            // The API rejects a schedule with neither start nor end.
            prop::collection::vec(
                schedule.prop_filter("start or end", |(start, end, _)| {
                    start.is_some() || end.is_some()
                }),
                0..4,
            ),
            prop::option::weighted(0.9, lookback()),
            prop::option::of(lookback()),
            prop::option::of(pick(&["2h", "30m", "0s", "10m30s", "168h", "200h"])),
            prop::option::of(any::<bool>()),
            prop::option::weighted(
                0.5,
                (
                    pick(&["Reconcile", "Create", "Restore"]),
                    pick(&["Succeeded", "Failed", "Error", "Processing"]),
                ),
            ),
            prop::option::of(pick(&["v1.130.0", "v1.129.0"])),
            (1i64..3, 1i64..3),
        )
    })
    .prop_map(
        |(
            now,
            schedules,
            created,
            triggered,
            deadline,
            enabled,
            operation,
            version,
            (generation, observed),
        )| {
            let schedules: Vec<Value> = (schedules.into_iter())
                .map(|(start, end, location)| hibernation_schedule(start, end, location))
                .collect();
            let mut hibernation = json!({ "schedules": schedules });
            if let Some(enabled) = enabled {
                hibernation["enabled"] = json!(enabled);
            }
            let mut status = json!({ "observedGeneration": observed });
            if let Some(triggered) = triggered {
                status["lastHibernationTriggerTime"] = json!(rfc3339(now - triggered));
            }
            if let Some((kind, state)) = operation {
                status["lastOperation"] = json!({
                    "type": kind, "state": state, "progress": 100, "description": "generated",
                    "lastUpdateTime": rfc3339(now),
                });
            }
            if let Some(version) = version {
                status["gardener"] =
                    json!({ "id": "gardener", "name": "gardener", "version": version });
            }
            Request {
                kind: "hibernation-schedule",
                now: rfc3339(now),
                input: json!({
                    "shoot": {
                        "apiVersion": "core.gardener.cloud/v1beta1",
                        "kind": "Shoot",
                        "metadata": {
                            "name": "shoot", "namespace": "garden-dev",
                            "creationTimestamp": created.map(|created| rfc3339(now - created)),
                            "generation": generation,
                        },
                        "spec": { "hibernation": hibernation },
                        "status": status,
                    },
                    "config": { "triggerDeadlineDuration": deadline },
                    // Either of the versions the Shoot may carry: only whether they are equal
                    // matters to Gardener.
                    "controllerVersion": if (generation + observed) % 2 == 0 { "v1.130.0" } else { "v1.129.0" },
                }),
            }
        },
    )
    .boxed()
}
