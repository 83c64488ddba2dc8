//! Kubernetes' shared API types (`k8s.io/apimachinery/pkg/apis/meta/v1`) that Gardener's objects
//! and the webhook configurations embed.

use crate::decode::FromValue;
use serde::{Deserialize, Serialize};
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
