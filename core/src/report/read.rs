//! Reading the sources into documents and routing them by `kind` to the inputs the areas read.

use super::{
    document, text_at, Diagnostic, ObjectRole, RecognisedObject, Report, Severity, Source,
    SourceRole, Value,
};

/// The documents the areas work on, routed by kind.
#[derive(Default, Clone)]
pub(super) struct Inputs {
    pub(super) cloud_profile: Option<Located>,
    pub(super) shoot: Option<Located>,
    pub(super) previous_shoot: Option<Located>,
    pub(super) webhook_configurations: Vec<Located>,
    pub(super) seeds: Vec<Located>,
    pub(super) project: Option<Located>,
    pub(super) worker: Option<Located>,
}

/// A NamespacedCloudProfile as the CloudProfile Gardener derives from it: its name and namespace with
/// `status.cloudProfileSpec` as the spec; `None` without that status.
pub(super) fn merged_profile_of_namespaced(object: &Value) -> Option<Value> {
    let spec = object.get("status")?.get("cloudProfileSpec")?;
    if !spec.is_object() {
        return None;
    }
    let mut profile = serde_json::Map::new();
    profile.insert("apiVersion".into(), "core.gardener.cloud/v1beta1".into());
    profile.insert("kind".into(), "CloudProfile".into());
    if let Some(metadata) = object.get("metadata") {
        profile.insert("metadata".into(), metadata.clone());
    }
    profile.insert("spec".into(), spec.clone());
    Some(Value::Object(profile))
}

/// An object with the place it was read from.
#[derive(Clone)]
pub(super) struct Located {
    /// Shared: the analyses against a prepared profile each hold its CloudProfile.
    pub(super) value: std::rc::Rc<Value>,
    pub(super) source: String,
    pub(super) document: usize,
    /// The index inside a `List` document.
    pub(super) item: Option<usize>,
    /// Finds the line of a field in the whole text of its source.
    pub(super) locator: SharedLocator,
    /// Where the text holds what `value` calls `spec`, when not at `spec` (a NamespacedCloudProfile's
    /// merged profile is at `status.cloudProfileSpec`).
    pub(super) spec_in_text: Option<&'static str>,
}

impl Located {
    /// The path in the text of a field of `value`.
    pub(super) fn text_path(&self, field: &str) -> String {
        match (self.spec_in_text, field.strip_prefix("spec")) {
            (Some(spec), Some(rest)) if rest.is_empty() || rest.starts_with(['.', '[']) => {
                format!("{spec}{rest}")
            }
            _ => field.to_string(),
        }
    }

    /// The line and column of a field of `value` in the text.
    pub(super) fn place_of(&self, field: &str) -> Option<(usize, usize)> {
        let path = self.text_path(field);
        (self.locator.borrow_mut()).place(self.document, self.item, &path)
    }
}

pub(super) fn read_source(
    source: &Source,
    limits: &document::Limits,
    inputs: &mut Inputs,
    report: &mut Report,
) {
    match parse_objects(source, limits) {
        Ok(objects) => {
            for (place, object) in objects {
                route(source, place, object, inputs, report);
            }
        }
        Err(diagnostic) => report.diagnostics.push(*diagnostic),
    }
}

/// The objects of a source with their places, `List` items one by one; or the error that stops
/// reading it.
pub(super) fn parse_objects(
    source: &Source,
    limits: &document::Limits,
) -> Result<Vec<(Place, Value)>, Box<Diagnostic>> {
    let documents = document::parse_documents(&source.text, limits).map_err(|error| {
        Box::new(Diagnostic {
            severity: Severity::Error,
            source: source.name.clone(),
            document: None,
            field: None,
            line: error.line,
            column: error.column,
            message: error.message,
        })
    })?;
    let locator = SharedLocator::new(crate::locate::Locator::new(&source.text).into());
    let mut objects = Vec::new();
    for (index, document) in documents.into_iter().enumerate() {
        let place = |item| Place {
            locator: locator.clone(),
            document: index,
            item,
        };
        match list_items(document) {
            Ok(items) => objects.extend(
                items
                    .into_iter()
                    .enumerate()
                    .map(|(item, object)| (place(Some(item)), object)),
            ),
            Err(object) => objects.push((place(None), object)),
        }
    }
    Ok(objects)
}

