//! Unit tests for the subtle maintenance rules (spec/maintenance.md §3–§8, §12).

use super::*;
use crate::lifecycle::ExpirableVersion;
use chrono::{DateTime, Utc};

fn now() -> DateTime<Utc> {
    "2026-01-01T00:00:00Z".parse().unwrap()
}

/// Versions from a compact list: `"1.2.3"`, `"1.2.3:expired"`, `"1.2.3:preview"`,
/// `"1.2.3:deprecated"`, `"1.2.3:preview+expired"` (preview whose expiration date has passed).
fn versions(specs: &[&str]) -> Vec<ExpirableVersion> {
    specs
        .iter()
        .map(|spec| {
            let (version, flags) = spec.split_once(':').unwrap_or((spec, ""));
            let yaml = match flags {
                "" => format!("version: '{version}'"),
                "expired" => format!(
                    "{{version: '{version}', expirationDate: '2025-12-31T00:00:00Z'}}"
                ),
                "preview+expired" => format!(
                    "{{version: '{version}', classification: preview, expirationDate: '2025-12-31T00:00:00Z'}}"
                ),
                other => format!("{{version: '{version}', classification: {other}}}"),
            };
            serde_yaml::from_str(&yaml).unwrap()
        })
        .collect()
}

fn found(result: Result<Option<String>, String>) -> Option<String> {
    result.unwrap()
}

#[test]
fn expired_preview_version_becomes_a_force_target() {
    // A preview version whose expiration date has passed is classified `expired`, so the preview
    // exclusion no longer applies and the expired fallback may pick it.
    let list = versions(&["1.0.0:expired", "1.1.0:preview+expired", "1.1.1:preview"]);
    assert_eq!(
        found(force_consecutive_minor(&list, "1.0.0", now())),
        Some("1.1.0".into())
    );
}

#[test]
fn consecutive_minor_never_skips_a_minor_or_changes_the_major() {
    let list = versions(&["1.0.0:expired", "1.2.0", "2.1.0"]);
    assert_eq!(found(force_consecutive_minor(&list, "1.0.0", now())), None);
    let list = versions(&[
        "1.0.0:expired",
        "1.1.0:expired",
        "1.1.1",
        "1.1.2:deprecated",
    ]);
    // Highest non-expired of minor+1, without a supported-over-deprecated preference.
    assert_eq!(
        found(force_consecutive_minor(&list, "1.0.0", now())),
        Some("1.1.2".into())
    );
    let list = versions(&["1.0.0:expired", "1.1.0:expired", "1.1.1:expired"]);
    assert_eq!(
        found(force_consecutive_minor(&list, "1.0.0", now())),
        Some("1.1.1".into())
    );
}

#[test]
fn patch_first_beats_supported_first() {
    let list = versions(&["1.0.0", "1.0.5:deprecated", "1.1.0"]);
    assert_eq!(
        found(overall_latest_for_auto_update(&list, "1.0.0", now())),
        Some("1.0.5".into())
    );
    assert_eq!(
        found(latest_minor_for_auto_update(&list, "1.0.5", now())),
        Some("1.1.0".into())
    );
    // Within one scope a non-deprecated version wins over a higher deprecated one.
    let list = versions(&["1.0.0", "1.1.0", "1.2.0:deprecated"]);
    assert_eq!(
        found(latest_minor_for_auto_update(&list, "1.0.0", now())),
        Some("1.1.0".into())
    );
}

#[test]
fn zero_version_and_equal_versions_tie_break() {
    let list = versions(&["0.0.0"]);
    assert_eq!(latest_qualifying_version(&list, now()).unwrap(), None);
    let list = versions(&["2", "2.0.0"]);
    assert_eq!(
        latest_qualifying_version(&list, now())
            .unwrap()
            .map(|v| v.version.as_str()),
        Some("2")
    );
}

#[test]
fn next_higher_minor_prefers_an_expired_version_of_the_next_group_over_skipping_it() {
    // §12.5: the next group is computed over all majors, so 2.1.0 makes minor 1 "next" and 1.2.x
    // counts as skipped; the expired 1.2.2 then beats 1.2.1.
    let list = versions(&["1.0.0:expired", "1.2.1", "1.2.2:expired", "2.1.0"]);
    assert_eq!(
        found(force_next_higher_minor(&list, "1.0.0", now())),
        Some("1.2.2".into())
    );
    // A minor with only preview versions is skipped.
    let list = versions(&["1.0.0:expired", "1.1.0:preview", "1.2.0", "1.2.3"]);
    assert_eq!(
        found(force_next_higher_minor(&list, "1.0.0", now())),
        Some("1.2.3".into())
    );
}

#[test]
fn next_higher_major_skips_preview_only_majors() {
    let list = versions(&["1.0.0:expired", "2.0.0:preview", "3.0.0", "3.1.0", "4.0.0"]);
    assert_eq!(
        found(force_next_higher_major(&list, "1.0.0", now())),
        Some("3.1.0".into())
    );
}

