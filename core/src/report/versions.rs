//! The CloudProfile's version matrix and the Shoot's maintenance window, as the report shows them.

use crate::api::ProfileVersions;

use super::{
    effective_window, window_parse_error, Classification, ClassifiedImage, ClassifiedVersion,
    DateTime, ExpirableVersion, MaintenanceTimeWindow, MaintenanceWindowInfo, Utc, Value,
    VersionMatrix, VersionStage,
};

/// The instants at which a version of the CloudProfile (Kubernetes or machine image) may change
/// its classification, ascending: every expiration date and lifecycle start a version names.
/// Where a version's lifecycle makes its expiration date count for nothing, the date is listed
/// all the same: an instant too many only means finding again what was found already. A version
/// that does not read is in no classification, and names none.
pub(super) fn classification_transitions(profile: &Value) -> Vec<DateTime<Utc>> {
    let Some(versions) = ProfileVersions::read(profile) else {
        return Vec::new();
    };
    crate::lifecycle::ascending_once(versions.all().flat_map(|version| {
        let starts = version.lifecycle.iter().map(|stage| stage.start_time);
        std::iter::once(version.expiration_date)
            .chain(starts)
            .flatten()
    }))
}

/// Each version that reads, classified at `now`. A version that does not read (an impossible
/// date, which the input errors name) is left out alone ([`ProfileVersions`]): the dashboard's
/// own aws fixture has one in an old version, and the table keeps the others.
pub(super) fn classify(
    versions: &[ExpirableVersion],
    now: DateTime<Utc>,
) -> Vec<ClassifiedVersion> {
    (versions.iter())
        .map(|version| {
            let lifecycle = version.effective_lifecycle();
            ClassifiedVersion {
                classification: version.classification_at(now),
                expires: lifecycle
                    .iter()
                    .find(|stage| stage.classification == Classification::Expired)
                    .and_then(|stage| stage.start_time),
                lifecycle: lifecycle
                    .into_iter()
                    .map(|stage| VersionStage {
                        classification: stage.classification,
                        start_time: stage.start_time,
                    })
                    .collect(),
                version: version.version.clone(),
            }
        })
        .collect()
}

pub(super) fn version_matrix(profile: &Value, now: DateTime<Utc>) -> Option<VersionMatrix> {
    let versions = ProfileVersions::read(profile)?;
    let machine_images = (versions.machine_images.iter())
        .map(|image| ClassifiedImage {
            name: image.name.clone(),
            versions: classify(&image.versions, now),
        })
        .collect();
    Some(VersionMatrix {
        kubernetes: classify(&versions.kubernetes, now),
        machine_images,
        eligible_updates: Vec::new(),
    })
}

pub(super) fn maintenance_window(
    shoot: &crate::api::Shoot,
    now: DateTime<Utc>,
) -> MaintenanceWindowInfo {
    let window = effective_window(shoot);
    let (next_begin, next_end) = window.next_occurrence(now);
    let invalid = window_parse_error(shoot);
    MaintenanceWindowInfo {
        begin: window.begin.to_string(),
        end: window.end.to_string(),
        always: invalid.is_none() && window == MaintenanceTimeWindow::ALWAYS,
        invalid,
        next_begin,
        next_end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A version entry that does not read (an impossible date) is left out alone: the matrix keeps
    /// the other versions and images, and an image without a name is listed by an empty one.
    #[test]
    fn a_version_that_does_not_read_is_left_out_alone() {
        let now = "2025-01-01T00:00:00Z".parse().unwrap();
        let profile = json!({"spec": {
            "kubernetes": {"versions": [
                {"version": "1.31.0", "expirationDate": "2025-02-30T00:00:00Z"},
                {"version": "1.32.0", "expirationDate": "2026-01-01T00:00:00Z"},
            ]},
            "machineImages": [
                {"name": "gardenlinux", "versions": [{"version": "1.0.0"}, {"version": 5}]},
                {"versions": [{"version": "2.0.0"}]},
            ],
        }});
        let matrix = version_matrix(&profile, now).unwrap();
        let versions = |list: &[ClassifiedVersion]| -> Vec<String> {
            list.iter().map(|v| v.version.clone()).collect()
        };
        assert_eq!(versions(&matrix.kubernetes), ["1.32.0"]);
        let images: Vec<(String, Vec<String>)> = (matrix.machine_images.iter())
            .map(|image| (image.name.clone(), versions(&image.versions)))
            .collect();
        assert_eq!(
            images,
            [
                ("gardenlinux".to_string(), vec!["1.0.0".to_string()]),
                (String::new(), vec!["2.0.0".to_string()]),
            ]
        );
        let expiry: DateTime<Utc> = "2026-01-01T00:00:00Z".parse().unwrap();
        assert_eq!(classification_transitions(&profile), [expiry]);
        assert!(version_matrix(&json!({"kind": "CloudProfile"}), now).is_none());
    }
}
