//! What `analyze` does to the inputs before the areas: the syntax check of every string field the
//! engine parses, the API server's defaults, and the warning about a Shoot of another CloudProfile.

use super::{
    decode_once, error_at_field, text_at, typed_view, DateTime, Diagnostic, Inputs, Located,
    ProfileDone, ProfileViews, Report, Severity, ShootViews, Utc, Value,
};

/// Reports every string field of the CloudProfile and the Shoots that the engine would fail to
/// parse; true when the CloudProfile or the Shoot has one. `profile_done` has the CloudProfile's
/// findings when it was prepared.
pub(super) fn check_syntax(
    inputs: &Inputs,
    profile_done: Option<&ProfileDone>,
    report: &mut Report,
) -> bool {
    use crate::syntax::ObjectKind;
    let objects = [
        (&inputs.cloud_profile, ObjectKind::CloudProfile),
        (&inputs.shoot, ObjectKind::Shoot),
        (&inputs.previous_shoot, ObjectKind::Shoot),
    ];
    let mut unparsable = false;
    for (index, (object, kind)) in objects.into_iter().enumerate() {
        let Some(object) = object else {
            continue;
        };
        let errors = match (index, profile_done) {
            (0, Some(done)) => done.syntax_errors.clone(),
            _ => syntax_errors(object, kind),
        };
        unparsable |= index < 2 && !errors.is_empty();
        report.diagnostics.extend(errors);
    }
    unparsable
}

/// A warning when the Shoot names another CloudProfile than the one given: every result is then
/// about the given one. A Shoot of a NamespacedCloudProfile may be analysed with its parent.
pub(super) fn cloud_profile_mismatch(inputs: &Inputs) -> Option<Diagnostic> {
    let (profile, shoot) = (inputs.cloud_profile.as_ref()?, inputs.shoot.as_ref()?);
    let given = text_at(&profile.value, &["metadata", "name"])?;
    let given_kind = match profile.spec_in_text {
        Some(_) => "NamespacedCloudProfile",
        None => "CloudProfile",
    };
    let by_reference = text_at(&shoot.value, &["spec", "cloudProfile", "name"]);
    let (field, named) = match by_reference {
        Some(name) => ("spec.cloudProfile.name", name),
        None => (
            "spec.cloudProfileName",
            text_at(&shoot.value, &["spec", "cloudProfileName"])?,
        ),
    };
    let kind = (by_reference.and(text_at(&shoot.value, &["spec", "cloudProfile", "kind"])))
        .unwrap_or("CloudProfile");
    if named == given || (kind == "NamespacedCloudProfile" && given_kind == "CloudProfile") {
        return None;
    }
    let message = format!(
        "the Shoot uses {kind} {named:?}, but the {given_kind} given is {given:?}: every result \
         here is about {given:?}"
    );
    Some(Diagnostic {
        severity: Severity::Warning,
        ..error_at_field(shoot, field.to_string(), message)
    })
}

/// The fields of `object` the engine would fail to parse, each at its place.
pub(super) fn syntax_errors(object: &Located, kind: crate::syntax::ObjectKind) -> Vec<Diagnostic> {
    crate::syntax::check(kind, &object.value)
        .into_iter()
        .map(|error| error_at_field(object, error.field, error.message))
        .collect()
}

/// Writes the API defaults into the CloudProfile (unless `profile_done` holds it defaulted already)
/// and the Shoots.
pub(super) fn apply_defaults(
    inputs: &mut Inputs,
    profile_done: Option<&ProfileDone>,
    report: &mut Report,
) {
    use crate::defaults::{default_cloud_profile, default_shoot};
    if let Some(profile) = &mut inputs.cloud_profile {
        match profile_done {
            // Its inputs hold the CloudProfile defaulted already.
            Some(done) => report
                .defaults_applied
                .extend(done.defaults_applied.iter().cloned()),
            None => report
                .defaults_applied
                .extend(default_cloud_profile(std::rc::Rc::make_mut(
                    &mut profile.value,
                ))),
        }
    }
    if let Some(shoot) = &mut inputs.shoot {
        report
            .defaults_applied
            .extend(default_shoot(std::rc::Rc::make_mut(&mut shoot.value)));
    }
    if let Some(previous) = &mut inputs.previous_shoot {
        report.defaults_applied.extend(
            default_shoot(std::rc::Rc::make_mut(&mut previous.value))
                .into_iter()
                .map(|mut applied| {
                    applied.object = "Previous Shoot".to_string();
                    applied
                }),
        );
    }
}

