//! Conformance kinds of `status.yaml` owned by the status area (schema: spec/status.md §0).

use super::compare::to_value;
use super::{parse_instant, Case, Checker, Kind};
use chrono::TimeDelta;
use serde::Deserialize;
use shoot_policy::decode::FromValue;
use shoot_policy::document::Value;
use shoot_policy::status::{
    self, errors, ConditionThreshold, ConditionUpdate, LastError, LastOperation, Seed, Shoot,
    ShootControllerConfig,
};

pub const KINDS: &[Kind] = &[
    Kind {
        name: "status-label",
        check: status_label,
    },
    Kind {
        name: "condition-threshold",
        check: condition_threshold,
    },
    Kind {
        name: "condition-pardon",
        check: condition_pardon,
    },
    Kind {
        name: "condition-update",
        check: condition_update,
    },
    Kind {
        name: "error-codes",
        check: error_codes,
    },
    Kind {
        name: "auto-retry",
        check: auto_retry,
    },
    Kind {
        name: "operation-type",
        check: operation_type,
    },
    Kind {
        name: "reconcile-decision",
        check: reconcile_decision,
    },
];

fn status_label(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    checker.field("label", status::status_label(&shoot).label.as_str());
    Ok(())
}

/// The health check result that `FailedCondition` is called with.
#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct FailedCheck {
    reason: String,
    message: String,
    codes: Vec<String>,
}

fn condition_threshold(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let thresholds: Option<Vec<ConditionThreshold>> = case.input("conditionThresholds")?;
    let thresholds = status::parse_condition_thresholds(&thresholds.unwrap_or_default())?;
    let last_operation: Option<LastOperation> = case.input("lastOperation")?;
    let condition: status::Condition = case.input("condition")?;
    let check: Option<FailedCheck> = case.input("check")?;
    let check = check.unwrap_or_default();
    let result = status::failed_condition(
        &thresholds,
        last_operation.as_ref(),
        &condition,
        &check.reason,
        &check.message,
        &check.codes,
        case.now()?,
    );
    compare_condition(checker, "", checker.expect(), &to_value(&result))
}

fn condition_pardon(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let last_operation: Option<LastOperation> = case.input("lastOperation")?;
    let last_errors: Option<Vec<LastError>> = case.input("lastErrors")?;
    let conditions: Option<Vec<status::Condition>> = case.input("conditions")?;
    let result = status::pardon_conditions(
        &conditions.unwrap_or_default(),
        last_operation.as_ref(),
        &last_errors.unwrap_or_default(),
        case.now()?,
    );
    if let Some(expected) = checker.expect().get("conditions") {
        let expected_items = match expected {
            Value::Array(items) => items.as_slice(),
            Value::Null => &[],
            _ => return Err("expect.conditions: not a list".into()),
        };
        if expected_items.len() != result.len() {
            checker.mismatch(
                "conditions",
                format!("{} conditions", expected_items.len()),
                format!("{} conditions", result.len()),
            );
            return Ok(());
        }
        for (index, (expected, actual)) in expected_items.iter().zip(&result).enumerate() {
            compare_condition(
                checker,
                &format!("conditions[{index}]"),
                expected,
                &to_value(actual),
            )?;
        }
    }
    Ok(())
}

fn condition_update(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let now = case.now()?;
    let existing: Option<status::Condition> = case.input("condition")?;
    let condition = match existing {
        Some(condition) => condition,
        None => {
            let condition_type: Option<String> = case.input("conditionType")?;
            let condition_type =
                condition_type.ok_or("input.conditionType is required without a condition")?;
            status::init_condition(&condition_type, now)
        }
    };
    let update: Option<ConditionUpdate> = case.input("update")?;
    let result = match update {
        Some(update) => status::apply_condition_update(&condition, &update, now),
        None => condition,
    };
    compare_condition(checker, "", checker.expect(), &to_value(&result))
}

fn error_codes(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let last_errors: Option<Vec<LastError>> = case.input("lastErrors")?;
    let last_errors = last_errors.unwrap_or_default();
    checker.field(
        "nonRetryable",
        errors::has_non_retryable_error_code(&last_errors),
    );
    if let Some(expected) = checker.expect().get("hasErrorCode") {
        let code = expected
            .get("code")
            .and_then(Value::as_str)
            .ok_or("expect.hasErrorCode.code: missing")?;
        let actual = serde_json::json!({
            "code": code,
            "result": errors::has_error_code(&last_errors, code),
        });
        checker.equal("hasErrorCode", expected, &actual);
    }
    Ok(())
}

fn auto_retry(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let old_shoot: Shoot = case.input("oldShoot")?;
    let shoot: Shoot = case.input("shoot")?;
    let retry_period = TimeDelta::minutes(status::operation::DEFAULT_RETRY_PERIOD_MINUTES);
    let result = status::auto_retry(&old_shoot, &shoot, retry_period, case.now()?);
    checker.field("retryTriggered", result.retry_triggered);
    Ok(())
}

fn operation_type(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    checker.field("operationType", status::operation_type(&shoot));
    Ok(())
}

fn reconcile_decision(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    let gardenlet_version: Option<String> = case.input("gardenletVersion")?;
    let config: Option<ShootControllerConfig> = case.input("config")?;
    let seed: Option<Seed> = case.input("seed")?;
    let decision = status::reconcile_decision(
        &shoot,
        &gardenlet_version.unwrap_or_default(),
        &config.unwrap_or_default(),
        seed.as_ref(),
        case.now()?,
    )?;
    checker.field("operationType", decision.operation_type);
    checker.field("reconcileNow", decision.reconcile_now);
    checker.field("reason", &decision.reason);
    checker.field(
        "onlySyncClusterResource",
        decision.only_sync_cluster_resource,
    );
    Ok(())
}

/// Compares the condition fields `expected` lists with `actual`; timestamps compare as instants, so
/// `2026-01-01T00:00:00Z` and `2026-01-01T00:00:00+00:00` are the same.
fn compare_condition(
    checker: &mut Checker,
    path: &str,
    expected: &Value,
    actual: &Value,
) -> Result<(), String> {
    let Value::Object(fields) = expected else {
        return Err(format!("expect{path}: not an object"));
    };
    for (key, expected_value) in fields {
        let field = if path.is_empty() {
            key.clone()
        } else {
            format!("{path}.{key}")
        };
        let actual_value = actual.get(key).unwrap_or(&Value::Null);
        let is_time = key == "lastTransitionTime" || key == "lastUpdateTime";
        match (is_time, expected_value.as_str(), actual_value.as_str()) {
            (true, Some(expected_text), Some(actual_text)) => {
                if parse_instant(expected_text)? != parse_instant(actual_text)? {
                    checker.mismatch(&field, expected_text.into(), actual_text.into());
                }
            }
            _ => checker.subset(&field, expected_value, actual_value),
        }
    }
    Ok(())
}
