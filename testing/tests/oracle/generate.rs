//! Realistic random inputs for the oracle, one strategy per area. The values are those people and
//! Gardener's own objects write, well-formed as the API server stores them, with instants drawn
//! close to the edges that matter: a lifecycle stage starting at, just before or just after `now`,
//! a transition at a window's begin or inside it.

use super::Request;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::strategy::BoxedStrategy;
use serde_json::{json, Value};

/// An instant as Kubernetes writes it: RFC 3339 in UTC, whole seconds.
pub(crate) fn rfc3339(instant: DateTime<Utc>) -> String {
    instant.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// An evaluation instant as the request carries it: RFC 3339 with the nanoseconds it has, so
/// that it can fall a nanosecond before or after an edge.
pub(crate) fn rfc3339_nanos(instant: DateTime<Utc>) -> String {
    instant.to_rfc3339_opts(SecondsFormat::AutoSi, true)
}

/// A nudge around an edge: on it (most often), a nanosecond, a second or a minute either side.
pub(crate) fn nudge() -> impl Strategy<Value = Duration> {
    prop::sample::select(vec![
        0i64,
        0,
        0,
        1,
        -1,
        1_000_000_000,
        -1_000_000_000,
        60_000_000_000,
        -60_000_000_000,
    ])
    .prop_map(Duration::nanoseconds)
}

/// How a generated list is ordered: as people mostly write it (highest first), the other way
/// round, or shuffled. Code that takes "the first" for "the highest" must meet lists where the
/// two differ.
#[derive(Debug, Clone)]
pub(crate) struct Order {
    kind: u8,
    swaps: Vec<Index>,
}

pub(crate) fn order() -> impl Strategy<Value = Order> {
    (
        prop::sample::select(vec![0u8, 1, 2, 2]),
        prop::collection::vec(any::<Index>(), 16),
    )
        .prop_map(|(kind, swaps)| Order { kind, swaps })
}

impl Order {
    /// `items`, given highest first, in this order.
    pub(crate) fn arrange<T>(&self, items: &mut [T]) {
        match self.kind {
            0 => {}
            1 => items.reverse(),
            _ => {
                // Fisher–Yates with the drawn indices.
                for i in (1..items.len()).rev() {
                    let j = self.swaps[i % self.swaps.len()].index(i + 1);
                    items.swap(i, j);
                }
            }
        }
    }
}

/// An evaluation instant in 2026–2027, on whole seconds.
pub(crate) fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    let start = DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
        .expect("a valid instant")
        .with_timezone(&Utc);
    (0i64..730 * 86_400).prop_map(move |seconds| start + Duration::seconds(seconds))
}

/// An offset from `now` for a lifecycle instant: mostly on the edges (equal, a second or an hour
/// either side), else days away.
fn offset() -> impl Strategy<Value = Duration> {
    prop_oneof![
        2 => Just(Duration::zero()),
        2 => prop::sample::select(vec![-1i64, 1, -3600, 3600, -86_400, 86_400]).prop_map(Duration::seconds),
        3 => (-400i64..400).prop_map(Duration::days),
    ]
}

/// A version string as CloudProfiles write them, now and then one Gardener's semver parsing
/// handles loosely or refuses.
fn version_text() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (28u32..34, 0u32..6).prop_map(|(minor, patch)| format!("1.{minor}.{patch}")),
        1 => (28u32..34).prop_map(|minor| format!("1.{minor}")),
        1 => (28u32..34, 0u32..6).prop_map(|(minor, patch)| format!("v1.{minor}.{patch}")),
        1 => (0u32..3, 0u32..4, 0u32..4).prop_map(|(major, minor, patch)| format!("{major}.{minor}.{patch}")),
        1 => prop::sample::select(vec!["1.30.0-rc.1", "1.31.1+build.2", "2.0.0", "1.x"]).prop_map(str::to_string),
    ]
}

const CLASSIFICATIONS: [&str; 4] = ["preview", "supported", "deprecated", "expired"];

/// An `ExpirableVersion`: legacy classification and expiration date, lifecycle stages, or none.
fn expirable_version(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        version_text(),
        prop::option::of(prop::sample::select(CLASSIFICATIONS.to_vec())),
        prop::option::of(offset()),
        prop::option::of(prop::collection::vec(
            (
                prop::sample::select(CLASSIFICATIONS.to_vec()),
                prop::option::of(offset()),
            ),
            1..4,
        )),
    )
        .prop_map(move |(version, classification, expiration, lifecycle)| {
            let mut entry = json!({ "version": version });
            if let Some(classification) = classification {
                entry["classification"] = json!(classification);
            }
            if let Some(expiration) = expiration {
                entry["expirationDate"] = json!(rfc3339(now + expiration));
            }
            if let Some(stages) = lifecycle {
                let stages: Vec<Value> = stages
                    .into_iter()
                    .map(|(classification, start)| {
                        let mut stage = json!({ "classification": classification });
                        if let Some(start) = start {
                            stage["startTime"] = json!(rfc3339(now + start));
                        }
                        stage
                    })
                    .collect();
                entry["lifecycle"] = json!(stages);
            }
            entry
        })
}

fn versions(now: DateTime<Utc>, max: usize) -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec(expirable_version(now), 0..max)
}

