//! Conformance kinds of the validation area: `cloudprofile-validation`, `shoot-version-validation` and
//! `inplace-eligibility` (rollout.yaml, schema: spec/rollout-and-rest.md §0) and `version-defaulting`
//! (maintenance.yaml, schema: spec/maintenance.md §0).

use super::compare::to_value;
use super::{Case, Checker, Kind};
use serde_json::json;
use shoot_policy::api::{CloudProfile, NamespacedCloudProfile, Shoot};
use shoot_policy::document::Value;
use shoot_policy::field::FieldError;
use shoot_policy::validation::{
    default_shoot_versions, validate_cloud_profile, validate_shoot_versions,
    validate_shoot_versions_static, validate_version_removal, DefaultedVersions, DefaultingError,
    FeatureGates, Operation, Stage,
};

pub const KINDS: &[Kind] = &[
    Kind {
        name: "cloudprofile-validation",
        check: cloudprofile_validation,
    },
    Kind {
        name: "shoot-version-validation",
        check: shoot_version_validation,
    },
    Kind {
        name: "inplace-eligibility",
        check: inplace_eligibility,
    },
    Kind {
        name: "version-defaulting",
        check: version_defaulting,
    },
    Kind {
        name: "feature-gate-validation",
        check: feature_gate_validation,
    },
    Kind {
        name: "maintenance-validation",
        check: maintenance_validation,
    },
    Kind {
        name: "shoot-admission",
        check: shoot_admission,
    },
    Kind {
        name: "shoot-validation",
        check: shoot_validation,
    },
];

/// The registry strategy's validation of a Shoot, whole (`validation::shoot`).
fn shoot_validation(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot = stored_shoot(case, "shoot")?.ok_or("input.shoot is required")?;
    let old = stored_shoot(case, "oldShoot")?;
    let maintenance = case.input_value("shoot").pointer("/spec/maintenance");
    // An update that changes nothing takes the path of a report without a previous Shoot (the
    // Shoot checked against itself), so Gardener's answers hold that path too.
    let old = match &old {
        Some(old) if *old == shoot => Some(&shoot),
        old => old.as_ref(),
    };
    let errors =
        shoot_policy::validation::shoot::validate_shoot(old, &shoot, operation(case)?, maintenance);
    checker.validation(&errors, None);
    Ok(())
}

/// A Shoot of the case as the API server stores it: with the v1beta1 defaults.
fn stored_shoot(case: &Case, name: &str) -> Result<Option<Shoot>, String> {
    let mut value = case.input_value(name).clone();
    if value.is_null() {
        return Ok(None);
    }
    shoot_policy::defaults::default_shoot(&mut value);
    shoot_policy::decode::from_value(&value)
        .map(Some)
        .map_err(|e| format!("input.{name}: {e}"))
}

/// The ShootValidator admission plugin, whole (`validation::shoot_validator`). Inputs besides
/// `cloudProfile`, `shoot`, `oldShoot` and `operation`, each optional: `seed` (the Seed of the
/// Shoot's `spec.seedName`), `oldSeed` (of the old Shoot's), `shoots` (the landscape's Shoots, for
/// a Seed's capacity) and `namespacedCloudProfile` (below `cloudProfile`, with its
/// `status.cloudProfileSpec`). A Shoot that references the NamespacedCloudProfile is checked
/// against its merged spec, as Gardener's `GetCloudProfileSpec` reads it; without one, every
/// Shoot references `cloudProfile` (as `oracle/admission_test.go` sets it).
fn shoot_admission(case: &Case, checker: &mut Checker) -> Result<(), String> {
    use shoot_policy::validation::shoot_validator::{validate_shoot_admission, AdmissionObjects};
    let profile: CloudProfile = case.input("cloudProfile")?;
    let namespaced: Option<NamespacedCloudProfile> = case.input("namespacedCloudProfile")?;
    // As the oracle's harness has it: the Shoots name their profile by `spec.cloudProfile`, and
    // without a NamespacedCloudProfile they reference the CloudProfile.
    let reference = |shoot: Option<Shoot>| {
        shoot.map(|mut shoot| {
            shoot.spec.cloud_profile_name = None;
            if namespaced.is_none() || shoot.spec.cloud_profile.is_none() {
                shoot.spec.cloud_profile = Some(shoot_policy::api::CloudProfileReference {
                    kind: "CloudProfile".to_string(),
                    name: profile.metadata.name.clone(),
                });
            }
            shoot
        })
    };
    let shoot = reference(stored_shoot(case, "shoot")?).ok_or("input.shoot is required")?;
    let old = reference(stored_shoot(case, "oldShoot")?);
    let seed: Option<shoot_policy::scheduling::Seed> = case.input("seed")?;
    let old_seed: Option<shoot_policy::scheduling::Seed> = case.input("oldSeed")?;
    let mut shoots = Vec::new();
    if let Some(list) = case.input_value("shoots").as_array() {
        for (i, item) in list.iter().enumerate() {
            let mut item = item.clone();
            shoot_policy::defaults::default_shoot(&mut item);
            shoots.push(
                shoot_policy::decode::from_value::<Shoot>(&item)
                    .map_err(|e| format!("input.shoots[{i}]: {e}"))?,
            );
        }
    }
    let reference = shoot.spec.cloud_profile.as_ref();
    let referenced = match (reference, &namespaced) {
        (Some(reference), Some(namespaced))
            if reference.kind == "NamespacedCloudProfile"
                && reference.name == namespaced.metadata.name =>
        {
            CloudProfile {
                metadata: namespaced.metadata.clone(),
                spec: (namespaced.status.cloud_profile_spec.clone()).unwrap_or_default(),
            }
        }
        (Some(reference), _) if reference.kind == "NamespacedCloudProfile" => {
            return Err(format!(
                "the Shoot references the NamespacedCloudProfile {:?}, which input.namespacedCloudProfile is not",
                reference.name
            ))
        }
        _ => profile.clone(),
    };
    let objects = AdmissionObjects {
        seed: seed.as_ref(),
        old_seed: old_seed.as_ref(),
        shoots: &shoots,
        cloud_profile: Some(&profile),
        namespaced_cloud_profile: namespaced.as_ref(),
    };
    let errors = validate_shoot_admission(
        &referenced,
        old.as_ref(),
        &shoot,
        operation(case)?,
        case.now()?,
        &objects,
    );
    checker.validation(&errors, None);
    Ok(())
}