fn image(strategy: &str, specs: &[&str]) -> types::MachineImage {
    types::MachineImage {
        name: "gardenlinux".into(),
        update_strategy: Some(strategy.into()),
        versions: versions(specs)
            .into_iter()
            .map(|expirable| types::MachineImageVersion {
                expirable,
                ..Default::default()
            })
            .collect(),
    }
}

fn shoot_image(version: &str) -> types::ShootMachineImage {
    types::ShootMachineImage {
        name: "gardenlinux".into(),
        version: Some(version.into()),
        ..Default::default()
    }
}

#[test]
fn image_strategies_choose_their_own_force_targets() {
    let specs = ["1.0.0:expired", "1.1.0", "2.0.0"];
    let target = |strategy: &str| {
        determine_machine_image_version(
            &shoot_image("1.0.0"),
            &image(strategy, &specs),
            true,
            now(),
        )
    };
    // patch: the auto scope finds nothing, the force step goes to the next minor.
    assert_eq!(target("patch").unwrap(), Some("1.1.0".into()));
    // minor and major: the auto scope already finds something newer.
    assert_eq!(target("minor").unwrap(), Some("1.1.0".into()));
    assert_eq!(target("major").unwrap(), Some("2.0.0".into()));

    let only_expired = image("major", &["1.0.0:expired"]);
    let error = determine_machine_image_version(&shoot_image("1.0.0"), &only_expired, true, now())
        .unwrap_err();
    assert!(error.starts_with("failed to determine the target version for maintenance of machine image \"gardenlinux\" with strategy \"major\": failed to determine version for forceful update: either the machine image \"gardenlinux\" is reaching end of life"));

    let patch_dead_end = image("patch", &["1.0.0:expired", "2.0.0"]);
    let error =
        determine_machine_image_version(&shoot_image("1.0.0"), &patch_dead_end, true, now())
            .unwrap_err();
    assert!(error.ends_with("cannot perform forceful update of expired version \"1.0.0\". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile"));
}

fn profile_and_shoot(yaml_profile: &str, yaml_shoot: &str) -> (CloudProfile, Shoot) {
    (
        serde_yaml::from_str(yaml_profile).unwrap(),
        serde_yaml::from_str(yaml_shoot).unwrap(),
    )
}

/// A run's outcome before Gardener's dry run: what its steps select. PROFILE's 1.0.2 is
/// `unavailable` until February: maintenance selects it, and the dry run then refuses the run.
fn before_dry_run(profile: &CloudProfile, shoot: &Shoot, now: DateTime<Utc>) -> MaintenanceOutcome {
    let profile = crate::defaults::defaulted_cloud_profile(profile);
    run::run_memoized(&profile, shoot, now, &mut RunMemo::default()).unwrap()
}

const PROFILE: &str = r#"
metadata: {name: profile}
spec:
  kubernetes:
    versions:
    - {version: 1.30.1, expirationDate: '2025-12-31T00:00:00Z'}
    - {version: 1.30.5, expirationDate: '2025-12-31T00:00:00Z'}
    - {version: 1.31.2}
    - {version: 1.31.7, expirationDate: '2026-03-01T00:00:00Z'}
  machineImages:
  - name: gardenlinux
    updateStrategy: patch
    versions:
    - {version: 1.0.0, architectures: [amd64]}
    - {version: 1.0.1, architectures: [arm64]}
    - {version: 1.0.2, architectures: [amd64], lifecycle: [{classification: supported, startTime: '2026-02-01T00:00:00Z'}]}
  machineTypes:
  - {name: m5}
"#;

const SHOOT: &str = r#"
metadata:
  name: shoot
  annotations: {gardener.cloud/operation: maintain}
spec:
  kubernetes: {version: 1.30.5}
  maintenance: {autoUpdate: {kubernetesVersion: false, machineImageVersion: true}}
  provider:
    workers:
    - name: pinned
      machine: {type: m5, architecture: amd64, image: {name: gardenlinux, version: 1.0.0}}
      kubernetes: {version: v1.30.1}
    - name: follows
      machine: {type: m5, architecture: amd64, image: {name: gardenlinux, version: 1.0.1}}
"#;

