//! Deterministic benchmark inputs and native measurements. Run with `cargo xtask bench`, which also
//! writes the inputs to `target/bench/` for the wasm measurements.
//!
//! Prints one figure a line: `bench <workload> native <median> <unit>`.

mod support;

use shoot_policy::examples;
use shoot_policy::report::{analyze, AnalyzeOptions, Source};
use std::time::{Duration, Instant};
use support::generators::{
    fleet_shoots, large_cloud_profile, large_shoot, lifecycle_cloud_profile,
};

// The CLI's allocator, so that the native figures are what the CLI does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const NOW: &str = "2026-11-22T00:00:00Z";

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
        let shoots = fleet_shoots(FLEET_SIZE);
        let fleet = serde_json::to_string(&shoots).expect("serialises");
        std::fs::write(format!("{dir}/fleet-shoots.json"), fleet).expect("write");
        // The same fleet as YAML files for the CLI (`cargo xtask bench --against`), each within
        // the default limits of any revision: 500 documents, under 5 MiB.
        for (index, part) in shoots.chunks(500).enumerate() {
            std::fs::write(format!("{dir}/fleet-{index:02}.yaml"), part.join("\n---\n"))
                .expect("write");
        }
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

    // The simulation alone, on `large` read already: the timeline's own distance from its target,
    // apart from reading the inputs.
    let simulate = {
        use shoot_policy::maintenance::{CloudProfile, Shoot};
        let typed_profile: CloudProfile =
            shoot_policy::document::from_str(&profile).expect("large reads as a CloudProfile");
        let typed_shoot: Shoot =
            shoot_policy::document::from_str(&shoot).expect("large reads as a Shoot");
        // The window the generated Shoot sets, read as the report reads it.
        let time_window = (typed_shoot.spec.maintenance.as_ref())
            .and_then(|maintenance| maintenance.extra.get("timeWindow"));
        let bound = |key: &str| time_window.and_then(|w| w.get(key)?.as_str());
        let window = shoot_policy::timewindow::MaintenanceTimeWindow::effective(
            bound("begin").zip(bound("end")),
        );
        let until = ten_years.until.expect("a horizon");
        move || {
            std::hint::black_box(
                shoot_policy::timeline::timeline(&typed_profile, &typed_shoot, window, now, until)
                    .expect("the timeline runs"),
            );
        }
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
        if let Some(kept) = workload.strip_suffix("-kept") {
            // `example` or `large` with the CloudProfile prepared before (as the npm package keeps
            // it between calls): `analyze_from` is then the Shoot's part alone.
            let sources = if kept == "example" { &example } else { &large };
            let prepared =
                shoot_policy::report::PreparedProfile::new(sources[0].clone(), options.limits);
            std::hint::black_box(shoot_policy::report::analyze_with_profile(
                &prepared,
                &sources[1..],
                &options,
            ));
            return;
        }
        if workload == "timeline-10y-simulation" {
            simulate();
            return;
        }
        if workload == "large-lifecycle" {
            // `large` with the classifications of real CloudProfiles, each lifecycle a problem
            // whose field is located in the text: the validation and locating a report pays for
            // a classified CloudProfile.
            let profile = lifecycle_cloud_profile(80, 5, 20, 100);
            std::hint::black_box(analyze(&sources(&profile, &shoot), &options));
            return;
        }
        let (sources, options) = match workload.as_str() {
            "example" => (&example, &options),
            "large" => (&large, &options),
            "timeline-10y" => (&large, &ten_years),
            other => {
                panic!("BENCH_PROFILE={other}: not one of example, large, example-kept, large-kept, large-lifecycle, timeline-10y, timeline-10y-simulation, fleet-100, fleet-large-10")
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
    figures.record("timeline-10y-simulation", median(11, &simulate));
    let fleet = fleet_shoots(FLEET_SIZE);
    let mut forced = 0;
    figures.record(
        "fleet-10k",
        median(1, || {
            forced = analyze_fleet(&fleet, &options);
        }),
    );
    println!("fleet-10k summary: {forced} of {FLEET_SIZE} Shoots face a forced update");
    // The same Shoots as one `List`, as `kubectl get shoots -A -o yaml` prints a landscape: each
    // Shoot's problems are found in the one text, which must not be read again for each of them.
    let list = vec![Source::auto("shoots.yaml", examples::as_list(&fleet))];
    let roomy = AnalyzeOptions {
        limits: shoot_policy::document::Limits {
            max_bytes: 64 << 20,
            max_nodes: 5_000_000,
            ..Default::default()
        },
        ..AnalyzeOptions::at(now)
    };
    let profile = sources(examples::DEFAULT.cloud_profile, "").swap_remove(0);
    let mut listed = 0;
    figures.record(
        "fleet-10k-as-list",
        median(1, || {
            let fleet = shoot_policy::fleet::analyze_fleet(profile.clone(), &list, &roomy);
            listed = fleet.summary.shoots - fleet.summary.with_input_errors;
        }),
    );
    assert_eq!(listed, FLEET_SIZE, "every listed Shoot is read");
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
    // Informational: the same target for the simulation without reading `large`.
    verdict(
        "timeline-10y-simulation < 1 ms",
        "native",
        ms("timeline-10y-simulation") < 1.0,
    );
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
