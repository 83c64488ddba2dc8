//! Conformance kinds evaluated by this area (see the spec's "Case schema", status.md §0):
//! `hibernation-constraint`, `webhook-remediation`, `ca-validity` and `shoot-constraints`.

use super::compare::to_value;
use super::{Case, Checker, Kind};
use serde_json::json;
use shoot_policy::constraints::condition::Condition;
use shoot_policy::constraints::{
    check_ca_validities, problematic_webhooks, remediate, shoot_constraints, LastOperation, Secret,
    SeedObjects, Shoot, ShootClusterObjects, WebhookConfiguration, HIBERNATION_POSSIBLE,
    MAINTENANCE_PRECONDITIONS_SATISFIED,
};
use shoot_policy::document::Value;

pub const KINDS: &[Kind] = &[
    Kind {
        name: "hibernation-constraint",
        check: hibernation_constraint,
    },
    Kind {
        name: "webhook-remediation",
        check: webhook_remediation,
    },
    Kind {
        name: "ca-validity",
        check: ca_validity,
    },
    Kind {
        name: "shoot-constraints",
        check: shoot_constraints_kind,
    },
];

fn hibernation_constraint(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let configurations: Vec<WebhookConfiguration> = case.input("webhookConfigurations")?;
    let shoot: Shoot = match case.input_value("shoot") {
        Value::Null => {
            // The schema's default: an awake shoot whose last reconciliation succeeded.
            let mut shoot = Shoot::default();
            shoot.status.last_operation = Some(LastOperation {
                operation_type: "Reconcile".to_string(),
                state: "Succeeded".to_string(),
                ..LastOperation::default()
            });
            shoot
        }
        _ => case.input("shoot")?,
    };
    let cluster = ShootClusterObjects {
        webhook_configurations: configurations.clone(),
        ..ShootClusterObjects::default()
    };

    let found: Vec<Value> = problematic_webhooks(&configurations)
        .into_iter()
        .map(|p| json!({"kind": p.kind, "configuration": p.configuration, "webhook": p.webhook}))
        .collect();
    checker.field("problematicWebhooks", found);

    let constraints = shoot_constraints(&shoot, &SeedObjects::default(), &cluster, case.now()?);
    for (field, constraint_type) in [
        ("hibernationPossible", HIBERNATION_POSSIBLE),
        (
            "maintenancePreconditionsSatisfied",
            MAINTENANCE_PRECONDITIONS_SATISFIED,
        ),
    ] {
        if let Some(expected) = checker.expect().get(field) {
            let actual = constraints
                .iter()
                .find(|c| c.condition_type == constraint_type)
                .map(to_value)
                .unwrap_or(Value::Null);
            checker.subset(field, expected, &actual);
        }
    }
    Ok(())
}

fn webhook_remediation(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let configurations: Vec<WebhookConfiguration> = case.input("webhookConfigurations")?;
    let results = remediate(&configurations);
    let Some(expected_list) = checker.expect().get("configurations") else {
        return Ok(());
    };
    let expected_list = expected_list.as_array().cloned().unwrap_or_default();
    if expected_list.len() != results.len() {
        checker.mismatch(
            "configurations",
            format!("{} configurations", expected_list.len()),
            format!("{} configurations", results.len()),
        );
    }
    for expected in &expected_list {
        let kind = expected.get("kind").and_then(Value::as_str).unwrap_or("");
        let name = expected.get("name").and_then(Value::as_str).unwrap_or("");
        let path = format!("configurations[{kind}/{name}]");
        let Some(actual) = results.iter().find(|r| r.kind == kind && r.name == name) else {
            checker.mismatch(&path, "a configuration".to_string(), "none".to_string());
            continue;
        };
        if let Some(set) = expected.get("warningAnnotationSet") {
            let actual_set = actual
                .result
                .metadata
                .annotations
                .get("gardener.cloud/warning")
                .is_some_and(|v| !v.is_empty());
            checker.equal(
                &format!("{path}.warningAnnotationSet"),
                set,
                &Value::Bool(actual_set),
            );
        }
        if let Some(expected_lines) = expected.get("remediations") {
            compare_remediation_lines(
                checker,
                &format!("{path}.remediations"),
                expected_lines,
                &actual.remediations,
            );
        }
        let expected_webhooks = expected.get("webhooks").and_then(Value::as_array);
        for (index, expected_webhook) in expected_webhooks.into_iter().flatten().enumerate() {
            let webhook_path = format!("{path}.webhooks[{index}]");
            let Some(webhook) = actual.result.webhooks.get(index) else {
                checker.mismatch(&webhook_path, "a webhook".to_string(), "none".to_string());
                continue;
            };
            let expressions =
                |selector: &Option<shoot_policy::constraints::selector::LabelSelector>| {
                    to_value(
                        selector
                            .as_ref()
                            .and_then(|s| s.match_expressions.clone())
                            .unwrap_or_default(),
                    )
                };
            let actual_fields = json!({
                "name": webhook.name,
                "timeoutSeconds": webhook.timeout_seconds,
                "failurePolicy": webhook.failure_policy,
                "namespaceSelectorMatchExpressions": expressions(&webhook.namespace_selector),
                "objectSelectorMatchExpressions": expressions(&webhook.object_selector),
            });
            for (key, expected_value) in expected_webhook.as_object().into_iter().flatten() {
                let field = format!("{webhook_path}.{key}");
                let actual_value = actual_fields.get(key).unwrap_or(&Value::Null);
                if key.ends_with("MatchExpressions") {
                    checker.unordered(&field, expected_value, actual_value);
                } else {
                    checker.equal(&field, expected_value, actual_value);
                }
            }
        }
    }
    Ok(())
}