/// A `List` (as `kubectl get -o yaml` prints several objects) stands for its items: `Ok(items)` for a
/// list, `Err(document)` for any other document.
pub(super) fn list_items(mut document: Value) -> Result<Vec<Value>, Value> {
    let is_list = document
        .get("kind")
        .and_then(Value::as_str)
        .is_some_and(|kind| kind == "List" || kind.ends_with("List"));
    match document.get_mut("items").map(Value::take) {
        Some(Value::Array(items)) if is_list => Ok(items),
        Some(taken) => {
            // Not a list after all: put the field back untouched.
            if let Some(slot) = document.get_mut("items") {
                *slot = taken;
            }
            Err(document)
        }
        None => Err(document),
    }
}

/// Where an object was read: its source's text, document and `List` item.
#[derive(Clone)]
pub(super) struct Place {
    pub(super) locator: SharedLocator,
    pub(super) document: usize,
    pub(super) item: Option<usize>,
}

/// The places found in one source's text, shared by every object read from it: the Shoots of a
/// landscape's `List` each point at their problems in the same text, which is read once for all.
pub(super) type SharedLocator = std::rc::Rc<std::cell::RefCell<crate::locate::Locator>>;

/// The kinds `analyze` reads, for the message about any other.
/// The kinds the reader routes (a `List` is opened before).
pub(super) const KINDS: &[&str] = &[
    "CloudProfile",
    "NamespacedCloudProfile",
    "Shoot",
    "ValidatingWebhookConfiguration",
    "MutatingWebhookConfiguration",
    "Seed",
    "Project",
    "Worker",
    "List",
];

/// How far a `kind` may be from one the reader routes to be taken for a misspelling of it (`Shot`,
/// `Sed`, `cloudprofile`), an error; a kind further away is another object, left out with a warning.
pub(super) const MISSPELT_KIND_DISTANCE: usize = 2;

pub(super) const KINDS_READ: &str =
    "shoot-policy reads CloudProfile, NamespacedCloudProfile, Shoot, \
ValidatingWebhookConfiguration, MutatingWebhookConfiguration, Seed, Project, Worker and List";