const VERSION_FUNCTIONS: [&str; 7] = [
    "latest-patch-for-auto-update",
    "latest-minor-for-auto-update",
    "overall-latest-for-auto-update",
    "force-consecutive-minor",
    "force-next-higher-minor",
    "force-next-higher-major",
    "latest-qualifying",
];

/// Classification, the selection helpers and the next transition of a profile.
pub fn versions_area() -> BoxedStrategy<Request> {
    instant()
        .prop_flat_map(|now| {
            let at = rfc3339(now);
            let classification = expirable_version(now).prop_map({
                let at = at.clone();
                move |version| Request {
                    kind: "classification",
                    now: at.clone(),
                    input: json!({ "version": version }),
                }
            });
            let helper = (
                prop::sample::select(VERSION_FUNCTIONS.to_vec()),
                version_text(),
                versions(now, 8),
            )
                .prop_map({
                    let at = at.clone();
                    move |(function, current, versions)| Request {
                        kind: "qualifying-version",
                        now: at.clone(),
                        input: json!({ "function": function, "currentVersion": current, "versions": versions }),
                    }
                });
            let image_target = (
                prop::sample::select(vec!["patch", "minor", "major"]),
                versions(now, 6),
                version_text(),
                any::<bool>(),
            )
                .prop_map({
                    let at = at.clone();
                    move |(strategy, versions, current, expired)| Request {
                        kind: "qualifying-version",
                        now: at.clone(),
                        input: json!({
                            "function": "machine-image-target",
                            "machineImage": { "name": "gardenlinux", "updateStrategy": strategy, "versions": versions },
                            "shootImage": { "name": "gardenlinux", "version": current },
                            "currentExpired": expired,
                        }),
                    }
                });
            let next_transition = (versions(now, 6), prop::collection::vec(versions(now, 4), 0..3)).prop_map(
                move |(kubernetes, images)| {
                    let images: Vec<Value> = (images.into_iter().enumerate())
                        .map(|(index, versions)| json!({ "name": format!("image-{index}"), "versions": versions }))
                        .collect();
                    Request {
                        kind: "next-transition",
                        now: at.clone(),
                        input: json!({ "cloudProfileSpec": { "kubernetes": { "versions": kubernetes }, "machineImages": images } }),
                    }
                },
            );
            prop_oneof![
                2 => classification,
                4 => helper,
                2 => image_target,
                1 => next_transition,
                2 => image_filter(now),
            ]
        })
        .boxed()
}

const ARCHITECTURES: [&str; 2] = ["amd64", "arm64"];
const CRIS: [&str; 2] = ["containerd", "docker"];

/// A machine image version as CloudProfiles list them, with the API defaults written out.
fn image_version(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        expirable_version(now),
        prop::collection::vec(prop::sample::select(CRIS.to_vec()), 1..3),
        prop::collection::vec(prop::sample::select(ARCHITECTURES.to_vec()), 1..3),
        prop::option::of(prop::sample::select(vec![
            ">= 1.30",
            "< 1.31",
            ">= 1.28.0, < 1.33",
            "~ 1.31",
        ])),
        prop::option::of((any::<bool>(), prop::option::of(version_text()))),
    )
        .prop_map(|(mut version, cris, architectures, constraint, in_place)| {
            let cris: Vec<Value> = cris.iter().map(|name| json!({ "name": name })).collect();
            version["cri"] = json!(cris);
            version["architectures"] = json!(architectures);
            if let Some(constraint) = constraint {
                version["kubeletVersionConstraint"] = json!(constraint);
            }
            if let Some((supported, minimum)) = in_place {
                let mut in_place = json!({ "supported": supported });
                if let Some(minimum) = minimum {
                    in_place["minVersionForUpdate"] = json!(minimum);
                }
                version["inPlaceUpdates"] = in_place;
            }
            version
        })
}

/// `FilterMachineImageVersions`: a pool's image versions by architecture, CRI, kubelet version and
/// in-place constraints (capabilities stay empty here: the maintenance area covers them).
fn image_filter(now: DateTime<Utc>) -> impl Strategy<Value = Request> {
    (
        prop::collection::vec(image_version(now), 0..6),
        prop::sample::select(ARCHITECTURES.to_vec()),
        prop::option::of(prop::sample::select(CRIS.to_vec())),
        (28u32..35, 0u32..6),
        version_text(),
        prop::option::of(prop::sample::select(vec!["AutoRollingUpdate", "AutoInPlaceUpdate", "ManualInPlaceUpdate"])),
    )
        .prop_map(move |(versions, architecture, cri, (minor, patch), current, strategy)| {
            let mut worker = json!({
                "name": "worker",
                "machine": { "type": "m5.large", "architecture": architecture, "image": { "name": "gardenlinux", "version": current } },
                "minimum": 1, "maximum": 2,
            });
            if let Some(cri) = cri {
                worker["cri"] = json!({ "name": cri });
            }
            if let Some(strategy) = strategy {
                worker["updateStrategy"] = json!(strategy);
            }
            Request {
                kind: "image-filter",
                now: rfc3339(now),
                input: json!({
                    "machineType": { "name": "m5.large", "cpu": "2", "gpu": "0", "memory": "8Gi", "architecture": architecture },
                    "machineImage": { "name": "gardenlinux", "updateStrategy": "major", "versions": versions },
                    "worker": worker,
                    "kubeletVersion": format!("1.{minor}.{patch}"),
                }),
            }
        })
}

