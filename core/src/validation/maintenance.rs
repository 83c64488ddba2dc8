//! `validateMaintenance` of the static Shoot validation (`pkg/api/core/validation/shoot.go`): the
//! maintenance time window parses and lasts from 30 minutes to 6 hours, the credentials' automatic
//! rotation periods are 0 or from 30 minutes to 90 days, and a workerless Shoot sets neither a
//! machine image auto-update nor an SSH key pair rotation.
//!
//! Held to Gardener by the oracle's maintenance-validation area.

use crate::field::FieldError;
use crate::timewindow::MaintenanceTimeWindow;
use chrono::TimeDelta;
use serde_json::Value;

/// Gardener's text for a field a workerless Shoot may not set.
const WORKERLESS: &str = "this field should not be set for workerless Shoot clusters";

/// The errors of `spec.maintenance` (`maintenance`, absent when the Shoot has none).
pub fn validate_maintenance(maintenance: Option<&Value>, workerless: bool) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let Some(maintenance) = maintenance.filter(|m| m.is_object()) else {
        return errors;
    };
    let set = |value: Option<&Value>| value.is_some_and(|v| !v.is_null());
    if workerless && set(maintenance.pointer("/autoUpdate/machineImageVersion")) {
        errors.push(FieldError::forbidden(
            "spec.maintenance.autoUpdate.machineImageVersion",
            WORKERLESS,
        ));
    }
    if let Some(credentials) = maintenance
        .pointer("/autoRotation/credentials")
        .filter(|c| c.is_object())
    {
        const CREDENTIALS: [(&str, &str); 3] = [
            (
                "observability",
                "spec.maintenance.autoRotation.credentials.observability",
            ),
            (
                "sshKeypair",
                "spec.maintenance.autoRotation.credentials.sshKeypair",
            ),
            (
                "etcdEncryptionKey",
                "spec.maintenance.autoRotation.credentials.etcdEncryptionKey",
            ),
        ];
        for (name, path) in CREDENTIALS {
            let Some(entry) = credentials.get(name).filter(|e| !e.is_null()) else {
                continue;
            };
            if name == "sshKeypair" && workerless {
                errors.push(FieldError::forbidden(path, WORKERLESS));
                continue;
            }
            let period = entry.get("rotationPeriod").and_then(Value::as_str);
            if let Some(period) = period.and_then(|p| crate::duration::parse(p).ok()) {
                let allowed = TimeDelta::minutes(30)..=TimeDelta::days(90);
                if period != TimeDelta::zero() && !allowed.contains(&period) {
                    errors.push(FieldError::invalid(
                        format!("{path}.rotationPeriod"),
                        "value must be either 0 to disable rotation or between 30m and 90d",
                    ));
                }
            }
        }
    }
    if let Some(window) = maintenance.get("timeWindow").filter(|w| w.is_object()) {
        let text = |key: &str| window.get(key).and_then(Value::as_str).unwrap_or("");
        match MaintenanceTimeWindow::parse(text("begin"), text("end")) {
            Err(error) => errors.push(FieldError::invalid(
                "spec.maintenance.timeWindow.begin/end",
                error,
            )),
            Ok(parsed) => {
                let duration = parsed.duration();
                if duration > TimeDelta::hours(6) {
                    errors.push(FieldError::invalid(
                        "spec.maintenance.timeWindow",
                        "time window must not be greater than 6h0m0s",
                    ));
                } else if duration < TimeDelta::minutes(30) {
                    errors.push(FieldError::invalid(
                        "spec.maintenance.timeWindow",
                        "time window must not be smaller than 30m0s",
                    ));
                }
            }
        }
    }
    errors
}