pub(super) fn route(
    source: &Source,
    place: Place,
    mut object: Value,
    inputs: &mut Inputs,
    report: &mut Report,
) {
    let index = place.document;
    // Located only for a diagnostic: finding a line scans the text, most objects need none.
    let locator = place.locator.clone();
    let diagnostic = |severity: Severity, message: String| {
        let kind_place = locator.borrow_mut().place(index, place.item, "kind");
        Diagnostic {
            severity,
            source: source.name.clone(),
            document: Some(index),
            field: Some("kind".to_string()),
            line: kind_place.map(|(line, _)| line),
            column: kind_place.map(|(_, column)| column),
            message,
        }
    };
    let Some(kind) = text_at(&object, &["kind"]).map(str::to_string) else {
        report.diagnostics.push(diagnostic(
            Severity::Error,
            format!("the document has no `kind`; {KINDS_READ}"),
        ));
        return;
    };
    let name = text_at(&object, &["metadata", "name"])
        .unwrap_or("")
        .to_string();
    let namespace = text_at(&object, &["metadata", "namespace"]).map(str::to_string);
    let mut spec_in_text = None;
    let (slot, role) = match kind.as_str() {
        "CloudProfile" => (Some(&mut inputs.cloud_profile), ObjectRole::CloudProfile),
        // Gardener's controllers use the merged profile the API server writes into the status
        // (`GetCloudProfile`), never the overrides in `spec`.
        "NamespacedCloudProfile" => match merged_profile_of_namespaced(&object) {
            Some(profile) => {
                object = profile;
                spec_in_text = Some("status.cloudProfileSpec");
                (Some(&mut inputs.cloud_profile), ObjectRole::CloudProfile)
            }
            None => {
                report.diagnostics.push(diagnostic(
                    Severity::Warning,
                    format!(
                        "NamespacedCloudProfile {name} has no status.cloudProfileSpec, the merged profile \
(its parent CloudProfile with these overrides) that Gardener uses and the API server writes: paste it \
as read from the cluster (kubectl get namespacedcloudprofile {name} -o yaml), or paste the parent \
CloudProfile"
                    ),
                ));
                (None, ObjectRole::Ignored)
            }
        },
        "Shoot" if source.role == SourceRole::PreviousShoot => {
            (Some(&mut inputs.previous_shoot), ObjectRole::PreviousShoot)
        }
        "Shoot" => (Some(&mut inputs.shoot), ObjectRole::Shoot),
        "Project" => (Some(&mut inputs.project), ObjectRole::Project),
        "Worker" => (Some(&mut inputs.worker), ObjectRole::Worker),
        "ValidatingWebhookConfiguration" | "MutatingWebhookConfiguration" => {
            (None, ObjectRole::WebhookConfiguration)
        }
        "Seed" => (None, ObjectRole::Seed),
        other => {
            // A typo in `kind` would otherwise drop the object silently and change the analysis;
            // another kind (a CredentialsBinding in `kubectl get` output) is only not read.
            let misspelt = other.is_empty()
                || crate::spelling::nearest(other, KINDS)
                    .is_some_and(|(_, distance)| distance <= MISSPELT_KIND_DISTANCE);
            let diagnostic = if misspelt {
                diagnostic(
                    Severity::Error,
                    format!("unknown kind `{other}`; {KINDS_READ}"),
                )
            } else {
                diagnostic(
                    Severity::Warning,
                    format!("{other} {name} is not read and is left out; {KINDS_READ}"),
                )
            };
            report.diagnostics.push(diagnostic);
            (None, ObjectRole::Ignored)
        }
    };
    let located = Located {
        value: std::rc::Rc::new(object),
        source: source.name.clone(),
        document: index,
        item: place.item,
        locator: place.locator,
        spec_in_text,
    };
    // Roles that take one object keep the first; a second one is named so the user knows.
    let role = match slot {
        Some(slot) if slot.is_some() => {
            report.diagnostics.push(diagnostic(
                Severity::Warning,
                format!("a second {kind} was given; only the first one is analysed"),
            ));
            ObjectRole::Ignored
        }
        Some(slot) => {
            *slot = Some(located);
            role
        }
        None => {
            match role {
                ObjectRole::WebhookConfiguration => inputs.webhook_configurations.push(located),
                ObjectRole::Seed => inputs.seeds.push(located),
                _ => {}
            }
            role
        }
    };
    report.objects.push(RecognisedObject {
        kind,
        name,
        namespace,
        source: source.name.clone(),
        document: index,
        role,
    });
}

/// "the Shoot garden-dev/api", for a message about a Shoot before it is read.
pub(super) fn shoot_named(object: &Value) -> String {
    let namespace = text_at(object, &["metadata", "namespace"]).unwrap_or("");
    let name = text_at(object, &["metadata", "name"]).unwrap_or("");
    match namespace {
        "" => format!("the Shoot {name:?}"),
        _ => format!("the Shoot {namespace}/{name}"),
    }
}

/// An error about an object of `source`, at the object's `kind`.
pub(super) fn diagnostic_at(source: &Source, place: &Place, message: String) -> Diagnostic {
    let at = (place.locator.borrow_mut()).place(place.document, place.item, "kind");
    Diagnostic {
        severity: Severity::Error,
        source: source.name.clone(),
        document: Some(place.document),
        field: None,
        line: at.map(|(line, _)| line),
        column: at.map(|(_, column)| column),
        message,
    }
}

