//! Conformance kind `maintenance-reconcile`: one run of Gardener's maintenance reconciler
//! (`Reconciler.Reconcile` in `pkg/controllermanager/controller/shoot/maintenance/reconciler.go`)
//! as the stored Shoot shows it afterwards, compared with [`maintenance::run`], the function the
//! report uses (its dry-run model, `maintenance::dry_run_rejection`, included).
//!
//! The oracle (`oracle/maintenance_test.go`) runs the real reconciler against controller-runtime's
//! fake client, with an interceptor playing the API server on every Shoot update (the strategy's
//! validation, then the ShootValidator plugin), and reads the Shoot back.
//!
//! Schema:
//! - `input.cloudProfile`, `input.shoot`: v1beta1 objects as pasted (API defaults are applied by
//!   both sides). The Shoot always sets `spec.maintenance.timeWindow`; the run is triggered by a
//!   `gardener.cloud/operation: maintain` annotation or by `now` inside the effective window.
//! - `expect.kubernetesVersion`: `spec.kubernetes.version` after the run.
//! - `expect.workers`: the pools in spec order, each `{name, machineImage: {name, version},
//!   kubernetesVersion?}` (`kubernetesVersion` only for a pool with its own version).
//! - `expect.lastMaintenance`: `null` (never written) or `{state, description, failureReason,
//!   triggeredTime}`. Gardener builds `description` and `failureReason` from Go maps, so both are
//!   compared as multisets of their `, `-separated parts (an aggregate's `[`/`]` trimmed off a
//!   part's ends). API errors in `failureReason` carry no bad values: Gardener prints internal
//!   structs there with their pointers, so the oracle leaves the values out, as the engine does.
//! - `expect.operationAnnotation`: the `gardener.cloud/operation` annotation after the run, or
//!   `null`.
//! - `expect.changes` (when present): the whole answer, every change the run made to the stored
//!   Shoot's `spec` and `metadata.annotations`, as `{path, before, after}` sorted by path
//!   (`before`/`after` left out where the field is absent; a list whose length changed is one
//!   change, else its items change one by one). The engine's is the same diff of its Shoot before
//!   and after [`maintenance::run`], both as it serializes them; compared exactly, so a field
//!   emptied (`{}`, `[]`), nulled or removed are three answers.
//! - `expect.reconcileError` (only when present): Gardener's final update failed after the dry
//!   run passed. The engine has no such outcome, so such a case always diverges.

use super::compare::{exactly_equal, to_value};
use super::{Case, Checker, Kind};
use serde_json::{json, Value};
use shoot_policy::maintenance::{self, CloudProfile, Shoot};

pub const KINDS: &[Kind] = &[Kind {
    name: "maintenance-reconcile",
    check: maintenance_reconcile,
}];

/// The annotation Gardener's operations are requested with.
const OPERATION_ANNOTATION: &str = "gardener.cloud/operation";

fn maintenance_reconcile(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let cloud_profile: CloudProfile = case.input("cloudProfile")?;
    let shoot: Shoot = case.input("shoot")?;
    let outcome = maintenance::run(&cloud_profile, &shoot, case.now()?)?;
    let after = &outcome.shoot;
    let expect = checker.expect();

    checker.field("kubernetesVersion", &after.spec.kubernetes.version);
    let workers: Vec<Value> = (after.spec.provider.workers.iter())
        .map(|worker| {
            let image = worker.machine.image();
            let mut entry = json!({
                "name": worker.name,
                "machineImage": { "name": image.name, "version": image.version },
            });
            if let Some(version) = worker.kubernetes_version() {
                entry["kubernetesVersion"] = json!(version);
            }
            entry
        })
        .collect();
    checker.field("workers", workers);

    let expected = expect.get("lastMaintenance").unwrap_or(&Value::Null);
    match (&after.status.last_maintenance, expected) {
        (None, Value::Null) => {}
        (None, _) | (Some(_), Value::Null) => checker.mismatch(
            "lastMaintenance",
            expected.to_string(),
            json!(after.status.last_maintenance).to_string(),
        ),
        (Some(last), expected) => {
            let text = |name: &str| expected.get(name).and_then(Value::as_str);
            checker.equal(
                "lastMaintenance.state",
                expected.get("state").unwrap_or(&Value::Null),
                &json!(last.state),
            );
            let triggered = last
                .triggered_time
                .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
            checker.equal(
                "lastMaintenance.triggeredTime",
                expected.get("triggeredTime").unwrap_or(&Value::Null),
                &json!(triggered),
            );
            compare_parts(
                checker,
                "lastMaintenance.description",
                text("description"),
                Some(&last.description),
            );
            compare_parts(
                checker,
                "lastMaintenance.failureReason",
                text("failureReason"),
                last.failure_reason.as_deref(),
            );
        }
    }

    checker.field(
        "operationAnnotation",
        after.metadata.annotations.get(OPERATION_ANNOTATION),
    );
    if let Some(expected) = expect.get("changes") {
        let actual = Value::Array(shoot_changes(&shoot, after));
        if !exactly_equal(expected, &actual) {
            checker.mismatch("changes", expected.to_string(), actual.to_string());
        }
    }
    if let Some(error) = expect.get("reconcileError") {
        checker.mismatch(
            "reconcileError",
            error.to_string(),
            "the run's update is accepted".to_string(),
        );
    }
    Ok(())
}

