//! Property tests: `analyze` answers every structured CloudProfile and Shoot with a report, never a
//! panic, and the report keeps its own invariants. The generators build objects of the right shape
//! from values people really write, well-formed and not (`1.27`, `v1.2.3`, `1.x`, expired and
//! missing versions, odd time windows, cron specs and locations), so that the engines, not the
//! parser, see the odd cases. The fuzzers (`fuzz/`) cover unstructured text.

use chrono::{DateTime, TimeDelta, Utc};
use proptest::prelude::*;
use serde_json::{json, Value};
use shoot_policy::report::{analyze, AnalyzeOptions, Report, Source, SourceRole};

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_795_305_600, 0).expect("a valid instant") // 2026-11-22
}

fn version() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (0u32..4, 25u32..36, 0u32..6).prop_map(|(major, minor, patch)| format!("{major}.{minor}.{patch}")),
        1 => (25u32..36).prop_map(|minor| format!("1.{minor}")),
        1 => (25u32..36, 0u32..6).prop_map(|(minor, patch)| format!("v1.{minor}.{patch}")),
        1 => prop::sample::select(vec!["1.x", "", "v1.2.3.4", "1.30.0-rc.1", "01.30.0", "1.30.1+build", "latest"])
            .prop_map(str::to_string),
    ]
}

fn classification() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec![
        "preview",
        "supported",
        "deprecated",
        "expired",
        "unstable",
    ]))
}

/// An instant around `now`, written as Kubernetes writes it, or something that is not one.
fn date() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (-400i64..800).prop_map(|days| (now() + TimeDelta::days(days)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        1 => prop::sample::select(vec!["2026-13-01T00:00:00Z", "tomorrow", "2027-01-01"]).prop_map(str::to_string),
    ]
}

fn expirable_version() -> impl Strategy<Value = Value> {
    (
        version(),
        classification(),
        prop::option::of(date()),
        prop::option::of(prop::collection::vec(
            (
                prop::sample::select(vec!["preview", "supported", "deprecated", "expired"]),
                date(),
            ),
            0..3,
        )),
    )
        .prop_map(|(version, classification, expiration, lifecycle)| {
            let mut entry = json!({ "version": version });
            if let Some(classification) = classification {
                entry["classification"] = json!(classification);
            }
            if let Some(expiration) = expiration {
                entry["expirationDate"] = json!(expiration);
            }
            if let Some(stages) = lifecycle {
                entry["lifecycle"] = stages
                    .into_iter()
                    .map(|(stage, start)| json!({ "classification": stage, "startTime": start }))
                    .collect();
            }
            entry["cri"] = json!([{ "name": "containerd" }]);
            entry["architectures"] = json!(["amd64", "arm64"]);
            entry
        })
}

fn update_strategy() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec![
        "patch", "minor", "major", "sideways",
    ]))
}

fn cloud_profile() -> impl Strategy<Value = Value> {
    (
        prop::collection::vec(expirable_version(), 0..8),
        prop::collection::vec(
            (
                prop::sample::select(vec!["gardenlinux", "suse", "ubuntu"]),
                update_strategy(),
                prop::collection::vec(expirable_version(), 0..6),
            ),
            0..3,
        ),
    )
        .prop_map(|(kubernetes, images, )| {
            let images: Vec<Value> = images
                .into_iter()
                .map(|(name, strategy, versions)| {
                    let mut image = json!({ "name": name, "versions": versions });
                    if let Some(strategy) = strategy {
                        image["updateStrategy"] = json!(strategy);
                    }
                    image
                })
                .collect();
            json!({
                "apiVersion": "core.gardener.cloud/v1beta1",
                "kind": "CloudProfile",
                "metadata": { "name": "aws" },
                "spec": {
                    "type": "aws",
                    "kubernetes": { "versions": kubernetes },
                    "machineImages": images,
                    "machineTypes": [
                        { "name": "m5.large", "cpu": "2", "gpu": "0", "memory": "8Gi", "architecture": "amd64", "usable": true },
                    ],
                    "regions": [{ "name": "eu-central-1" }],
                },
            })
        })
}

fn time_window_bound() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u32..24, 0u32..60, -12i32..15).prop_map(|(h, m, offset)| {
            let sign = if offset < 0 { '-' } else { '+' };
            format!("{h:02}{m:02}00{sign}{:02}00", offset.abs())
        }),
        1 => prop::sample::select(vec!["250000+0000", "2200+0000", "", "220000", "220000+2500"]).prop_map(str::to_string),
    ]
}

