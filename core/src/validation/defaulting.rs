//! The ShootMutator's defaulting of partial versions: `1.27` or `1` or `""` become the newest suitable
//! Kubernetes version, and worker pools get an architecture and a complete machine image.
//!
//! Follows `defaultKubernetes`, `defaultKubernetesVersion`, `findLatestSupportedVersion`,
//! `defaultKubernetesVersionForWorkers`, `defaultWorkerArchitectures`, `ensureMachineImages`,
//! `ensureMachineImage` and `getDefaultMachineImage` of `plugin/pkg/shoot/mutator/admission.go`, and
//! `DetermineLatestMachineImageVersion` of `pkg/api/core/helper/cloudprofile.go`.

use super::shoot_versions::pool_architecture;
use super::types::{
    CloudProfile, CloudProfileSpec, MachineImageVersion, Operation, Shoot, ShootMachineImage,
    Worker,
};
use super::{go_quote, parse_version};
use crate::decode::FromValue;
use crate::field::FieldError;
use crate::lifecycle::ExpirableVersion;
use crate::maintenance::images::capabilities_supported_by_flavors;
use crate::version::Version;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The versions a Shoot has after the mutator ran.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct DefaultedVersions {
    /// `spec.kubernetes.version`.
    pub kubernetes_version: String,
    /// Per pool name.
    pub workers: BTreeMap<String, DefaultedWorker>,
}

/// One pool after defaulting.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct DefaultedWorker {
    /// The pool's own Kubernetes version (`None`: the pool follows the control plane).
    pub kubernetes_version: Option<String>,
    pub architecture: String,
    pub image: Option<ShootMachineImage>,
}

/// One mutator error: the field error plus the rejected value as Kubernetes prints it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct DefaultingFieldError {
    #[serde(flatten)]
    pub error: FieldError,
    /// The rejected value (a string in every mutator error).
    pub value: String,
}

impl DefaultingFieldError {
    fn invalid(
        field: impl Into<String>,
        value: impl Into<String>,
        detail: impl Into<String>,
    ) -> Self {
        DefaultingFieldError {
            error: FieldError::invalid(field, detail),
            value: value.into(),
        }
    }

    /// `field.Error.Error()`: `<field>: Invalid value: "<value>": <detail>`.
    pub fn text(&self) -> String {
        let mut text = format!(
            "{}: Invalid value: {}",
            self.error.field,
            go_quote(&self.value)
        );
        if !self.error.detail.is_empty() {
            text.push_str(": ");
            text.push_str(&self.error.detail);
        }
        text
    }
}

/// The mutator rejected the Shoot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct DefaultingError {
    pub errors: Vec<DefaultingFieldError>,
    /// The versions as far as the mutator got (fields whose defaulting failed keep their input).
    pub partial: DefaultedVersions,
}

impl DefaultingError {
    /// The aggregated field errors (`ErrorList.ToAggregate().Error()`).
    pub fn aggregate(&self) -> String {
        match self.errors.as_slice() {
            [error] => error.text(),
            errors => {
                let texts: Vec<String> = errors.iter().map(DefaultingFieldError::text).collect();
                format!("[{}]", texts.join(", "))
            }
        }
    }

    /// The admission rejection of the Shoot named `name`:
    /// `shoots.core.gardener.cloud "<name>" is forbidden: <aggregate>`.
    pub fn message(&self, name: &str) -> String {
        format!(
            "shoots.core.gardener.cloud {} is forbidden: {}",
            go_quote(name),
            self.aggregate()
        )
    }
}

