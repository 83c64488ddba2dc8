//! What each fuzz target does with one input. Shared by the cargo-fuzz targets in `fuzz/` (through
//! a `#[path]` module) and by `fuzz_regressions.rs`, which replays every saved input in CI: the
//! same code either way, so a regression input reproduces exactly what the fuzzer saw.
//!
//! Each function must return normally for every input; a panic is a finding.

#![allow(dead_code)] // each fuzz target uses one of these

use chrono::{DateTime, TimeDelta, Utc};
use shoot_policy::document::{parse_documents, parse_documents_with_library, Limits};
use shoot_policy::report::{analyze, AnalyzeOptions, Area, Source, SourceRole};

/// A fuzz target: its directory's name under `fuzz/regressions` and `fuzz/corpus`, and its code.
pub type Target = (&'static str, fn(&[u8]));

/// The targets.
pub const TARGETS: &[Target] = &[
    ("document", document),
    ("analyze", analyze_sources),
    ("roll_triggers", roll_triggers),
    ("cron", cron),
    ("version", version),
    ("share_link", share_link),
];

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_795_305_600, 0).expect("a valid instant") // 2026-11-22
}

/// Document parsing, under small limits so that the limits themselves are exercised. The block
/// reader must give what the library gives, errors included (it leaves those to the library).
pub fn document(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let small = Limits {
        max_bytes: 4096,
        max_documents: 8,
        max_depth: 16,
        max_nodes: 2048,
    };
    for limits in [Limits::default(), small] {
        let parsed = parse_documents(text, &limits);
        if let Ok(documents) = &parsed {
            assert!(documents.len() <= limits.max_documents);
        }
        assert_eq!(
            parsed,
            parse_documents_with_library(text, &limits),
            "{text:?}"
        );
    }
}

/// Sources separated by NUL bytes: CloudProfile, Shoot, previous Shoot, other objects.
fn sources(data: &[u8]) -> Vec<Source> {
    let text = String::from_utf8_lossy(data);
    let names = ["CloudProfile", "Shoot", "Previous Shoot", "Other objects"];
    text.splitn(names.len(), '\0')
        .zip(names)
        .map(|(text, name)| Source {
            name: name.to_string(),
            role: if name == "Previous Shoot" {
                SourceRole::PreviousShoot
            } else {
                SourceRole::Auto
            },
            text: text.to_string(),
        })
        .collect()
}

/// The whole analysis, with a short timeline so that an input runs in milliseconds.
pub fn analyze_sources(data: &[u8]) {
    let options = AnalyzeOptions {
        until: Some(now() + TimeDelta::days(120)),
        ..AnalyzeOptions::at(now())
    };
    let report = analyze(&sources(data), &options);
    serde_json::to_string(&report).expect("a report serialises");
}

/// The roll-trigger diff between a previous and a current Shoot (and a CloudProfile).
pub fn roll_triggers(data: &[u8]) {
    let options = AnalyzeOptions {
        areas: Some(vec![Area::Rollout, Area::Validation]),
        ..AnalyzeOptions::at(now())
    };
    analyze(&sources(data), &options);
}

/// A hibernation cron spec, a location and the next firings from `now`.
pub fn cron(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (spec, location) = text.split_once('\n').unwrap_or((&text, "UTC"));
    let (Ok(schedule), Ok(location)) = (
        shoot_policy::hibernation::cron::parse_standard(spec),
        shoot_policy::hibernation::Location::load(location),
    ) else {
        return;
    };
    let mut from = now();
    for _ in 0..3 {
        match schedule.next(&location, from) {
            Some(next) => {
                assert!(next > from, "{spec:?} in {location:?}: {next} after {from}");
                from = next;
            }
            None => break,
        }
    }
}

/// Versions and constraints: parsing, ordering and constraint checks.
pub fn version(data: &[u8]) {
    use shoot_policy::semver_constraint::Constraint;
    use shoot_policy::version::Version;
    let text = String::from_utf8_lossy(data);
    let parts: Vec<&str> = text.splitn(3, '\n').collect();
    let versions: Vec<Version> = parts
        .iter()
        .filter_map(|p| Version::parse(p).ok())
        .collect();
    for a in &versions {
        assert_eq!(a.cmp(a), std::cmp::Ordering::Equal);
        for b in &versions {
            assert_eq!(a.cmp(b), b.cmp(a).reverse());
        }
    }
    if let Some(constraint) = parts.first().and_then(|c| Constraint::parse(c).ok()) {
        for version in &versions {
            constraint.check(version);
        }
    }
}

/// The share link's decompressor reads what a link brings, which anyone can craft: any bytes give
/// text or an error, never more than its output limit; and what the compressor writes reads back
/// as it was.
pub fn share_link(data: &[u8]) {
    use shoot_policy::lz::{compress, decompress, MAX_OUTPUT};
    if let Ok(output) = decompress(data) {
        assert!(output.len() <= MAX_OUTPUT, "{} bytes out", output.len());
    }
    assert_eq!(decompress(&compress(data)).as_deref(), Ok(data));
}