fn worker() -> impl Strategy<Value = Value> {
    (
        "[a-z][a-z0-9-]{0,8}",
        prop::sample::select(vec!["gardenlinux", "suse", "ubuntu"]),
        prop::option::of(version()),
        prop::option::of(version()),
        prop::option::of(prop::sample::select(vec![
            "AutoRollingUpdate",
            "AutoInPlaceUpdate",
            "ManualInPlaceUpdate",
            "Sideways",
        ])),
        (0i64..4, 0i64..6),
        prop::option::of(prop::sample::select(vec!["0", "1", "25%", "100%", "-1", "x"])),
    )
        .prop_map(
            |(name, image, image_version, kubernetes, strategy, (minimum, extra), surge)| {
                let mut worker = json!({
                    "name": name,
                    "minimum": minimum,
                    "maximum": minimum + extra,
                    "machine": { "type": "m5.large", "architecture": "amd64", "image": { "name": image } },
                    "cri": { "name": "containerd" },
                    "zones": ["eu-central-1a"],
                });
                if let Some(version) = image_version {
                    worker["machine"]["image"]["version"] = json!(version);
                }
                if let Some(version) = kubernetes {
                    worker["kubernetes"] = json!({ "version": version });
                }
                if let Some(strategy) = strategy {
                    worker["updateStrategy"] = json!(strategy);
                }
                if let Some(surge) = surge {
                    worker["maxSurge"] = json!(surge);
                }
                worker
            },
        )
}

fn hibernation_schedule() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![
            "00 19 * * 1-5",
            "30 7 * * *",
            "@daily",
            "0 0 31 2 *",
            "61 * * * *",
            "* *",
        ]),
        prop::sample::select(vec!["00 07 * * 1-5", "0 8 * * MON", "@every 1h", ""]),
        prop::option::of(prop::sample::select(vec![
            "Europe/Berlin",
            "America/New_York",
            "Australia/Lord_Howe",
            "UTC",
            "Local",
            "Moon/Crater",
            "../etc",
        ])),
    )
        .prop_map(|(start, end, location)| {
            let mut schedule = json!({ "start": start, "end": end });
            if let Some(location) = location {
                schedule["location"] = json!(location);
            }
            schedule
        })
}

fn shoot() -> impl Strategy<Value = Value> {
    (
        version(),
        (any::<bool>(), any::<bool>()),
        prop::option::of((time_window_bound(), time_window_bound())),
        prop::collection::vec(worker(), 0..4),
        prop::collection::vec(hibernation_schedule(), 0..3),
        any::<bool>(),
    )
        .prop_map(
            |(kubernetes, (auto_kubernetes, auto_images), window, workers, schedules, hibernated)| {
                let mut shoot = json!({
                    "apiVersion": "core.gardener.cloud/v1beta1",
                    "kind": "Shoot",
                    "metadata": { "name": "payments", "namespace": "garden-team-a" },
                    "spec": {
                        "cloudProfile": { "kind": "CloudProfile", "name": "aws" },
                        "region": "eu-central-1",
                        "kubernetes": { "version": kubernetes },
                        "maintenance": {
                            "autoUpdate": { "kubernetesVersion": auto_kubernetes, "machineImageVersion": auto_images },
                        },
                        "hibernation": { "enabled": hibernated, "schedules": schedules },
                        "provider": { "type": "aws", "workers": workers },
                    },
                });
                if let Some((begin, end)) = window {
                    shoot["spec"]["maintenance"]["timeWindow"] = json!({ "begin": begin, "end": end });
                }
                shoot
            },
        )
}

fn source(name: &str, role: SourceRole, object: &Value) -> Source {
    Source {
        name: name.to_string(),
        role,
        text: object.to_string(),
    }
}

fn run(profile: &Value, shoot: &Value, previous: Option<&Value>) -> Report {
    let mut sources = vec![
        source("CloudProfile", SourceRole::Auto, profile),
        source("Shoot", SourceRole::Auto, shoot),
    ];
    if let Some(previous) = previous {
        sources.push(source(
            "Previous Shoot",
            SourceRole::PreviousShoot,
            previous,
        ));
    }
    let options = AnalyzeOptions {
        until: Some(now() + TimeDelta::days(400)),
        ..AnalyzeOptions::at(now())
    };
    analyze(&sources, &options)
}

/// What every report must satisfy, whatever the input.
fn check_invariants(report: &Report) -> Result<(), TestCaseError> {
    serde_json::to_string(report).map_err(|e| TestCaseError::fail(format!("serialises: {e}")))?;
    if let Some(timeline) = &report.timeline {
        for pair in timeline.events.windows(2) {
            prop_assert!(
                pair[0].window_begin <= pair[1].window_begin,
                "timeline events in time order"
            );
        }
        for event in &timeline.events {
            prop_assert_ne!(&event.from, &event.to, "an event changes a version");
            prop_assert!(event.window_begin < event.window_end);
            prop_assert!(event.window_begin >= now() - TimeDelta::days(1));
            prop_assert!(event.window_begin <= timeline.until);
        }
    }
    for diagnostic in &report.diagnostics {
        prop_assert!(
            !diagnostic.message.is_empty(),
            "a diagnostic says something"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn analyze_never_panics_on_structured_objects(profile in cloud_profile(), shoot in shoot()) {
        check_invariants(&run(&profile, &shoot, None))?;
    }

    #[test]
    fn analyze_never_panics_with_a_previous_shoot(profile in cloud_profile(), old in shoot(), new in shoot()) {
        check_invariants(&run(&profile, &new, Some(&old)))?;
    }

    #[test]
    fn the_same_input_gives_the_same_report(profile in cloud_profile(), shoot in shoot()) {
        let first = serde_json::to_value(run(&profile, &shoot, None)).unwrap();
        let second = serde_json::to_value(run(&profile, &shoot, None)).unwrap();
        prop_assert_eq!(first, second);
    }
}