/// Runs the mutator's version defaulting on `shoot` (`old_shoot` on update, to keep existing images).
pub fn default_shoot_versions(
    cloud_profile: &CloudProfile,
    old_shoot: Option<&Shoot>,
    shoot: &Shoot,
    operation: Operation,
    now: DateTime<Utc>,
) -> Result<DefaultedVersions, DefaultingError> {
    let profile = crate::defaults::defaulted_cloud_profile(cloud_profile);
    let spec = &profile.spec;
    let old_workers: &[Arc<Worker>] = match (operation, old_shoot) {
        (Operation::Update, Some(old)) => &old.spec.provider.workers,
        _ => &[],
    };
    let mut shoot = shoot.clone();
    let mut errors = Vec::new();

    match default_kubernetes_version(
        &spec.kubernetes.versions,
        &shoot.spec.kubernetes.version,
        "spec.kubernetes.version",
        now,
    ) {
        Ok(Some(version)) => shoot.spec.kubernetes.version = version,
        Ok(None) => {}
        Err(error) => errors.push(error),
    }
    for (i, worker) in shoot.spec.provider.workers_mut().iter_mut().enumerate() {
        let Some(kubernetes) = Arc::make_mut(worker).kubernetes.as_mut() else {
            continue;
        };
        let Some(version) = kubernetes.version.as_deref() else {
            continue;
        };
        match default_kubernetes_version(
            &spec.kubernetes.versions,
            version,
            &format!("spec.provider.workers[{i}].kubernetes.version"),
            now,
        ) {
            Ok(Some(defaulted)) => kubernetes.version = Some(defaulted),
            Ok(None) => {}
            Err(error) => {
                errors.push(error);
                break;
            }
        }
    }
    for worker in shoot.spec.provider.workers_mut() {
        if worker.machine.architecture.is_none() {
            let architecture = pool_architecture(spec, worker);
            Arc::make_mut(worker).machine.architecture = Some(architecture);
        }
    }
    if shoot.metadata.deletion_timestamp.is_none() {
        for (i, worker) in shoot.spec.provider.workers_mut().iter_mut().enumerate() {
            match ensure_machine_image(spec, old_workers, worker, i, now) {
                Ok(image) => Arc::make_mut(worker).machine.image = Some(image),
                Err(error) => errors.push(error),
            }
        }
    }

    let defaulted = DefaultedVersions {
        kubernetes_version: shoot.spec.kubernetes.version.clone(),
        workers: shoot
            .spec
            .provider
            .workers
            .iter()
            .map(|w| {
                (
                    w.name.clone(),
                    DefaultedWorker {
                        kubernetes_version: w.kubernetes_version().map(str::to_string),
                        architecture: w.machine.architecture.clone().unwrap_or_default(),
                        image: w.machine.image.clone(),
                    },
                )
            })
            .collect(),
    };
    if !errors.is_empty() {
        return Err(DefaultingError {
            errors,
            partial: defaulted,
        });
    }
    Ok(defaulted)
}

/// `defaultKubernetesVersion`: `Ok(None)` keeps the given version (three parts), `Ok(Some)` is the newest
/// currently supported version matching the given major (and minor).
fn default_kubernetes_version(
    versions: &[ExpirableVersion],
    given: &str,
    path: &str,
    now: DateTime<Utc>,
) -> Result<Option<String>, DefaultingFieldError> {
    let parts: Vec<&str> = given.split('.').collect();
    if parts.len() == 3 {
        return Ok(None);
    }
    let must_be_semver =
        |part: &str| DefaultingFieldError::invalid(path, part, "must be a semantic version");
    let mut minor = None;
    if parts.len() == 2 && !parts[1].is_empty() {
        minor = Some(parse_uint(parts[1]).map_err(|_| must_be_semver(parts[1]))?);
    }
    let mut major = None;
    if !parts[0].is_empty() {
        major = Some(parse_uint(parts[0]).map_err(|_| must_be_semver(parts[0]))?);
    }
    let mut latest: Option<Version> = None;
    for candidate in versions {
        if !candidate.is_supported(now) {
            continue;
        }
        let Ok(parsed) = Version::parse(&candidate.version) else {
            continue;
        };
        if major.is_some_and(|m| parsed.major != m) || minor.is_some_and(|m| parsed.minor != m) {
            continue;
        }
        if latest.as_ref().is_none_or(|best| parsed > *best) {
            latest = Some(parsed);
        }
    }
    match latest {
        Some(version) => Ok(Some(version.canonical())),
        None => Err(DefaultingFieldError::invalid(
            path,
            given,
            format!(
                "couldn't find a suitable version for {given}. Suitable versions have a non-expired expiration date and are no 'preview' versions. 'Preview'-classified versions have to be selected explicitly"
            ),
        )),
    }
}

/// `ensureMachineImage`: an existing pool keeps its image when the new one is omitted or names the same
/// image without a version or with the same version; otherwise the image is defaulted.
fn ensure_machine_image(
    spec: &CloudProfileSpec,
    old_workers: &[Arc<Worker>],
    worker: &Worker,
    index: usize,
    now: DateTime<Utc>,
) -> Result<ShootMachineImage, DefaultingFieldError> {
    let old_image = old_workers
        .iter()
        .find(|w| w.name == worker.name)
        .and_then(|w| w.machine.image.as_ref());
    if let Some(old_image) = old_image {
        match &worker.machine.image {
            None => return Ok(old_image.clone()),
            Some(image) if image.name == old_image.name => {
                if image.version_str().is_empty() || image.version_str() == old_image.version_str()
                {
                    let mut kept = old_image.clone();
                    kept.provider_config = image.provider_config.clone();
                    return Ok(kept);
                }
            }
            Some(_) => {}
        }
    }
    default_machine_image(spec, worker, index, now)
}

