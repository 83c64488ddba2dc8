//! Typed views of document trees, with the field path of a mismatch.
//!
//! [`from_value`] reads a [`Value`] into any [`FromValue`] type, like `serde_json::from_value`, and
//! when a field does not fit it says where: `spec.provider.workers[1].machine.image.version`. The
//! messages are serde_json's own (`invalid type: string "x", expected u32`), word for word.
//!
//! Why not serde's `Deserialize`: its derive emits a visitor per type, generic over the map access,
//! and the views of ten policy areas were a third of the wasm code that way. `#[derive(FromValue)]`
//! reads the same `#[serde(...)]` attributes and emits one lookup per field over the helpers of
//! `read`, which are generic over the field's type only. serde's derive stays on the types (the
//! conformance cases and the JS boundary read through it); the two are held to the same results by
//! the tests below. The path is a chain of borrowed segments on the stack, rendered only when an
//! error passes through, so a successful read allocates nothing for it.

use std::fmt;

mod node;
mod read;

pub use node::Node;
pub use read::{
    assign_all, custom, fields, flattened, missing, object, optional, optional_null_as_default,
    optional_null_values_as_empty, optional_with, required, unnamed_fields, variant, via_serde,
    Flatten, FromObject, FromValue, Named, Slot,
};
/// `#[derive(FromValue)]`, documented in the `shoot-policy-derive` crate.
pub use shoot_policy_derive::FromValue;

/// A document tree, as the rest of the crate sees it.
pub use crate::document::Value;
/// The fields of a mapping.
pub type Map = serde_json::Map<String, Value>;

/// Reads `value` into `T`; on a mismatch, the error names the field.
pub fn from_value<T: FromValue>(value: &Value) -> Result<T, DecodeError> {
    T::from_value(value, Path::Root).map_err(|error| error.at(Path::Root))
}

/// The string at `path` (object keys, outermost first) in `value`, if there is one.
pub fn text_at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a str> {
    (path.iter())
        .try_fold(value, |node, key| node.get(*key))
        .and_then(Value::as_str)
}

/// Reads JSON text into `T` by way of a [`Value`]: the text is parsed by one non-generic routine
/// and `T` is read by [`from_value`].
pub fn from_json<T: FromValue>(text: &[u8]) -> Result<T, String> {
    let value: Value = serde_json::from_slice(text).map_err(|e| e.to_string())?;
    from_value(&value).map_err(|e| e.to_string())
}

/// Why a document tree does not fit a type, and at which field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    message: String,
    /// Set by the innermost field the error passed through; `None` until then.
    path: Option<String>,
}

impl DecodeError {
    /// The field, as `spec.workers[0].name`; `.` for the whole object.
    pub fn path(&self) -> &str {
        self.path.as_deref().unwrap_or(".")
    }

    /// What is wrong, in serde's words, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Places the error at `path` unless a field further in has placed it already.
    pub fn at(mut self, path: Path<'_>) -> Self {
        if self.path.is_none() {
            self.path = Some(path.to_string());
        }
        self
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path(), self.message)
    }
}

impl std::error::Error for DecodeError {}

impl serde::de::Error for DecodeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DecodeError {
            message: message.to_string(),
            path: None,
        }
    }
}