#[test]
fn worker_pool_versions_are_capped_and_rendered_canonically() {
    let (profile, shoot) = profile_and_shoot(PROFILE, SHOOT);
    let outcome = before_dry_run(&profile, &shoot, now());
    // Control plane: 1.30.5 is expired and the newest patch, so the force step goes to 1.31.7.
    assert_eq!(outcome.kubernetes.to, "1.31.7");
    assert_eq!(outcome.kubernetes.reason, UpdateReason::Force);
    // Pool: v1.30.1 is expired; its target 1.30.5 is expired too, so it also goes to 1.31.7 and is
    // stored in canonical form.
    let pinned = outcome.workers[0].kubernetes.as_ref().unwrap();
    assert_eq!(pinned.to, "1.31.7");
    assert_eq!(
        pinned.description.as_deref(),
        Some("Updated Kubernetes version from \"v1.30.1\" to \"1.31.7\"")
    );
    // The pool following the control plane has no own entry.
    assert!(outcome.workers[1].kubernetes.is_none());
    assert_eq!(
        outcome.shoot.spec.provider.workers[0].kubernetes_version(),
        Some("1.31.7")
    );
    // The `maintain` annotation is consumed; the next reconciliation is asked for its tasks
    // (`maintainTasks`).
    let annotations = &outcome.shoot.metadata.annotations;
    assert_eq!(
        annotations.keys().collect::<Vec<_>>(),
        ["shoot.gardener.cloud/tasks"]
    );
    assert_eq!(
        annotations["shoot.gardener.cloud/tasks"],
        "deployInfrastructure,deployDNSRecordInternal,deployDNSRecordExternal,deployDNSRecordIngress,restartControlPlanePods"
    );
}

#[test]
fn pool_target_above_the_control_plane_is_lowered_to_it() {
    let (profile, mut shoot) = profile_and_shoot(PROFILE, SHOOT);
    shoot.spec.kubernetes.version = "1.31.2".into();
    let outcome = before_dry_run(&profile, &shoot, now());
    assert_eq!(outcome.kubernetes.reason, UpdateReason::None);
    let pinned = outcome.workers[0].kubernetes.as_ref().unwrap();
    assert_eq!(pinned.to, "1.31.2");
    assert_eq!(pinned.reason, UpdateReason::Force);
}

#[test]
fn filtered_out_image_version_counts_as_missing_and_unavailable_versions_are_selectable() {
    let (profile, mut shoot) = profile_and_shoot(PROFILE, SHOOT);
    // 1.0.1 is arm64-only, so for an amd64 pool it is "missing" and forced; 1.0.2 is still
    // unavailable (its lifecycle starts later) but maintenance does not exclude it.
    shoot.spec.provider.workers_mut().truncate(2);
    let outcome = before_dry_run(&profile, &shoot, now());
    let follows = &outcome.workers[1].image;
    assert_eq!(follows.reason, UpdateReason::Force);
    assert_eq!(
        follows.reason_message.as_deref(),
        Some("Version does not exist in CloudProfile")
    );
    assert_eq!(follows.to, "1.0.2");
    let pinned = &outcome.workers[0].image;
    assert_eq!(pinned.reason, UpdateReason::Auto);
    assert_eq!(pinned.to, "1.0.2");
    // Gardener's dry run refuses an image version that is not active: the run changes nothing.
    let refused = run(&profile, &shoot, now()).unwrap();
    assert_eq!(refused.workers[1].image, VersionUpdate::unchanged("1.0.1"));
    assert_eq!(refused.update_rejections.len(), 2);
    assert_eq!(
        refused.last_maintenance.unwrap().description,
        "Maintenance failed"
    );
}

#[test]
fn last_maintenance_texts_and_recovery() {
    let (profile, shoot) = profile_and_shoot(PROFILE, SHOOT);
    let outcome = before_dry_run(&profile, &shoot, now());
    let last = outcome.last_maintenance.clone().unwrap();
    assert_eq!(last.state, "Succeeded");
    assert!(last
        .description
        .starts_with("All maintenance operations successful. Control Plane: Updated Kubernetes version from \"1.30.5\" to \"1.31.7\". Reason: Kubernetes version expired - force update required, "));
    assert_eq!(last.failure_reason, None);

    // A second run on the result changes nothing; the status stays as it is.
    let second = run(&profile, &outcome.shoot, now()).unwrap();
    assert!(!second.changed_versions());
    assert_eq!(second.last_maintenance, None);

    // After a failed maintenance, a run with nothing to do reports the recovery.
    let mut failed = second.shoot.clone();
    failed.status.last_maintenance = Some(LastMaintenance {
        description: "x".into(),
        triggered_time: None,
        state: "Failed".into(),
        failure_reason: Some("y".into()),
    });
    let recovered = run(&profile, &failed, now()).unwrap();
    let last = recovered.last_maintenance.unwrap();
    assert_eq!(
        (last.description.as_str(), last.state.as_str()),
        ("Maintenance succeeded", "Succeeded")
    );
    assert_eq!(last.failure_reason, None);
}

#[test]
fn relevant_transitions_list_future_instants_of_used_versions() {
    let (profile, shoot) = profile_and_shoot(PROFILE, SHOOT);
    let instants: Vec<String> = relevant_transitions(&profile, &shoot, now())
        .iter()
        .map(|t| t.to_rfc3339())
        .collect();
    assert_eq!(
        instants,
        ["2026-02-01T00:00:00+00:00", "2026-03-01T00:00:00+00:00"]
    );
}