/// `getDefaultMachineImage`.
fn default_machine_image(
    spec: &CloudProfileSpec,
    worker: &Worker,
    index: usize,
    now: DateTime<Utc>,
) -> Result<ShootMachineImage, DefaultingFieldError> {
    let path = format!("spec.provider.workers[{index}]");
    let image = worker.machine.image.as_ref();
    let reference = image.map_or(String::new(), |i| format!("{}@{}", i.name, i.version_str()));
    let architecture = worker.machine.architecture.clone().unwrap_or_default();
    let definitions = &spec.machine_capabilities;
    // Without the machine type in the CloudProfile, its capabilities are not checked.
    let machine_type = spec.machine_type(&worker.machine.machine_type);
    let supports_architecture =
        |version: &MachineImageVersion| version.supports_architecture(definitions, &architecture);
    let fits_machine_type = |version: &MachineImageVersion| {
        machine_type.map(|machine_type| {
            let flavors = &version.capability_flavors;
            capabilities_supported_by_flavors(&machine_type.capabilities, flavors, definitions)
        })
    };
    if spec.machine_images.is_empty() {
        return Err(DefaultingFieldError::invalid(
            path,
            reference,
            "the cloud profile does not contain any machine image - cannot create shoot cluster",
        ));
    }
    let chosen = match image.filter(|i| !i.name.is_empty()) {
        Some(wanted) => {
            let Some(found) = spec.machine_images.iter().find(|m| m.name == wanted.name) else {
                return Err(DefaultingFieldError::invalid(
                    path,
                    &wanted.name,
                    "image is not supported",
                ));
            };
            if found
                .versions
                .iter()
                .any(|v| v.version() == wanted.version_str())
            {
                return Ok(wanted.clone());
            }
            found
        }
        None => {
            let found = spec.machine_images.iter().find(|m| {
                (m.versions.iter())
                    .any(|v| supports_architecture(v) || fits_machine_type(v) == Some(true))
            });
            match found {
                Some(found) => found,
                None => {
                    return Err(DefaultingFieldError::invalid(
                        path,
                        reference,
                        format!(
                        "no valid machine image found that supports architecture `{architecture}`"
                    ),
                    ))
                }
            }
        }
    };

    let mut major = None;
    let mut minor = None;
    if let Some(image) = image {
        let version = image.version_str();
        let trimmed = version.strip_prefix('v').unwrap_or(version);
        let parts: Vec<&str> = trimmed.split('.').collect();
        if parts.len() == 3 {
            return Ok(image.clone());
        }
        let semantic_part = |part: &str| {
            parse_uint(part).map_err(|reason| {
                DefaultingFieldError::invalid(
                    path.clone(),
                    version,
                    format!(
                        "{part} must be a semantic version: strconv.ParseUint: parsing {}: {reason}",
                        go_quote(part)
                    ),
                )
            })
        };
        if parts.len() == 2 && !parts[1].is_empty() {
            minor = Some(semantic_part(parts[1])?);
        }
        if !parts[0].is_empty() {
            major = Some(semantic_part(parts[0])?);
        }
    }

    let candidates: Vec<&MachineImageVersion> = chosen
        .versions
        .iter()
        .filter(|v| supports_architecture(v))
        .filter(|v| fits_machine_type(v) != Some(false))
        .filter(|v| {
            !worker.is_in_place() || v.in_place_updates.as_ref().is_some_and(|u| u.supported)
        })
        .filter(|v| match Version::parse(v.version()) {
            Ok(parsed) => {
                !(major.is_some_and(|m| parsed.major != m)
                    || minor.is_some_and(|m| parsed.minor != m))
            }
            Err(_) => false,
        })
        .collect();
    match latest_machine_image_version(&candidates, now) {
        Some(version) => Ok(ShootMachineImage {
            name: chosen.name.clone(),
            version: Some(version.to_string()),
            provider_config: image.and_then(|i| i.provider_config.clone()),
            ..Default::default()
        }),
        None => Err(DefaultingFieldError::invalid(
            path,
            reference,
            "failed to determine latest machine image from cloud profile: unable to determine latest expirable version",
        )),
    }
}