/// `validateMaintenance` of the static Shoot validation.
fn maintenance_validation(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot = case.input_value("shoot");
    let workerless = (shoot.pointer("/spec/provider/workers"))
        .and_then(serde_json::Value::as_array)
        .is_none_or(Vec::is_empty);
    let errors = shoot_policy::validation::maintenance::validate_maintenance(
        shoot.pointer("/spec/maintenance"),
        workerless,
    );
    checker.validation(&errors, None);
    Ok(())
}

/// `ValidateFeatureGates` as the static Shoot validation runs it: each control-plane component at
/// the Shoot's version, each pool's kubelet at the pool's.
fn feature_gate_validation(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: shoot_policy::api::Shoot = case.input("shoot")?;
    let errors = shoot_policy::maintenance::admission::feature_gates_of(&shoot);
    checker.validation(&errors, None);
    Ok(())
}

fn operation(case: &Case) -> Result<Operation, String> {
    if case.input_value("operation").is_null() {
        return Ok(Operation::Create);
    }
    case.input("operation")
}

fn stage(case: &Case) -> Result<Stage, String> {
    if case.input_value("stage").is_null() {
        return Ok(Stage::AdmissionValidate);
    }
    case.input("stage")
}

fn cloudprofile_validation(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let profile: CloudProfile = case.input("cloudProfile")?;
    let old: Option<CloudProfile> = case.input("oldCloudProfile")?;
    let operation = operation(case)?;
    if !case.input_value("shoots").is_null()
        || !case.input_value("namespacedCloudProfiles").is_null()
    {
        // The ResourceReferenceManager admission of a CloudProfile update.
        let shoots: Vec<Shoot> = case
            .input::<Option<Vec<Shoot>>>("shoots")?
            .unwrap_or_default();
        let namespaced: Vec<NamespacedCloudProfile> = case
            .input::<Option<Vec<NamespacedCloudProfile>>>("namespacedCloudProfiles")?
            .unwrap_or_default();
        let message = match (&old, operation) {
            (Some(old), Operation::Update) => {
                validate_version_removal(&profile, old, &shoots, &namespaced)
            }
            _ => None,
        };
        checker.validation(&[], message.as_deref());
        return Ok(());
    }
    let gates: FeatureGates = case
        .input::<Option<FeatureGates>>("featureGates")?
        .unwrap_or_default();
    let result = validate_cloud_profile(&profile, old.as_ref(), operation, gates, case.now()?);
    checker.validation(&result.errors, None);
    checker.field("persistedVersions", &result.persisted_versions);
    Ok(())
}

fn shoot_version_validation(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    let old: Option<Shoot> = case.input("oldShoot")?;
    let operation = operation(case)?;
    match stage(case)? {
        Stage::Static => {
            let errors = validate_shoot_versions_static(old.as_ref(), &shoot, operation);
            checker.validation(&errors, None);
        }
        Stage::AdmissionMutate => {
            let profile: CloudProfile = case.input("cloudProfile")?;
            let mut result =
                default_shoot_versions(&profile, old.as_ref(), &shoot, operation, case.now()?);
            result = within_rule_family(&profile, result);
            check_mutation(checker, &result);
            if let Ok(defaulted) = &result {
                checker.field("defaultedVersion", &defaulted.kubernetes_version);
                let workers: serde_json::Map<String, Value> = defaulted
                    .workers
                    .iter()
                    .map(|(name, w)| (name.clone(), to_value(&w.kubernetes_version)))
                    .collect();
                checker.field("defaultedWorkerVersions", Value::Object(workers));
            } else {
                for key in ["defaultedVersion", "defaultedWorkerVersions"] {
                    if let Some(expected) = checker.expect().get(key) {
                        checker.mismatch(
                            key,
                            expected.to_string(),
                            "the mutator rejected the Shoot".into(),
                        );
                    }
                }
            }
        }
        Stage::AdmissionValidate => {
            let profile: CloudProfile = case.input("cloudProfile")?;
            let errors =
                validate_shoot_versions(&profile, old.as_ref(), &shoot, operation, case.now()?);
            checker.validation(&validated_within_rule_family(&profile, errors), None);
        }
    }
    Ok(())
}