/// Remediation lines compare exactly and in order, except the requirement list of a selector line,
/// whose order Gardener leaves to Go map iteration: it compares as a set.
fn compare_remediation_lines(
    checker: &mut Checker,
    field: &str,
    expected: &Value,
    actual: &[String],
) {
    let expected: Vec<&str> = expected
        .as_array()
        .map(|lines| lines.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let same = expected.len() == actual.len()
        && expected
            .iter()
            .zip(actual)
            .all(|(e, a)| normalize_line(e) == normalize_line(a));
    if !same {
        checker.mismatch(field, format!("{expected:?}"), format!("{actual:?}"));
    }
}

fn normalize_line(line: &str) -> (String, Vec<String>) {
    match line.split_once(" was extended with [") {
        Some((head, list)) => {
            let list = list.strip_suffix(']').unwrap_or(list);
            let mut items: Vec<String> = list
                .split("} {")
                .map(|item| item.trim_matches(|c| c == '{' || c == '}').to_string())
                .collect();
            items.sort();
            (head.to_string(), items)
        }
        None => (line.to_string(), Vec::new()),
    }
}

const CA_EXPIRING_PREFIX: &str =
    "Some CA certificates are expiring in less than 8760h0m0s, you should rotate them: ";

fn ca_validity(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let secrets: Vec<Secret> = case.input("secrets")?;
    let now = case.now()?;
    match check_ca_validities(&secrets, now) {
        Ok(result) => {
            if let Some(expected) = checker.expect().get("error") {
                checker.mismatch("error", expected.to_string(), "no error".to_string());
            }
            checker.field("status", &result.status);
            checker.field("reason", &result.reason);
            if let Some(expected) = checker.expect().get("message") {
                let expected_text = expected.as_str().unwrap_or("");
                if ca_message_key(expected_text) != ca_message_key(&result.message) {
                    checker.mismatch(
                        "message",
                        format!("{expected_text:?}"),
                        format!("{:?}", result.message),
                    );
                }
            }
        }
        Err(error) => {
            match checker.expect().get("error").and_then(Value::as_str) {
                Some(prefix) if error.starts_with(prefix) => {}
                _ => checker.mismatch(
                    "error",
                    "no error (or another one)".to_string(),
                    error.clone(),
                ),
            }
            if let Some(expected) = checker.expect().get("constraint") {
                let constraint =
                    Condition::get_or_init(&[], "CACertificateValiditiesAcceptable", now)
                        .updated_unknown_error(&error, now);
                checker.subset("constraint", expected, &to_value(constraint));
            }
        }
    }
    Ok(())
}

/// The expiring-CA message with its entries as a set (their order is Go map order).
fn ca_message_key(message: &str) -> (String, Vec<String>) {
    match message.strip_prefix(CA_EXPIRING_PREFIX) {
        Some(list) => {
            let mut entries: Vec<String> = list
                .split("), ")
                .map(|e| e.trim_end_matches(')').to_string())
                .collect();
            entries.sort();
            (CA_EXPIRING_PREFIX.to_string(), entries)
        }
        None => (message.to_string(), Vec::new()),
    }
}

fn shoot_constraints_kind(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    let seed: SeedObjects = match case.input_value("seed") {
        Value::Null => SeedObjects::default(),
        _ => case.input("seed")?,
    };
    let cluster: ShootClusterObjects = match case.input_value("shootCluster") {
        Value::Null => ShootClusterObjects::default(),
        _ => case.input("shootCluster")?,
    };
    let constraints = shoot_constraints(&shoot, &seed, &cluster, case.now()?);
    let present = checker
        .expect()
        .get("present")
        .and_then(Value::as_array)
        .cloned();
    for expected in present.into_iter().flatten() {
        let constraint_type = expected.get("type").and_then(Value::as_str).unwrap_or("");
        let field = format!("present[{constraint_type}]");
        match constraints
            .iter()
            .find(|c| c.condition_type == constraint_type)
        {
            Some(actual) => checker.subset(&field, &expected, &to_value(actual)),
            None => checker.mismatch(
                &field,
                "present".to_string(),
                format!("{:?}", types(&constraints)),
            ),
        }
    }
    let absent = checker
        .expect()
        .get("absent")
        .and_then(Value::as_array)
        .cloned();
    for expected in absent.into_iter().flatten() {
        let constraint_type = expected.as_str().unwrap_or("");
        if constraints
            .iter()
            .any(|c| c.condition_type == constraint_type)
        {
            checker.mismatch(
                &format!("absent[{constraint_type}]"),
                "absent".to_string(),
                "present".to_string(),
            );
        }
    }
    Ok(())
}

fn types(constraints: &[Condition]) -> Vec<&str> {
    constraints
        .iter()
        .map(|c| c.condition_type.as_str())
        .collect()
}