/// `DetermineLatestMachineImageVersion(versions, true)`: previews are ignored; the newest non-deprecated
/// version wins, else the newest deprecated one.
fn latest_machine_image_version<'a>(
    versions: &[&'a MachineImageVersion],
    now: DateTime<Utc>,
) -> Option<&'a str> {
    let mut latest: Option<(Version, &str)> = None;
    let mut latest_non_deprecated: Option<(Version, &str)> = None;
    for version in versions {
        let Ok(parsed) = parse_version(version.version()) else {
            return None;
        };
        if version.expirable.is_preview(now) {
            continue;
        }
        if latest.as_ref().is_none_or(|(best, _)| parsed > *best) {
            latest = Some((parsed.clone(), version.version()));
        }
        if !version.expirable.is_deprecated(now)
            && latest_non_deprecated
                .as_ref()
                .is_none_or(|(best, _)| parsed > *best)
        {
            latest_non_deprecated = Some((parsed, version.version()));
        }
    }
    latest_non_deprecated.or(latest).map(|(_, text)| text)
}

/// `strconv.ParseUint(part, 10, 0)`, with the reason Go gives on failure.
fn parse_uint(part: &str) -> Result<u64, &'static str> {
    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
        return Err("invalid syntax");
    }
    part.parse::<u64>().map_err(|_| "value out of range")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn profile() -> CloudProfile {
        serde_yaml::from_str(
            r#"
spec:
  kubernetes:
    versions:
    - {version: 1.31.0, classification: preview}
    - {version: 1.30.4, classification: deprecated}
    - {version: 1.30.3}
    - {version: 1.29.9}
  machineImages:
  - name: img
    versions:
    - {version: 3.0.0, classification: preview}
    - {version: 2.2.0, classification: deprecated}
    - {version: 2.1.0}
    - {version: 1.5.0, inPlaceUpdates: {supported: true}}
"#,
        )
        .unwrap()
    }

    fn run(shoot_yaml: &str) -> Result<DefaultedVersions, DefaultingError> {
        let shoot: Shoot = serde_yaml::from_str(shoot_yaml).unwrap();
        default_shoot_versions(
            &profile(),
            None,
            &shoot,
            Operation::Create,
            at("2026-01-01T00:00:00Z"),
        )
    }

    #[test]
    fn kubernetes_defaults_to_newest_supported_of_the_given_minor() {
        let result = run("spec: {kubernetes: {version: '1.30'}}").unwrap();
        assert_eq!(result.kubernetes_version, "1.30.3");
        let result = run("spec: {kubernetes: {version: ''}}").unwrap();
        assert_eq!(result.kubernetes_version, "1.30.3");
        let error = run("spec: {kubernetes: {version: '1.31'}}").unwrap_err();
        assert!(error.aggregate().starts_with(
            "spec.kubernetes.version: Invalid value: \"1.31\": couldn't find a suitable version for 1.31."
        ));
    }

    #[test]
    fn image_defaults_prefer_non_deprecated_and_respect_in_place() {
        let result = run("spec: {kubernetes: {version: 1.30.3}, provider: {workers: [{name: a, machine: {type: m}}]}}").unwrap();
        let image = result.workers["a"].image.clone().unwrap();
        assert_eq!((image.name.as_str(), image.version_str()), ("img", "2.1.0"));
        assert_eq!(result.workers["a"].architecture, "amd64");

        let result = run("spec: {kubernetes: {version: 1.30.3}, provider: {workers: [{name: a, updateStrategy: AutoInPlaceUpdate, machine: {type: m, image: {name: img}}}]}}").unwrap();
        assert_eq!(
            result.workers["a"].image.as_ref().unwrap().version_str(),
            "1.5.0"
        );
    }

    #[test]
    fn non_numeric_image_version_part_is_rejected_like_parse_uint() {
        let error = run("spec: {kubernetes: {version: 1.30.3}, provider: {workers: [{name: a, machine: {type: m, image: {name: img, version: '2.x'}}}]}}").unwrap_err();
        assert_eq!(
            error.aggregate(),
            "spec.provider.workers[0]: Invalid value: \"2.x\": x must be a semantic version: strconv.ParseUint: parsing \"x\": invalid syntax"
        );
    }
}