/// The ShootMutator's version defaulting (`plugin/pkg/shoot/mutator/admission.go`), which runs before
/// Gardener validates a Shoot: a partial Kubernetes version becomes the newest supported patch, and
/// each pool gets an architecture and a complete machine image. What it writes into the Shoot is
/// reported as a default; when it refuses the Shoot, its errors are returned for the validation,
/// and the Shoot stays as given. Without a previous Shoot, the pools are defaulted as on create (a
/// stored Shoot always has its images). The Shoot and the previous Shoot are decoded here for the
/// areas, once more only when the mutator changed the Shoot.
pub(super) fn apply_mutator_defaults(
    inputs: &mut Inputs,
    views: &ProfileViews,
    shoot_views: &ShootViews,
    now: DateTime<Utc>,
    report: &mut Report,
) -> Option<Vec<crate::field::FieldError>> {
    use crate::validation::{default_shoot_versions, Operation};
    let profile = inputs.cloud_profile.as_ref()?;
    let shoot_object = inputs.shoot.as_mut()?;
    let previous = (inputs.previous_shoot.as_ref())
        .and_then(|p| decode_once(&shoot_views.previous_shoot, p, report));
    let shoot = typed_view::<crate::api::Shoot>(shoot_object).ok()?;
    let profile = decode_once(&views.cloud_profile, profile, report)?;
    if !mutator_may_change(&shoot, profile) {
        let _ = shoot_views.shoot.set(Ok(shoot));
        return None;
    }
    let operation = match previous {
        Some(_) => Operation::Update,
        None => Operation::Create,
    };
    match default_shoot_versions(profile, previous, &shoot, operation, now) {
        Ok(defaulted) => {
            let value = std::rc::Rc::make_mut(&mut shoot_object.value);
            report
                .defaults_applied
                .extend(write_mutator_defaults(value, &defaulted));
            None
        }
        Err(refusal) => Some(refusal.errors.into_iter().map(|e| e.error).collect()),
    }
}

/// Whether the mutator could change or refuse `shoot`: a version that is not complete, a pool
/// without its architecture or a complete image, or an image the CloudProfile does not offer. A
/// Shoot read from a cluster has none, and is not copied.
fn mutator_may_change(shoot: &crate::api::Shoot, profile: &crate::api::CloudProfile) -> bool {
    let partial = |version: &str| version.trim_start_matches('v').split('.').count() != 3;
    let offered = |name: &str| (profile.spec.machine_images.iter()).any(|image| image.name == name);
    partial(&shoot.spec.kubernetes.version)
        || shoot.spec.provider.workers.iter().any(|worker| {
            let image = worker.machine.image.as_ref();
            worker.kubernetes_version().is_some_and(partial)
                || worker.machine.architecture.is_none()
                || image.is_none_or(|image| !offered(&image.name) || partial(image.version_str()))
        })
}

/// Writes the mutator's versions into the Shoot's JSON where they differ, each reported.
fn write_mutator_defaults(
    shoot: &mut Value,
    defaulted: &crate::validation::DefaultedVersions,
) -> Vec<crate::defaults::AppliedDefault> {
    let mut applied = Vec::new();
    let mut set = |at: Option<&mut Value>, field: String, value: &str| {
        let (Some(object), Some(key)) =
            (at.and_then(Value::as_object_mut), field.rsplit('.').next())
        else {
            return;
        };
        if object.get(key).and_then(Value::as_str) == Some(value) {
            return;
        }
        object.insert(key.to_string(), Value::from(value));
        applied.push(crate::defaults::AppliedDefault {
            object: "Shoot".to_string(),
            field,
            value: Value::from(value),
            reason: "ShootMutator: defaulted before validation".to_string(),
        });
    };
    let empty = || Value::Object(Default::default());
    let spec = shoot
        .as_object_mut()
        .map(|shoot| shoot.entry("spec").or_insert_with(empty));
    let kubernetes = (spec.and_then(Value::as_object_mut))
        .map(|spec| spec.entry("kubernetes").or_insert_with(empty));
    set(
        kubernetes,
        "spec.kubernetes.version".to_string(),
        &defaulted.kubernetes_version,
    );
    let workers = (shoot.pointer_mut("/spec/provider/workers")).and_then(Value::as_array_mut);
    let mut done = std::collections::BTreeSet::new();
    for (index, worker) in workers.into_iter().flatten().enumerate() {
        let name = crate::decode::text_at(worker, &["name"])
            .unwrap_or("")
            .to_string();
        // The mutator's versions are per pool name: a second pool of one name is the
        // validation's duplicate, not defaulted again.
        let Some(pool) = defaulted.workers.get(&name).filter(|_| done.insert(name)) else {
            continue;
        };
        let path = format!("spec.provider.workers[{index}]");
        if let Some(version) = &pool.kubernetes_version {
            let field = format!("{path}.kubernetes.version");
            set(worker.get_mut("kubernetes"), field, version);
        }
        let Some(machine) =
            (worker.as_object_mut()).map(|w| w.entry("machine").or_insert_with(empty))
        else {
            continue;
        };
        let field = format!("{path}.machine.architecture");
        set(Some(&mut *machine), field, &pool.architecture);
        let (Some(image), Some(machine)) = (&pool.image, machine.as_object_mut()) else {
            continue;
        };
        let at = machine.entry("image").or_insert_with(empty);
        set(
            Some(&mut *at),
            format!("{path}.machine.image.name"),
            &image.name,
        );
        set(
            Some(at),
            format!("{path}.machine.image.version"),
            image.version_str(),
        );
    }
    applied
}
