//! What `analyze` does to the inputs before the areas: the syntax check of every string field the
//! engine parses, the API server's defaults, and the warning about a Shoot of another CloudProfile.

use super::*;

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
