//! The body of the `emit` fuzz target (`fuzz/fuzz_targets/emit.rs` includes this file), shared with
//! `main.rs`, which replays the target's seeds and saved inputs: `document::to_yaml` writes what
//! `serde_yaml::to_string` writes, byte for byte, or nothing for a value that holds a float (the
//! one kind of value it leaves out that a JSON document can hold).

use serde::Serialize;
use serde_json::Value;

/// A webhook fix's patch, with its fields in the order the engine's patch writes them (the one
/// struct `to_yaml` writes; a `Value`'s map would sort them).
#[derive(Serialize)]
pub struct Patch<'a> {
    pub webhooks: Vec<Entry<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry<'a> {
    pub name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure_policy: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_seconds: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<Expressions<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object_selector: Option<Expressions<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Expressions<'a> {
    pub match_expressions: Vec<Requirement<'a>>,
}

#[derive(Serialize)]
pub struct Requirement<'a> {
    pub key: &'a str,
    pub operator: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<&'a str>,
}

/// A patch with `text` in every place a patch holds a string.
pub fn patch_of(text: &str) -> Patch<'_> {
    let requirement = Requirement {
        key: text,
        operator: text,
        values: vec![text, "plain", text],
    };
    Patch {
        webhooks: vec![
            Entry {
                name: text,
                failure_policy: Some(text),
                timeout_seconds: Some(-15),
                namespace_selector: Some(Expressions {
                    match_expressions: vec![requirement],
                }),
                object_selector: Some(Expressions {
                    match_expressions: vec![],
                }),
            },
            Entry {
                name: text,
                failure_policy: None,
                timeout_seconds: None,
                namespace_selector: None,
                object_selector: None,
            },
        ],
    }
}

/// Whether a JSON value holds a float, which `to_yaml` leaves out.
pub fn holds_float(value: &Value) -> bool {
    match value {
        Value::Number(number) => number.is_f64(),
        Value::Array(items) => items.iter().any(holds_float),
        Value::Object(fields) => fields.values().any(holds_float),
        _ => false,
    }
}

/// `to_yaml` of `value` is serde_yaml's text.
#[track_caller]
pub fn same_as_serde_yaml<T: Serialize + ?Sized>(value: &T) {
    let expected = serde_yaml::to_string(value).expect("serde_yaml writes it");
    assert_eq!(shoot_policy::document::to_yaml(value), expected);
}

/// `to_yaml` of a JSON value: serde_yaml's text, or nothing when it holds a float.
#[track_caller]
pub fn same_value_as_serde_yaml(value: &Value) {
    if holds_float(value) {
        assert_eq!(shoot_policy::document::to_yaml(value), "", "{value}");
    } else {
        same_as_serde_yaml(value);
    }
}

/// The target: a JSON text is written as a value; any other text in every place of a patch, as a
/// key of a map, and as the document itself.
pub fn emit(data: &[u8]) {
    if let Ok(value) = serde_json::from_slice::<Value>(data) {
        same_value_as_serde_yaml(&value);
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    same_as_serde_yaml(&patch_of(text));
    same_as_serde_yaml(&serde_json::json!({ text: [text], "a": { text: text } }));
    same_as_serde_yaml(text);
}
