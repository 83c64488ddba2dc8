//! The real-world corpus (`tests/real-world/`): CloudProfiles and Shoots as published, each
//! Shoot asked about on its own and with every CloudProfile of its provider, at several instants.
//!
//! The objects are not edited; a request adapts a copy where the question needs it, as a person
//! trying the Shoot against that profile would: the Shoot refers to the profile by its name (in
//! whichever of `cloudProfile` and `cloudProfileName` it uses, `cloudProfile` when neither), lives
//! in `garden-dev` when it names no namespace, and gets a maintenance window of 22:00–23:00 UTC
//! where it has none (the API server would default a random one). A maintenance run is triggered
//! by the `gardener.cloud/operation: maintain` annotation, so that it runs at any instant.

use super::Request;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The instants the ShootMutator and each maintenance run are asked at: every three months from
/// 2024 to 2027, as the corpus' profiles date their versions' expiry and lifecycle around these.
const INSTANTS: &[&str] = &[
    "2024-01-15T10:00:00Z",
    "2024-04-15T10:00:00Z",
    "2024-07-15T10:00:00Z",
    "2024-10-15T10:00:00Z",
    "2025-01-15T10:00:00Z",
    "2025-04-15T10:00:00Z",
    "2025-07-15T10:00:00Z",
    "2025-10-15T10:00:00Z",
    "2026-01-15T10:00:00Z",
    "2026-04-15T10:00:00Z",
    "2026-07-15T10:00:00Z",
    "2026-10-15T10:00:00Z",
    "2027-01-15T10:00:00Z",
    "2027-04-15T10:00:00Z",
    "2027-07-15T10:00:00Z",
    "2027-10-15T10:00:00Z",
];

/// One object of the corpus and where it comes from.
struct Object {
    /// `directory/file#index`.
    origin: String,
    value: Value,
}

/// A request of the corpus, with what it asks about.
pub struct Labelled {
    pub label: String,
    pub request: Request,
    /// For a maintenance run: the ShootMutator's request whose answer the API server would have
    /// stored, applied to `request`'s Shoot first ([`stored`]).
    pub stored_by: Option<Request>,
}

/// The Shoot as the API server stores it after the ShootMutator's `answer` (a
/// `version-defaulting` expect): its Kubernetes version, and each pool's machine image and
/// architecture. `None` when the mutator refused it.
pub fn stored(request: &Request, answer: &Value) -> Option<Request> {
    if answer.get("error").is_some() {
        return None;
    }
    let mut request = request.clone();
    let shoot = &mut request.input["shoot"];
    if let Some(version) = answer["kubernetesVersion"].as_str() {
        shoot["spec"]["kubernetes"]["version"] = json!(version);
    }
    let workers = shoot["spec"]["provider"]["workers"].as_array_mut();
    for worker in workers.into_iter().flatten() {
        let Some(name) = worker["name"].as_str() else {
            continue;
        };
        let defaulted = &answer["workers"][name];
        if defaulted["image"].is_object() {
            worker["machine"]["image"] = defaulted["image"].clone();
        }
        if defaulted["architecture"].is_string() {
            worker["machine"]["architecture"] = defaulted["architecture"].clone();
        }
    }
    Some(request)
}

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/real-world")
}

fn objects(dir: &Path) -> Result<Vec<Object>, String> {
    let mut files = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            for file in std::fs::read_dir(&path).map_err(|e| format!("{}: {e}", path.display()))? {
                let file = file.map_err(|e| e.to_string())?.path();
                if file.extension().is_some_and(|ext| ext == "yaml") {
                    files.push(file);
                }
            }
        }
    }
    files.sort();
    let mut objects = Vec::new();
    for file in files {
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let name = file
            .strip_prefix(dir)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (index, document) in serde_yaml::Deserializer::from_str(&text).enumerate() {
            let value: Value = serde::Deserialize::deserialize(document)
                .map_err(|e| format!("{name}, document {index}: {e}"))?;
            if value.is_null() {
                continue;
            }
            objects.push(Object {
                origin: format!("{name}#{index}"),
                value,
            });
        }
    }
    Ok(objects)
}