fn inplace_eligibility(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    let old: Option<Shoot> = case.input("oldShoot")?;
    let profile: CloudProfile = case.input("cloudProfile")?;
    let operation = operation(case)?;
    match stage(case)? {
        Stage::AdmissionMutate => {
            let result =
                default_shoot_versions(&profile, old.as_ref(), &shoot, operation, case.now()?);
            let result = within_rule_family(&profile, result);
            check_mutation(checker, &result);
        }
        Stage::AdmissionValidate | Stage::Static => {
            let errors =
                validate_shoot_versions(&profile, old.as_ref(), &shoot, operation, case.now()?);
            checker.validation(&validated_within_rule_family(&profile, errors), None);
        }
    }
    Ok(())
}

/// Case inputs are partial: a CloudProfile without machine images (or without Kubernetes versions) means
/// that image (or Kubernetes) defaulting is not part of the case, so the errors that defaulting can then
/// only produce are not counted.
fn within_rule_family(
    profile: &CloudProfile,
    result: Result<DefaultedVersions, DefaultingError>,
) -> Result<DefaultedVersions, DefaultingError> {
    let Err(mut error) = result else {
        return result;
    };
    let no_images = profile.spec.machine_images.is_empty();
    let no_kubernetes = profile.spec.kubernetes.versions.is_empty();
    error.errors.retain(|e| {
        let image_gap = no_images
            && e.error
                .detail
                .contains("does not contain any machine image");
        let kubernetes_gap = no_kubernetes
            && e.error
                .detail
                .starts_with("couldn't find a suitable version for");
        !(image_gap || kubernetes_gap)
    });
    if error.errors.is_empty() {
        return Ok(error.partial);
    }
    Err(error)
}

/// The validator's counterpart of [`within_rule_family`]: a CloudProfile without Kubernetes versions
/// (or without machine images) cannot list any acceptable value, so the empty "not supported" errors it
/// then yields belong to no case.
fn validated_within_rule_family(
    profile: &CloudProfile,
    errors: Vec<FieldError>,
) -> Vec<FieldError> {
    let no_images = profile.spec.machine_images.is_empty();
    let no_kubernetes = profile.spec.kubernetes.versions.is_empty();
    errors
        .into_iter()
        .filter(|e| {
            let empty_not_supported = e.error_type
                == shoot_policy::field::ErrorType::FieldValueNotSupported
                && e.detail.is_empty();
            let kubernetes_gap = no_kubernetes && e.field.ends_with("kubernetes.version");
            let image_gap = no_images && e.field.ends_with("machine.image.version");
            !(empty_not_supported && (kubernetes_gap || image_gap))
        })
        .collect()
}

/// The mutator's field errors under the validation convention.
fn check_mutation(checker: &mut Checker, result: &Result<DefaultedVersions, DefaultingError>) {
    match result {
        Ok(_) => checker.validation(&[], None),
        Err(error) => {
            let errors: Vec<FieldError> = error.errors.iter().map(|e| e.error.clone()).collect();
            checker.validation(&errors, None);
        }
    }
}

fn version_defaulting(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let profile: CloudProfile = case.input("cloudProfile")?;
    let shoot: Shoot = case.input("shoot")?;
    let old: Option<Shoot> = case.input("oldShoot")?;
    let operation = operation(case)?;
    let result = default_shoot_versions(&profile, old.as_ref(), &shoot, operation, case.now()?);
    let expect = checker.expect();
    match &result {
        Err(error) => {
            if let Some(expected) = expect.get("error") {
                checker.equal("error", expected, &Value::String(error.aggregate()));
            }
            if let Some(expected) = expect.get("errorContains") {
                checker.contains("errorContains", expected, &error.aggregate());
            }
            for key in ["kubernetesVersion", "workers"] {
                if let Some(expected) = expect.get(key) {
                    checker.mismatch(
                        key,
                        expected.to_string(),
                        format!("error {:?}", error.aggregate()),
                    );
                }
            }
        }
        Ok(defaulted) => {
            for key in ["error", "errorContains"] {
                if let Some(expected) = expect.get(key) {
                    checker.mismatch(key, expected.to_string(), "no error".to_string());
                }
            }
            checker.field("kubernetesVersion", &defaulted.kubernetes_version);
            if let Some(expected) = expect.get("workers") {
                let actual: serde_json::Map<String, Value> = defaulted
                    .workers
                    .iter()
                    .map(|(name, w)| {
                        (
                            name.clone(),
                            json!({
                                "kubernetesVersion": w.kubernetes_version,
                                "architecture": w.architecture,
                                "image": w.image,
                            }),
                        )
                    })
                    .collect();
                checker.subset("workers", expected, &Value::Object(actual));
            }
        }
    }
    Ok(())
}