/// A NamespacedCloudProfile's namespace and name, and the source of its stored object.
pub(super) type NamedProfile = ((String, String), Source);

/// Which profile a Shoot references: `Some((namespace, name))` for a NamespacedCloudProfile (in
/// the Shoot's namespace), `None` for a CloudProfile.
pub(super) fn namespaced_profile_of(shoot: &Value) -> Option<(String, String)> {
    let reference = shoot.get("spec")?.get("cloudProfile")?;
    if text_at(reference, &["kind"]) != Some("NamespacedCloudProfile") {
        return None;
    }
    let namespace = text_at(shoot, &["metadata", "namespace"]).unwrap_or("");
    let name = text_at(reference, &["name"])?;
    Some((namespace.to_string(), name.to_string()))
}

/// Each NamespacedCloudProfile of `sources` below the CloudProfile of `parent`, as the source of
/// the object Gardener stores: its `status.cloudProfileSpec` is what `MergeCloudProfiles` makes of
/// the parent's (defaulted) spec and the NamespacedCloudProfile's `spec`, whatever status the
/// input had. Keyed by namespace and name. A NamespacedCloudProfile below another CloudProfile is
/// left out; one that does not read is an error naming it.
pub(super) fn merged_namespaced_profiles(
    parent: &Source,
    sources: &[Source],
    limits: &document::Limits,
) -> Result<Vec<NamedProfile>, String> {
    let mut parent_profile = None;
    for (_, object) in parse_objects(parent, limits).map_err(|d| d.message)? {
        if text_at(&object, &["kind"]) == Some("CloudProfile") {
            parent_profile = Some(object);
            break;
        }
    }
    let Some(mut parent_profile) = parent_profile else {
        return Err(format!(
            "{}: no CloudProfile, the NamespacedCloudProfiles' parent",
            parent.name
        ));
    };
    crate::defaults::default_cloud_profile(&mut parent_profile);
    let parent_profile: crate::api::CloudProfile = crate::decode::from_value(&parent_profile)
        .map_err(|e| format!("{}: the CloudProfile does not read: {e}", parent.name))?;
    let parent_name = parent_profile.metadata.name.as_str();
    let mut merged = Vec::new();
    for source in sources {
        let objects = parse_objects(source, limits).map_err(|d| d.message)?;
        for (_, object) in objects {
            if text_at(&object, &["kind"]) != Some("NamespacedCloudProfile") {
                continue;
            }
            let namespace = text_at(&object, &["metadata", "namespace"])
                .unwrap_or("")
                .to_string();
            let name = text_at(&object, &["metadata", "name"])
                .unwrap_or("")
                .to_string();
            let named = format!("NamespacedCloudProfile {namespace}/{name}");
            let profile: crate::api::NamespacedCloudProfile = crate::decode::from_value(&object)
                .map_err(|e| format!("{}: {named} does not read: {e}", source.name))?;
            // `kubectl get namespacedcloudprofiles -A` lists those of every CloudProfile: the
            // others' Shoots are not this CloudProfile's.
            let reference = &profile.spec.parent;
            if reference.kind != "CloudProfile" || reference.name != parent_name {
                continue;
            }
            let status = crate::namespaced_cloud_profile::merge_cloud_profiles(
                &parent_profile.spec,
                &profile.spec,
            );
            let mut stored = object;
            stored["status"] = serde_json::json!({ "cloudProfileSpec": status });
            merged.push((
                (namespace, name),
                Source::auto(
                    format!(
                        "{named} (merged with CloudProfile {parent_name} from {})",
                        source.name
                    ),
                    stored.to_string(),
                ),
            ));
        }
    }
    Ok(merged)
}