/// The Shoot as `changes` sees it: its annotations (left out when there are none) and its spec.
fn stored_view(shoot: &Shoot) -> Value {
    let mut metadata = serde_json::Map::new();
    if !shoot.metadata.annotations.is_empty() {
        metadata.insert("annotations".to_string(), json!(shoot.metadata.annotations));
    }
    json!({"metadata": metadata, "spec": to_value(&shoot.spec)})
}

/// Every change from `before` to `after`, sorted by path (the oracle's `shootChanges`).
fn shoot_changes(before: &Shoot, after: &Shoot) -> Vec<Value> {
    let mut changes = Vec::new();
    diff(
        "",
        Some(&stored_view(before)),
        Some(&stored_view(after)),
        &mut changes,
    );
    changes.sort_by(|a, b| a["path"].as_str().cmp(&b["path"].as_str()));
    changes
}

fn diff(path: &str, a: Option<&Value>, b: Option<&Value>, changes: &mut Vec<Value>) {
    let child = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match (a, b) {
        (Some(Value::Object(a)), Some(Value::Object(b))) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for key in keys {
                diff(&child(key), a.get(key), b.get(key), changes);
            }
        }
        (Some(Value::Array(a)), Some(Value::Array(b))) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                diff(&format!("{path}[{i}]"), Some(x), Some(y), changes);
            }
        }
        (Some(a), Some(b)) if exactly_equal(a, b) => {}
        (None, None) => {}
        (a, b) => {
            let mut change = serde_json::Map::new();
            change.insert("path".to_string(), json!(path));
            if let Some(a) = a {
                change.insert("before".to_string(), a.clone());
            }
            if let Some(b) = b {
                change.insert("after".to_string(), b.clone());
            }
            changes.push(Value::Object(change));
        }
    }
}

/// Compares two of Gardener's map-ordered texts as multisets of their parts.
fn compare_parts(checker: &mut Checker, field: &str, expected: Option<&str>, actual: Option<&str>) {
    let (mut want, mut got) = (expected.map(parts), actual.map(parts));
    if let Some(parts) = want.as_mut() {
        parts.sort();
    }
    if let Some(parts) = got.as_mut() {
        parts.sort();
    }
    if want != got {
        checker.mismatch(field, format!("{expected:?}"), format!("{actual:?}"));
    }
}

/// The parts of a text: its prefix (`… maintenance operations successful.`, `… is invalid:`)
/// and each `, `-separated item, without an aggregate's brackets.
fn parts(text: &str) -> Vec<String> {
    const CUT: char = '\u{1f}';
    let cut = text
        .replace(
            "operations successful. ",
            &format!("operations successful.{CUT}"),
        )
        .replace(": [", &format!(":{CUT}"))
        .replace(", ", &CUT.to_string());
    cut.split(CUT)
        .map(|part| part.trim_end_matches(']').to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parts;

    #[test]
    fn parts_ignore_order_and_aggregate_brackets() {
        let mut one = parts("x is invalid: [a: Forbidden: b, c: Forbidden: d]");
        let mut other = parts("x is invalid: [c: Forbidden: d, a: Forbidden: b]");
        one.sort();
        other.sort();
        assert_eq!(one, other);
        let mut one = parts("All maintenance operations successful. a, b");
        let mut other = parts("All maintenance operations successful. b, a");
        one.sort();
        other.sort();
        assert_eq!(one, other);
    }
}