#[test]
fn unsupported_feature_gates_are_removed_with_a_sorted_list() {
    let (profile, mut shoot) = profile_and_shoot(PROFILE, SHOOT);
    shoot.spec.kubernetes.kubelet = Some(
        serde_yaml::from_str(
            "{featureGates: {CSIMigrationRBD: true, APIPriorityAndFairness: true, AllBeta: false, NoSuchGate: true}}",
        )
        .unwrap(),
    );
    let outcome = before_dry_run(&profile, &shoot, now());
    assert!(outcome.operations.contains(&"Removed feature gates from \"spec.kubernetes.kubelet.featureGates\" because they are not supported in Kubernetes version \"1.31.7\": APIPriorityAndFairness, CSIMigrationRBD, NoSuchGate".to_string()));
    let gates = outcome
        .shoot
        .spec
        .kubernetes
        .kubelet
        .unwrap()
        .feature_gates
        .unwrap();
    assert_eq!(gates.keys().collect::<Vec<_>>(), ["AllBeta"]);
}

#[test]
fn unmodelled_shoot_fields_survive_a_run() {
    let shoot_json = serde_json::json!({
        "apiVersion": "core.gardener.cloud/v1beta1",
        "kind": "Shoot",
        "metadata": {"name": "s", "namespace": "garden-dev", "labels": {"a": "b"}},
        "spec": {
            "region": "eu",
            "kubernetes": {"version": "1.31.2", "kubeAPIServer": {"auditConfig": {"x": 1}}},
            "maintenance": {
                "timeWindow": {"begin": "220000+0000", "end": "230000+0000"},
                "autoUpdate": {"kubernetesVersion": false}
            },
            "provider": {"type": "aws", "workers": [{
                "name": "w", "minimum": 1, "maximum": 3,
                "machine": {"type": "m5", "architecture": "amd64",
                            "image": {"name": "gardenlinux", "version": "1.0.2"}}
            }]}
        }
    });
    let (profile, _) = profile_and_shoot(PROFILE, SHOOT);
    let shoot: Shoot = serde_json::from_value(shoot_json.clone()).unwrap();
    let outcome = before_dry_run(&profile, &shoot, now());
    assert_eq!(outcome.last_maintenance, None);
    // Unchanged but for the tasks every run asks the next reconciliation for.
    let mut expected = shoot_json;
    expected["metadata"]["annotations"] = serde_json::json!({
        "shoot.gardener.cloud/tasks": "deployInfrastructure,deployDNSRecordInternal,\
            deployDNSRecordExternal,deployDNSRecordIngress,restartControlPlanePods"
    });
    assert_eq!(serde_json::to_value(&outcome.shoot).unwrap(), expected);
}

#[test]
fn tasks_already_asked_for_are_kept_once() {
    let (profile, mut shoot) = profile_and_shoot(PROFILE, SHOOT);
    shoot.metadata.annotations.insert(
        "shoot.gardener.cloud/tasks".to_string(),
        "restartCoreAddons,deployInfrastructure".to_string(),
    );
    let outcome = before_dry_run(&profile, &shoot, now());
    assert_eq!(
        outcome.shoot.metadata.annotations["shoot.gardener.cloud/tasks"],
        "restartCoreAddons,deployInfrastructure,deployDNSRecordInternal,deployDNSRecordExternal,\
         deployDNSRecordIngress,restartControlPlanePods"
    );
}

#[test]
fn update_rejections_predict_kubelet_constraint_and_version_skew() {
    let (mut profile, mut shoot) = profile_and_shoot(PROFILE, SHOOT);
    profile.spec.machine_images[0].versions[0].kubelet_version_constraint = Some("< 1.31".into());
    shoot.spec.kubernetes.version = "1.31.2".into();
    let pool = (shoot.spec.provider.worker_mut(0).unwrap())
        .kubernetes
        .as_mut()
        .unwrap();
    pool.version = Some("1.27.0".into());
    let errors = admission::update_rejections(&profile, &shoot);
    let texts: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].contains("spec.provider.workers[0].kubernetes.version"));
    assert!(texts[0].contains("at most three minor versions behind"));

    shoot.spec.provider.worker_mut(0).unwrap().kubernetes = None;
    let errors = admission::update_rejections(&profile, &shoot);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].field, "spec.provider.workers[0].machine.image");
    assert_eq!(errors[0].detail, "machine image 'gardenlinux@1.0.0' does not support kubelet version '1.31.2', supported kubelet versions by this machine image version: '< 1.31'");
}

