//! Conformance kinds evaluated by this area (see the spec's "Case schema" in
//! spec/rollout-and-rest.md §0): `cleanup-plan`, `cleanup-run`, `seed-scheduling`,
//! `toleration-restriction`, `node-readiness`, `migration`.

use super::compare::to_value;
use super::{parse_instant, Case, Checker, Kind};
use serde::Deserialize;
use shoot_policy::api::CloudProfile;
use shoot_policy::cleanup::{self, CleanupObject};
use shoot_policy::decode::FromValue;
use shoot_policy::document::Value;
use shoot_policy::migration;
use shoot_policy::node_readiness::{self, ClusterObjects, Node, WorkerTaints};
use shoot_policy::scheduling::toleration_restriction::{self, Configuration, Project};
use shoot_policy::scheduling::types::{Seed, Shoot};
use shoot_policy::scheduling::{self, Operation, SchedulingRequest};

pub const KINDS: &[Kind] = &[
    Kind {
        name: "cleanup-plan",
        check: cleanup_plan,
    },
    Kind {
        name: "cleanup-run",
        check: cleanup_run,
    },
    Kind {
        name: "seed-scheduling",
        check: seed_scheduling,
    },
    Kind {
        name: "toleration-restriction",
        check: toleration_restriction_kind,
    },
    Kind {
        name: "node-readiness",
        check: node_readiness_kind,
    },
    Kind {
        name: "migration",
        check: migration_kind,
    },
];

fn cleanup_plan(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let plan = cleanup::plan(&cleanup::annotations_of(case.input_value("shoot")));

    match (checker.expect().get("error"), &plan.error) {
        (Some(expected), Some(actual)) => checker.contains("error", expected, actual),
        (Some(expected), None) => checker.contains("error", expected, ""),
        (None, Some(actual)) => checker.mismatch("error", "no error".to_string(), actual.clone()),
        (None, None) => {}
    }
    checker.field("failingStep", plan.failing_step);
    if let Some(expected) = checker.expect().get("steps") {
        let actual = to_value(&plan.steps);
        compare_steps(checker, expected, &actual);
    }
    checker.field(
        "ignoreLeftoversCreatedAfterSeconds",
        plan.ignore_leftovers_created_after_seconds,
    );

    let selection_keys = [
        "deleted",
        "kept",
        "finalizedNow",
        "notYetFinalized",
        "ignoredLeftovers",
        "remaining",
        "errorCode",
    ];
    if selection_keys
        .iter()
        .any(|k| checker.expect().get(k).is_some())
    {
        let selection = selection_of(case, &plan)?;
        for key in &selection_keys[..6] {
            let actual = to_value(&selection);
            checker.unordered_field(key, actual.get(*key).cloned().unwrap_or(Value::Null));
        }
        checker.field("errorCode", &selection.error_code);
    }
    Ok(())
}

/// One pass of `plan` over the case's `objects`, at its `now`, with its `cleanupStartTime` and
/// `existingNamespaces`.
fn selection_of(
    case: &Case,
    plan: &cleanup::CleanupPlan,
) -> Result<cleanup::ObjectSelection, String> {
    let objects: Option<Vec<CleanupObject>> = case.input("objects")?;
    let start = match case.input_value("cleanupStartTime").as_str() {
        Some(text) => Some(parse_instant(text)?),
        None => None,
    };
    let namespaces: Option<Vec<String>> = case.input("existingNamespaces")?;
    Ok(cleanup::select_objects(
        plan,
        &objects.unwrap_or_default(),
        case.now()?,
        start,
        namespaces.as_deref(),
    ))
}

/// The cleanup as the Gardener oracle observes it (`oracle/cleanup_test.go`): per Botanist method
/// (`webhooks`, `extended-apis`, `kubernetes-resources`, whose volume snapshots are the engine's
/// fourth step) the kinds it cleans with their options, or that it was skipped, or its error; the
/// leftover allowance; and one pass over the case's objects. The whole answer is compared.
fn cleanup_run(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let plan = cleanup::plan(&cleanup::annotations_of(case.input_value("shoot")));
    let selection = selection_of(case, &plan)?;
    let mut answer = match to_value(&selection) {
        Value::Object(fields) => fields,
        other => return Err(format!("the selection is not an object: {other}")),
    };
    answer.insert("steps".to_string(), cleanup_methods(&plan));
    answer.insert(
        "ignoreLeftoversCreatedAfterSeconds".to_string(),
        to_value(plan.ignore_leftovers_created_after_seconds),
    );
    answer.entry("errorCode".to_string()).or_insert(Value::Null);
    let mut expected = checker.expect().clone();
    let mut actual = Value::Object(answer);
    // Both sides list the objects of a pass in no particular order.
    for key in [
        "deleted",
        "kept",
        "finalizedNow",
        "notYetFinalized",
        "markedSnapshotBeingDeleted",
        "ignoredLeftovers",
        "remaining",
        "errors",
    ] {
        for side in [&mut expected, &mut actual] {
            if let Some(Value::Array(items)) = side.get_mut(key) {
                items.sort_by_key(|item| item.to_string());
            }
        }
    }
    checker.whole(&expected, &actual);
    Ok(())
}

