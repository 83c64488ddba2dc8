//! Kubernetes' shared API types (`k8s.io/apimachinery/pkg/apis/meta/v1`) that Gardener's objects
//! and the webhook configurations embed.

use crate::decode::FromValue;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A `metav1.LabelSelector` as written in a webhook configuration.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct LabelSelector {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_labels: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_expressions: Option<Vec<LabelSelectorRequirement>>,
}

/// One `matchExpressions` entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase")]
pub struct LabelSelectorRequirement {
    pub key: String,
    pub operator: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(deserialize_with = "crate::golang::null_as_default")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub values: Vec<String>,
}

/// The `apiVersion` that Kubernetes' unstructured decoder reads from a `RawExtension` (a
/// provider configuration): `None` when it cannot decode the raw object (no object, or a List
/// whose `items` are not all objects), empty when the object names none as text.
pub fn raw_extension_api_version(raw: &serde_json::Value) -> Option<&str> {
    let object = raw.as_object()?;
    if let Some(items) = object.get("items").filter(|items| !items.is_null()) {
        let objects = items
            .as_array()
            .map(|items| items.iter().all(serde_json::Value::is_object));
        if objects != Some(true) {
            return None;
        }
    }
    Some(
        (object.get("apiVersion"))
            .and_then(serde_json::Value::as_str)
            .unwrap_or(""),
    )
}

impl LabelSelector {
    /// A selector as written, read part by part as the static validation reads it before the
    /// Shoot decodes: a label value or a requirement's part that is no text reads as empty (as Go
    /// decodes a `null`), `matchLabels` that is no object as unset, and a `matchExpressions` that
    /// is no list (or an entry that is no object) as empty.
    pub fn read_as_written(selector: &Value) -> LabelSelector {
        fn text(value: Option<&Value>) -> &str {
            value.and_then(Value::as_str).unwrap_or_default()
        }
        let match_labels = (selector.get("matchLabels").and_then(Value::as_object)).map(|labels| {
            (labels.iter())
                .map(|(key, value)| (key.clone(), text(Some(value)).to_string()))
                .collect()
        });
        let requirements = selector.get("matchExpressions").and_then(Value::as_array);
        let match_expressions = (requirements.into_iter().flatten())
            .map(|requirement| LabelSelectorRequirement {
                key: text(requirement.get("key")).to_string(),
                operator: text(requirement.get("operator")).to_string(),
                values: written_texts(requirement.get("values")),
            })
            .collect();
        LabelSelector {
            match_labels,
            match_expressions: Some(match_expressions),
        }
    }
}

/// The texts of a list, an entry that is no text read as empty; none when it is no list.
pub(super) fn written_texts(list: Option<&Value>) -> Vec<String> {
    let items = list.and_then(Value::as_array);
    (items.into_iter().flatten())
        .map(|item| item.as_str().unwrap_or_default().to_string())
        .collect()
}

/// A text part of an object as written: empty when absent or no text.
pub(super) fn written_text<'a>(object: &'a Value, key: &str) -> &'a str {
    (object.get(key).and_then(Value::as_str)).unwrap_or_default()
}

/// A `metav1.OwnerReference` as written, each text part empty when absent or no text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenOwnerReference {
    pub api_version: String,
    pub kind: String,
    pub name: String,
    pub uid: String,
    /// Whether `controller` is written as `true` (any other value reads as unset).
    pub controller: bool,
}

impl WrittenOwnerReference {
    pub(super) fn read(reference: &Value) -> WrittenOwnerReference {
        WrittenOwnerReference {
            api_version: written_text(reference, "apiVersion").to_string(),
            kind: written_text(reference, "kind").to_string(),
            name: written_text(reference, "name").to_string(),
            uid: written_text(reference, "uid").to_string(),
            controller: reference.get("controller").and_then(Value::as_bool) == Some(true),
        }
    }
}

/// A `metav1.ManagedFieldsEntry` as written, for the parts `ValidateManagedFields` reads; each
/// empty when absent or no text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenManagedFieldsEntry {
    pub manager: String,
    pub operation: String,
    pub fields_type: String,
    pub subresource: String,
}

impl WrittenManagedFieldsEntry {
    pub(super) fn read(entry: &Value) -> WrittenManagedFieldsEntry {
        WrittenManagedFieldsEntry {
            manager: written_text(entry, "manager").to_string(),
            operation: written_text(entry, "operation").to_string(),
            fields_type: written_text(entry, "fieldsType").to_string(),
            subresource: written_text(entry, "subresource").to_string(),
        }
    }
}

/// An object's `kind` (`metav1.TypeMeta`), when written as text: how a pasted object is routed
/// before it is decoded.
pub fn kind_of(object: &Value) -> Option<&str> {
    object.get("kind").and_then(Value::as_str)
}

/// An object's `metadata.annotations` as `metav1.HasAnnotation` sees them, before the object
/// decodes: every key counts, whatever its value, so a value written as `null` reads as empty and
/// any other that is no text as its JSON. None when there is no annotations object.
pub fn written_annotations(object: &Value) -> BTreeMap<String, String> {
    let annotations = (object.get("metadata"))
        .and_then(|metadata| metadata.get("annotations"))
        .and_then(Value::as_object);
    (annotations.into_iter().flatten())
        .map(|(key, value)| {
            let text = match value {
                Value::String(text) => text.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            };
            (key.clone(), text)
        })
        .collect()
}