#[test]
fn a_run_the_api_server_refuses_changes_nothing_and_fails() {
    // The forced 1.31.7 update leaves the `follows` pool on an image whose kubelet constraint
    // excludes it: Gardener's dry run refuses the maintained Shoot, so nothing is applied.
    let (mut profile, shoot) = profile_and_shoot(PROFILE, SHOOT);
    for version in &mut profile.spec.machine_images[0].versions {
        version.kubelet_version_constraint = Some("< 1.31".into());
    }
    // February: the image 1.0.2 the pools move to is supported, and 1.31.7 not yet expired.
    let february = "2026-02-15T00:00:00Z".parse().unwrap();
    let outcome = run(&profile, &shoot, february).unwrap();
    assert_eq!(outcome.kubernetes, VersionUpdate::unchanged("1.30.5"));
    for (worker, original) in outcome
        .workers
        .iter()
        .zip(shoot.spec.provider.workers.iter())
    {
        let image = original.machine.image().version.as_deref().unwrap();
        assert_eq!(
            worker.image,
            VersionUpdate::unchanged(image),
            "{}",
            worker.name
        );
    }
    assert_eq!(
        outcome.workers[0].kubernetes,
        Some(VersionUpdate::unchanged("v1.30.1"))
    );
    assert!(outcome.operations.is_empty());
    // Both pools end on 1.0.2 with kubelet 1.31.7 (the pinned pool's own version expired too).
    let detail = "machine image 'gardenlinux@1.0.2' does not support kubelet version '1.31.7', supported kubelet versions by this machine image version: '< 1.31'";
    let pool = |index: usize| format!("spec.provider.workers[{index}].machine.image");
    assert_eq!(
        outcome.update_rejections,
        [0, 1].map(|index| crate::field::FieldError::invalid(pool(index), detail))
    );
    let written = outcome.last_maintenance.as_ref().unwrap();
    assert_eq!(written.description, "Maintenance failed");
    assert_eq!(written.state, "Failed");
    assert_eq!(written.triggered_time, Some(february));
    let field_error = |index: usize| format!("{}: Invalid value: {detail}", pool(index));
    assert_eq!(
        written.failure_reason.as_deref(),
        Some(format!(
            "Updates to the Shoot failed to be applied: shoots.core.gardener.cloud \"shoot\" is forbidden: [{}, {}]",
            field_error(0),
            field_error(1)
        )
        .as_str())
    );
    // The Shoot keeps its spec; the `maintain` annotation goes, and the status is written.
    assert_eq!(outcome.shoot.spec, shoot.spec);
    assert!(!outcome
        .shoot
        .metadata
        .annotations
        .contains_key("gardener.cloud/operation"));
    assert_eq!(
        outcome.shoot.status.last_maintenance.as_ref(),
        Some(written)
    );

    // The object's own validation answers before the plugin: a pool newer than the control plane.
    let (profile, mut shoot) = profile_and_shoot(PROFILE, SHOOT);
    shoot
        .spec
        .provider
        .worker_mut(0)
        .unwrap()
        .kubernetes
        .as_mut()
        .unwrap()
        .version = Some("1.31.2".into());
    let (errors, text) = admission::dry_run_rejection(&profile, &shoot, &shoot, now()).unwrap();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        text,
        "Shoot.core.gardener.cloud \"shoot\" is invalid: spec.provider.workers[0].kubernetes.version: Forbidden: worker group kubernetes version must not be higher than control plane version"
    );
}

#[test]
fn an_image_version_not_yet_available_is_refused_by_the_dry_run() {
    // An auto update takes the unavailable 1.1.0 for a newer preferred version; the ShootValidator
    // accepts a changed image version only when it is active (or expired and not lower).
    let (profile, shoot) = profile_and_shoot(
        r#"
metadata: {name: profile}
spec:
  kubernetes:
    versions: [{version: 1.25.1}]
  machineImages:
  - name: CoreOS
    updateStrategy: major
    versions:
    - {version: 1.0.0, architectures: [amd64]}
    - {version: 1.1.0, architectures: [amd64], lifecycle: [{classification: unavailable}, {classification: supported, startTime: '2026-01-01T01:00:00Z'}]}
  machineTypes:
  - {name: m1}
"#,
        r#"
metadata: {name: shoot}
spec:
  kubernetes: {version: 1.25.1}
  maintenance: {autoUpdate: {kubernetesVersion: false, machineImageVersion: true}}
  provider:
    workers:
    - name: w1
      machine: {type: m1, architecture: amd64, image: {name: CoreOS, version: 1.0.0}}
"#,
    );
    let at = |instant: &str| instant.parse::<DateTime<Utc>>().unwrap();
    let outcome = run(&profile, &shoot, at("2026-01-01T00:00:00Z")).unwrap();
    assert_eq!(outcome.workers[0].image, VersionUpdate::unchanged("1.0.0"));
    let detail = "machine image version 'CoreOS:1.1.0' is expired, supported machine image versions are: [CoreOS:1.0.0]";
    assert_eq!(
        outcome.update_rejections,
        [crate::field::FieldError::invalid(
            "spec.provider.workers[0].machine.image",
            detail
        )]
    );
    let reason = outcome.last_maintenance.unwrap().failure_reason.unwrap();
    assert_eq!(
        reason,
        format!("Updates to the Shoot failed to be applied: shoots.core.gardener.cloud \"shoot\" is forbidden: spec.provider.workers[0].machine.image: Invalid value: {detail}")
    );
    // Once 1.1.0 is supported, the same update passes.
    let outcome = run(&profile, &shoot, at("2026-01-01T02:00:00Z")).unwrap();
    assert_eq!(outcome.workers[0].image.to, "1.1.0");
    assert!(outcome.update_rejections.is_empty());
}

