//! Deterministic benchmark inputs and native measurements. Run with `cargo xtask bench`, which also
//! writes the inputs to `target/bench/` for the wasm measurements.
//!
//! Prints one figure a line: `bench <workload> native <median> <unit>`.

use shoot_policy::examples;
use shoot_policy::report::{analyze, AnalyzeOptions, Source, SourceRole};
use std::fmt::Write;
use std::time::{Duration, Instant};

const NOW: &str = "2026-11-22T00:00:00Z";

/// A CloudProfile with `minors` × `patches` Kubernetes versions and `images` images of
/// `image_versions` versions, older versions expiring month by month.
pub fn large_cloud_profile(minors: u32, patches: u32, images: u32, image_versions: u32) -> String {
    let mut yaml = String::from(
        "apiVersion: core.gardener.cloud/v1beta1\nkind: CloudProfile\nmetadata:\n  name: large\nspec:\n  kubernetes:\n    versions:\n",
    );
    for minor in (0..minors).rev() {
        for patch in (0..patches).rev() {
            let _ = writeln!(yaml, "    - version: 1.{minor}.{patch}");
            if minor + 1 < minors {
                let _ = writeln!(
                    yaml,
                    "      expirationDate: \"{}-{:02}-15T00:00:00Z\"",
                    2026 + minor / 12,
                    minor % 12 + 1
                );
            }
        }
    }
    yaml.push_str("  machineImages:\n");
    for image in 0..images {
        let _ = writeln!(
            yaml,
            "  - name: image-{image}\n    updateStrategy: minor\n    versions:"
        );
        for version in (0..image_versions).rev() {
            let _ = writeln!(
                yaml,
                "    - version: {}.{}.0\n      cri: [{{name: containerd}}]\n      architectures: [amd64]",
                version / 10 + 1,
                version % 10
            );
        }
    }
    yaml.push_str("  machineTypes:\n  - name: m5.large\n    architecture: amd64\n");
    yaml
}

/// A Shoot with `pools` worker pools spread over the images.
pub fn large_shoot(pools: u32, images: u32) -> String {
    let mut yaml = String::from(
        "apiVersion: core.gardener.cloud/v1beta1\nkind: Shoot\nmetadata:\n  name: large\n  namespace: garden-bench\nspec:\n  kubernetes:\n    version: 1.0.0\n  maintenance:\n    autoUpdate: {kubernetesVersion: true, machineImageVersion: true}\n    timeWindow: {begin: 220000+0000, end: 230000+0000}\n  provider:\n    workers:\n",
    );
    for pool in 0..pools {
        let _ = writeln!(
            yaml,
            "    - name: pool-{pool}\n      minimum: 1\n      maximum: 3\n      machine:\n        type: m5.large\n        architecture: amd64\n        image: {{name: image-{}, version: 1.0.0}}\n      cri: {{name: containerd}}\n      updateStrategy: AutoRollingUpdate\n      maxSurge: 1\n      maxUnavailable: 0",
            pool % images
        );
    }
    yaml
}

fn sources(profile: &str, shoot: &str) -> Vec<Source> {
    let source = |name: &str, text: &str| Source {
        name: name.to_string(),
        role: SourceRole::Auto,
        text: text.to_string(),
    };
    vec![source("CloudProfile", profile), source("Shoot", shoot)]
}

/// The median of `runs` timings of `work`, after one warm-up run.
fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    work();
    let mut timings: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .collect();
    timings.sort();
    timings[runs / 2]
}

fn print(workload: &str, duration: Duration) -> f64 {
    let millis = duration.as_secs_f64() * 1000.0;
    println!("bench {workload} native {millis:.3} ms");
    millis
}

fn main() {
    let now = NOW.parse().expect("a valid instant");
    let profile = large_cloud_profile(80, 5, 20, 100);
    let shoot = large_shoot(50, 20);
    if let Some(dir) = std::env::args().nth(1).filter(|a| !a.starts_with('-')) {
        // `cargo xtask bench` passes a directory for the wasm measurements' inputs.
        std::fs::create_dir_all(&dir).expect("bench directory");
        std::fs::write(format!("{dir}/large-cloudprofile.yaml"), &profile).expect("write");
        std::fs::write(format!("{dir}/large-shoot.yaml"), &shoot).expect("write");
    }
    let example = sources(examples::DEFAULT.cloud_profile, examples::DEFAULT.shoot);
    let large = sources(&profile, &shoot);
    let options = AnalyzeOptions::at(now);
    let parse_only = |sources: &[Source]| {
        for source in sources {
            let documents =
                shoot_policy::document::parse_documents(&source.text, &Default::default())
                    .expect("parses");
            std::hint::black_box(documents);
        }
    };

    if let Ok(workload) = std::env::var("BENCH_PROFILE") {
        // One run of one workload only, for a profiler (`valgrind --tool=callgrind`, `perf record`).
        let (sources, options) = match workload.as_str() {
            "example" => (&example, options.clone()),
            "large" => (&large, options.clone()),
            "timeline-10y" => (
                &large,
                AnalyzeOptions {
                    until: Some("2036-11-22T00:00:00Z".parse().expect("instant")),
                    areas: Some(vec![shoot_policy::report::Area::Timeline]),
                    ..AnalyzeOptions::at(now)
                },
            ),
            other => panic!("BENCH_PROFILE={other}: not one of example, large, timeline-10y"),
        };
        std::hint::black_box(analyze(sources, &options));
        return;
    }
    let example_ms = print(
        "example",
        median(51, || {
            std::hint::black_box(analyze(&example, &options));
        }),
    );
    let parse_example_ms = print("parse-only-example", median(51, || parse_only(&example)));
    let large_ms = print(
        "large",
        median(11, || {
            std::hint::black_box(analyze(&large, &options));
        }),
    );
    let parse_large_ms = print("parse-only-large", median(11, || parse_only(&large)));
    let ten_years = AnalyzeOptions {
        now,
        until: Some("2036-11-22T00:00:00Z".parse().expect("instant")),
        areas: Some(vec![shoot_policy::report::Area::Timeline]),
        feature_gates: Default::default(),
        limits: Default::default(),
    };
    print(
        "timeline-10y",
        median(11, || {
            std::hint::black_box(analyze(&large, &ten_years));
        }),
    );
    if std::env::var_os("BENCH_AREAS").is_some() {
        use shoot_policy::report::Area;
        for area in [
            Area::Versions,
            Area::Maintenance,
            Area::Timeline,
            Area::Validation,
            Area::Rollout,
            Area::Hibernation,
            Area::Status,
            Area::Cleanup,
            Area::Scheduling,
        ] {
            let only = AnalyzeOptions {
                now,
                until: None,
                areas: Some(vec![area]),
                feature_gates: Default::default(),
                limits: Default::default(),
            };
            print(
                &format!("large-{area:?}"),
                median(5, || {
                    std::hint::black_box(analyze(&large, &only));
                }),
            );
        }
    }
    println!(
        "ratio example/parse-only-example {:.1}",
        example_ms / parse_example_ms
    );
    println!(
        "ratio large/parse-only-large {:.1}",
        large_ms / parse_large_ms
    );
}
