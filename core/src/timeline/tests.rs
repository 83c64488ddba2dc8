use super::*;
use crate::timewindow::MaintenanceTimeWindow;

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&Utc)
}

fn profile(yaml: &str) -> CloudProfile {
    serde_yaml::from_str(yaml).unwrap()
}

fn shoot(yaml: &str) -> Shoot {
    serde_yaml::from_str(yaml).unwrap()
}

fn window() -> MaintenanceTimeWindow {
    MaintenanceTimeWindow::effective(Some(("220000+0000", "230000+0000")))
}

const CHAIN_PROFILE: &str = r#"
spec:
  kubernetes:
    versions:
    - {version: 1.33.0}
    - {version: 1.32.5, expirationDate: "2026-03-01T00:00:00Z"}
    - {version: 1.31.9, expirationDate: "2026-02-01T00:00:00Z"}
    - {version: 1.30.2, expirationDate: "2026-01-05T00:00:00Z"}
  machineImages: []
"#;

const CHAIN_SHOOT: &str = r#"
spec:
  kubernetes: {version: 1.30.2}
  maintenance:
    autoUpdate: {kubernetesVersion: false, machineImageVersion: false}
  provider: {workers: []}
"#;

#[test]
fn forced_minor_updates_follow_the_expirations_one_window_each() {
    let timeline = timeline(
        &profile(CHAIN_PROFILE),
        &shoot(CHAIN_SHOOT),
        window(),
        at("2026-01-01T00:00:00Z"),
        at("2027-01-01T00:00:00Z"),
    )
    .unwrap();
    let steps: Vec<(String, &str, &str, UpdateReason)> = timeline
        .events
        .iter()
        .map(|e| {
            (
                e.window_begin.to_rfc3339(),
                e.from.as_str(),
                e.to.as_str(),
                e.reason,
            )
        })
        .collect();
    // 1.30.2 expires on Jan 5 00:00, so the 22:00 window of Jan 5 forces 1.31.9; that one expires on
    // Feb 1 00:00 (window of Feb 1), then 1.32.5 on Mar 1. A forced update goes to the next minor only.
    assert_eq!(
        steps,
        [
            (
                "2026-01-05T22:00:00+00:00".into(),
                "1.30.2",
                "1.31.9",
                UpdateReason::Force
            ),
            (
                "2026-02-01T22:00:00+00:00".into(),
                "1.31.9",
                "1.32.5",
                UpdateReason::Force
            ),
            (
                "2026-03-01T22:00:00+00:00".into(),
                "1.32.5",
                "1.33.0",
                UpdateReason::Force
            ),
        ]
    );
    assert_eq!(timeline.final_state.kubernetes_version, "1.33.0");
    assert!(timeline.blocked.is_empty());
    // Only the windows after transitions (and the one after each change) are evaluated.
    assert!(
        timeline.windows_evaluated <= 8,
        "{}",
        timeline.windows_evaluated
    );
}

#[test]
fn the_first_event_is_one_maintenance_run_at_that_window() {
    let profile = profile(CHAIN_PROFILE);
    let shoot = shoot(CHAIN_SHOOT);
    let timeline = timeline(
        &profile,
        &shoot,
        window(),
        at("2026-01-01T00:00:00Z"),
        at("2027-01-01T00:00:00Z"),
    )
    .unwrap();
    let first = &timeline.events[0];
    let single = maintenance::run(&profile, &shoot, first.window_begin).unwrap();
    assert_eq!(single.kubernetes.to, first.to);
    assert_eq!(single.kubernetes.reason_message, first.reason_message);
}

#[test]
fn a_missing_consecutive_minor_blocks_the_forced_update() {
    let profile = profile(
        r#"
spec:
  kubernetes:
    versions:
    - {version: 1.32.0}
    - {version: 1.30.2, expirationDate: "2026-01-05T00:00:00Z"}
  machineImages: []
"#,
    );
    let timeline = timeline(
        &profile,
        &shoot(CHAIN_SHOOT),
        window(),
        at("2026-01-01T00:00:00Z"),
        at("2026-06-01T00:00:00Z"),
    )
    .unwrap();
    assert!(timeline.events.is_empty(), "{:?}", timeline.events);
    assert_eq!(timeline.blocked.len(), 1);
    assert_eq!(timeline.blocked[0].window_begin, at("2026-01-05T22:00:00Z"));
    assert_eq!(timeline.blocked[0].version, "1.30.2");
    assert!(!timeline.blocked[0].message.is_empty());
    assert_eq!(timeline.final_state.kubernetes_version, "1.30.2");
}

/// A deterministic profile with `minors` minor versions of `patches` patches each, older minors
/// expiring one month apart, and a Shoot on the oldest version.
fn generated(minors: u64, patches: u64, auto_update: bool) -> (CloudProfile, Shoot) {
    let mut versions = String::new();
    for minor in (0..minors).rev() {
        for patch in (0..patches).rev() {
            let expiry = if minor + 1 < minors {
                let month = minor % 12 + 1;
                let year = 2026 + minor / 12;
                format!(", expirationDate: \"{year}-{month:02}-15T00:00:00Z\"")
            } else {
                String::new()
            };
            versions.push_str(&format!("    - {{version: 1.{minor}.{patch}{expiry}}}\n"));
        }
    }
    let profile = profile(&format!(
        "spec:\n  kubernetes:\n    versions:\n{versions}  machineImages: []\n"
    ));
    let shoot = shoot(&format!(
        "spec:\n  kubernetes: {{version: 1.0.0}}\n  maintenance:\n    autoUpdate: {{kubernetesVersion: {auto_update}, machineImageVersion: false}}\n  provider: {{workers: []}}\n"
    ));
    (profile, shoot)
}

#[test]
fn replaying_the_events_reproduces_the_final_state_for_generated_profiles() {
    for (minors, patches, auto_update) in
        [(3, 2, false), (8, 3, true), (20, 1, false), (12, 5, true)]
    {
        let (profile, shoot) = generated(minors, patches, auto_update);
        let timeline = timeline(
            &profile,
            &shoot,
            window(),
            at("2026-01-01T00:00:00Z"),
            at("2031-01-01T00:00:00Z"),
        )
        .unwrap();
        let mut version = "1.0.0".to_string();
        for event in &timeline.events {
            assert_eq!(event.from, version, "events chain for {minors}x{patches}");
            version = event.to.clone();
        }
        assert_eq!(version, timeline.final_state.kubernetes_version);
        // At most one change per minor per patch level plus the auto-updates: bounded by the versions.
        assert!(timeline.events.len() as u64 <= minors * patches);
        // The windows are in time order.
        assert!(timeline
            .events
            .windows(2)
            .all(|w| w[0].window_begin <= w[1].window_begin));
    }
}

#[test]
fn ten_years_over_two_hundred_versions_stays_cheap() {
    let (profile, shoot) = generated(40, 5, false);
    let started = std::time::Instant::now();
    let timeline = timeline(
        &profile,
        &shoot,
        window(),
        at("2026-01-01T00:00:00Z"),
        at("2036-01-01T00:00:00Z"),
    )
    .unwrap();
    let elapsed = started.elapsed();
    eprintln!(
        "timeline over 10 years, 200 versions: {} events, {} windows evaluated, {elapsed:?}",
        timeline.events.len(),
        timeline.windows_evaluated
    );
    // Windows evaluated follow the transitions (39 expiries), not the ~3650 days.
    assert!(
        timeline.windows_evaluated < 200,
        "{}",
        timeline.windows_evaluated
    );
    assert!(elapsed < std::time::Duration::from_secs(5));
}
