//! Conformance kinds evaluated by the maintenance area (schema: spec/maintenance.md §0):
//! `maintenance`, `qualifying-version` and `image-filter`.

use super::compare::to_value;
use super::{Case, Checker, Kind};
use serde_json::{json, Map, Value};
use shoot_policy::lifecycle::ExpirableVersion;
use shoot_policy::maintenance::types::{
    CapabilityDefinition, CloudProfile, MachineImage, MachineType, Shoot, ShootMachineImage, Worker,
};
use shoot_policy::maintenance::{self, MaintenanceOutcome, UpdateReason, VersionUpdate};
use shoot_policy::version::Version;

pub const KINDS: &[Kind] = &[
    Kind {
        name: "maintenance",
        check: maintenance_run,
    },
    Kind {
        name: "qualifying-version",
        check: qualifying_version,
    },
    Kind {
        name: "image-filter",
        check: image_filter,
    },
];

fn maintenance_run(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let cloud_profile: CloudProfile = case.input("cloudProfile")?;
    let shoot: Shoot = case.input("shoot")?;
    let outcome = maintenance::run(&cloud_profile, &shoot, case.now()?)?;
    let expect = checker.expect();

    if let Some(expected) = expect.get("kubernetes") {
        checker.equal("kubernetes", expected, &version_result(&outcome.kubernetes));
    }
    if let Some(expected) = expect.get("workers") {
        checker.equal("workers", expected, &workers_result(&outcome));
    }
    let abort = to_value(&outcome.machine_image_maintenance_error);
    checker.equal(
        "machineImageMaintenanceError",
        expect
            .get("machineImageMaintenanceError")
            .unwrap_or(&Value::Null),
        &abort,
    );
    checker.field("operations", &outcome.operations);
    if let Some(expected) = expect.get("lastMaintenance") {
        check_last_maintenance(checker, expected, &outcome);
    }
    Ok(())
}

/// One version result in the case schema's shape.
fn version_result(update: &VersionUpdate) -> Value {
    let mut result = Map::new();
    result.insert("version".into(), json!(update.to));
    result.insert("reason".into(), to_value(update.reason));
    if update.reason != UpdateReason::None {
        result.insert("reasonMessage".into(), json!(update.reason_message));
    }
    if update.failed {
        result.insert("failed".into(), json!(true));
        result.insert("message".into(), json!(update.description));
    }
    Value::Object(result)
}

fn workers_result(outcome: &MaintenanceOutcome) -> Value {
    let mut workers = Map::new();
    for worker in &outcome.workers {
        let mut image = version_result(&worker.image);
        if let Some(image) = image.as_object_mut() {
            image.insert("name".into(), json!(worker.image_name));
        }
        let mut entry = Map::new();
        entry.insert("image".into(), image);
        if let Some(kubernetes) = &worker.kubernetes {
            entry.insert("kubernetes".into(), version_result(kubernetes));
        }
        workers.insert(worker.name.clone(), Value::Object(entry));
    }
    Value::Object(workers)
}

fn check_last_maintenance(checker: &mut Checker, expected: &Value, outcome: &MaintenanceOutcome) {
    let Some(last) = &outcome.last_maintenance else {
        checker.equal(
            "lastMaintenance.state",
            expected.get("state").unwrap_or(&Value::Null),
            &json!("unchanged"),
        );
        return;
    };
    if let Some(state) = expected.get("state") {
        checker.equal("lastMaintenance.state", state, &json!(last.state));
    }
    if let Some(description) = expected.get("description") {
        checker.equal(
            "lastMaintenance.description",
            description,
            &json!(last.description),
        );
    }
    if let Some(parts) = expected.get("descriptionContains") {
        let prefix = parts
            .as_array()
            .and_then(|p| p.first())
            .and_then(Value::as_str);
        if let Some(prefix) = prefix {
            if !last.description.starts_with(prefix) {
                checker.mismatch(
                    "lastMaintenance.descriptionContains[0] (prefix)",
                    format!("{prefix:?}"),
                    format!("{:?}", last.description),
                );
            }
        }
        checker.contains(
            "lastMaintenance.descriptionContains",
            parts,
            &last.description,
        );
    }
    if let Some(failure) = expected.get("failureReason") {
        checker.equal(
            "lastMaintenance.failureReason",
            failure,
            &json!(last.failure_reason),
        );
    }
    if let Some(parts) = expected.get("failureReasonContains") {
        let actual = last.failure_reason.clone().unwrap_or_default();
        checker.contains("lastMaintenance.failureReasonContains", parts, &actual);
    }
}

fn qualifying_version(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let function: String = case.input("function")?;
    let now = case.now()?;
    let result: Result<Option<String>, String> = if function == "machine-image-target" {
        let image: MachineImage = case.input("machineImage")?;
        let shoot_image: ShootMachineImage = case.input("shootImage")?;
        let current_expired: bool = case.input("currentExpired")?;
        maintenance::determine_machine_image_version(&shoot_image, &image, current_expired, now)
    } else {
        let versions: Vec<ExpirableVersion> = case.input("versions")?;
        let current = || case.input::<String>("currentVersion");
        match function.as_str() {
            "latest-patch-for-auto-update" => {
                maintenance::latest_patch_for_auto_update(&versions, &current()?, now)
            }
            "latest-minor-for-auto-update" => {
                maintenance::latest_minor_for_auto_update(&versions, &current()?, now)
            }
            "overall-latest-for-auto-update" => {
                maintenance::overall_latest_for_auto_update(&versions, &current()?, now)
            }
            "force-consecutive-minor" => {
                maintenance::force_consecutive_minor(&versions, &current()?, now)
            }
            "force-next-higher-minor" => {
                maintenance::force_next_higher_minor(&versions, &current()?, now)
            }
            "force-next-higher-major" => {
                maintenance::force_next_higher_major(&versions, &current()?, now)
            }
            "latest-qualifying" => maintenance::latest_qualifying_version(&versions, now)
                .map(|found| found.map(|v| v.version.clone())),
            other => return Err(format!("input.function: unknown function {other:?}")),
        }
    };
    match &result {
        Ok(found) => {
            checker.field("found", found.is_some());
            checker.field("version", found.clone().unwrap_or_default());
            if let Some(expected) = checker.expect().get("errorContains") {
                checker.mismatch(
                    "errorContains",
                    format!("an error containing {expected}"),
                    format!("no error (found {found:?})"),
                );
            }
        }
        Err(error) => {
            checker.field("found", false);
            checker.field("version", "");
            match checker.expect().get("errorContains") {
                Some(expected) => checker.contains("errorContains", expected, error),
                None => checker.mismatch("error", "no error".to_string(), error.clone()),
            }
        }
    }
    Ok(())
}

fn image_filter(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let definitions: Option<Vec<CapabilityDefinition>> = case.input("machineCapabilities")?;
    let machine_type: MachineType = case.input("machineType")?;
    let image: MachineImage = case.input("machineImage")?;
    let worker: Worker = case.input("worker")?;
    let kubelet: String = case.input("kubeletVersion")?;
    let kubelet = Version::parse(&kubelet).map_err(|e| e.to_string())?;
    let filtered = maintenance::filter_machine_image_versions(
        &image,
        &worker,
        &kubelet,
        &machine_type,
        &definitions.unwrap_or_default(),
    );
    let versions: Vec<&str> = filtered.versions.iter().map(|v| v.version()).collect();
    checker.field("versions", versions);
    Ok(())
}
