//! Deterministic benchmark inputs and native measurements. Run with `cargo xtask bench`, which also
//! writes the inputs to `target/bench/` for the wasm measurements.
//!
//! Prints one figure a line: `bench <workload> native <median> <unit>`.

use shoot_policy::examples;
use shoot_policy::report::{analyze, AnalyzeOptions, Source};
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

/// `count` Shoots of a project against the example CloudProfile: the example Shoot under other names,
/// with Kubernetes and image versions spread over the profile's versions.
pub fn fleet_shoots(count: usize) -> Vec<String> {
    const KUBERNETES: [&str; 5] = ["1.31.13", "1.32.8", "1.32.9", "1.33.4", "1.33.5"];
    const IMAGES: [&str; 3] = ["1592.14.0", "1877.3.0", "1877.5.0"];
    (0..count)
        .map(|index| {
            examples::DEFAULT
                .shoot
                .replacen("name: payments", &format!("name: shoot-{index}"), 1)
                .replacen(
                    "version: 1.31.13",
                    &format!("version: {}", KUBERNETES[index % KUBERNETES.len()]),
                    1,
                )
                .replacen(
                    "version: 1592.14.0",
                    &format!("version: {}", IMAGES[index % IMAGES.len()]),
                    1,
                )
        })
        .collect()
}

/// Analyses each Shoot of the fleet against the example CloudProfile (read once, by the core's
/// fleet entry); returns how many face a forced update.
fn analyze_fleet(fleet: &[String], options: &AnalyzeOptions) -> usize {
    let profile = sources(examples::DEFAULT.cloud_profile, "").swap_remove(0);
    let shoots: Vec<Source> = fleet
        .iter()
        .map(|shoot| sources("", shoot).swap_remove(1))
        .collect();
    shoot_policy::fleet::analyze_fleet(profile, &shoots, options)
        .summary
        .facing_forced_update
}

fn sources(profile: &str, shoot: &str) -> Vec<Source> {
    vec![
        Source::auto("CloudProfile", profile),
        Source::auto("Shoot", shoot),
    ]
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
        let example = examples::DEFAULT;
        std::fs::write(
            format!("{dir}/example-cloudprofile.yaml"),
            example.cloud_profile,
        )
        .expect("write");
        std::fs::write(format!("{dir}/example-shoot.yaml"), example.shoot).expect("write");
        let fleet = serde_json::to_string(&fleet_shoots(FLEET_SIZE)).expect("serialises");
        std::fs::write(format!("{dir}/fleet-shoots.json"), fleet).expect("write");
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

    // The timeline alone, over ten years.
    let ten_years = AnalyzeOptions {
        until: Some("2036-11-22T00:00:00Z".parse().expect("instant")),
        areas: Some(vec![shoot_policy::report::Area::Timeline]),
        ..AnalyzeOptions::at(now)
    };

    if let Ok(workload) = std::env::var("BENCH_PROFILE") {
        // One run of one workload only, for a profiler (`valgrind --tool=callgrind`, `perf record`).
        if workload == "fleet-100" {
            // A hundredth of fleet-10k: its cost per Shoot, in a profiler's time.
            std::hint::black_box(analyze_fleet(&fleet_shoots(100), &options));
            return;
        }
        if workload == "fleet-large-10" {
            // Ten `large` Shoots against the `large` CloudProfile: what the areas read of a big
            // CloudProfile for each Shoot of a fleet.
            let shoots: Vec<Source> = (0..10)
                .map(|index| Source::auto(format!("Shoot {index}"), shoot.as_str()))
                .collect();
            let profile = Source::auto("CloudProfile", profile.as_str());
            std::hint::black_box(shoot_policy::fleet::analyze_fleet(
                profile, &shoots, &options,
            ));
            return;
        }
        let (sources, options) = match workload.as_str() {
            "example" => (&example, &options),
            "large" => (&large, &options),
            "timeline-10y" => (&large, &ten_years),
            other => {
                panic!("BENCH_PROFILE={other}: not one of example, large, timeline-10y, fleet-100, fleet-large-10")
            }
        };
        std::hint::black_box(analyze(sources, options));
        return;
    }
    let mut figures = Figures::default();
    figures.record(
        "example",
        median(51, || {
            std::hint::black_box(analyze(&example, &options));
        }),
    );
    figures.record("parse-only-example", median(51, || parse_only(&example)));
    figures.record(
        "large",
        median(11, || {
            std::hint::black_box(analyze(&large, &options));
        }),
    );
    figures.record("parse-only-large", median(11, || parse_only(&large)));
    figures.record(
        "timeline-10y",
        median(11, || {
            std::hint::black_box(analyze(&large, &ten_years));
        }),
    );
    let fleet = fleet_shoots(FLEET_SIZE);
    let mut forced = 0;
    figures.record(
        "fleet-10k",
        median(1, || {
            forced = analyze_fleet(&fleet, &options);
        }),
    );
    println!("fleet-10k summary: {forced} of {FLEET_SIZE} Shoots face a forced update");
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
                areas: Some(vec![area]),
                ..AnalyzeOptions::at(now)
            };
            print(
                &format!("large-{area:?}"),
                median(5, || {
                    std::hint::black_box(analyze(&large, &only));
                }),
            );
        }
    }
    let ms = |name: &str| figures.millis[name];
    println!(
        "ratio example/parse-only-example {:.1}",
        ms("example") / ms("parse-only-example")
    );
    println!(
        "ratio large/parse-only-large {:.1}",
        ms("large") / ms("parse-only-large")
    );
    verdict(
        "large ≤ 1.5 × parse-only-large",
        "native",
        ms("large") <= 1.5 * ms("parse-only-large"),
    );
    verdict("timeline-10y < 1 ms", "native", ms("timeline-10y") < 1.0);
    if let Some(dir) = std::env::args().nth(1).filter(|a| !a.starts_with('-')) {
        // For the wasm runs' ratios to native.
        let json = serde_json::to_string(&figures.millis).expect("serialises");
        std::fs::write(format!("{dir}/native.json"), json).expect("write");
    }
}

/// Shoots in the fleet workload.
const FLEET_SIZE: usize = 10_000;

/// The medians measured, by workload, in milliseconds.
#[derive(Default)]
struct Figures {
    millis: std::collections::BTreeMap<String, f64>,
}

impl Figures {
    fn record(&mut self, workload: &str, duration: Duration) {
        let millis = print(workload, duration);
        self.millis.insert(workload.to_string(), millis);
    }
}

/// One target of the performance issue and whether this run meets it.
fn verdict(target: &str, environment: &str, met: bool) {
    let verdict = if met { "met" } else { "MISSED" };
    println!("target {target} ({environment}): {verdict}");
}