/// A maintenance time as `HHMMSS+ZZZZ`, with the offsets people use, sometimes malformed.
fn maintenance_time() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (0u32..24, prop::sample::select(vec![0u32, 0, 15, 30, 45]), prop::sample::select(ZONES.to_vec()))
            .prop_map(|(hour, minute, zone)| format!("{hour:02}{minute:02}00{zone}")),
        1 => prop::sample::select(vec!["220000", "25000+0000", "2200+0000", "", "230000Z"]).prop_map(str::to_string),
    ]
}

const ZONES: [&str; 7] = [
    "+0000", "+0100", "+0200", "-0500", "+0530", "+1400", "-1200",
];

/// A window's begin and end: two independent times, or an end derived from the begin in the same
/// zone (the same time, a second either side, or the lengths around Gardener's limits of 30
/// minutes and 6 hours), so that windows of a whole day, of a second and across midnight come often.
fn window_times() -> impl Strategy<Value = (String, String)> {
    let derived = (
        0u32..24,
        prop::sample::select(vec![0u32, 0, 15, 30, 45]),
        prop::sample::select(ZONES.to_vec()),
        prop::sample::select(vec![0i64, 1, -1, 1800, 1799, 3600, 21_600, 21_601, 43_200]),
    )
        .prop_map(|(hour, minute, zone, length)| {
            let begin = i64::from(hour * 3600 + minute * 60);
            let end = (begin + length).rem_euclid(86_400);
            let clock = |s: i64| format!("{:02}{:02}{:02}{zone}", s / 3600, s / 60 % 60, s % 60);
            (clock(begin), clock(end))
        });
    prop_oneof![3 => (maintenance_time(), maintenance_time()), 2 => derived]
}

/// A maintenance time's UTC seconds of the day, for a well-formed `HHMMSS+ZZZZ`.
pub(crate) fn utc_seconds_of_day(text: &str) -> Option<i64> {
    let digits = |range: std::ops::Range<usize>| text.get(range)?.parse::<i64>().ok();
    if text.len() != 11 {
        return None;
    }
    let local = digits(0..2)? * 3600 + digits(2..4)? * 60 + digits(4..6)?;
    let sign = match text.get(6..7)? {
        "+" => 1,
        "-" => -1,
        _ => return None,
    };
    let offset = digits(7..9)? * 3600 + digits(9..11)? * 60;
    Some((local - sign * offset).rem_euclid(86_400))
}

/// The instant a window is asked about: on a day of 2026–2027, anywhere, or on the window's
/// begin or end, nudged a nanosecond, a second or a minute either side.
fn instant_near(
    day: DateTime<Utc>,
    (begin, end): (&str, &str),
    edge: u8,
    nudge: Duration,
) -> DateTime<Utc> {
    let edge = match edge {
        1 => utc_seconds_of_day(begin),
        2 => utc_seconds_of_day(end),
        _ => None,
    };
    match edge {
        Some(seconds) => {
            let midnight = day
                .date_naive()
                .and_hms_opt(0, 0, 0)
                .expect("midnight")
                .and_utc();
            midnight + Duration::seconds(seconds) + nudge
        }
        None => day,
    }
}

/// Maintenance time windows: the effective window of a Shoot, containment and the next window.
pub fn windows() -> BoxedStrategy<Request> {
    (
        (
            instant(),
            prop::sample::select(vec![0u8, 1, 1, 2, 2]),
            nudge(),
        ),
        window_times(),
        0u8..3,
        any::<bool>(),
    )
        .prop_map(|((day, edge, nudge), (begin, end), op, absent)| {
            let now = instant_near(day, (&begin, &end), edge, nudge);
            let window = json!({ "begin": begin, "end": end });
            let (op, input) = match op {
                0 if absent => ("effective-window", json!({ "maintenance": null })),
                0 => (
                    "effective-window",
                    json!({ "maintenance": { "timeWindow": window } }),
                ),
                1 => ("raw-contains", json!({ "timeWindow": window })),
                _ => ("delay-until-next", json!({ "timeWindow": window })),
            };
            let mut input = input;
            input["op"] = json!(op);
            Request {
                kind: "time-window",
                now: rfc3339_nanos(now),
                input,
            }
        })
        .boxed()
}

const CONDITION_TYPES: [&str; 5] = [
    "APIServerAvailable",
    "ControlPlaneHealthy",
    "ObservabilityComponentsHealthy",
    "EveryNodeReady",
    "SystemComponentsHealthy",
];
const CONDITION_STATUSES: [&str; 5] = ["True", "False", "Unknown", "Progressing", ""];
const OPERATION_TYPES: [&str; 5] = ["Create", "Reconcile", "Delete", "Migrate", "Restore"];
const OPERATION_STATES: [&str; 6] = [
    "Processing",
    "Succeeded",
    "Error",
    "Failed",
    "Pending",
    "Aborted",
];

