//! The views' own derive (`#[derive(FromValue)]`, `derive/`) against serde's `Deserialize` derive,
//! which it stands in for: every view type that derives both reads every object of the gallery and
//! of the conformance, derived and oracle-found cases, and each of the gallery's objects with one
//! field removed or replaced by a value of another type, to the same value or to an error both
//! ways. The derive is written by hand to save code size (docs/performance.md); this holds it to
//! the library it replaces.

use serde::de::DeserializeOwned;
use serde_json::Value;
use shoot_policy::decode::FromValue;
use std::fmt::Debug;
use std::path::Path;

/// Decodes `object` both ways; `None` when they agree.
fn disagreement<T: FromValue + DeserializeOwned + Debug>(object: &Value) -> Option<String> {
    let derived = shoot_policy::decode::from_value::<T>(object);
    let serde = serde_json::from_value::<T>(object.clone());
    match (derived, serde) {
        (Ok(derived), Ok(serde)) => {
            let (derived, serde) = (format!("{derived:?}"), format!("{serde:?}"));
            (derived != serde)
                .then(|| format!("read differently:\n  derive {derived}\n  serde  {serde}"))
        }
        // Which field is named first may differ on purpose (derive/src/lib.rs); both refuse it.
        (Err(_), Err(_)) => None,
        // serde's derive also reads a struct from a list of its fields in order; the API server
        // (Go's JSON) refuses a list where an object belongs, and so does the derive, on purpose.
        (Err(error), Ok(_))
            if error
                .message()
                .starts_with("invalid type: sequence, expected struct") =>
        {
            None
        }
        (Ok(derived), Err(error)) => Some(format!(
            "only the derive reads it ({derived:?}); serde: {error}"
        )),
        (Err(error), Ok(serde)) => {
            Some(format!("only serde reads it ({serde:?}); derive: {error}"))
        }
    }
}

type Check = fn(&Value) -> Option<String>;

/// The view types of each kind, by name.
fn views_of(kind: &str) -> &'static [(&'static str, Check)] {
    use shoot_policy::{constraints, rollout, scheduling, status};
    match kind {
        "Shoot" => &[("api::Shoot", disagreement::<shoot_policy::api::Shoot>)],
        "CloudProfile" => &[(
            "api::CloudProfile",
            disagreement::<shoot_policy::api::CloudProfile>,
        )],
        "Seed" => &[
            ("scheduling::Seed", disagreement::<scheduling::Seed>),
            ("status::Seed", disagreement::<status::Seed>),
        ],
        "Worker" => &[(
            "rollout::WorkerResource",
            disagreement::<rollout::WorkerResource>,
        )],
        "ValidatingWebhookConfiguration" | "MutatingWebhookConfiguration" => &[(
            "constraints::WebhookConfiguration",
            disagreement::<constraints::webhooks::WebhookConfiguration>,
        )],
        _ => &[],
    }
}

/// Every mapping with a `kind` the views read, anywhere in `value` (cases nest their objects).
fn objects_in<'a>(value: &'a Value, found: &mut Vec<&'a Value>) {
    match value {
        Value::Object(map) => {
            if map
                .get("kind")
                .and_then(Value::as_str)
                .is_some_and(|kind| !views_of(kind).is_empty())
            {
                found.push(value);
            }
            map.values().for_each(|child| objects_in(child, found));
        }
        Value::Array(items) => items.iter().for_each(|child| objects_in(child, found)),
        _ => {}
    }
}

fn documents(text: &str) -> Vec<Value> {
    shoot_policy::document::parse_documents(text, &Default::default()).unwrap_or_default()
}

/// The YAML files of the case folders.
fn case_documents() -> Vec<(String, Value)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests");
    let mut found = Vec::new();
    for folder in [
        "conformance",
        "derived",
        "oracle-found",
        "malformed",
        "timeline",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path
                .extension()
                .is_some_and(|extension| extension == "yaml")
            {
                let text = std::fs::read_to_string(&path).unwrap();
                for document in documents(&text) {
                    found.push((path.display().to_string(), document));
                }
            }
        }
    }
    found
}

/// `object` with the value at each place removed, and replaced by a value of each other type.
fn variants(object: &Value) -> Vec<Value> {
    fn places(value: &Value, at: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
        let children: Vec<(String, &Value)> = match value {
            Value::Object(map) => map
                .iter()
                .map(|(key, child)| (key.clone(), child))
                .collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(index, child)| (index.to_string(), child))
                .collect(),
            _ => return,
        };
        for (key, child) in children {
            at.push(key);
            found.push(at.clone());
            places(child, at, found);
            at.pop();
        }
    }
    let mut found = Vec::new();
    places(object, &mut Vec::new(), &mut found);
    let replacements = [
        None,
        Some(Value::Null),
        Some(Value::from("x")),
        Some(Value::from(7)),
        Some(Value::from(-1.5)),
        Some(Value::from(true)),
        Some(Value::Array(Vec::new())),
        Some(serde_json::json!({"a": 1})),
    ];
    let mut out = Vec::new();
    for place in found {
        for replacement in &replacements {
            let mut variant = object.clone();
            let (last, parents) = place.split_last().unwrap();
            let mut parent = &mut variant;
            for key in parents {
                parent = match parent {
                    Value::Object(map) => map.get_mut(key).unwrap(),
                    Value::Array(items) => &mut items[key.parse::<usize>().unwrap()],
                    _ => unreachable!(),
                };
            }
            match (parent, replacement) {
                (Value::Object(map), None) => {
                    map.remove(last);
                }
                (Value::Object(map), Some(value)) => {
                    map.insert(last.clone(), value.clone());
                }
                (Value::Array(items), None) => {
                    items.remove(last.parse::<usize>().unwrap());
                }
                (Value::Array(items), Some(value)) => {
                    items[last.parse::<usize>().unwrap()] = value.clone()
                }
                _ => unreachable!(),
            }
            out.push(variant);
        }
    }
    out
}

fn check(origin: &str, object: &Value, failures: &mut Vec<String>) -> usize {
    let kind = object["kind"].as_str().unwrap_or_default();
    let mut checked = 0;
    for (name, disagreement) in views_of(kind) {
        checked += 1;
        if let Some(why) = disagreement(object) {
            failures.push(format!("{name} of {origin}: {why}\n  object: {object}"));
        }
    }
    checked
}

#[test]
fn every_view_reads_the_cases_as_serde_does() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (origin, document) in case_documents() {
        let mut objects = Vec::new();
        objects_in(&document, &mut objects);
        for object in objects {
            checked += check(&origin, object, &mut failures);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked}:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
    assert!(checked > 1_000, "only {checked} decodes");
    eprintln!("{checked} decodes of the cases' objects agree");
}

#[test]
fn every_view_reads_the_gallery_and_its_variants_as_serde_does() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for example in shoot_policy::examples::GALLERY {
        for text in example.texts() {
            for document in documents(text) {
                let mut objects = Vec::new();
                objects_in(&document, &mut objects);
                for object in objects {
                    let origin = format!("the gallery's {}", example.id);
                    checked += check(&origin, object, &mut failures);
                    for variant in variants(object) {
                        checked +=
                            check(&format!("a variant of {origin}"), &variant, &mut failures);
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked}:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
    eprintln!("{checked} decodes of the gallery's objects and their variants agree");
}
