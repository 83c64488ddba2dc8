//! Prints the JSON of `analyze` for a fixed, broad set of inputs, one report after a label line,
//! for `cargo xtask same-reports`, which compares the dumps of two revisions: a change meant to
//! keep every result (a faster path, a refactoring) must leave the dump byte for byte as it was.
//!
//! The inputs: every gallery example at three instants with two- and ten-year timelines, the
//! benchmarks' generated CloudProfiles and Shoots in three sizes, and fleet Shoots.

#[path = "../benches/support/generators.rs"]
mod generators;

use chrono::{DateTime, TimeDelta, Utc};
use generators::{fleet_shoots, large_cloud_profile, large_shoot, lifecycle_cloud_profile};
use shoot_policy::examples::GALLERY;
use shoot_policy::fleet::{analyze_fleet, FleetReport};
use shoot_policy::report::{analyze, AnalyzeOptions, Report, Source};
use std::io::Write;

const INSTANTS: [&str; 3] = [
    "2025-06-01T00:00:00Z",
    "2026-11-22T00:00:00Z",
    "2027-08-15T12:00:00Z",
];

fn main() {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut write = |label: String, report: &Report| {
        let report = serde_json::to_string(report).expect("a report serialises");
        writeln!(out, "{label}\n{report}").expect("stdout");
    };
    // Each input at every instant, with two- and ten-year timelines.
    let mut dump = |name: &str, sources: &[Source]| {
        for (now, years) in instants_and_horizons() {
            let report = analyze(sources, &with_horizon(now, years));
            write(format!("{name} {now} {years}y"), &report);
        }
    };
    for example in GALLERY {
        let mut sources = vec![
            Source::auto("CloudProfile", example.cloud_profile),
            Source::auto("Shoot", example.shoot),
        ];
        for (name, text) in [
            ("previous", example.previous_shoot),
            ("objects", example.objects),
        ] {
            if !text.is_empty() {
                sources.push(Source::auto(name, text));
            }
        }
        dump(example.id, &sources);
    }
    // (Kubernetes minors, patches per minor, images, versions per image, pools)
    for (minors, patches, images, versions, pools) in
        [(80, 5, 20, 100, 50), (20, 3, 4, 30, 9), (12, 2, 3, 12, 7)]
    {
        let profile = large_cloud_profile(minors, patches, images, versions);
        let shoot = large_shoot(pools, images);
        let sources = [
            Source::auto("CloudProfile", profile.as_str()),
            Source::auto("Shoot", shoot.as_str()),
        ];
        dump(
            &format!("generated {minors}x{patches} {pools} pools"),
            &sources,
        );
    }
    // Classified versions: overlapping supported patches, and a problem for every lifecycle.
    let profile = lifecycle_cloud_profile(20, 3, 4, 30);
    let shoot = large_shoot(9, 4);
    let sources = [
        Source::auto("CloudProfile", profile.as_str()),
        Source::auto("Shoot", shoot.as_str()),
    ];
    dump("generated with lifecycles", &sources);
    // Through `analyze_fleet`, whose Shoots share what they can: each report must still be the
    // one the Shoot gets alone, which is what older revisions dumped under the same label.
    let profile = Source::auto(
        "CloudProfile",
        shoot_policy::examples::DEFAULT.cloud_profile,
    );
    let shoots: Vec<Source> = (fleet_shoots(15).iter())
        .map(|shoot| Source::auto("Shoot", shoot.as_str()))
        .collect();
    let fleets: Vec<(DateTime<Utc>, FleetReport)> = (INSTANTS.map(instant).into_iter())
        .map(|now| {
            let options = AnalyzeOptions::at(now);
            (now, analyze_fleet(profile.clone(), &shoots, &options))
        })
        .collect();
    for index in 0..shoots.len() {
        for (now, fleet) in &fleets {
            write(format!("fleet {index} {now}"), &fleet.reports[index].report);
        }
    }
}

fn instant(text: &str) -> DateTime<Utc> {
    text.parse().expect("an RFC 3339 instant")
}

fn instants_and_horizons() -> impl Iterator<Item = (DateTime<Utc>, i64)> {
    INSTANTS
        .map(instant)
        .into_iter()
        .flat_map(|now| [(now, 2), (now, 10)])
}

fn with_horizon(now: DateTime<Utc>, years: i64) -> AnalyzeOptions {
    AnalyzeOptions {
        until: Some(now + TimeDelta::days(365 * years)),
        ..AnalyzeOptions::at(now)
    }
}