/// A CloudProfile whose image decisions depend on everything the run memo keys on: kubelet
/// constraints, image expiry on a window's begin, lifecycle stages, CRI, architectures.
const MEMO_PROFILE: &str = "
metadata: {name: memo}
spec:
  kubernetes:
    versions:
    - {version: 1.33.1}
    - {version: 1.32.4}
    - {version: 1.32.3, classification: deprecated, expirationDate: '2026-09-01T00:00:00Z'}
    - {version: 1.31.2, expirationDate: '2026-03-01T00:00:00Z'}
    - {version: 1.30.9, expirationDate: '2026-01-20T00:00:00Z'}
  machineImages:
  - name: os
    updateStrategy: minor
    versions:
    - {version: 3.0.0, kubeletVersionConstraint: '>= 1.32', cri: [{name: containerd}], architectures: [amd64]}
    - version: 2.2.0
      cri: [{name: containerd}]
      architectures: [amd64, arm64]
      lifecycle: [{classification: preview}, {classification: supported, startTime: '2026-02-01T00:00:00Z'}]
    - {version: 2.1.0, cri: [{name: containerd}], architectures: [arm64]}
    - {version: 2.0.0, expirationDate: '2026-06-01T00:00:00Z', cri: [{name: containerd}], architectures: [amd64, arm64]}
    - {version: 1.0.0, expirationDate: '2026-02-15T00:00:00Z', cri: [{name: containerd}], architectures: [amd64, arm64]}
  - name: patchy
    updateStrategy: patch
    versions:
    - {version: 1.1.0, cri: [{name: containerd}]}
    - {version: 1.0.2, cri: [{name: containerd}], expirationDate: '2026-04-01T00:00:00Z'}
    - {version: 1.0.1, cri: [{name: containerd}], expirationDate: '2026-01-10T00:00:00Z'}
  - name: newest
    versions:
    - {version: 2.0.0, kubeletVersionConstraint: '>= 1.31', cri: [{name: containerd}]}
    - {version: 1.0.0, cri: [{name: containerd}]}
  - name: inplace
    updateStrategy: minor
    versions:
    - {version: 1.2.0, cri: [{name: containerd}], inPlaceUpdates: {supported: true, minVersionForUpdate: 1.1.0}}
    - {version: 1.1.0, cri: [{name: containerd}], inPlaceUpdates: {supported: true, minVersionForUpdate: 1.0.0}, expirationDate: '2026-03-01T00:00:00Z'}
    - {version: 1.0.0, cri: [{name: containerd}], inPlaceUpdates: {supported: true}, expirationDate: '2026-01-01T00:00:00Z'}
  machineTypes:
  - {name: small, architecture: amd64}
  - {name: arm, architecture: arm64}
";

const MEMO_SHOOT: &str = "
metadata: {name: s}
spec:
  kubernetes: {version: 1.30.9}
  maintenance: {autoUpdate: {kubernetesVersion: false, machineImageVersion: true}}
  provider:
    workers:
    - {name: a, machine: {type: small, image: {name: os, version: 1.0.0}}}
    - {name: b, machine: {type: arm, image: {name: os, version: 1.0.0}}}
    - {name: c, machine: {type: small, image: {name: os, version: 1.0.0}}, kubernetes: {version: 1.30.9}}
    - {name: d, machine: {type: small, image: {name: patchy, version: 1.0.1}}}
    - {name: e, machine: {type: small, image: {name: OS, version: 2.0.0}}, cri: {name: docker}}
    - {name: f, machine: {type: small, image: {name: newest, version: 1.0.0}}}
    - {name: g, machine: {type: small, image: {name: inplace, version: 1.0.0}}, updateStrategy: AutoInPlaceUpdate}
    - {name: h, machine: {type: small, image: {name: inplace, version: 1.1.0}}, updateStrategy: AutoInPlaceUpdate}
";