/// The status label from a Shoot's last operation, last errors and conditions.
pub fn status() -> BoxedStrategy<Request> {
    let last_operation = prop::option::of((
        prop::sample::select(OPERATION_TYPES.to_vec()),
        prop::sample::select(OPERATION_STATES.to_vec()),
        0i32..101,
    ));
    let last_errors = prop::collection::vec(
        prop::collection::vec(
            prop::sample::select(vec![
                "ERR_INFRA_UNAUTHENTICATED",
                "ERR_INFRA_QUOTA_EXCEEDED",
                "ERR_CONFIGURATION_PROBLEM",
                "ERR_RETRYABLE_INFRA_DEPENDENCIES",
                "ERR_PROBLEMATIC_WEBHOOK",
            ]),
            0..3,
        ),
        0..3,
    );
    let conditions = prop::collection::vec(
        (
            prop::sample::select(CONDITION_TYPES.to_vec()),
            prop::sample::select(CONDITION_STATUSES.to_vec()),
        ),
        0..6,
    );
    (instant(), last_operation, last_errors, conditions)
        .prop_map(|(now, last_operation, last_errors, conditions)| {
            let mut status = json!({});
            if let Some((kind, state, progress)) = last_operation {
                status["lastOperation"] = json!({
                    "type": kind, "state": state, "progress": progress,
                    "description": "generated", "lastUpdateTime": rfc3339(now),
                });
            }
            let errors: Vec<Value> = (last_errors.into_iter())
                .map(|codes| json!({ "description": "generated", "codes": codes }))
                .collect();
            if !errors.is_empty() {
                status["lastErrors"] = json!(errors);
            }
            let conditions: Vec<Value> = (conditions.into_iter())
                .map(|(kind, status)| json!({
                    "type": kind, "status": status, "reason": "Generated", "message": "generated",
                    "lastTransitionTime": rfc3339(now), "lastUpdateTime": rfc3339(now),
                }))
                .collect();
            status["conditions"] = json!(conditions);
            Request {
                kind: "status-label",
                now: rfc3339(now),
                input: json!({ "shoot": {
                    "apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
                    "metadata": { "name": "shoot", "namespace": "garden-dev" },
                    "status": status,
                } }),
            }
        })
        .boxed()
}

/// A cron spec as hibernation schedules write them: the common forms, ranges, steps, lists,
/// names and descriptors, and now and then one that does not parse.
fn cron_spec() -> impl Strategy<Value = String> {
    let minute = prop_oneof![
        (0u32..60).prop_map(|m| m.to_string()),
        Just("*/15".to_string()),
        Just("0,30".to_string())
    ];
    let hour = prop_oneof![
        (0u32..24).prop_map(|h| h.to_string()),
        Just("*".to_string()),
        Just("8-18/2".to_string())
    ];
    let day_of_month = prop_oneof![4 => Just("*".to_string()), 1 => (1u32..32).prop_map(|d| d.to_string()), 1 => Just("1-15".to_string())];
    let month = prop_oneof![4 => Just("*".to_string()), 1 => (1u32..13).prop_map(|m| m.to_string()), 1 => Just("JAN-MAR".to_string())];
    let day_of_week = prop_oneof![
        3 => Just("*".to_string()),
        3 => Just("1-5".to_string()),
        1 => Just("MON,WED,FRI".to_string()),
        1 => (0u32..7).prop_map(|d| d.to_string()),
        1 => Just("7".to_string()),
    ];
    prop_oneof![
        10 => (minute, hour, day_of_month, month, day_of_week).prop_map(|(a, b, c, d, e)| format!("{a} {b} {c} {d} {e}")),
        1 => prop::sample::select(vec!["@daily", "@weekly", "@hourly", "@every 90m", "0 0 * *", "60 0 * * *", "x y z"]).prop_map(str::to_string),
    ]
}

fn location() -> impl Strategy<Value = Option<String>> {
    prop::option::of(
        prop::sample::select(vec![
            "UTC",
            "Europe/Berlin",
            "America/New_York",
            "Asia/Kolkata",
            "Australia/Lord_Howe",
            "Pacific/Chatham",
            "Europe/London",
            "America/Sao_Paulo",
            "",
            "Mars/Olympus",
        ])
        .prop_map(str::to_string),
    )
}

fn schedule() -> impl Strategy<Value = Value> {
    (
        prop::option::of(cron_spec()),
        prop::option::of(cron_spec()),
        location(),
    )
        .prop_map(|(start, end, location)| hibernation_schedule(start, end, location))
}

/// A `spec.hibernation.schedules` entry with the fields that are given.
pub(crate) fn hibernation_schedule(
    start: Option<impl serde::Serialize>,
    end: Option<impl serde::Serialize>,
    location: Option<impl serde::Serialize>,
) -> Value {
    let mut schedule = json!({});
    if let Some(start) = start {
        schedule["start"] = json!(start);
    }
    if let Some(end) = end {
        schedule["end"] = json!(end);
    }
    if let Some(location) = location {
        schedule["location"] = json!(location);
    }
    schedule
}