/// Kinds without a namespace: a leftover of theirs is never in an unknown namespace.
const CLUSTER_SCOPED_KINDS: &[&str] = &[
    "MutatingWebhookConfiguration",
    "ValidatingWebhookConfiguration",
    "APIService",
    "CustomResourceDefinition",
    "VolumeSnapshotContent",
];

/// The plan per Botanist method, as `cleanup-run` states it.
fn cleanup_methods(plan: &cleanup::CleanupPlan) -> Value {
    use cleanup::StepName;
    let methods: [(&str, &[StepName]); 3] = [
        ("webhooks", &[StepName::Webhooks]),
        ("extended-apis", &[StepName::ExtendedApis]),
        (
            "kubernetes-resources",
            &[StepName::KubernetesResources, StepName::VolumeSnapshots],
        ),
    ];
    let mut answer = Vec::new();
    for (method, names) in methods {
        if plan.failing_step.is_some_and(|step| names.contains(&step)) {
            answer.push(serde_json::json!({
                "method": method,
                "skipped": false,
                "error": plan.error,
            }));
            break;
        }
        let steps: Vec<&cleanup::CleanupStep> = (plan.steps.iter())
            .filter(|step| names.contains(&step.name))
            .collect();
        if steps.is_empty() {
            break;
        }
        if steps.iter().all(|step| step.skipped) {
            answer.push(serde_json::json!({ "method": method, "skipped": true }));
            continue;
        }
        let mut kinds: Vec<Value> = Vec::new();
        for step in steps.iter().filter(|step| !step.skipped) {
            for kind in &step.resources {
                let marks =
                    step.marks_snapshot_contents_being_deleted && kind == "VolumeSnapshotContent";
                kinds.push(serde_json::json!({
                    "kind": kind,
                    "gracePeriodSeconds": step.delete_grace_period_seconds,
                    "finalizeAfterSeconds": step.finalize_after_seconds,
                    "ignoresLeftoversInUnknownNamespaces":
                        (!CLUSTER_SCOPED_KINDS.contains(&kind.as_str())).then_some(step.ignores_leftovers),
                    "ignoresLeftoversCreatedLate": step.ignores_leftovers,
                    "marksBeingDeletedAfterSeconds":
                        if marks { step.delete_grace_period_seconds } else { None },
                }));
            }
        }
        kinds.sort_by(|a, b| a["kind"].as_str().cmp(&b["kind"].as_str()));
        answer.push(serde_json::json!({
            "method": method,
            "skipped": false,
            "kinds": kinds,
        }));
    }
    Value::Array(answer)
}

/// Steps are compared in order and in full count; within a step only the fields the case lists.
fn compare_steps(checker: &mut Checker, expected: &Value, actual: &Value) {
    let (Some(expected_steps), Some(actual_steps)) = (expected.as_array(), actual.as_array())
    else {
        checker.equal("steps", expected, actual);
        return;
    };
    if expected_steps.len() != actual_steps.len() {
        checker.mismatch(
            "steps",
            format!("{} steps", expected_steps.len()),
            actual.to_string(),
        );
        return;
    }
    for (i, (e, a)) in expected_steps.iter().zip(actual_steps).enumerate() {
        checker.subset(&format!("steps[{i}]"), e, a);
    }
}

fn operation(case: &Case) -> Result<Operation, String> {
    Ok(case
        .input::<Option<Operation>>("operation")?
        .unwrap_or_default())
}

