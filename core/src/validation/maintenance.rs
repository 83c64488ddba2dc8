//! `validateMaintenance` of the static Shoot validation (`pkg/api/core/validation/shoot.go`): the
//! maintenance time window parses and lasts from 30 minutes to 6 hours, the credentials' automatic
//! rotation periods are 0 or from 30 minutes to 90 days, and a workerless Shoot sets neither a
//! machine image auto-update nor an SSH key pair rotation.
//!
//! Held to Gardener by the oracle's maintenance-validation area.

use crate::api::WrittenMaintenance;
use crate::field::FieldError;
use crate::timewindow::MaintenanceTimeWindow;
use chrono::TimeDelta;
use serde_json::Value;

/// Gardener's text for a field a workerless Shoot may not set.
const WORKERLESS: &str = "this field should not be set for workerless Shoot clusters";

/// The errors of `spec.maintenance` (`maintenance`, absent when the Shoot has none).
pub fn validate_maintenance(maintenance: Option<&Value>, workerless: bool) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let Some(maintenance) = maintenance.and_then(WrittenMaintenance::read) else {
        return errors;
    };
    if workerless && maintenance.machine_image_version_set {
        errors.push(FieldError::forbidden(
            "spec.maintenance.autoUpdate.machineImageVersion",
            WORKERLESS,
        ));
    }
    if let Some(credentials) = &maintenance.credentials {
        let entries = [
            (
                "observability",
                &credentials.observability,
                "spec.maintenance.autoRotation.credentials.observability",
            ),
            (
                "sshKeypair",
                &credentials.ssh_keypair,
                "spec.maintenance.autoRotation.credentials.sshKeypair",
            ),
            (
                "etcdEncryptionKey",
                &credentials.etcd_encryption_key,
                "spec.maintenance.autoRotation.credentials.etcdEncryptionKey",
            ),
        ];
        for (name, entry, path) in entries {
            let Some(entry) = entry else {
                continue;
            };
            if workerless && name == "sshKeypair" {
                errors.push(FieldError::forbidden(path, WORKERLESS));
                continue;
            }
            let period = entry.rotation_period.as_deref();
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
    if let Some(window) = &maintenance.time_window {
        match MaintenanceTimeWindow::parse(&window.begin, &window.end) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields(maintenance: Value, workerless: bool) -> Vec<String> {
        validate_maintenance(Some(&maintenance), workerless)
            .into_iter()
            .map(|error| error.field)
            .collect()
    }

    /// The written value is read part by part: a part of another type counts as absent, a set
    /// entry of another type as set, a bound or period that is no text as empty or unset.
    #[test]
    fn parts_of_other_types() {
        assert!(fields(json!("x"), true).is_empty());
        assert_eq!(
            fields(json!({"autoUpdate": {"machineImageVersion": false}}), true),
            ["spec.maintenance.autoUpdate.machineImageVersion"]
        );
        assert!(fields(json!({"autoUpdate": {"machineImageVersion": null}}), true).is_empty());
        assert!(fields(json!({"autoUpdate": [true]}), true).is_empty());
        let rotation = |credentials: Value| json!({"autoRotation": {"credentials": credentials}});
        assert_eq!(
            fields(
                rotation(json!({"sshKeypair": 5, "observability": null})),
                true
            ),
            ["spec.maintenance.autoRotation.credentials.sshKeypair"]
        );
        assert!(fields(rotation(json!({"sshKeypair": 5})), false).is_empty());
        assert!(fields(rotation(json!([{"sshKeypair": {}}])), true).is_empty());
        assert!(fields(
            rotation(json!({"etcdEncryptionKey": {"rotationPeriod": 60}})),
            false
        )
        .is_empty());
        assert_eq!(
            fields(
                rotation(json!({"etcdEncryptionKey": {"rotationPeriod": "1m"}})),
                false
            ),
            ["spec.maintenance.autoRotation.credentials.etcdEncryptionKey.rotationPeriod"]
        );
        assert!(fields(json!({"timeWindow": "220000+0000"}), false).is_empty());
        assert_eq!(
            fields(
                json!({"timeWindow": {"begin": 220000, "end": "230000+0000"}}),
                false
            ),
            ["spec.maintenance.timeWindow.begin/end"]
        );
        assert!(fields(
            json!({"timeWindow": {"begin": "220000+0000", "end": "230000+0000"}}),
            false
        )
        .is_empty());
    }
}