/// Hibernation schedules: parsing, the next firing and the last firing in an interval.
pub fn hibernation() -> BoxedStrategy<Request> {
    let parse =
        (instant(), prop::collection::vec(schedule(), 0..4)).prop_map(|(now, schedules)| Request {
            kind: "hibernation-schedule-parse",
            now: rfc3339(now),
            input: json!({ "schedules": schedules }),
        });
    let next = (instant(), cron_spec(), location(), any::<bool>()).prop_map(|(now, spec, location, start)| {
        let key = if start { "start" } else { "end" };
        let mut schedule = json!({ key: spec });
        if let Some(location) = location {
            schedule["location"] = json!(location);
        }
        Request {
            kind: "hibernation-schedule-next",
            now: rfc3339(now),
            input: json!({ "schedule": schedule, "operation": if start { "Hibernate" } else { "WakeUp" } }),
        }
    });
    let previous = (instant(), cron_spec(), location(), 0i64..(14 * 86_400)).prop_map(
        |(now, spec, location, span)| {
            let mut schedule = json!({ "start": spec });
            if let Some(location) = location {
                schedule["location"] = json!(location);
            }
            Request {
                kind: "hibernation-schedule-previous",
                now: rfc3339(now),
                input: json!({
                    "schedule": schedule,
                    "from": rfc3339(now - Duration::seconds(span)),
                    "to": rfc3339(now),
                }),
            }
        },
    );
    prop_oneof![parse, next, previous].boxed()
}

/// A condition as gardenlet writes it, its times a little before `now`.
fn condition(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(CONDITION_TYPES.to_vec()),
        prop::sample::select(CONDITION_STATUSES.to_vec()),
        prop::sample::select(vec!["", "HealthCheckFailed", "NodesUnhealthy", "ConditionInitialized"]),
        prop::sample::select(vec!["", "all good", "2 nodes not ready"]),
        prop::collection::vec(prop::sample::select(ERROR_CODES.to_vec()), 0..2),
        prop::option::of(seconds_ago()),
        prop::option::of(0i64..7_200),
    )
        .prop_map(move |(kind, status, reason, message, codes, transition, update)| {
            let mut condition = json!({ "type": kind, "status": status, "reason": reason, "message": message, "codes": codes });
            if let Some(ago) = transition {
                condition["lastTransitionTime"] = json!(rfc3339(now - Duration::seconds(ago)));
            }
            if let Some(ago) = update {
                condition["lastUpdateTime"] = json!(rfc3339(now - Duration::seconds(ago)));
            }
            condition
        })
}

/// The thresholds the conditions area configures.
const THRESHOLDS: [&str; 4] = ["1m", "5m", "1h", "0s"];

fn threshold_duration(text: &str) -> Duration {
    match text {
        "1m" => Duration::minutes(1),
        "5m" => Duration::minutes(5),
        "1h" => Duration::hours(1),
        _ => Duration::zero(),
    }
}

/// How long ago a condition or an operation last changed: anywhere in two hours, or on one of
/// the thresholds the conditions area configures (`0s`, `1m`, `5m`, `1h`) or a second either side.
fn seconds_ago() -> impl Strategy<Value = i64> {
    prop_oneof![
        1 => 0i64..7_200,
        1 => prop::sample::select(vec![0i64, 1, 59, 60, 61, 299, 300, 301, 3_599, 3_600, 3_601]),
    ]
}

const ERROR_CODES: [&str; 6] = [
    "ERR_INFRA_UNAUTHENTICATED",
    "ERR_INFRA_QUOTA_EXCEEDED",
    "ERR_CONFIGURATION_PROBLEM",
    "ERR_RETRYABLE_INFRA_DEPENDENCIES",
    "ERR_PROBLEMATIC_WEBHOOK",
    "ERR_INFRA_DEPENDENCIES",
];

fn last_operation(now: DateTime<Utc>) -> impl Strategy<Value = Option<Value>> {
    prop::option::of((
        prop::sample::select(OPERATION_TYPES.to_vec()),
        prop::sample::select(OPERATION_STATES.to_vec()),
        prop_oneof![1 => 0i64..200_000, 1 => seconds_ago()],
    ))
    .prop_map(move |operation| {
        operation.map(|(kind, state, ago)| {
            json!({
                "type": kind, "state": state, "progress": 100, "description": "generated",
                "lastUpdateTime": rfc3339(now - Duration::seconds(ago)),
            })
        })
    })
}

fn last_errors() -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec(
        prop::collection::vec(prop::sample::select(ERROR_CODES.to_vec()), 0..3)
            .prop_map(|codes| json!({ "description": "generated", "codes": codes })),
        0..3,
    )
}

