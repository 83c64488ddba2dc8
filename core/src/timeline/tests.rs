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

#[test]
fn a_forced_update_the_api_server_refuses_is_blocked_until_an_image_allows_it() {
    // The pool's image accepts kubelets below 1.31 only until 1.0.1 arrives (from February on):
    // Gardener's dry run refuses the forced 1.31 update, and every run after it, until then.
    let profile = profile(
        r#"
spec:
  kubernetes:
    versions:
    - {version: 1.31.9}
    - {version: 1.30.2, expirationDate: "2026-01-05T00:00:00Z"}
  machineImages:
  - name: gardenlinux
    updateStrategy: major
    versions:
    - {version: 1.0.1, kubeletVersionConstraint: "< 1.32", lifecycle: [{classification: preview}, {classification: supported, startTime: "2026-02-01T00:00:00Z"}]}
    - {version: 1.0.0, kubeletVersionConstraint: "< 1.31"}
  machineTypes:
  - {name: m5, cpu: "2", gpu: "0", memory: 8Gi}
"#,
    );
    let shoot = shoot(
        r#"
metadata: {name: refused}
spec:
  kubernetes: {version: 1.30.2}
  maintenance:
    autoUpdate: {kubernetesVersion: false, machineImageVersion: true}
  provider:
    workers:
    - name: pool
      machine: {type: m5, image: {name: gardenlinux, version: 1.0.0}}
"#,
    );
    let timeline = timeline(
        &profile,
        &shoot,
        window(),
        at("2026-01-01T00:00:00Z"),
        at("2026-06-01T00:00:00Z"),
    )
    .unwrap();
    let refused = &timeline.blocked[..];
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].window_begin, at("2026-01-05T22:00:00Z"));
    assert_eq!(refused[0].component, Component::ControlPlane);
    assert_eq!(refused[0].version, "1.30.2");
    assert_eq!(
        refused[0].message,
        "Updates to the Shoot failed to be applied: shoots.core.gardener.cloud \"refused\" is forbidden: spec.provider.workers[0].machine.image: Invalid value: machine image 'gardenlinux@1.0.0' does not support kubelet version '1.31.9', supported kubelet versions by this machine image version: '< 1.31'"
    );
    // From February the image update comes first in the run, so the control plane follows.
    let steps: Vec<(String, &str, &str)> = (timeline.events.iter())
        .map(|e| (e.window_begin.to_rfc3339(), e.from.as_str(), e.to.as_str()))
        .collect();
    assert_eq!(
        steps,
        [
            ("2026-02-01T22:00:00+00:00".to_string(), "1.30.2", "1.31.9"),
            ("2026-02-01T22:00:00+00:00".to_string(), "1.0.0", "1.0.1"),
        ]
    );
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

const POOLS_SHOOT: &str = r#"
metadata: {name: pools, namespace: garden-dev}
spec:
  kubernetes: {version: 1.32.4}
  provider:
    type: aws
    workers:
    - name: a
      machine: {type: m5.large, image: {name: gardenlinux, version: 1592.1.0}}
    - name: b
      machine: {type: m5.large, image: {name: gardenlinux, version: 1592.1.0}}
      volume: {size: 50Gi}
    - name: c
      machine: {type: m5.xlarge, image: {name: ubuntu, version: "24.4"}}
      kubernetes: {version: 1.31.9}
    - name: d
      machine: {type: m5.large, image: {name: gardenlinux, version: 1592.1.0}}
      updateStrategy: AutoInPlaceUpdate
"#;