fn seed_scheduling(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    let seed: Option<Seed> = case.input("seed")?;
    let seeds: Option<Vec<Seed>> = case.input("seeds")?;
    let expect = checker.expect();

    if expect.get("tolerated").is_some() {
        let seed = seed.as_ref().ok_or("tolerated needs input.seed")?;
        checker.field(
            "tolerated",
            scheduling::taints_tolerated(&seed.spec.taints, &shoot.tolerations()),
        );
    }
    if expect.get("tolerationsAfterDefaulting").is_some() {
        checker.field(
            "tolerationsAfterDefaulting",
            shoot_policy::defaults::shoot_tolerations(
                &shoot.metadata.namespace,
                &shoot.tolerations(),
            ),
        );
    }
    let others: Option<Vec<Shoot>> = case.input("shoots")?;
    let others = others.unwrap_or_default();
    let cloud_profile: Option<CloudProfile> = case.input("cloudProfile")?;
    let cloud_profile_seed_selector =
        (cloud_profile.as_ref()).and_then(|profile| profile.spec.seed_selector.as_ref());
    if let Some(seeds) = &seeds {
        // The scheduler reads the Shoot as the API server stores it, defaulted (in the `garden`
        // namespace it tolerates protected Seeds), as the report schedules it.
        let mut stored = case.input_value("shoot").clone();
        shoot_policy::defaults::default_shoot(&mut stored);
        let shoot: Shoot =
            shoot_policy::decode::from_value(&stored).map_err(|e| format!("input.shoot: {e}"))?;
        let project: Option<Project> = case.input("project")?;
        let context = scheduling::SchedulingContext {
            shoots: &others,
            cloud_profile_seed_selector,
            project_name: project.as_ref().map(|p| p.metadata.name.as_str()),
        };
        let result = scheduling::schedule(&shoot, seeds, context);
        checker.field("candidates", &result.candidates);
        checker.field("seed", &result.seed);
        check_error_text(checker, result.error.as_deref());
    } else if expect.get("allowed").is_some() {
        let old_shoot: Option<Shoot> = case.input("oldShoot")?;
        let old_seed: Option<Seed> = case.input("oldSeed")?;
        let subresource: Option<String> = case.input("subresource")?;
        let result = scheduling::admit_scheduling(&SchedulingRequest {
            operation: operation(case)?,
            subresource: subresource.as_deref().unwrap_or(""),
            shoot: &shoot,
            old_shoot: old_shoot.as_ref(),
            seed: seed.as_ref(),
            old_seed: old_seed.as_ref(),
            shoots: &others,
            cloud_profile_seed_selector,
        });
        checker.field("allowed", result.allowed);
        check_error_text(checker, result.message.as_deref());
    }
    Ok(())
}

/// `error` (exact) and `messageContains` (substring) against an error / rejection text.
fn check_error_text(checker: &mut Checker, actual: Option<&str>) {
    let text = actual.unwrap_or("");
    if let Some(expected) = checker.expect().get("error") {
        if expected.as_str() != Some(text) {
            checker.mismatch("error", expected.to_string(), format!("{text:?}"));
        }
    }
    if let Some(expected) = checker.expect().get("messageContains") {
        checker.contains("messageContains", expected, text);
    }
}

#[derive(Deserialize, Default, FromValue)]
#[serde(rename_all = "lowercase")]
enum Stage {
    #[default]
    Validate,
    Admit,
}