/// A Shoot as the gardenlet's operation decisions read it: operation annotations, deletion,
/// generations, the last operation, the gardener version, the maintenance window and the seed names.
fn operated_shoot(now: DateTime<Utc>) -> impl Strategy<Value = Value> {
    (
        (
            prop::option::of(prop::sample::select(vec!["migrate", "restore", "reconcile", "retry"])),
            any::<bool>(),
            prop::sample::select(vec!["garden", "garden-dev"]),
            prop::option::of(prop::sample::select(vec!["true", "false", "yes"])),
            prop::option::of(prop::sample::select(vec!["30m", "2h", "5m", "x"])),
        ),
        (1i64..4, 1i64..4),
        last_operation(now),
        prop::sample::select(vec!["v1.149.3", "v1.148.0"]),
        (maintenance_time(), maintenance_time(), prop::option::of(any::<bool>())),
        (prop::option::of(prop::sample::select(vec!["seed-a", "seed-b"])), prop::option::of(prop::sample::select(vec!["seed-a", "seed-b"]))),
    )
        .prop_map(
            move |((operation, deleting, namespace, ignore, sync_period), (generation, observed), last_operation, version, (begin, end, confine), (spec_seed, status_seed))| {
                let mut annotations = serde_json::Map::new();
                if let Some(operation) = operation {
                    annotations.insert("gardener.cloud/operation".into(), json!(operation));
                }
                if let Some(ignore) = ignore {
                    annotations.insert("shoot.gardener.cloud/ignore".into(), json!(ignore));
                }
                if let Some(period) = sync_period {
                    annotations.insert("shoot.gardener.cloud/sync-period".into(), json!(period));
                }
                let mut metadata = json!({ "name": "shoot", "namespace": namespace, "generation": generation, "annotations": annotations });
                if deleting {
                    metadata["deletionTimestamp"] = json!(rfc3339(now - Duration::minutes(5)));
                }
                let mut maintenance = json!({ "timeWindow": { "begin": begin, "end": end } });
                if let Some(confine) = confine {
                    maintenance["confineSpecUpdateRollout"] = json!(confine);
                }
                let mut spec = json!({ "maintenance": maintenance });
                if let Some(seed) = spec_seed {
                    spec["seedName"] = json!(seed);
                }
                let mut status = json!({ "observedGeneration": observed, "gardener": { "version": version } });
                if let Some(operation) = last_operation {
                    status["lastOperation"] = operation;
                }
                if let Some(seed) = status_seed {
                    status["seedName"] = json!(seed);
                }
                json!({
                    "apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
                    "metadata": metadata, "spec": spec, "status": status,
                })
            },
        )
}

/// Conditions and their thresholds, pardoning and updates; error codes; the gardenlet's operation
/// type and reconcile decision.
pub fn conditions() -> BoxedStrategy<Request> {
    // The objects' instants are whole seconds, as the API server stores them; the evaluation
    // instant is sometimes a nanosecond either side of them, so that a threshold is met exactly,
    // just passed or not yet.
    (instant(), prop::sample::select(vec![0i64, 0, 1, -1]))
        .prop_flat_map(|(now, nanoseconds)| {
            let at = rfc3339_nanos(now + Duration::nanoseconds(nanoseconds));
            let request = move |kind: &'static str| {
                let at = at.clone();
                move |input: Value| Request { kind, now: at.clone(), input }
            };
            let threshold = (
                prop::collection::vec(
                    (prop::sample::select(CONDITION_TYPES.to_vec()), prop::sample::select(THRESHOLDS.to_vec())),
                    0..3,
                ),
                last_operation(now),
                condition(now),
                prop::sample::select(vec!["HealthCheckFailed", "NodesUnhealthy", "", "ConditionInitialized"]),
                prop::collection::vec(prop::sample::select(ERROR_CODES.to_vec()), 0..2),
                // The condition's last transition and the last operation's update put exactly on
                // a configured threshold, or a second either side: where `<=` and `<` differ.
                (
                    prop::option::weighted(0.5, (any::<Index>(), prop::sample::select(vec![0i64, 0, 1, -1]))),
                    prop::option::weighted(0.5, (any::<Index>(), prop::sample::select(vec![0i64, 0, 1, -1]))),
                ),
            )
                .prop_map(move |(thresholds, mut last_operation, mut condition, reason, codes, (on_transition, on_update))| {
                    let at_threshold = |(pick, nudge): (Index, i64)| {
                        let (kind, duration) = thresholds[pick.index(thresholds.len())];
                        (kind, rfc3339(now - threshold_duration(duration) + Duration::seconds(nudge)))
                    };
                    if let (false, Some(on)) = (thresholds.is_empty(), on_transition) {
                        let (kind, at) = at_threshold(on);
                        condition["type"] = json!(kind);
                        condition["lastTransitionTime"] = json!(at);
                    }
                    if let (false, Some(on), Some(operation)) = (thresholds.is_empty(), on_update, last_operation.as_mut()) {
                        operation["lastUpdateTime"] = json!(at_threshold(on).1);
                    }
                    let thresholds: Vec<Value> = (thresholds.iter())
                        .map(|(kind, duration)| json!({ "type": kind, "duration": duration }))
                        .collect();
                    json!({
                        "conditionThresholds": thresholds,
                        "lastOperation": last_operation,
                        "condition": condition,
                        "check": { "reason": reason, "message": "check failed", "codes": codes },
                    })
                })
                .prop_map(request("condition-threshold"));
            let update = (
                prop::option::of(condition(now)),
                prop::sample::select(CONDITION_TYPES.to_vec()),
                prop::option::of((
                    prop::sample::select(CONDITION_STATUSES.to_vec()),
                    prop::option::of(prop::sample::select(vec!["", "Reason", "Other"])),
                    prop::option::of(prop::sample::select(vec!["", "message"])),
                    prop::collection::vec(prop::sample::select(ERROR_CODES.to_vec()), 0..2),
                )),
            )
                .prop_map(|(condition, kind, update)| {
                    let mut input = json!({ "condition": condition, "conditionType": kind });
                    if let Some((status, reason, message, codes)) = update {
                        let mut update = json!({ "status": status, "codes": codes });
                        if let Some(reason) = reason {
                            update["reason"] = json!(reason);
                        }
                        if let Some(message) = message {
                            update["message"] = json!(message);
                        }
                        input["update"] = update;
                    }
                    input
                })
                .prop_map(request("condition-update"));
            let pardon = (last_operation(now), last_errors(), prop::collection::vec(condition(now), 0..4))
                .prop_map(|(last_operation, last_errors, conditions)| {
                    json!({ "lastOperation": last_operation, "lastErrors": last_errors, "conditions": conditions })
                })
                .prop_map(request("condition-pardon"));
            let codes = (last_errors(), prop::sample::select(ERROR_CODES.to_vec()))
                .prop_map(|(last_errors, code)| json!({ "lastErrors": last_errors, "code": code }))
                .prop_map(request("error-codes"));
            let operation = operated_shoot(now)
                .prop_map(|shoot| json!({ "shoot": shoot }))
                .prop_map(request("operation-type"));
            let decision = (
                operated_shoot(now),
                prop::sample::select(vec!["v1.149.3", "v1.150.0"]),
                prop::option::of((
                    prop::option::of(prop::sample::select(vec!["1h", "30m", "5m"])),
                    prop::option::of(any::<bool>()),
                    prop::option::of(any::<bool>()),
                )),
                any::<bool>(),
            )
                .prop_map(|(shoot, version, config, emergency)| {
                    let mut input = json!({ "shoot": shoot, "gardenletVersion": version });
                    if let Some((sync_period, respect, in_maintenance)) = config {
                        input["config"] = json!({
                            "syncPeriod": sync_period,
                            "respectSyncPeriodOverwrite": respect,
                            "reconcileInMaintenanceOnly": in_maintenance,
                        });
                    }
                    if emergency {
                        input["seed"] = json!({ "metadata": { "name": "seed", "annotations": { "shoot.gardener.cloud/emergency-stop-reconciliations": "true" } } });
                    }
                    input
                })
                .prop_map(request("reconcile-decision"));
            prop_oneof![threshold, update, pardon, codes, operation, decision]
        })
        .boxed()
}