/// Where a node sits in its document: each segment borrows its parent, so descending costs nothing.
#[derive(Clone, Copy)]
pub enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl fmt::Display for Path<'_> {
    /// Keys joined by `.`, indices as `[i]`, and `.` alone for the root.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut segments = Vec::new();
        let mut at = self;
        loop {
            match at {
                Path::Root => break,
                Path::Key(parent, _) | Path::Index(parent, _) => {
                    segments.push(at);
                    at = parent;
                }
            }
        }
        if segments.is_empty() {
            return f.write_str(".");
        }
        for (position, segment) in segments.iter().rev().enumerate() {
            match segment {
                Path::Key(_, key) if position == 0 => f.write_str(key)?,
                Path::Key(_, key) => write!(f, ".{key}")?,
                Path::Index(_, index) => write!(f, "[{index}]")?,
                Path::Root => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::DeserializeOwned;
    use serde::Deserialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    // Each type derives both readers; the tests hold `FromValue` to serde_json's results.

    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    #[serde(rename_all = "camelCase")]
    struct Pool {
        name: String,
        #[serde(default)]
        maximum: Option<u32>,
        #[serde(default)]
        zones: Vec<String>,
        machine_type: Option<String>,
        #[serde(rename = "cri")]
        container_runtime: Option<Runtime>,
    }

    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    #[serde(rename_all = "lowercase")]
    enum Runtime {
        Containerd,
        Docker,
    }

    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    struct Spec {
        workers: Vec<Pool>,
        #[serde(default)]
        labels: BTreeMap<String, String>,
    }

    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    struct Object {
        spec: Spec,
    }

    /// A container default that is not the fields' defaults, a field default function, a skipped
    /// field, `null_as_default` and a flattened map.
    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    #[serde(default, rename_all = "camelCase")]
    struct Settings {
        max_surge: u32,
        #[serde(default = "seven")]
        max_unavailable: u32,
        #[serde(deserialize_with = "crate::golang::null_as_default")]
        tags: Vec<String>,
        #[serde(skip)]
        cache: u8,
        #[serde(flatten)]
        rest: BTreeMap<String, Value>,
    }

    impl Default for Settings {
        fn default() -> Self {
            Settings {
                max_surge: 3,
                max_unavailable: 1,
                tags: vec!["default".into()],
                cache: 9,
                rest: BTreeMap::new(),
            }
        }
    }

    fn seven() -> u32 {
        7
    }

    /// A flattened struct and a generic field.
    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    struct Versioned {
        #[serde(flatten)]
        settings: Settings,
        version: Wrapper<String>,
    }

    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    struct Wrapper<T> {
        value: Option<T>,
    }

    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    #[serde(try_from = "String")]
    struct Even(u8);

    impl TryFrom<String> for Even {
        type Error = String;
        fn try_from(text: String) -> Result<Self, String> {
            match text.parse::<u8>() {
                Ok(n) if n % 2 == 0 => Ok(Even(n)),
                _ => Err(format!("{text} is not an even number")),
            }
        }
    }

    fn error_of<T: FromValue + fmt::Debug>(value: Value) -> (String, String) {
        let error = from_value::<T>(&value).unwrap_err();
        (error.path().to_string(), error.message().to_string())
    }

    /// Both readers agree on `value`: the same result, or the same message.
    fn agree<T: FromValue + DeserializeOwned + PartialEq + fmt::Debug>(value: Value) {
        let ours = from_value::<T>(&value);
        let theirs = serde_json::from_value::<T>(value.clone());
        match (ours, theirs) {
            (Ok(ours), Ok(theirs)) => assert_eq!(ours, theirs, "{value}"),
            (Err(ours), Err(theirs)) => {
                let theirs = theirs.to_string();
                assert_eq!(ours.message(), theirs, "{value}");
            }
            (ours, theirs) => panic!("{value}: ours {ours:?}, serde_json's {theirs:?}"),
        }
    }

    #[test]
    fn reads_what_serde_json_reads() {
        agree::<Object>(json!({"spec": {"workers": [
            {"name": "a", "maximum": 3, "zones": ["z"], "machineType": "m", "cri": "docker"},
            {"name": "b", "maximum": null, "cri": null}],
            "labels": {"x": "y"}, "other": [1, {"deep": true}]}}));
        for value in [
            json!({}),
            json!({"maxSurge": 5, "tags": null, "cache": 1, "extra": {"k": [1]}}),
            json!({"maxUnavailable": 2, "tags": ["t"], "maxSurge": null}),
            json!({"version": {"value": "1.2"}, "maxSurge": 1, "other": true}),
        ] {
            agree::<Settings>(value.clone());
            agree::<Versioned>(value);
        }
        for value in [json!("4"), json!("5"), json!(4), json!(null)] {
            agree::<Even>(value);
        }
        let round: Value = from_value(&json!({"a": [1, null]})).unwrap();
        assert_eq!(round, json!({"a": [1, null]}));
    }

    #[test]
    fn a_missing_field_takes_the_containers_default_not_the_fields_types() {
        let read: Settings = from_value(&json!({"unknown": 1})).unwrap();
        assert_eq!((read.max_surge, read.max_unavailable), (3, 7));
        assert_eq!((read.tags, read.cache), (vec!["default".to_string()], 9));
        assert_eq!(read.rest, BTreeMap::from([("unknown".into(), json!(1))]));
        let nulled: Settings = from_value(&json!({"tags": null})).unwrap();
        assert!(nulled.tags.is_empty());
    }

    #[test]
    fn numbers_strings_and_variants_fail_with_serdes_messages() {
        for value in [
            json!(-1),
            json!(300),
            json!(1.5),
            json!("x"),
            json!(true),
            json!([]),
            json!({}),
        ] {
            agree::<u8>(value.clone());
            agree::<i64>(value.clone());
            agree::<f64>(value.clone());
            agree::<String>(value.clone());
            agree::<bool>(value.clone());
            agree::<Vec<u8>>(value.clone());
            agree::<BTreeMap<String, u8>>(value.clone());
            agree::<Option<u8>>(value);
        }
        agree::<i64>(json!(u64::MAX));
        agree::<Runtime>(json!("podman"));
        agree::<Runtime>(json!({"docker": null}));
        agree::<Runtime>(json!({"docker": null, "containerd": null}));
        assert_eq!(
            error_of::<Runtime>(json!(3)).1,
            "invalid type: integer `3`, expected string or map"
        );
        agree::<chrono::DateTime<chrono::Utc>>(json!("2026-03-31T23:59:59+02:00"));
        agree::<chrono::DateTime<chrono::Utc>>(json!("yesterday"));
        agree::<chrono::DateTime<chrono::Utc>>(json!(5));
    }

    #[test]
    fn a_mismatch_names_its_field_with_serdes_message() {
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{"name": "a"}, {"name": 7}]}})),
            (
                "spec.workers[1].name".to_string(),
                "invalid type: integer `7`, expected a string".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{"name": "a", "maximum": -1}]}})),
            (
                "spec.workers[0].maximum".to_string(),
                "invalid value: integer `-1`, expected u32".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{"name": "a", "zones": "z"}]}})),
            (
                "spec.workers[0].zones".to_string(),
                "invalid type: string \"z\", expected a sequence".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{"name": "a", "cri": "rkt"}]}})),
            (
                "spec.workers[0].cri".to_string(),
                "unknown variant `rkt`, expected `containerd` or `docker`".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [], "labels": {"a": 1}}})),
            (
                "spec.labels.a".to_string(),
                "invalid type: integer `1`, expected a string".to_string()
            )
        );
        assert_eq!(
            error_of::<Versioned>(json!({"version": {"value": 1}})),
            (
                "version.value".to_string(),
                "invalid type: integer `1`, expected a string".to_string()
            )
        );
        assert_eq!(
            error_of::<Vec<Even>>(json!(["2", "3"])),
            ("[1]".to_string(), "3 is not an even number".to_string())
        );
    }

    /// Plain fields of a struct with a default, in an order that is not their keys' order.
    #[derive(Debug, Default, Deserialize, PartialEq, FromValue)]
    #[serde(default)]
    struct Ordered {
        zulu: u8,
        mike: u8,
        alpha: u8,
        kilo: String,
    }

    #[test]
    fn of_several_wrong_fields_the_first_declared_is_reported_however_few_are_given() {
        // Fewer entries than fields, and more: the mapping's own order puts `alpha` first.
        for extra in [json!({}), json!({"kilo": "k", "mike": 1, "x": 0, "y": 0})] {
            let mut value = json!({"alpha": "a", "zulu": -1});
            value
                .as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            assert_eq!(
                error_of::<Ordered>(value),
                (
                    "zulu".to_string(),
                    "invalid value: integer `-1`, expected u8".to_string()
                )
            );
        }
        let read: Ordered = from_value(&json!({"kilo": "k", "alpha": 2})).unwrap();
        assert_eq!(
            read,
            Ordered {
                alpha: 2,
                kilo: "k".into(),
                ..Ordered::default()
            }
        );
        agree::<Ordered>(json!({"mike": 4, "unknown": [1]}));
    }

    #[test]
    fn fields_are_found_as_a_search_per_key_finds_them() {
        let objects = [
            json!({}),
            json!({"b": 1}),
            json!({"a": 1, "c": [2]}),
            json!({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}),
        ];
        for object in objects {
            let object = object.as_object().unwrap();
            let keys = ["c", "a", "x", "a"];
            assert_eq!(
                fields(object, keys),
                keys.map(|key| object.get(key)),
                "{object:?}"
            );
        }
    }

    #[test]
    fn a_struct_given_as_a_list_is_refused_as_go_refuses_it() {
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [["a"]]}})),
            (
                "spec.workers[0]".to_string(),
                "invalid type: sequence, expected struct Pool".to_string()
            )
        );
    }

    #[test]
    fn a_missing_field_is_reported_at_its_mapping_and_at_the_root_as_a_dot() {
        assert_eq!(
            error_of::<Object>(json!({"spec": {"workers": [{}]}})),
            (
                "spec.workers[0]".to_string(),
                "missing field `name`".to_string()
            )
        );
        assert_eq!(
            error_of::<Object>(json!({})),
            (".".to_string(), "missing field `spec`".to_string())
        );
    }

    #[derive(Debug, Deserialize, PartialEq, FromValue)]
    enum Shape {
        Unit,
        Wrapped(u8),
        Fields { size: u8 },
    }

    #[test]
    fn enums_with_data_read_through_serde_with_the_variant_in_the_path() {
        for value in [
            json!("Unit"),
            json!({"Wrapped": 3}),
            json!({"Fields": {"size": 4}}),
        ] {
            agree::<Shape>(value);
        }
        assert_eq!(
            error_of::<Vec<Shape>>(json!(["Unit", {"Fields": {"size": "big"}}])),
            (
                "[1].Fields.size".to_string(),
                "invalid type: string \"big\", expected u8".to_string()
            )
        );
        assert_eq!(
            error_of::<Shape>(json!({"Unit": null, "Wrapped": 1})).1,
            "invalid value: map, expected map with a single key"
        );
    }
}