fn kind(object: &Object) -> &str {
    object.value["kind"].as_str().unwrap_or_default()
}

fn provider(object: &Object) -> &str {
    let spec = &object.value["spec"];
    (spec["provider"]["type"].as_str())
        .or(spec["type"].as_str())
        .unwrap_or_default()
}

/// The Shoot as a person would try it against `profile`.
fn against(shoot: &Value, profile: &Value) -> Value {
    let mut shoot = shoot.clone();
    let name = profile["metadata"]["name"].clone();
    let spec = &mut shoot["spec"];
    if spec.get("cloudProfileName").is_some() {
        spec["cloudProfileName"] = name.clone();
    }
    if spec.get("cloudProfile").is_some() || spec.get("cloudProfileName").is_none() {
        spec["cloudProfile"] = json!({"kind": "CloudProfile", "name": name});
    }
    shoot
}

fn in_a_namespace(shoot: &mut Value) {
    if shoot["metadata"].get("namespace").is_none() {
        shoot["metadata"]["namespace"] = json!("garden-dev");
    }
}

fn maintained(shoot: &Value) -> Value {
    let mut shoot = shoot.clone();
    in_a_namespace(&mut shoot);
    let metadata = &mut shoot["metadata"];
    if !metadata["annotations"].is_object() {
        metadata["annotations"] = json!({});
    }
    metadata["annotations"]["gardener.cloud/operation"] = json!("maintain");
    let spec = &mut shoot["spec"];
    if !spec["maintenance"].is_object() {
        spec["maintenance"] = json!({});
    }
    if spec["maintenance"].get("timeWindow").is_none() {
        spec["maintenance"]["timeWindow"] = json!({"begin": "220000+0000", "end": "230000+0000"});
    }
    shoot
}

/// Every request of the corpus, in a fixed order.
pub fn requests() -> Result<Vec<Labelled>, String> {
    let objects = objects(&corpus_dir())?;
    let shoots: Vec<&Object> = objects.iter().filter(|o| kind(o) == "Shoot").collect();
    let profiles: Vec<&Object> = (objects.iter())
        .filter(|o| kind(o) == "CloudProfile")
        .collect();
    let mut requests = Vec::new();
    let request = |kind: &'static str, now: &str, input: Value| Request {
        kind,
        now: now.to_string(),
        input,
    };
    let push = |requests: &mut Vec<Labelled>, label: String, kind, now: &str, input| {
        requests.push(Labelled {
            label,
            request: request(kind, now, input),
            stored_by: None,
        });
    };
    for shoot in &shoots {
        let mut alone = shoot.value.clone();
        in_a_namespace(&mut alone);
        push(
            &mut requests,
            format!("{} (create)", shoot.origin),
            "shoot-validation",
            INSTANTS[8],
            json!({"operation": "create", "shoot": alone}),
        );
        push(
            &mut requests,
            format!("{} (deleted)", shoot.origin),
            "cleanup-run",
            INSTANTS[8],
            json!({"shoot": alone, "existingNamespaces": ["default", "kube-system"], "objects": []}),
        );
        // A snippet without a provider belongs to no profile.
        let paired_with =
            (profiles.iter()).filter(|p| !provider(p).is_empty() && provider(p) == provider(shoot));
        for profile in paired_with {
            let paired = against(&shoot.value, &profile.value);
            let mut created = paired.clone();
            in_a_namespace(&mut created);
            for now in INSTANTS {
                let defaulting = request(
                    "version-defaulting",
                    now,
                    json!({"operation": "create", "cloudProfile": profile.value, "shoot": created}),
                );
                push(
                    &mut requests,
                    format!("{} with {} (create) at {now}", shoot.origin, profile.origin),
                    defaulting.kind,
                    now,
                    defaulting.input.clone(),
                );
                requests.push(Labelled {
                    label: format!("{} with {} at {now}", shoot.origin, profile.origin),
                    request: request(
                        "maintenance-reconcile",
                        now,
                        json!({"cloudProfile": profile.value, "shoot": maintained(&paired)}),
                    ),
                    stored_by: Some(defaulting.clone()),
                });
            }
        }
    }
    Ok(requests)
}