/// Control-plane migration: the responsible seed and the next operation of a Shoot whose spec and
/// status name seeds.
pub fn migration() -> BoxedStrategy<Request> {
    instant()
        .prop_flat_map(|now| {
            let at = rfc3339(now);
            operated_shoot(now).prop_map(move |shoot| Request {
                kind: "migration",
                now: at.clone(),
                input: json!({ "shoot": shoot }),
            })
        })
        .boxed()
}

/// Where the timeline area moves a version's transition: to the Shoot's window on a day of the
/// horizon, at its begin, inside it, at its effective end (15 minutes before the end) or at its
/// end, on the second or a second either side.
#[derive(Debug, Clone)]
struct Anchor {
    day: Index,
    place: u8,
    nudge: i64,
    /// Which lifecycle stage lands there; the later ones keep their distance to it.
    stage: Index,
}

fn anchors() -> impl Strategy<Value = Vec<Option<Anchor>>> {
    let anchor = (
        any::<Index>(),
        0u8..4,
        prop::sample::select(vec![0i64, 0, 1, -1]),
        any::<Index>(),
    )
        .prop_map(|(day, place, nudge, stage)| Anchor {
            day,
            place,
            nudge,
            stage,
        });
    prop::collection::vec(prop::option::weighted(0.5, anchor), 24)
}

/// Moves the transitions of the profile's versions onto the Shoot's windows (`anchors`, one per
/// version in turn, Kubernetes versions first): a transition exactly at a window's begin is seen
/// by every run of that window, one inside it only by a run after it.
fn anchor_transitions(
    input: &mut Value,
    now: DateTime<Utc>,
    days: i64,
    anchors: &[Option<Anchor>],
) {
    let window = &input["shoot"]["spec"]["maintenance"]["timeWindow"];
    let (Some(begin), Some(end)) = (
        window["begin"].as_str().and_then(utc_seconds_of_day),
        window["end"].as_str().and_then(utc_seconds_of_day),
    ) else {
        return;
    };
    // The window's length, an end at or before the begin being the next day's.
    let length = (end - begin).rem_euclid(86_400);
    let length = if length == 0 { 86_400 } else { length };
    let midnight = now
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .expect("midnight")
        .and_utc();
    let Some(spec) = input["cloudProfile"]["spec"].as_object_mut() else {
        return;
    };
    let mut anchors = anchors.iter().cycle();
    // The Kubernetes versions first, then each image's.
    let (mut kubernetes, mut images) = (Vec::new(), Vec::new());
    for (field, value) in spec.iter_mut() {
        match field.as_str() {
            "kubernetes" => kubernetes.push(&mut value["versions"]),
            "machineImages" => images.extend(
                (value.as_array_mut().into_iter().flatten()).map(|image| &mut image["versions"]),
            ),
            _ => {}
        }
    }
    let lists = kubernetes.into_iter().chain(images);
    for version in lists.into_iter().filter_map(Value::as_array_mut).flatten() {
        let Some(Some(anchor)) = anchors.next() else {
            continue;
        };
        let offset = match anchor.place {
            0 => 0,
            1 => length / 3,
            2 => length - 15 * 60,
            _ => length,
        };
        let day = anchor.day.index(days as usize + 1) as i64;
        let at = midnight + Duration::days(day) + Duration::seconds(begin + offset + anchor.nudge);
        move_transition(version, anchor, at);
    }
}