/// A chain of states as runs and users leave them: one pool's image, the control plane, one pool's
/// own version, a Shoot-wide kubelet setting every key hashes, nothing, the last maintenance (which
/// no hash reads), the operation annotation with the control plane (as every run writes it), a CA
/// rotation and node-local DNS (which every rolling key reads), the
/// control plane with one pool's image, one pool's image with its own version, and its version with
/// a kubelet of its own.
fn pool_states() -> Vec<Shoot> {
    let mut states = vec![shoot(POOLS_SHOOT)];
    let mut next = |change: &dyn Fn(&mut Shoot)| {
        let mut state = states.last().unwrap().clone();
        change(&mut state);
        states.push(state);
    };
    let image = |pool: usize, version: &'static str| {
        move |s: &mut Shoot| {
            s.spec
                .provider
                .worker_mut(pool)
                .unwrap()
                .machine
                .image
                .as_mut()
                .unwrap()
                .version = Some(version.into())
        }
    };
    next(&image(1, "1592.2.0"));
    next(&|s| s.spec.kubernetes.version = "1.33.1".into());
    next(&|s| {
        let pool = s
            .spec
            .provider
            .worker_mut(2)
            .unwrap()
            .kubernetes
            .as_mut()
            .unwrap();
        pool.version = Some("1.32.4".into());
    });
    next(&image(3, "1592.2.0"));
    next(&|s| {
        let reserved = serde_json::json!({"kubeReserved": {"cpu": "100m"}});
        s.spec.kubernetes.kubelet = Some(crate::decode::from_value(&reserved).unwrap());
    });
    next(&|_| {});
    next(&image(0, "1592.2.0"));
    next(&|s| {
        s.status.last_maintenance = Some(crate::maintenance::LastMaintenance {
            description: "all up to date".into(),
            triggered_time: None,
            state: "Succeeded".into(),
            failure_reason: None,
        })
    });
    next(&|s| {
        let operation = ("gardener.cloud/operation".into(), "reconcile".into());
        s.metadata.annotations.extend([operation]);
        s.spec.kubernetes.version = "1.33.2".into();
    });
    next(&|s| {
        let rotation = serde_json::json!({"rotation": {"certificateAuthorities": {
            "phase": "Completed", "lastInitiationTime": "2026-05-01T10:00:00Z"}}});
        s.status.credentials = Some(crate::decode::from_value(&rotation).unwrap());
    });
    next(&|s| {
        let dns = serde_json::json!({"nodeLocalDNS": {"enabled": true}});
        s.spec.system_components = Some(crate::decode::from_value(&dns).unwrap());
    });
    next(&|s| {
        s.spec.kubernetes.version = "1.34.0".into();
        s.spec
            .provider
            .worker_mut(1)
            .unwrap()
            .machine
            .image
            .as_mut()
            .unwrap()
            .version = Some("1592.3.0".into());
    });
    next(&|s| {
        let pool = s.spec.provider.worker_mut(2).unwrap();
        pool.machine.image.as_mut().unwrap().version = Some("24.5".into());
        pool.kubernetes.as_mut().unwrap().version = Some("1.33.0".into());
    });
    next(&|s| {
        let pool = s.spec.provider.worker_mut(2).unwrap();
        let kubernetes = pool.kubernetes.as_mut().unwrap();
        kubernetes.version = Some("1.34.0".into());
        let gates = [("SomeGate".to_string(), true)].into_iter().collect();
        kubernetes.kubelet = Some(crate::api::KubeletConfig {
            feature_gates: Some(gates),
            ..Default::default()
        });
    });
    states
}

#[test]
fn rollout_views_taken_over_from_the_previous_state_give_the_roll_triggers_of_fresh_ones() {
    let states = pool_states();
    let digests = crate::rollout::hash::Digests::default();
    let mut previous_view = as_rollout(&states[0], None);
    let mut kinds = Vec::new();
    for index in 1..states.len() {
        let (before, after) = (&states[index - 1], &states[index]);
        let view = as_rollout(after, Some((before, &previous_view)));
        let fresh = as_rollout(after, None);
        assert_eq!(view.shoot(), fresh.shoot(), "state {index}");
        let expected = crate::rollout::roll_triggers(Some(before), after, &Default::default())
            .unwrap()
            .workers;
        let expected = crate::rollout::trigger::tests::kinds_of(&expected);
        let found =
            crate::rollout::trigger::tests::updates_by_name(&previous_view, &view, &digests);
        assert_eq!(found.as_ref(), Some(&expected), "state {index}");
        kinds.push(
            expected
                .into_iter()
                .map(|(_, kind)| kind)
                .collect::<Vec<_>>(),
        );
        previous_view = view;
    }
    use crate::rollout::UpdateKind::{InPlace, None as Stays, Rolling};
    assert_eq!(
        kinds,
        [
            vec![Stays, Rolling, Stays, Stays],
            vec![Rolling, Rolling, Stays, InPlace],
            vec![Stays, Stays, Rolling, Stays],
            vec![Stays, Stays, Stays, InPlace],
            vec![Rolling, Rolling, Rolling, InPlace],
            vec![Stays, Stays, Stays, Stays],
            vec![Rolling, Stays, Stays, Stays],
            vec![Stays, Stays, Stays, Stays],
            vec![Stays, Stays, Stays, Stays],
            vec![Rolling, Rolling, Rolling, InPlace],
            vec![Rolling, Rolling, Rolling, Stays],
            vec![Rolling, Rolling, Stays, InPlace],
            vec![Stays, Stays, Rolling, Stays],
            vec![Stays, Stays, Rolling, Stays],
        ]
    );
}
