//! The CloudProfile's version matrix and the Shoot's maintenance window, as the report shows them.

use super::{
    effective_window, text_at, window_parse_error, Classification, ClassifiedImage,
    ClassifiedVersion, DateTime, ExpirableVersion, MaintenanceTimeWindow, MaintenanceWindowInfo,
    Utc, Value, VersionMatrix, VersionStage,
};

/// The instants at which a version of the CloudProfile (Kubernetes or machine image) may change
/// its classification, ascending: every expiration date and lifecycle start a version names,
/// read without decoding the versions. Where a version's lifecycle makes its expiration date
/// count for nothing, the date is listed all the same: an instant too many only means finding
/// again what was found already.
pub(super) fn classification_transitions(profile: &Value) -> Vec<DateTime<Utc>> {
    let Some(spec) = profile.get("spec") else {
        return Vec::new();
    };
    fn list(parent: Option<&Value>) -> &[Value] {
        (parent
            .and_then(|p| p.get("versions"))
            .and_then(Value::as_array))
        .map_or(&[], Vec::as_slice)
    }
    let images = spec.get("machineImages").and_then(Value::as_array);
    let versions = list(spec.get("kubernetes")).iter().chain(
        images
            .into_iter()
            .flatten()
            .flat_map(|image| list(Some(image))),
    );
    let instant = |value: Option<&Value>| {
        value.and_then(|value| crate::decode::from_value::<DateTime<Utc>>(value).ok())
    };
    crate::lifecycle::ascending_once(versions.flat_map(|version| {
        let stages = version.get("lifecycle").and_then(Value::as_array);
        let starts = stages
            .into_iter()
            .flatten()
            .map(|stage| stage.get("startTime"));
        std::iter::once(version.get("expirationDate"))
            .chain(starts)
            .filter_map(instant)
    }))
}

/// Each version that reads, classified at `now`. A version that does not read (an impossible
/// date, which the input errors name) is left out alone: the dashboard's own aws fixture has one
/// in an old version, and the table keeps the others.
pub(super) fn classify(versions: Option<&Value>, now: DateTime<Utc>) -> Vec<ClassifiedVersion> {
    let versions = versions
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    versions
        .iter()
        .filter_map(|version| crate::decode::from_value::<ExpirableVersion>(version).ok())
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
                version: version.version,
            }
        })
        .collect()
}

pub(super) fn version_matrix(profile: &Value, now: DateTime<Utc>) -> Option<VersionMatrix> {
    let spec = profile.get("spec")?;
    let kubernetes = classify(spec.get("kubernetes").and_then(|k| k.get("versions")), now);
    let machine_images = spec
        .get("machineImages")
        .and_then(Value::as_array)
        .map(|images| {
            images
                .iter()
                .map(|image| ClassifiedImage {
                    name: text_at(image, &["name"]).unwrap_or("").to_string(),
                    versions: classify(image.get("versions"), now),
                })
                .collect()
        })
        .unwrap_or_default();
    Some(VersionMatrix {
        kubernetes,
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