/// Puts the version's expiration date, or the anchor's lifecycle stage, at `at`; the later stages
/// keep their distance to it.
fn move_transition(version: &mut Value, anchor: &Anchor, at: DateTime<Utc>) {
    if version.get("expirationDate").is_some() {
        version["expirationDate"] = json!(rfc3339(at));
    }
    let Some(stages) = version.get_mut("lifecycle").and_then(Value::as_array_mut) else {
        return;
    };
    let parse = |stage: &Value| {
        stage["startTime"]
            .as_str()
            .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
            .map(|t| t.with_timezone(&Utc))
    };
    let starts: Vec<DateTime<Utc>> = stages.iter().filter_map(parse).collect();
    if starts.is_empty() {
        return;
    }
    let shift = at - starts[anchor.stage.index(starts.len())];
    for stage in stages.iter_mut() {
        if let Some(start) = parse(stage) {
            stage["startTime"] = json!(rfc3339(start + shift));
        }
    }
}

/// Timelines against the maintenance reconciler run window by window: the maintenance area's
/// CloudProfiles and Shoots (without the `maintain` annotation: the windows trigger each run), a
/// horizon of a month to two years, each run early or late in its window, and half the versions'
/// transitions moved onto the Shoot's windows ([`anchor_transitions`]).
pub fn timeline() -> BoxedStrategy<Request> {
    (
        super::generate_maintenance::maintenance(),
        any::<bool>(),
        30i64..731,
        anchors(),
    )
        .prop_map(|(request, late, days, anchors)| {
            let mut input = request.input;
            if let Some(annotations) = input
                .pointer_mut("/shoot/metadata/annotations")
                .and_then(Value::as_object_mut)
            {
                annotations.remove("gardener.cloud/operation");
            }
            let now = DateTime::parse_from_rfc3339(&request.now)
                .expect("the generator writes RFC 3339")
                .with_timezone(&Utc);
            anchor_transitions(&mut input, now, days, &anchors);
            input["until"] = json!(rfc3339(now + Duration::days(days)));
            input["sample"] = json!(if late { "late" } else { "early" });
            Request {
                kind: "timeline-reconcile",
                now: request.now,
                input,
            }
        })
        .boxed()
}

/// The namespaces Shoots live in: a project's, mostly, or the garden project's own `garden`
/// (where Gardener's own Shoots and managed seeds live).
pub(crate) fn namespace() -> impl Strategy<Value = &'static str> {
    prop_oneof![4 => Just("garden-dev"), 1 => Just("garden")]
}

/// Moves the input's Shoots (`shoot`, `oldShoot`), its NamespacedCloudProfile and its Project to
/// `namespace`: they live in the Shoot's project namespace together.
pub(crate) fn in_namespace(input: &mut Value, namespace: &str) {
    for key in ["shoot", "oldShoot", "namespacedCloudProfile"] {
        if let Some(metadata) = input.get_mut(key).and_then(|o| o.get_mut("metadata")) {
            metadata["namespace"] = json!(namespace);
        }
    }
    if let Some(spec) = input.get_mut("project").and_then(|p| p.get_mut("spec")) {
        spec["namespace"] = json!(namespace);
    }
}

/// The names a CloudProfile goes by: the provider's name, mostly, or another.
pub(crate) fn profile_name() -> impl Strategy<Value = &'static str> {
    prop_oneof![4 => Just("aws"), 1 => Just("aws-eu"), 1 => Just("cloudprofile-1")]
}

/// Renames the CloudProfile `from` to `to` everywhere the input names it: the profile itself,
/// the Shoots' references (`cloudProfile`, `cloudProfileName`) and a NamespacedCloudProfile's
/// parent. The provider type keeps its name.
pub(crate) fn rename_profile(input: &mut Value, from: &str, to: &str) {
    for key in ["cloudProfile", "oldCloudProfile"] {
        if let Some(metadata) = input.get_mut(key).and_then(|p| p.get_mut("metadata")) {
            if metadata["name"] == json!(from) {
                metadata["name"] = json!(to);
            }
        }
    }
    rename_references(input, from, to);
}

fn rename_references(value: &mut Value, from: &str, to: &str) {
    match value {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match key.as_str() {
                    "cloudProfileName" if *value == json!(from) => *value = json!(to),
                    "cloudProfile" | "parent"
                        if value["name"] == json!(from)
                            && value
                                .get("kind")
                                .is_none_or(|k| *k == json!("CloudProfile")) =>
                    {
                        value["name"] = json!(to);
                    }
                    _ => rename_references(value, from, to),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                rename_references(item, from, to);
            }
        }
        _ => {}
    }
}

/// `requests` with their Shoots moved to a drawn namespace ([`in_namespace`]) and their
/// CloudProfile (`aws` when the input has none) renamed to a drawn name ([`rename_profile`]).
pub(crate) fn with_names(requests: BoxedStrategy<Request>) -> BoxedStrategy<Request> {
    (requests, namespace(), profile_name())
        .prop_map(|(mut request, namespace, name)| {
            in_namespace(&mut request.input, namespace);
            let current = request.input.pointer("/cloudProfile/metadata/name");
            let current = current.and_then(Value::as_str).unwrap_or("aws").to_string();
            rename_profile(&mut request.input, &current, name);
            request
        })
        .boxed()
}
