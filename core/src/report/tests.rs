//! Integration tests of `analyze`: every area over real inputs.

use super::*;

fn source(name: &str, text: &str) -> Source {
    Source::auto(name, text)
}

fn now() -> DateTime<Utc> {
    "2026-01-01T00:00:00Z".parse().unwrap()
}

#[test]
fn roll_triggers_name_each_changed_field_with_its_values() {
    let example = &crate::examples::IN_PLACE_POOL;
    let sources = [
        source("CloudProfile", example.cloud_profile),
        source("Shoot", example.shoot),
        Source {
            name: "Previous Shoot".to_string(),
            role: SourceRole::PreviousShoot,
            text: example.previous_shoot.to_string(),
        },
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    let triggers = report.roll_triggers.unwrap();
    let (pool, trigger) = triggers.workers.iter().next().unwrap();
    let image = (trigger.changes.iter())
        .find(|c| c.field.ends_with("machine.image.version"))
        .unwrap_or_else(|| panic!("{:?}", trigger.changes));
    assert_eq!(
        image.field,
        format!(".spec.provider.workers[{pool}].machine.image.version")
    );
    assert_eq!(
        (image.old.as_deref(), image.new.as_deref()),
        (Some("1877.3.0"), Some("1877.5.0"))
    );
    assert_eq!(trigger.changes.len(), trigger.causes.len());
}

#[test]
fn the_static_shoot_rules_run_without_a_previous_shoot() {
    let example = &crate::examples::DEFAULT;
    let shoot = example.shoot.replacen(
        "spec:\n",
        "spec:\n  tolerations:\n  - key: a\n  - key: a\n",
        1,
    );
    let shoot = shoot.replacen(
        "  kubernetes:\n",
        "  kubernetes:\n    kubeAPIServer:\n      featureGates:\n        NoSuchGate: true\n",
        1,
    );
    // A static rule of the update strategy: maxSurge and maxUnavailable may not both be 0.
    let shoot = shoot.replacen("      maxSurge: 1\n", "      maxSurge: 0\n", 1);
    let sources = [
        source("CloudProfile", example.cloud_profile),
        source("Shoot", &shoot),
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    let found: Vec<(&str, &str)> = (report.validation.problems.iter())
        .map(|p| (p.field.as_str(), p.error_type.as_str()))
        .collect();
    assert!(
        found.contains(&("spec.tolerations[1]", "FieldValueDuplicate")),
        "{found:?}"
    );
    assert!(
        found.contains(&(
            "spec.kubernetes.kubeAPIServer.featureGates.NoSuchGate",
            "FieldValueInvalid"
        )),
        "{found:?}"
    );
    assert!(
        found.contains(&(
            "spec.provider.workers[0].maxUnavailable",
            "FieldValueInvalid"
        )),
        "{found:?}"
    );
    // Each problem once.
    let mut unique = found.clone();
    unique.dedup();
    assert_eq!(unique.len(), found.len(), "{found:?}");
    let fact = (report.summary.facts.iter())
        .find(|f| f.label == "Validation problems")
        .unwrap();
    assert_eq!(fact.text, "3");
}

#[test]
fn a_misspelt_kind_is_an_error_and_another_kind_a_warning() {
    let objects = "kind: Shot\nmetadata: {name: a}\n---\nkind: CredentialsBinding\nmetadata: {name: aws}\n---\nkind: ConfigMap\nmetadata: {name: c}\n";
    let report = analyze(
        &[source("Other objects", objects)],
        &AnalyzeOptions::at(now()),
    );
    let found: Vec<(Severity, &str)> = (report.diagnostics.iter())
        .map(|d| (d.severity, d.message.as_str()))
        .collect();
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(found[0].0, Severity::Error);
    assert!(found[0].1.starts_with("unknown kind `Shot`; "), "{found:?}");
    assert_eq!(found[1].0, Severity::Warning);
    assert!(
        found[1]
            .1
            .starts_with("CredentialsBinding aws is not read and is left out; "),
        "{found:?}"
    );
    assert_eq!(found[2].0, Severity::Warning);
    assert!(
        (report.objects.iter()).all(|o| o.role == ObjectRole::Ignored),
        "{:?}",
        report.objects
    );
}

#[test]
fn a_versions_lifecycle_is_reported_and_split_into_spans() {
    let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions:\n    - version: 1.30.1\n      classification: deprecated\n      expirationDate: \"2026-03-01T00:00:00Z\"\n    - version: 1.31.1\n";
    let report = analyze(
        &[source("CloudProfile", profile)],
        &AnalyzeOptions::at(now()),
    );
    let versions = &report.versions.as_ref().unwrap().kubernetes;
    let (old, new) = (&versions[0], &versions[1]);
    let at = |text: &str| text.parse::<DateTime<Utc>>().unwrap();
    assert_eq!(
        old.lifecycle,
        [
            VersionStage {
                classification: Classification::Deprecated,
                start_time: None
            },
            VersionStage {
                classification: Classification::Expired,
                start_time: Some(at("2026-03-01T00:00:00Z"))
            }
        ]
    );
    assert!(new.lifecycle.is_empty());
    let (from, to) = (now(), at("2027-01-01T00:00:00Z"));
    assert_eq!(
        old.classification_spans(from, to),
        [
            (from, at("2026-03-01T00:00:00Z"), Classification::Deprecated),
            (at("2026-03-01T00:00:00Z"), to, Classification::Expired)
        ]
    );
    assert_eq!(
        new.classification_spans(from, to),
        [(from, to, Classification::Supported)]
    );
    // A stage that starts where the span starts takes effect just after it.
    let expired_from = at("2026-03-01T00:00:00Z");
    assert_eq!(
        old.classification_spans(expired_from, to),
        [(expired_from, to, Classification::Expired)]
    );
}

#[test]
fn a_shoot_of_another_cloud_profile_is_warned_about_at_its_field() {
    let shoot = crate::examples::DEFAULT.shoot.to_string();
    let renamed =
        crate::examples::DEFAULT
            .cloud_profile
            .replacen("name: aws", "name: aws-legacy", 1);
    assert_ne!(renamed, crate::examples::DEFAULT.cloud_profile);
    let sources = [source("CloudProfile", &renamed), source("Shoot", &shoot)];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    let warnings: Vec<&Diagnostic> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Warning)
        .collect();
    let [warning] = warnings.as_slice() else {
        panic!("{:?}", report.diagnostics)
    };
    assert_eq!(warning.source, "Shoot");
    assert!(warning.line.is_some(), "{warning:?}");
    assert_eq!(
        warning.message,
        "the Shoot uses CloudProfile \"aws\", but the CloudProfile given is \"aws-legacy\": \
             every result here is about \"aws-legacy\""
    );
    // The same names: no warning.
    let sources = [
        source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
        source("Shoot", &shoot),
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
}

#[test]
fn an_invalid_maintenance_window_is_named_and_gets_no_timeline() {
    let shoot = crate::examples::DEFAULT
        .shoot
        .replace("begin: 220000+0100", "begin: 2200+0100");
    assert_ne!(shoot, crate::examples::DEFAULT.shoot);
    let sources = [
        source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
        source("Shoot", &shoot),
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    let window = report.maintenance_window.as_ref().unwrap();
    assert!(!window.always);
    assert!(
        (window.invalid.as_deref())
            .is_some_and(|why| why.starts_with("could not parse begin time")),
        "{:?}",
        window.invalid
    );
    assert!(report.timeline.is_none());
    assert_eq!(report.summary.next_maintenance_window, None);
    let fact = (report.summary.facts.iter())
        .find(|f| f.label == "Next maintenance window")
        .unwrap();
    assert!(fact
        .text
        .starts_with("unknown: the configured window does not parse"));
    assert!(!report
        .summary
        .facts
        .iter()
        .any(|f| f.text.contains("any time")));
    // `validateMaintenance` refuses the Shoot for it, once.
    let window_problems: Vec<&Problem> = (report.validation.problems.iter())
        .filter(|p| p.field.starts_with("spec.maintenance"))
        .collect();
    assert_eq!(window_problems.len(), 1, "{window_problems:?}");
    assert_eq!(
        window_problems[0].field,
        "spec.maintenance.timeWindow.begin/end"
    );
}

#[test]
fn the_report_lists_every_validation_family_with_its_state() {
    use crate::validation::scope::{families, FamilyState};
    let example = &crate::examples::DEFAULT;
    let state = |report: &Report, id: &str| {
        (report.validation.scope.iter())
            .find(|family| family.id == id)
            .map(|family| family.state)
    };
    let alone = analyze(
        &[source("Shoot", example.shoot)],
        &AnalyzeOptions::at(now()),
    );
    assert_eq!(alone.validation.scope.len(), families().count());
    assert_eq!(state(&alone, "maintenance"), Some(FamilyState::Checked));
    assert_eq!(
        state(&alone, "machine-image"),
        Some(FamilyState::NeedsObjects)
    );
    assert_eq!(
        state(&alone, "kubernetes-version-update"),
        Some(FamilyState::NotApplicable)
    );
    let with_profile = analyze(
        &[
            source("CloudProfile", example.cloud_profile),
            source("Shoot", example.shoot),
        ],
        &AnalyzeOptions::at(now()),
    );
    assert_eq!(
        state(&with_profile, "machine-image"),
        Some(FamilyState::Checked)
    );
    // No problem in the checked families is no all-clear: the count says how many were checked.
    let fact = (with_profile.summary.facts.iter())
        .find(|f| f.label == "Validation problems")
        .unwrap();
    assert!(
        fact.text
            .starts_with("none found by the checks shoot-policy runs (")
            && fact.text.contains(&format!(
                " of Gardener's {} groups of validation rules)",
                families().count()
            )),
        "{}",
        fact.text
    );
    assert_eq!(fact.tone, crate::summary::Tone::Neutral);
}

/// A Shoot without a maintenance window was not copied from a cluster: Gardener's defaulting
/// gives every stored Shoot one (a random hour). The summary says so, and what the forecast
/// assumes meanwhile (issue 49).
#[test]
fn a_shoot_without_a_window_is_told_that_the_stored_one_has_one() {
    let shoot = crate::examples::DEFAULT.shoot.replace(
        "    timeWindow:\n      begin: 220000+0100\n      end: 230000+0100\n",
        "",
    );
    assert_ne!(shoot, crate::examples::DEFAULT.shoot);
    let report = analyze(
        &[
            source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
            source("Shoot", &shoot),
        ],
        &AnalyzeOptions::at(now()),
    );
    assert!(report.maintenance_window.as_ref().unwrap().always);
    let fact = (report.summary.facts.iter())
        .find(|f| f.label == "Next maintenance window")
        .unwrap();
    assert!(
        fact.text.starts_with(
            "not in the input: Gardener gives every Shoot it stores a maintenance window"
        ),
        "{fact:?}"
    );
    assert!(fact.text.contains("up to a day early"), "{fact:?}");
}

#[test]
fn a_maintenance_window_longer_than_six_hours_is_refused() {
    let shoot = crate::examples::DEFAULT
        .shoot
        .replace("end: 230000+0100", "end: 050000+0100");
    assert_ne!(shoot, crate::examples::DEFAULT.shoot);
    let report = analyze(&[source("Shoot", &shoot)], &AnalyzeOptions::at(now()));
    let found: Vec<(&str, &str)> = (report.validation.problems.iter())
        .map(|p| (p.field.as_str(), p.detail.as_str()))
        .collect();
    assert_eq!(
        found,
        [(
            "spec.maintenance.timeWindow",
            "time window must not be greater than 6h0m0s"
        )]
    );
}

/// Gardener refuses each of n supported patch versions of one minor once per overlapping peer,
/// n·(n−1) identical errors in all; the report lists each version's error once with that count,
/// so it grows with the versions and not with their pairs.
#[test]
fn overlapping_supported_versions_are_one_problem_each_with_gardeners_count() {
    let versions: String = (0..1_000)
        .map(|patch| {
            format!(
                "    - {{version: 1.33.{}, classification: supported}}\n",
                100 + patch
            )
        })
        .collect();
    let profile = crate::examples::DEFAULT.cloud_profile.replacen(
        "    versions:\n",
        &format!("    versions:\n{versions}"),
        1,
    );
    let report = analyze(
        &[
            source("CloudProfile", &profile),
            source("Shoot", crate::examples::DEFAULT.shoot),
        ],
        &AnalyzeOptions::at(now()),
    );
    let overlaps: Vec<&Problem> = (report.validation.problems.iter())
        .filter(|p| p.detail.contains("lifecycle stages must not overlap"))
        .collect();
    // The example's own supported 1.33 version is a peer of each.
    assert_eq!(overlaps.len(), 1_001);
    assert!(
        overlaps.iter().all(|p| p.count == 1_000),
        "{:?}",
        overlaps[0]
    );
    assert_eq!(overlaps[3].field, "spec.kubernetes.versions[3]");
    assert_eq!(overlaps[3].line, Some(12));
    let size = serde_json::to_string(&report).unwrap().len();
    assert!(size < 5_000_000, "{size} bytes of JSON");
}

#[test]
fn a_prepared_profile_gives_the_report_of_its_source_analysed_first() {
    let json = |report: Report| serde_json::to_value(report).unwrap();
    let options = AnalyzeOptions::at(now());
    let tight = AnalyzeOptions {
        limits: document::Limits {
            max_documents: 1,
            ..Default::default()
        },
        ..AnalyzeOptions::at(now())
    };
    let broken_profile =
        crate::examples::DEFAULT
            .cloud_profile
            .replacen("version: 1.31.13", "version: 1.31.x", 1);
    assert_ne!(broken_profile, crate::examples::DEFAULT.cloud_profile);
    let profile_and_shoot = format!(
        "{}\n---\n{}",
        crate::examples::DEFAULT.cloud_profile,
        crate::examples::DEFAULT.shoot
    );
    let mut cases: Vec<(String, Vec<Source>)> = crate::examples::GALLERY
        .iter()
        .map(|example| {
            let mut rest = vec![source("Shoot", example.shoot)];
            if !example.previous_shoot.is_empty() {
                rest.push(Source {
                    role: SourceRole::PreviousShoot,
                    ..source("Previous", example.previous_shoot)
                });
            }
            if !example.objects.is_empty() {
                rest.push(source("Objects", example.objects));
            }
            (example.cloud_profile.to_string(), rest)
        })
        .collect();
    // A field the engine cannot parse, a profile source that holds the Shoot too, a second
    // CloudProfile, a NamespacedCloudProfile, no CloudProfile at all.
    let shoot = || source("Shoot", crate::examples::DEFAULT.shoot);
    cases.push((broken_profile, vec![shoot()]));
    cases.push((profile_and_shoot, vec![]));
    cases.push((
        crate::examples::DEFAULT.cloud_profile.to_string(),
        vec![
            shoot(),
            source("Second", crate::examples::DEFAULT.cloud_profile),
        ],
    ));
    cases.push((NAMESPACED.to_string(), vec![shoot()]));
    cases.push((crate::examples::DEFAULT.shoot.to_string(), vec![]));
    let hand_written = "apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata: {name: hand-written}
spec:
  kubernetes: {versions: [{version: 1.31.13}]}
  machineImages: [{name: gardenlinux, versions: [{version: 1592.14.0}]}]
  machineTypes: [{name: m5.large, cpu: '2', gpu: '0', memory: 8Gi}]
";
    let defaulted = PreparedProfile::new(source("CloudProfile", hand_written), Default::default());
    assert!(!defaulted.profile.unwrap().defaults_applied.is_empty());
    cases.push((hand_written.to_string(), vec![shoot()]));
    for (profile_text, rest) in cases {
        let profile_source = source("CloudProfile", &profile_text);
        let prepared = PreparedProfile::new(profile_source.clone(), Default::default());
        let all: Vec<Source> = std::iter::once(profile_source)
            .chain(rest.clone())
            .collect();
        for options in [&options, &tight] {
            assert_eq!(
                json(analyze_with_profile(&prepared, &rest, options)),
                json(analyze(&all, options)),
                "{profile_text}"
            );
        }
        // Prepared once, used for many.
        assert_eq!(
            json(analyze_with_profile(&prepared, &rest, &options)),
            json(analyze(&all, &options))
        );
    }
}

/// A prepared profile keeps what the areas read of the CloudProfile alone (typed views, the
/// version matrix, its own validation problems) across analyses; each analysis still gets the
/// report `analyze` gives, whatever its instant, feature gates and Shoot.
#[test]
fn kept_profile_views_give_each_analysis_its_own_report() {
    use crate::examples::{DEFAULT, GALLERY, IN_PLACE_POOL, LIFECYCLE_PROFILE};
    let json = |report: Report| serde_json::to_value(report).unwrap();
    let base = AnalyzeOptions::at(now());
    let later = AnalyzeOptions::at(now() + chrono::TimeDelta::days(400));
    let gated = AnalyzeOptions {
        feature_gates: crate::validation::FeatureGates {
            version_classification_lifecycle: true,
            ..Default::default()
        },
        ..AnalyzeOptions::at(now())
    };
    let mistyped = DEFAULT
        .cloud_profile
        .replacen("version: 1.31.13", "version: {major: 1}", 1);
    assert_ne!(mistyped, DEFAULT.cloud_profile);
    let shoots = [DEFAULT.shoot, IN_PLACE_POOL.shoot, LIFECYCLE_PROFILE.shoot];
    for profile_text in [
        DEFAULT.cloud_profile,
        LIFECYCLE_PROFILE.cloud_profile,
        &mistyped,
    ] {
        let profile = source("CloudProfile", profile_text);
        let prepared = PreparedProfile::new(profile.clone(), Default::default());
        for options in [&base, &later, &gated, &base] {
            for shoot in shoots {
                let shoot = source("Shoot", shoot);
                assert_eq!(
                    json(analyze_with_profile(
                        &prepared,
                        std::slice::from_ref(&shoot),
                        options
                    )),
                    json(analyze(&[profile.clone(), shoot], options)),
                    "{profile_text}"
                );
            }
        }
    }
    // A prepared source without a CloudProfile keeps none: each analysis reads its own.
    let objects = source(
        "Objects",
        crate::examples::WEBHOOK_BLOCKS_HIBERNATION.objects,
    );
    let prepared = PreparedProfile::new(objects.clone(), Default::default());
    for example in GALLERY {
        let rest = [
            source("CloudProfile", example.cloud_profile),
            source("Shoot", example.shoot),
        ];
        let all: Vec<Source> = std::iter::once(objects.clone())
            .chain(rest.clone())
            .collect();
        assert_eq!(
            json(analyze_with_profile(&prepared, &rest, &base)),
            json(analyze(&all, &base)),
            "{}",
            example.id
        );
    }
}

/// The report of `shoot` against the prepared `profile` at `instant`, as JSON, after holding
/// it to the report `analyze` gives for both sources.
fn kept_report_at(
    prepared: &PreparedProfile,
    profile: &Source,
    shoot: &Source,
    instant: DateTime<Utc>,
) -> serde_json::Value {
    let options = AnalyzeOptions::at(instant);
    let json = |report: Report| serde_json::to_value(report).unwrap();
    let kept = json(analyze_with_profile(
        prepared,
        std::slice::from_ref(shoot),
        &options,
    ));
    let fresh = json(analyze(&[profile.clone(), shoot.clone()], &options));
    assert_eq!(kept, fresh, "at {instant}");
    kept
}

/// A prepared profile keeps its version matrix and its own validation problems for the
/// instants with the same classification transitions behind them. A version expiring at T is
/// expired from one second after T (`start < now`): one second before T and T itself share
/// both findings, one second after T has its own. Here two supported 1.31 patch versions
/// overlap until 1.31.1 expires, which Gardener reports for each of them while both are
/// supported.
#[test]
fn kept_profile_findings_serve_until_the_next_transition() {
    let profile = source(
        "CloudProfile",
        "apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata: {name: overlapping}
spec:
  type: aws
  kubernetes:
    versions:
    - {version: 1.31.1, classification: supported, expirationDate: '2027-01-15T00:00:00Z'}
    - {version: 1.31.2, classification: supported}
  machineImages: [{name: gardenlinux, versions: [{version: 1592.14.0}]}]
  machineTypes: [{name: m5.large, cpu: '2', gpu: '0', memory: 8Gi}]
  regions: [{name: eu-west-1}]
",
    );
    let shoot = source("Shoot", crate::examples::DEFAULT.shoot);
    let transition: DateTime<Utc> = "2027-01-15T00:00:00Z".parse().unwrap();
    let second = chrono::TimeDelta::seconds(1);
    let prepared = PreparedProfile::new(profile.clone(), Default::default());
    let instants = [
        transition - second,
        transition,
        transition + second,
        transition - second,
        transition + chrono::TimeDelta::days(30),
    ];
    let mut findings = Vec::new();
    for instant in instants {
        let kept = kept_report_at(&prepared, &profile, &shoot, instant);
        let problems = kept["validation"]["problems"].as_array().unwrap();
        let overlaps = problems
            .iter()
            .filter(|p| {
                p["field"]
                    .as_str()
                    .unwrap()
                    .starts_with("spec.kubernetes.versions")
            })
            .count();
        findings.push((kept["versions"]["kubernetes"].clone(), overlaps));
    }
    let alike = |a, b| {
        let profile = prepared.inputs.cloud_profile.as_ref().unwrap();
        prepared.views.classified_alike(profile, a, b)
    };
    assert!(alike(transition - second, transition));
    assert!(!alike(transition, transition + second));
    assert_eq!(findings[0], findings[1]);
    assert_eq!(findings[0].1, 2);
    assert_eq!(findings[2].1, 1);
    assert_ne!(findings[1].0, findings[2].0);
}

/// A prepared profile keeps the Shoot's eligible updates as it keeps its other findings: for
/// the instants with as many classification transitions before them. Here 1.31.3 is a
/// preview until T, so an automatic update from 1.31.2 may select it only from one second
/// after T.
#[test]
fn kept_eligible_updates_serve_until_the_next_transition() {
    let profile = source(
            "CloudProfile",
            "apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata: {name: previewed}
spec:
  type: aws
  kubernetes:
    versions:
    - version: 1.31.3
      lifecycle: [{classification: preview}, {classification: supported, startTime: '2027-01-15T00:00:00Z'}]
    - {version: 1.31.2, classification: supported}
  machineImages: [{name: gardenlinux, versions: [{version: 1592.14.0}, {version: 1877.3.0}]}]
  machineTypes: [{name: m5.large, cpu: '2', gpu: '0', memory: 8Gi}]
  regions: [{name: eu-west-1}]
",
        );
    let shoot_text =
        crate::examples::DEFAULT
            .shoot
            .replacen("version: 1.31.13", "version: 1.31.2", 1);
    let shoot = source("Shoot", &shoot_text);
    let transition: DateTime<Utc> = "2027-01-15T00:00:00Z".parse().unwrap();
    let second = chrono::TimeDelta::seconds(1);
    let prepared = PreparedProfile::new(profile.clone(), Default::default());
    let mut control_plane_lists = Vec::new();
    for instant in [transition - second, transition, transition + second] {
        let kept = kept_report_at(&prepared, &profile, &shoot, instant);
        control_plane_lists.push(kept["versions"]["eligibleUpdates"][0]["auto"].clone());
    }
    assert_eq!(control_plane_lists[0], serde_json::json!([]));
    assert_eq!(control_plane_lists[1], serde_json::json!([]));
    assert_eq!(control_plane_lists[2], serde_json::json!(["1.31.3"]));
}

/// An analyzer gives `analyze`'s report for every inputs, and reads the first source again
/// when it changes, when the limits change, and after its number of analyses.
#[test]
fn a_kept_profile_is_read_again_only_when_it_changes() {
    use crate::examples::{DEFAULT, LIFECYCLE_PROFILE};
    let json = |report: Report| serde_json::to_value(report).unwrap();
    let mut kept = Analyzer {
        analyses_per_preparation: 4,
        ..Analyzer::default()
    };
    let base = AnalyzeOptions::at(now());
    let later = AnalyzeOptions::at(now() + chrono::TimeDelta::days(400));
    let tight = AnalyzeOptions {
        limits: document::Limits {
            max_nodes: 50,
            ..Default::default()
        },
        ..AnalyzeOptions::at(now())
    };
    let inputs =
        |profile: &str, shoot: &str| vec![source("CloudProfile", profile), source("Shoot", shoot)];
    let default = inputs(DEFAULT.cloud_profile, DEFAULT.shoot);
    let lifecycle_shoot = inputs(DEFAULT.cloud_profile, LIFECYCLE_PROFILE.shoot);
    let lifecycle = inputs(LIFECYCLE_PROFILE.cloud_profile, LIFECYCLE_PROFILE.shoot);
    let renamed = {
        let mut renamed = default.clone();
        renamed[0].name = "Profile".to_string();
        renamed
    };
    // Each step: the inputs, the options, and how many analyses the kept profile has served
    // after it (1: it was read for this one).
    let steps: [(&[Source], &AnalyzeOptions, usize); 11] = [
        (&default, &base, 1),
        (&lifecycle_shoot, &base, 2),
        (&default, &later, 3),
        (&lifecycle, &base, 1),
        (&lifecycle, &tight, 1),
        (&lifecycle, &tight, 2),
        (&renamed, &tight, 1),
        (&renamed, &tight, 2),
        (&renamed, &base, 1),
        (&renamed, &base, 2),
        (&[], &base, 2),
    ];
    for (index, (sources, options, served)) in steps.into_iter().enumerate() {
        assert_eq!(
            json(kept.analyze(sources, options)),
            json(analyze(sources, options)),
            "step {index}"
        );
        assert_eq!(
            kept.kept.as_ref().map(|(_, n)| *n),
            Some(served),
            "step {index}"
        );
    }
    for served in [3, 4, 1, 2] {
        kept.analyze(&renamed, &base);
        assert_eq!(kept.kept.as_ref().map(|(_, n)| *n), Some(served));
    }
}

/// A NamespacedCloudProfile whose overrides (`spec`) differ from its merged profile (`status`).
const NAMESPACED: &str = "apiVersion: core.gardener.cloud/v1beta1
kind: NamespacedCloudProfile
metadata: {name: custom, namespace: garden-team}
spec:
  parent: {kind: CloudProfile, name: aws}
  kubernetes:
    versions:
    - {version: 1.30.1, expirationDate: '2027-01-01T00:00:00Z'}
status:
  cloudProfileSpec:
    type: aws
    kubernetes:
      versions:
      - {version: 1.31.2}
      - {version: 1.30.1, expirationDate: '2027-01-01T00:00:00Z'}
      - {version: 1.29.9, expirationDate: 'not a date'}
";

#[test]
fn a_namespaced_cloud_profile_is_analysed_as_its_merged_profile() {
    let report = analyze(
        &[source("CloudProfile", NAMESPACED)],
        &AnalyzeOptions::at(now()),
    );
    assert_eq!(report.objects[0].role, ObjectRole::CloudProfile);
    let error = report
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("the unparsable date is reported");
    // Located in the status, where the merged profile's versions are, not in the overrides.
    assert_eq!(error.line, Some(16), "{error:?}");
    assert_eq!(
        error.field.as_deref(),
        Some("status.cloudProfileSpec.kubernetes.versions[2].expirationDate")
    );
    let report = analyze(
        &[source(
            "CloudProfile",
            &NAMESPACED.replace("expirationDate: 'not a date'", "classification: supported"),
        )],
        &AnalyzeOptions::at(now()),
    );
    let versions: Vec<&str> = report
        .versions
        .as_ref()
        .unwrap()
        .kubernetes
        .iter()
        .map(|v| v.version.as_str())
        .collect();
    assert_eq!(versions, ["1.31.2", "1.30.1", "1.29.9"]);
    // Gardener validates a NamespacedCloudProfile by its own rules, not as a CloudProfile.
    assert!(
        report.validation.problems.is_empty(),
        "{:?}",
        report.validation.problems
    );
}

#[test]
fn a_namespaced_cloud_profile_without_its_merged_profile_is_not_guessed() {
    let text = &NAMESPACED[..NAMESPACED.find("status:").unwrap()];
    let report = analyze(&[source("CloudProfile", text)], &AnalyzeOptions::at(now()));
    assert_eq!(report.objects[0].role, ObjectRole::Ignored);
    assert!(report.versions.is_none());
    let warning = &report.diagnostics[0];
    assert_eq!(warning.severity, Severity::Warning);
    assert!(
        warning.message.starts_with(
            "NamespacedCloudProfile custom has no status.cloudProfileSpec, the merged profile"
        ),
        "{}",
        warning.message
    );
}

#[test]
fn every_gallery_example_reads_without_a_diagnostic() {
    for example in crate::examples::GALLERY {
        let mut sources = vec![
            source("CloudProfile", example.cloud_profile),
            source("Shoot", example.shoot),
            source("Other objects", example.objects),
        ];
        sources.push(Source {
            role: SourceRole::PreviousShoot,
            ..source("Previous Shoot", example.previous_shoot)
        });
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        assert_eq!(report.diagnostics, [], "{}", example.id);
    }
}

#[test]
fn a_field_the_engine_cannot_parse_is_an_error_at_its_line_and_maintenance_is_not_run() {
    let shoot = crate::examples::DEFAULT
        .shoot
        .replace("version: 1.31.13", "version: 1.31.x");
    let report = analyze(
        &[
            source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
            source("Shoot", &shoot),
        ],
        &AnalyzeOptions::at(now()),
    );
    let [error] = report.diagnostics.as_slice() else {
        panic!("{:?}", report.diagnostics);
    };
    assert_eq!(error.field.as_deref(), Some("spec.kubernetes.version"));
    assert_eq!((error.line, error.column), (Some(16), Some(5)));
    assert!(report.maintenance_now.is_none() && report.timeline.is_none());
}

#[test]
fn a_pending_migration_is_checked_against_the_given_seeds() {
    let shoot = "kind: Shoot\nmetadata: {name: s, namespace: garden-dev}\nspec: {seedName: new}\nstatus: {seedName: old}\n";
    let seed = |name: &str, ready: &str| {
        format!("kind: Seed\nmetadata: {{name: {name}}}\nstatus:\n  gardener: {{version: 1.120.0}}\n  conditions:\n  - {{type: GardenletReady, status: '{ready}', reason: R, message: M}}\n  - {{type: SeedSystemComponentsHealthy, status: 'True'}}\n")
    };
    let objects = format!("{}---\n{}", seed("old", "True"), seed("new", "False"));
    let report = analyze(
        &[source("Shoot", shoot), source("Other objects", &objects)],
        &AnalyzeOptions::at(now()),
    );
    let migration = report.migration.expect("a pending migration");
    let constraint = migration.readiness.unwrap().constraint.unwrap();
    assert_eq!(constraint.reason, "DestinationSeedUnready");
    assert_eq!(
        constraint.message,
        "condition \"GardenletReady\" has invalid status False (expected True) due to R: M"
    );

    let only_shoot = analyze(&[source("Shoot", shoot)], &AnalyzeOptions::at(now()));
    assert_eq!(only_shoot.migration.unwrap().missing_seeds, ["old", "new"]);
    let without_area = analyze(
        &[source("Shoot", shoot)],
        &AnalyzeOptions {
            areas: Some(vec![Area::Status]),
            ..AnalyzeOptions::at(now())
        },
    );
    assert!(without_area.migration.is_none());
}

#[test]
fn seeds_are_scheduled_with_the_cloud_profile_selector_and_the_project() {
    let shoot = "kind: Shoot\nmetadata: {name: s, namespace: team}\nspec:\n  region: eu\n  provider: {type: aws, workers: [{name: w}]}\n  dns: {domain: s.dev.example.com}\n";
    let seed = |name: &str, region: &str, extra: &str| {
        format!("kind: Seed\nmetadata: {{name: {name}, labels: {{tier: {extra}}}}}\nspec:\n  provider: {{type: aws, region: {region}}}\n  dns: {{defaults: [{{domain: example.com}}]}}\n")
    };
    let objects = [
        seed("far", "us", "gold"),
        seed("near", "eu", "gold"),
        seed("plain", "eu", "basic"),
        "kind: Project\nmetadata: {name: dev}\nspec: {namespace: team}\n".to_string(),
    ]
    .join("---\n");
    let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  seedSelector: {matchLabels: {tier: gold}}\n";
    let schedule = |shoot: &str, objects: &str| {
        let sources = [
            source("CloudProfile", profile),
            source("Shoot", shoot),
            source("Other objects", objects),
        ];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        report.seed_scheduling.expect("Seeds were given")
    };
    let decision = schedule(shoot, &objects);
    assert_eq!(decision.candidates, ["near"]);
    assert_eq!(decision.seed.as_deref(), Some("near"));

    // A Project of another namespace does not own the Shoot, and namespace `team` names no
    // Project by convention, so the domain is not checked.
    let other_project = objects.replace("namespace: team}", "namespace: elsewhere}");
    let shoot_in_other_project = shoot.replace("s.dev.", "s.ops.");
    let decision = schedule(&shoot_in_other_project, &other_project);
    assert_eq!(decision.seed.as_deref(), Some("near"));
    assert_eq!(
            schedule(&shoot_in_other_project, &objects).error.as_deref(),
            Some("none of the 2 seeds support the domain \"s.ops.example.com\" configured in the shoot specification")
        );
}

/// Gardener schedules the stored Shoot: one in the `garden` namespace (a ManagedSeed's, say) has
/// the protected toleration by default, so a protected Seed is a candidate for it. The engine
/// judged the Shoot as written and refused that Seed (issue 48).
#[test]
fn a_garden_shoot_is_scheduled_with_its_defaulted_toleration() {
    let shoot = |namespace: &str| {
        format!("kind: Shoot\nmetadata: {{name: s, namespace: {namespace}}}\nspec:\n  region: eu\n  provider: {{type: aws, workers: [{{name: w}}]}}\n")
    };
    let seed = "kind: Seed\nmetadata: {name: protected}\nspec:\n  provider: {type: aws, region: eu}\n  taints: [{key: seed.gardener.cloud/protected}]\n  dns: {defaults: [{domain: example.com}]}\n";
    let schedule = |shoot: &str| {
        let sources = [source("Shoot", shoot), source("Other objects", seed)];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        let applied: Vec<String> = (report.defaults_applied.iter())
            .map(|d| d.field.clone())
            .collect();
        (report.seed_scheduling.expect("a Seed was given"), applied)
    };
    let (decision, applied) = schedule(&shoot("garden"));
    assert_eq!(decision.candidates, ["protected"], "{decision:?}");
    assert!(
        applied.contains(&"spec.tolerations[0]".to_string()),
        "{applied:?}"
    );
    let (decision, _) = schedule(&shoot("garden-dev"));
    assert!(decision.candidates.is_empty(), "{decision:?}");
}

/// `autoUpdate` given without `kubernetesVersion` leaves that Go `bool` false: the defaulting
/// fills in `true` only where the block is missing. The maintenance run read it so; the summary's
/// version list read the written field with `true` for absent (issue 48).
#[test]
fn the_summary_reads_auto_update_as_the_maintenance_does() {
    let auto_update = |block: &str| {
        let shoot = crate::examples::DEFAULT.shoot.replace(
            "    autoUpdate:\n      kubernetesVersion: false\n      machineImageVersion: true\n",
            block,
        );
        assert_ne!(shoot, crate::examples::DEFAULT.shoot);
        let report = analyze(
            &[
                source("CloudProfile", crate::examples::DEFAULT.cloud_profile),
                source("Shoot", &shoot),
            ],
            &AnalyzeOptions::at(now()),
        );
        let control_plane = (report.summary.versions.iter())
            .find(|v| v.component == crate::timeline::Component::ControlPlane)
            .expect("the control plane's version state")
            .auto_update;
        let images: Vec<bool> = (report.summary.versions.iter())
            .filter(|v| matches!(v.component, crate::timeline::Component::MachineImage { .. }))
            .map(|v| v.auto_update)
            .collect();
        (control_plane, images)
    };
    let given_without = auto_update("    autoUpdate:\n      machineImageVersion: true\n");
    assert_eq!(given_without, (false, vec![true, true]));
    let nothing_given = auto_update("");
    assert_eq!(nothing_given, (true, vec![true, true]));
    let images_left_out = auto_update("    autoUpdate:\n      kubernetesVersion: true\n");
    assert_eq!(images_left_out, (true, vec![true, true]));
}

/// A version the CloudProfile does not list is the cause of its forced update, or of the
/// block, and the summary names it (issue 49).
#[test]
fn a_version_missing_from_the_profile_is_named_as_the_cause() {
    let facts = |example: &crate::examples::Example, from: &str, to: &str| {
        let shoot = (example.shoot).replace(from, to);
        assert_ne!(shoot, example.shoot);
        let sources = [
            source("CloudProfile", example.cloud_profile),
            source("Shoot", &shoot),
        ];
        let report = analyze(&sources, &AnalyzeOptions::at(now()));
        report.summary.facts
    };
    let forced = facts(
        &crate::examples::DEFAULT,
        "version: 1.31.13",
        "version: 1.31.11",
    );
    let next = forced
        .iter()
        .find(|f| f.label == "Next forced update")
        .unwrap();
    assert!(
        next.text.contains("(1.31.11 is not in this CloudProfile)"),
        "{next:?}"
    );
    let example = &crate::examples::BLOCKED_FORCED_UPDATE;
    let blocked = facts(example, "version: 1.30.14", "version: 1.30.99");
    let block = blocked.iter().find(|f| f.label == "Next forced update");
    assert!(
        block.is_some_and(|f| f
            .text
            .starts_with("Control plane stays on 1.30.99, which this CloudProfile does not list: the forced update fails from ")),
        "{blocked:?}"
    );
}

#[test]
fn routes_documents_and_lists_by_kind() {
    let text = "kind: List\nitems:\n- kind: ValidatingWebhookConfiguration\n  metadata: {name: a}\n- kind: Seed\n  metadata: {name: s}\n---\nkind: Shoot\nmetadata: {name: x, namespace: garden-dev}\n";
    let report = analyze(&[source("Other objects", text)], &AnalyzeOptions::at(now()));
    let roles: Vec<ObjectRole> = report.objects.iter().map(|o| o.role).collect();
    assert_eq!(
        roles,
        [
            ObjectRole::WebhookConfiguration,
            ObjectRole::Seed,
            ObjectRole::Shoot
        ]
    );
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
}

#[test]
fn type_errors_name_the_field_path_line_and_column() {
    let shoot = "kind: Shoot\nmetadata: {name: s}\nspec:\n  provider:\n    workers:\n    - name: a\n      machine: {type: m}\n    - name: b\n      machine:\n        image:\n          name: gardenlinux\n          version: [1, 2]\n";
    let report = analyze(&[source("Shoot", shoot)], &AnalyzeOptions::at(now()));
    let error = report
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("a type error");
    assert_eq!(
        error.field.as_deref(),
        Some("spec.provider.workers[1].machine.image.version")
    );
    assert_eq!(error.message, "expected a string, found a list");
    assert_eq!((error.line, error.column), (Some(12), Some(11)));
    assert_eq!(
        report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count(),
        1,
        "{:?}",
        report.diagnostics
    );
}

#[test]
fn parse_errors_point_at_line_and_column() {
    let report = analyze(
        &[source("Shoot", "kind: Shoot\nspec:\n  a: [1, 2\n")],
        &AnalyzeOptions::at(now()),
    );
    let error = &report.diagnostics[0];
    assert_eq!(error.severity, Severity::Error);
    assert_eq!(error.source, "Shoot");
    assert!(error.line.is_some() && error.column.is_some(), "{error:?}");
}

#[test]
fn a_pool_without_its_image_rolls_with_a_forced_minor_update() {
    // A pool without `machine.image` is where the roll triggers' and maintenance's readings of
    // the Shoot once differed; both read the one model now. (The ShootMutator gives the pool the
    // CloudProfile's image first: without one to give, Gardener refuses the Shoot.)
    let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions:\n    - {version: 1.30.1, expirationDate: '2026-01-01T12:00:00Z'}\n    - {version: 1.31.0}\n  machineImages: [{name: gardenlinux, versions: [{version: 1.0.0}]}]\n";
    let shoot = "kind: Shoot\nmetadata: {name: s}\nspec:\n  kubernetes: {version: 1.30.1}\n  maintenance:\n    timeWindow: {begin: 220000+0000, end: 230000+0000}\n  provider:\n    workers:\n    - {name: bare, machine: {type: m5}}\n    - {name: imaged, machine: {type: m5, image: {name: gardenlinux, version: 1.0.0}}}\n";
    let options = AnalyzeOptions {
        until: Some("2026-01-03T00:00:00Z".parse().unwrap()),
        ..AnalyzeOptions::at(now())
    };
    let report = analyze(
        &[source("CloudProfile", profile), source("Shoot", shoot)],
        &options,
    );
    let timeline = report.timeline.expect("a timeline");
    let event = &timeline.events[0];
    assert_eq!(
        (event.from.as_str(), event.to.as_str()),
        ("1.30.1", "1.31.0")
    );
    assert_eq!(*event.node_impact.rolling, ["bare".into(), "imaged".into()]);
}

#[test]
fn classifies_profile_versions_and_finds_the_next_window() {
    let profile = "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions:\n    - {version: 1.30.1, expirationDate: '2025-06-01T00:00:00Z'}\n    - {version: 1.31.0}\n";
    let shoot = "kind: Shoot\nmetadata: {name: s}\nspec:\n  maintenance:\n    timeWindow: {begin: 220000+0100, end: 230000+0100}\n";
    let report = analyze(
        &[source("CloudProfile", profile), source("Shoot", shoot)],
        &AnalyzeOptions::at(now()),
    );
    let versions = report.versions.unwrap();
    assert_eq!(
        versions.kubernetes[0].classification,
        Classification::Expired
    );
    assert_eq!(
        versions.kubernetes[1].classification,
        Classification::Supported
    );
    let window = report.maintenance_window.unwrap();
    assert_eq!(
        (window.begin.as_str(), window.end.as_str()),
        ("21:00:00", "21:45:00")
    );
    assert_eq!(
        window.next_begin,
        "2026-01-01T21:00:00Z".parse::<DateTime<Utc>>().unwrap()
    );
}

#[test]
fn the_mutator_completes_a_partial_version_and_image_before_every_area() {
    let example = &crate::examples::DEFAULT;
    let shoot = (example.shoot)
        .replace("version: 1.31.13", "version: '1.33'")
        .replace("          version: 1592.14.0\n", "");
    let report = analyze(
        &[
            source("CloudProfile", example.cloud_profile),
            source("Shoot", &shoot),
        ],
        &AnalyzeOptions::at(now()),
    );
    let applied: Vec<(&str, &Value)> = (report.defaults_applied.iter())
        .filter(|d| d.reason.starts_with("ShootMutator"))
        .map(|d| (d.field.as_str(), &d.value))
        .collect();
    // The newest supported 1.33 patch, and the pool's newest suitable image version (1877.5.0
    // for amd64), reported as defaults.
    assert_eq!(
        applied,
        [
            ("spec.kubernetes.version", &Value::from("1.33.5")),
            (
                "spec.provider.workers[0].machine.image.version",
                &Value::from("1877.5.0")
            ),
        ]
    );
    assert_eq!(report.validation.problems, []);
    // Maintenance reads the defaulted Shoot: no diagnostic about a version it cannot parse.
    assert_eq!(report.first_input_error(), None);
    assert!(report.maintenance_now.is_some());
    // The summary says what Gardener filled in (issue 49).
    let completed = (report.summary.facts.iter())
        .find(|f| f.label == "Completed by Gardener")
        .expect("a fact for the mutator's completions");
    assert!(
        completed.text.contains("spec.kubernetes.version = 1.33.5"),
        "{completed:?}"
    );
}

#[test]
fn a_version_the_mutator_cannot_default_is_its_refusal_alone() {
    let example = &crate::examples::DEFAULT;
    let shoot = (example.shoot).replace("version: 1.31.13", "version: '1.29'");
    let report = analyze(
        &[
            source("CloudProfile", example.cloud_profile),
            source("Shoot", &shoot),
        ],
        &AnalyzeOptions::at(now()),
    );
    let found: Vec<(&str, &str)> = (report.validation.problems.iter())
        .map(|p| (p.field.as_str(), p.error_type.as_str()))
        .collect();
    assert_eq!(found, [("spec.kubernetes.version", "FieldValueInvalid")]);
    assert!(report.validation.problems[0]
        .detail
        .starts_with("couldn't find a suitable version for 1.29."));
    assert!(!report
        .defaults_applied
        .iter()
        .any(|d| d.reason.starts_with("ShootMutator")));
    // Gardener stores no such Shoot: no maintenance, no timeline, and the refusal first (issue 49).
    assert!(report.validation.refused_by_admission);
    assert!(report.maintenance_now.is_none() && report.timeline.is_none());
    assert!(report.summary.next_forced_update.is_none());
    let first = &report.summary.facts[0];
    assert_eq!(first.label, "Gardener refuses this Shoot");
    assert!(
        first
            .text
            .contains("couldn't find a suitable version for 1.29"),
        "{first:?}"
    );
}

#[test]
fn the_admission_checks_read_the_seed_the_shoot_names() {
    let profile = r#"
apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata: {name: aws}
spec:
  type: aws
  kubernetes: {versions: [{version: 1.33.2}]}
  machineImages: [{name: gardenlinux, versions: [{version: 1877.3.0}]}]
  machineTypes: [{name: m5.large, cpu: "2", gpu: "0", memory: 8Gi}]
  regions: [{name: eu-west-1, zones: [{name: eu-west-1a}], accessRestrictions: [{name: sovereign}]}]
"#;
    let shoot = |restrictions: &str| {
        format!(
            r#"
apiVersion: core.gardener.cloud/v1beta1
kind: Shoot
metadata: {{name: payments, namespace: garden-dev}}
spec:
  cloudProfile: {{kind: CloudProfile, name: aws}}
  credentialsBindingName: aws
  region: eu-west-1
  seedName: seed-a
  {restrictions}
  kubernetes: {{version: 1.33.2}}
  networking: {{type: calico, nodes: 10.250.0.0/16, pods: 100.96.0.0/11, services: 100.64.0.0/13}}
  maintenance: {{timeWindow: {{begin: 220000+0000, end: 230000+0000}}}}
  provider:
    type: aws
    workers:
    - name: worker-a
      minimum: 1
      maximum: 2
      zones: [eu-west-1a]
      machine: {{type: m5.large, architecture: amd64, image: {{name: gardenlinux, version: 1877.3.0}}}}
"#
        )
    };
    let seed = r#"
apiVersion: core.gardener.cloud/v1beta1
kind: Seed
metadata: {name: seed-a}
spec:
  provider: {type: aws, region: eu-west-1, zones: [eu-west-1a]}
  networks: {pods: 10.0.0.0/16, services: 10.1.0.0/16}
"#;
    let sources = [
        source("CloudProfile", profile),
        source("Seed", seed),
        source("Shoot", &shoot("accessRestrictions: [{name: sovereign}]")),
        Source {
            name: "Previous Shoot".to_string(),
            role: SourceRole::PreviousShoot,
            text: shoot(""),
        },
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    let found: Vec<(&str, &str)> = (report.validation.problems.iter())
        .map(|p| (p.field.as_str(), p.detail.as_str()))
        .collect();
    assert!(
        found.contains(&(
            "spec.accessRestrictions[0]",
            "access restriction \"sovereign\" is not supported by the seed"
        )),
        "{found:?}"
    );
    let family = (report.validation.scope.iter())
        .find(|f| f.id == "access-restrictions")
        .unwrap();
    assert_eq!(family.state, crate::validation::scope::FamilyState::Checked);
}

/// The changes that roll no pool are listed beside the roll triggers, so that "no roll" is not
/// read as "not seen" (issue 49).
#[cfg(feature = "changes-without-roll")]
#[test]
fn changes_that_roll_no_pool_are_listed() {
    let example = &crate::examples::DEFAULT;
    let changed = (example.shoot)
        .replacen("maximum: 3", "maximum: 5", 1)
        .replacen("begin: 220000+0100", "begin: 230000+0100", 1);
    assert_ne!(changed, example.shoot);
    let sources = [
        source("CloudProfile", example.cloud_profile),
        source("Shoot", &changed),
        Source {
            name: "Previous Shoot".into(),
            role: SourceRole::PreviousShoot,
            text: example.shoot.into(),
        },
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    let triggers = report.roll_triggers.as_ref().expect("roll triggers");
    let listed: Vec<String> = (triggers.without_roll.iter())
        .map(|c| format!("{}: {}", c.field, c.values()))
        .collect();
    assert_eq!(
        listed,
        [
            ".spec.maintenance.timeWindow.begin: 220000+0100 → 230000+0100",
            ".spec.provider.workers[arm].maximum: 3 → 5",
        ]
    );
    let fact = (report.summary.facts.iter())
        .find(|f| f.label == "Roll triggers")
        .expect("a roll-trigger fact");
    assert!(
        fact.text
            .ends_with("; .spec.maintenance.timeWindow.begin and 1 more changed without a roll"),
        "{}",
        fact.text
    );
    // A change that rolls a pool is not listed again.
    let rolled = changed.replacen("type: m5.large", "type: m5.xlarge", 1);
    assert_ne!(rolled, changed);
    let sources = [
        sources[0].clone(),
        source("Shoot", &rolled),
        sources[2].clone(),
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(now()));
    let triggers = report.roll_triggers.as_ref().expect("roll triggers");
    assert!(
        !(triggers.without_roll.iter()).any(|c| c.field.contains("machine.type")),
        "{:?}",
        triggers.without_roll
    );
    assert_eq!(triggers.without_roll.len(), 2);
}