/// [`MEMO_SHOOT`] with only the pools whose images constrain no kubelet version: a run decides
/// for all of them at once when it is given the very pools of the run before ([`RunMemo`]'s
/// recent decisions).
fn memo_shoot_unconstrained() -> String {
    let constrained = ["os", "OS", "newest"].map(|image| format!("image: {{name: {image},"));
    (MEMO_SHOOT.lines())
        .filter(|line| {
            !constrained
                .iter()
                .any(|image| line.contains(image.as_str()))
        })
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The steps of a run (what a timeline reads) name the same changed and failed versions as the
/// run's outcome.
fn assert_steps_agree(profile: &CloudProfile, shoot: &Shoot, at: DateTime<Utc>) {
    let (Ok(steps), Ok(outcome)) = (
        run::run_steps(
            profile,
            shoot,
            at,
            &mut RunMemo::default(),
            run::LastMaintenanceRecord::Skipped,
        ),
        run::run_memoized(profile, shoot, at, &mut RunMemo::default()),
    ) else {
        return;
    };
    assert_eq!(
        steps.changed_versions(),
        outcome.changed_versions(),
        "at {at}"
    );
    let mut from_outcome = vec![(UpdatedVersion::ControlPlane, &outcome.kubernetes)];
    for (index, worker) in outcome.workers.iter().enumerate() {
        from_outcome
            .extend((worker.kubernetes.iter()).map(|u| (UpdatedVersion::PoolKubernetes(index), u)));
        from_outcome.push((UpdatedVersion::PoolImage(index), &worker.image));
    }
    let changed_or_failed = |updates: Vec<(UpdatedVersion, &VersionUpdate)>| -> Vec<_> {
        (updates.into_iter())
            .filter(|(_, u)| u.failed || u.from != u.to)
            .map(|(version, u)| (version, u.clone()))
            .collect()
    };
    assert_eq!(
        changed_or_failed(steps.recorded().collect()),
        changed_or_failed(from_outcome),
        "at {at}"
    );
}

#[test]
fn runs_sharing_a_memo_decide_as_runs_without_one() {
    let unconstrained = memo_shoot_unconstrained();
    assert_eq!(unconstrained.matches("- {name:").count(), 3);
    let mut inputs: Vec<(&str, &str)> = crate::examples::GALLERY
        .iter()
        .map(|example| (example.cloud_profile, example.shoot))
        .collect();
    inputs.push((MEMO_PROFILE, MEMO_SHOOT));
    inputs.push((MEMO_PROFILE, &unconstrained));
    let mut changes = 0;
    for (profile, shoot_text) in inputs {
        let profile: CloudProfile = serde_yaml::from_str(profile).unwrap();
        let mut shoot: Shoot = serde_yaml::from_str(shoot_text).unwrap();
        let defaulted = crate::defaults::cloud_profile_with_defaults(profile.clone());
        let mut memo = RunMemo::default();
        // Every twelve hours, so that runs fall exactly on the midnight transitions too.
        let mut at: DateTime<Utc> = "2025-12-01T00:00:00Z".parse().unwrap();
        for step in 0..2 * 400 {
            let remembered = run::run_memoized(&defaulted, &shoot, at, &mut memo);
            // The memoized run leaves the prediction of API server rejections to `run`.
            let fresh = run(&profile, &shoot, at).map(|outcome| MaintenanceOutcome {
                update_rejections: Vec::new(),
                ..outcome
            });
            assert_eq!(remembered, fresh, "at {at}");
            assert_steps_agree(&defaulted, &shoot, at);
            if let Ok(outcome) = fresh {
                if outcome.changed_versions() {
                    changes += 1;
                }
                // Apply only two changes of three, so that an unchanged Shoot meets a grown memo too.
                if step % 3 != 0 {
                    outcome.apply(&mut shoot);
                }
            }
            at += chrono::TimeDelta::hours(12);
        }
        // Back in time with the first Shoot: a remembered decision holds only after the
        // transition before the instant it was made at.
        let shoot: Shoot = serde_yaml::from_str(shoot_text).unwrap();
        for _ in 0..2 * 400 {
            at -= chrono::TimeDelta::hours(12);
            let remembered = run::run_memoized(&defaulted, &shoot, at, &mut memo);
            let fresh = run(&profile, &shoot, at).map(|outcome| MaintenanceOutcome {
                update_rejections: Vec::new(),
                ..outcome
            });
            assert_eq!(remembered, fresh, "back at {at}");
        }
    }
    // The runs changed versions, so the memo met Shoots in several states.
    assert!(changes > 10, "{changes}");
}

#[test]
fn a_defaulted_profile_is_borrowed_and_any_other_is_defaulted() {
    // Every defaultable field set to its default, so that each profile lacking one defaults to it.
    let complete = r#"
spec:
  kubernetes: {versions: [{version: 1.33.1}]}
  machineImages:
  - name: gardenlinux
    updateStrategy: major
    versions:
    - {version: 1592.1.0, cri: [{name: containerd}], architectures: [amd64]}
  machineTypes:
  - {name: m5.large, architecture: amd64}
"#;
    let mut profiles = vec![serde_yaml::from_str::<CloudProfile>(complete).unwrap()];
    // Each of these lacks one default.
    for (from, to) in [
        ("    updateStrategy: major\n", ""),
        (", cri: [{name: containerd}]", ""),
        (", architectures: [amd64]", ""),
        ("m5.large, architecture: amd64", "m5.large"),
    ] {
        assert!(complete.contains(from));
        profiles.push(serde_yaml::from_str(&complete.replacen(from, to, 1)).unwrap());
    }
    // With capabilities, versions and machine types keep their missing architectures.
    let with_capabilities = complete
        .replacen(", architectures: [amd64]", "", 1)
        .replacen("m5.large, architecture: amd64", "m5.large", 1)
        .replacen(
            "  machineTypes:",
            "  machineCapabilities: [{name: architecture, values: [amd64]}]\n  machineTypes:",
            1,
        );
    profiles.push(serde_yaml::from_str(&with_capabilities).unwrap());
    let complete = profiles[0].clone();
    let with_capabilities = profiles[profiles.len() - 1].clone();
    let mut borrowed = Vec::new();
    for (index, profile) in profiles.iter().enumerate() {
        let found = crate::defaults::defaulted_cloud_profile(profile);
        borrowed.push(matches!(found, std::borrow::Cow::Borrowed(_)));
        let expected = if index + 1 == profiles.len() {
            &with_capabilities
        } else {
            &complete
        };
        assert_eq!(*found, *expected, "profile {index}");
        assert_eq!(
            crate::defaults::cloud_profile_with_defaults(profile.clone()),
            *expected,
            "profile {index}"
        );
    }
    assert_eq!(borrowed, [true, false, false, false, false, true]);
}

/// Kubernetes versions of three minors whose classifications change at different instants,
/// with a version that does not parse and leaves preview late in the year: a decision reads the
/// classifications of the current minor, of the next one, of the version that does not parse,
/// and for 0.0.0 of all, so a memo keyed by fewer transitions than these gives other answers.
const KUBERNETES_TRANSITIONS_PROFILE: &str = "
metadata: {name: transitions}
spec:
  kubernetes:
    versions:
    - version: 1.33.0
      lifecycle:
      - {classification: preview}
      - {classification: supported, startTime: '2026-02-15T00:00:00Z'}
      - {classification: expired, startTime: '2026-11-01T00:00:00Z'}
    - version: 1.32.7
      lifecycle: [{classification: preview}, {classification: supported, startTime: '2026-04-01T00:00:00Z'}]
    - {version: 1.32.1, classification: deprecated, expirationDate: '2026-08-01T00:00:00Z'}
    - version: 1.31.4
      lifecycle:
      - {classification: supported}
      - {classification: deprecated, startTime: '2026-02-01T00:00:00Z'}
      - {classification: expired, startTime: '2026-03-15T00:00:00Z'}
    - {version: 1.31.2, expirationDate: '2026-03-01T00:00:00Z'}
    - {version: 1.30.3, expirationDate: '2026-05-01T00:00:00Z'}
    - {version: 0.0.0}
    # Last, as the search for the current version gives up at a version it cannot compare.
    - version: 1.31.x
      lifecycle: [{classification: preview}, {classification: supported, startTime: '2026-10-01T00:00:00Z'}]
  machineTypes:
  - {name: small, architecture: amd64}
";

#[test]
fn remembered_kubernetes_decisions_are_those_of_fresh_runs() {
    let profile: CloudProfile = serde_yaml::from_str(KUBERNETES_TRANSITIONS_PROFILE).unwrap();
    let defaulted = crate::defaults::cloud_profile_with_defaults(profile.clone());
    // One memo for every Shoot and instant, as a timeline and a fleet share it.
    let mut memo = RunMemo::default();
    let mut decided = std::collections::BTreeSet::new();
    for current in [
        "1.31.2",
        "1.31.4",
        "1.30.3",
        "1.32.1",
        "0.0.0",
        "1.31",
        "v1.31.2-rc.1",
    ] {
        for auto_update in [false, true] {
            let shoot: Shoot = serde_yaml::from_str(&format!(
                "metadata: {{name: s}}
spec:
  kubernetes: {{version: {current:?}}}
  maintenance: {{autoUpdate: {{kubernetesVersion: {auto_update}}}}}"
            ))
            .unwrap();
            let start: DateTime<Utc> = "2025-12-01T00:00:00Z".parse().unwrap();
            let instants = (0..4 * 400).map(|step| start + chrono::TimeDelta::hours(6 * step));
            // Forward, then backward, so that a remembered decision meets earlier instants too.
            for at in instants.clone().chain(instants.rev()) {
                let remembered = run::run_memoized(&defaulted, &shoot, at, &mut memo);
                let fresh = run(&profile, &shoot, at).map(|outcome| MaintenanceOutcome {
                    update_rejections: Vec::new(),
                    ..outcome
                });
                assert_eq!(remembered, fresh, "{current} (auto {auto_update}) at {at}");
                if let Ok(outcome) = fresh {
                    let update = &outcome.kubernetes;
                    decided.insert((
                        update.to.clone(),
                        update.failed,
                        format!("{:?}", update.reason),
                    ));
                }
            }
        }
    }
    // The instants give updates, failures and kept versions.
    assert!(decided.iter().any(|(_, failed, _)| *failed), "{decided:?}");
    assert!(decided.len() > 6, "{decided:?}");
}
