//! What each gallery example shows, checked natively (the e2e tests check the same in the browser).

use crate::inputs::Inputs;
use crate::run_analysis;
use chrono::{DateTime, Utc};
use shoot_policy::examples::{self, Example};

fn at(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

fn fact(example: &Example, now: &str, label: &str) -> String {
    let analysis = run_analysis(&Inputs::from_example(example), at(now));
    (analysis.report.summary.facts.iter())
        .find(|f| f.label == label)
        .map(|f| f.text.clone())
        .unwrap_or_default()
}

#[test]
fn default_example_is_a_forced_minor_update() {
    assert!(fact(
        &examples::DEFAULT,
        "2026-11-22T00:00:00Z",
        "Next forced update"
    )
    .starts_with("Control plane 1.31.13 → 1.32.9 on 2026-11-22 21:00 UTC"));
}

#[test]
fn every_example_reads_without_input_errors() {
    for example in examples::GALLERY {
        let analysis = run_analysis(&Inputs::from_example(example), at("2026-11-22T00:00:00Z"));
        assert!(
            analysis.report.diagnostics.is_empty(),
            "{}: {:?}",
            example.id,
            analysis.report.diagnostics
        );
        assert!(analysis.timeline.is_some(), "{}", example.id);
    }
}

#[test]
fn deprecated_version_is_auto_updated_to_the_latest_patch() {
    let auto = fact(
        &examples::DEPRECATED_AUTO_UPDATE,
        "2026-11-22T00:00:00Z",
        "Next automatic update",
    );
    assert!(
        auto.starts_with(
            "Control plane 1.32.8 → 1.32.9 on 2026-11-22 21:00 UTC (in 21 hours); nodes"
        ),
        "{auto}"
    );
}

#[test]
fn missing_consecutive_minor_blocks_the_forced_update() {
    let blocked = fact(
        &examples::BLOCKED_FORCED_UPDATE,
        "2026-11-22T00:00:00Z",
        "Next forced update",
    );
    assert_eq!(
        blocked,
        "Control plane stays on 1.30.14, which expired on 2026-09-30: the forced update fails \
         from 2026-11-22 03:00 UTC, because the CloudProfile lists no 1.31 version (a forced \
         update moves one minor at a time), and no update succeeds before 2028-11-22"
    );
    let analysis = run_analysis(
        &Inputs::from_example(&examples::BLOCKED_FORCED_UPDATE),
        at("2026-11-22T00:00:00Z"),
    );
    let details = (analysis.report.summary.facts.iter())
        .find(|f| f.label == "Next forced update")
        .and_then(|f| f.details.clone())
        .unwrap_or_default();
    assert!(
        details.contains("No suitable version found in CloudProfile"),
        "{details}"
    );
}

#[test]
fn problematic_webhook_blocks_hibernation() {
    let hibernation = fact(
        &examples::WEBHOOK_BLOCKS_HIBERNATION,
        "2026-11-22T00:00:00Z",
        "Hibernation",
    );
    assert!(
        hibernation.starts_with(
            "not possible: Gardener refuses to hibernate the Shoot: the webhook policy-agent/"
        ),
        "{hibernation}"
    );
}

#[test]
fn in_place_pool_is_updated_in_place() {
    let analysis = run_analysis(
        &Inputs::from_example(&examples::IN_PLACE_POOL),
        at("2026-11-22T00:00:00Z"),
    );
    let trigger = &analysis.report.roll_triggers.as_ref().unwrap().workers["bare-metal"];
    assert_eq!(trigger.update, shoot_policy::rollout::UpdateKind::InPlace);
    assert!(
        analysis.report.validation.problems.is_empty(),
        "{:?}",
        analysis.report.validation.problems
    );
}

#[test]
fn lifecycle_version_is_forced_once_it_expires() {
    // The story goes on: the next forced update, once 1.33 expires in turn.
    assert_eq!(
        fact(
            &examples::LIFECYCLE_PROFILE,
            "2026-11-22T00:00:00Z",
            "Next forced update"
        ),
        "Control plane 1.32.10 → 1.33.6 on 2027-03-01 20:00 UTC (in 99 days 20 hours); \
         nodes: rolling update of default; then Control plane 1.33.6 → 1.34.2 on 2027-08-01 \
         20:00 UTC (in 252 days 20 hours); nodes: rolling update of default"
    );
    assert!(fact(
        &examples::LIFECYCLE_PROFILE,
        "2027-05-22T00:00:00Z",
        "Next forced update"
    )
    .starts_with("Control plane 1.32.10 → 1.33.6 on 2027-05-22 20:00 UTC"));
}
