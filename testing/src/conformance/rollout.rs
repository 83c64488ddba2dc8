//! Conformance kinds of `rollout.yaml` (schema: spec/rollout-and-rest.md §0): `roll-trigger` and
//! `update-strategy-validation`.

use super::compare::to_value;
use super::{Case, Checker, Kind};
use serde::Deserialize;
use shoot_policy::decode::FromValue;
use shoot_policy::document::Value;
use shoot_policy::rollout::strategy::{
    defaulted_shoot, validate_update_strategy_by_rule, FeatureGates, Operation,
};
use shoot_policy::rollout::trigger::{roll_triggers, RollTriggerOptions};
use shoot_policy::rollout::types::{Shoot, WorkerResource};

pub const KINDS: &[Kind] = &[
    Kind {
        name: "roll-trigger",
        check: roll_trigger,
    },
    Kind {
        name: "update-strategy-validation",
        check: update_strategy_validation,
    },
];

#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct RollTriggerGates {
    #[serde(rename = "NewWorkerPoolHash")]
    new_worker_pool_hash: Option<bool>,
}

fn roll_trigger(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let old_shoot: Option<Shoot> = case.input("oldShoot")?;
    let shoot: Shoot = case.input("shoot")?;
    let gates: Option<RollTriggerGates> = case.input("featureGates")?;
    let options = RollTriggerOptions {
        new_worker_pool_hash: gates.and_then(|g| g.new_worker_pool_hash),
        gardener_version: case.input("gardenerVersion")?,
        worker_resource: case.input::<Option<WorkerResource>>("workerResource")?,
    };
    let result = roll_triggers(old_shoot.as_ref(), &shoot, &options)?;

    if let Some(expected_workers) = case.expect("workers") {
        let expected_workers = expected_workers
            .as_object()
            .ok_or("expect.workers: not a map")?;
        for (pool, expected) in expected_workers {
            let path = format!("workers.{pool}");
            let Some(actual) = result.workers.get(pool) else {
                checker.mismatch(&path, expected.to_string(), "no such pool".to_string());
                continue;
            };
            let actual = to_value(actual);
            for (key, expected_value) in expected
                .as_object()
                .ok_or("expect.workers.<pool>: not a map")?
            {
                let actual_value = actual.get(key).unwrap_or(&Value::Null);
                let field = format!("{path}.{key}");
                // `providerDependent: null`: what the provider extension does is not Gardener's
                // to say (the oracle's answer for a changed `providerConfig`), so not compared.
                if key == "providerDependent" && expected_value.is_null() {
                    continue;
                }
                if key == "causes" {
                    checker.unordered(&field, expected_value, actual_value);
                } else {
                    checker.equal(&field, expected_value, actual_value);
                }
            }
            if expected.get("providerDependent").is_none()
                && actual.get("providerDependent").is_some()
            {
                checker.mismatch(
                    &format!("{path}.providerDependent"),
                    "absent".to_string(),
                    "true".to_string(),
                );
            }
        }
    }
    checker.field("pendingWorkerUpdates", &result.pending_worker_updates);
    if let Some(expected) = case.expect("inPlaceHashes") {
        let expected = expected
            .as_object()
            .ok_or("expect.inPlaceHashes: not a map")?;
        for (pool, hash) in expected {
            let actual = result
                .in_place_hashes
                .get(pool)
                .map_or(Value::Null, |h| Value::String(h.clone()));
            checker.equal(&format!("inPlaceHashes.{pool}"), hash, &actual);
        }
    }
    Ok(())
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct ApiServerGates {
    #[serde(rename = "InPlaceNodeUpdates")]
    in_place_node_updates: Option<bool>,
}

fn update_strategy_validation(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let old_shoot: Option<Shoot> = case.input("oldShoot")?;
    let shoot: Shoot = case.input("shoot")?;
    let operation: Operation = case.input("operation")?;
    let gates: Option<ApiServerGates> = case.input("featureGates")?;
    let feature_gates = FeatureGates {
        in_place_node_updates: gates.and_then(|g| g.in_place_node_updates).unwrap_or(false),
    };
    // With `ruleFamily`, the expected errors are exactly those of that Gardener function.
    let rule_family = checker
        .expect()
        .get("ruleFamily")
        .and_then(Value::as_str)
        .map(str::to_string);
    let errors: Vec<_> =
        validate_update_strategy_by_rule(old_shoot.as_ref(), &shoot, operation, &feature_gates)
            .into_iter()
            .filter(|e| {
                rule_family
                    .as_deref()
                    .is_none_or(|family| e.reported_by(family))
            })
            .map(|e| e.error)
            .collect();
    checker.validation(&errors, None);

    if let Some(expected) = case.expect("defaulted") {
        let defaulted = defaulted_shoot(&shoot);
        let workers: serde_json::Map<String, Value> = defaulted
            .spec
            .provider
            .workers
            .iter()
            .map(|worker| (worker.name.clone(), to_value(worker)))
            .collect();
        let actual = serde_json::json!({ "workers": workers });
        checker.subset("defaulted", expected, &actual);
    }
    Ok(())
}
