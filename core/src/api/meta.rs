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