fn toleration_restriction_kind(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let config: Option<Configuration> = case.input("config")?;
    let config = config.unwrap_or_default();
    let project: Option<Project> = case.input("project")?;
    let projects: Vec<Project> = project.iter().map(Project::defaulted).collect();
    let shoot: Shoot = case.input("shoot")?;
    let old_shoot: Option<Shoot> = case.input("oldShoot")?;
    let stage: Option<Stage> = case.input("stage")?;
    let operation = operation(case)?;
    let result = match stage.unwrap_or_default() {
        Stage::Admit => toleration_restriction::admit(&config, &projects, &shoot, operation),
        Stage::Validate => toleration_restriction::validate(
            &config,
            &projects,
            &shoot,
            old_shoot.as_ref(),
            operation,
        ),
    };
    checker.field("allowed", result.allowed);
    checker.field("tolerations", &result.tolerations);
    checker.field("rejectedTolerations", &result.rejected_tolerations);
    check_error_text(checker, result.message.as_deref());
    Ok(())
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct WorkersShoot {
    spec: WorkersSpec,
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct WorkersSpec {
    kubernetes: TaintsKubernetes,
    provider: WorkersProvider,
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default, rename_all = "camelCase")]
struct TaintsKubernetes {
    version: String,
    cluster_autoscaler: Option<node_readiness::ClusterAutoscalerTaints>,
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct WorkersProvider {
    workers: Vec<WorkerTaints>,
}

fn node_readiness_kind(case: &Case, checker: &mut Checker) -> Result<(), String> {
    if case.input_value("stage").as_str() == Some("shoot-validation") {
        let shoot: WorkersShoot = case.input("shoot")?;
        let kubernetes = &shoot.spec.kubernetes;
        // `validateKubernetes` reads the autoscaler only with a control-plane version.
        let autoscaler = kubernetes.cluster_autoscaler.as_ref();
        let mut errors: Vec<_> = (autoscaler.filter(|_| !kubernetes.version.is_empty()))
            .map(|a| node_readiness::validate_cluster_autoscaler_taints(a, &kubernetes.version))
            .unwrap_or_default();
        errors.extend(node_readiness::validate_worker_taints(
            &shoot.spec.provider.workers,
        ));
        checker.validation(&errors, None);
        return Ok(());
    }
    let node: Node = case.input("node")?;
    let objects: ClusterObjects =
        shoot_policy::decode::from_value(&case.input).map_err(|e| format!("input: {e}"))?;
    let result = node_readiness::evaluate(&node, &objects, node_readiness::DEFAULT_BACKOFF_SECONDS);
    checker.field("reconciled", result.reconciled);
    checker.field("taintRemoved", result.taint_removed);
    checker.field("remainingTaints", &result.remaining_taints);
    checker.unordered_field("unscheduledDaemonSets", &result.unscheduled_daemon_sets);
    checker.unordered_field("unreadyPods", &result.unready_pods);
    checker.field("missingDrivers", &result.missing_drivers);
    checker.field("requiredDrivers", &result.required_drivers);
    checker.field("requeueAfterSeconds", result.requeue_after_seconds);
    Ok(())
}

fn migration_kind(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    let source: Option<Seed> = case.input("sourceSeed")?;
    let destination: Option<Seed> = case.input("destinationSeed")?;
    let expect = checker.expect();

    checker.field(
        "responsibleSeed",
        migration::responsible_seed(shoot.spec_seed_name(), shoot.status.seed_name.as_deref()),
    );
    checker.field("operationType", migration::operation_type(&shoot));

    if let Some(expected) = expect.get("constraint") {
        let outcome = migration::readiness_constraint(
            &shoot,
            &source.clone().unwrap_or_default(),
            &destination.clone().unwrap_or_default(),
        );
        match (
            &outcome.constraint,
            expected.get("status").and_then(Value::as_str),
        ) {
            (None, Some("absent")) => {}
            (Some(actual), Some("absent")) => checker.mismatch(
                "constraint",
                "absent".to_string(),
                to_value(actual).to_string(),
            ),
            (None, _) => checker.mismatch("constraint", expected.to_string(), "absent".to_string()),
            (Some(actual), _) => checker.subset("constraint", expected, &to_value(actual)),
        }
    }

    if expect.get("allowed").is_some() {
        let old_shoot: Option<Shoot> = case.input("oldShoot")?;
        let subresource: Option<String> = case.input("subresource")?;
        let result = scheduling::admit_scheduling(&SchedulingRequest {
            operation: operation(case)?,
            subresource: subresource.as_deref().unwrap_or(""),
            shoot: &shoot,
            old_shoot: old_shoot.as_ref(),
            seed: destination.as_ref(),
            old_seed: source.as_ref(),
            shoots: &[],
            cloud_profile_seed_selector: None,
        });
        checker.field("allowed", result.allowed);
        check_error_text(checker, result.message.as_deref());
    }

    let success_keys = [
        "statusSeedNameAfterSuccess",
        "lastOperationAfterSuccess",
        "nextOperationType",
        "nextResponsibleSeed",
    ];
    if success_keys.iter().any(|k| expect.get(k).is_some()) {
        let after = to_value(migration::after_migrate_success(&shoot));
        for key in &success_keys[..1] {
            checker.field(key, after.get(*key).cloned().unwrap_or(Value::Null));
        }
        if let Some(expected) = expect.get("lastOperationAfterSuccess") {
            let actual = after
                .get("lastOperationAfterSuccess")
                .cloned()
                .unwrap_or(Value::Null);
            checker.subset("lastOperationAfterSuccess", expected, &actual);
        }
        for key in &success_keys[2..] {
            checker.field(key, after.get(*key).cloned().unwrap_or(Value::Null));
        }
    }
    Ok(())
}
