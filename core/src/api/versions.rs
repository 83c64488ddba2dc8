//! The version entries of a CloudProfile (`ExpirableVersion` with its `classification`,
//! `expirationDate` and `lifecycle` stages, `pkg/apis/core/v1beta1/types_cloudprofile.go`). What a
//! classification is at an instant is the lifecycle area's (`crate::lifecycle`).

use crate::decode::FromValue;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::fmt;

#[cfg(feature = "tsify")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const CLASSIFICATION_TS: &str = r#"/**
 * A version's classification, as Gardener knows them. A CloudProfile the API server would refuse may
 * name another one; the report then carries that text as given, and its validation names the field
 * (FieldValueNotSupported).
 */
export type Classification = "unavailable" | "preview" | "supported" | "deprecated" | "expired";"#;

/// A classification stage of a version.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Classification {
    Unavailable,
    Preview,
    Supported,
    Deprecated,
    Expired,
    /// A value Gardener does not know; kept so validation can name it.
    Other(String),
}

impl Classification {
    pub fn as_str(&self) -> &str {
        match self.name() {
            Ok((_, name)) => name,
            Err(other) => other,
        }
    }

    /// A stage Gardener knows, with its place in the enum; or the unknown value's text.
    fn name(&self) -> Result<(u32, &'static str), &str> {
        Ok(match self {
            Classification::Unavailable => (0, "unavailable"),
            Classification::Preview => (1, "preview"),
            Classification::Supported => (2, "supported"),
            Classification::Deprecated => (3, "deprecated"),
            Classification::Expired => (4, "expired"),
            Classification::Other(other) => return Err(other),
        })
    }
}

impl From<String> for Classification {
    fn from(text: String) -> Self {
        match text.as_str() {
            "unavailable" => Classification::Unavailable,
            "preview" => Classification::Preview,
            "supported" => Classification::Supported,
            "deprecated" => Classification::Deprecated,
            "expired" => Classification::Expired,
            _ => Classification::Other(text),
        }
    }
}

impl From<Classification> for String {
    fn from(classification: Classification) -> Self {
        classification.as_str().to_string()
    }
}

impl Serialize for Classification {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.name() {
            // The same text as a string; serde-wasm-bindgen makes a unit variant's JavaScript
            // string once and reuses it, and a report holds thousands of classifications.
            Ok((index, name)) => serializer.serialize_unit_variant("Classification", index, name),
            Err(other) => serializer.serialize_str(other),
        }
    }
}

impl<'de> Deserialize<'de> for Classification {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Classification::from)
    }
}

impl crate::decode::FromValue for Classification {
    fn from_value(
        value: &crate::decode::Value,
        at: crate::decode::Path<'_>,
    ) -> Result<Self, crate::decode::DecodeError> {
        String::from_value(value, at).map(Classification::from)
    }
}

impl fmt::Display for Classification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One stage of a version's lifecycle; a missing start means "since the beginning of time".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct LifecycleStage {
    pub classification: Classification,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<DateTime<Utc>>,
}

/// A CloudProfile version entry with the fields that decide its classification (Gardener's
/// `ExpirableVersion`). Fields other entries carry (CRI, architectures, ...) are read elsewhere.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct ExpirableVersion {
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classification: Option<Classification>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_date: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lifecycle: Vec<LifecycleStage>,
}

/// The version lists of a CloudProfile (`spec.kubernetes.versions`,
/// `spec.machineImages[].versions`), read entry by entry: an entry that does not decode (an
/// impossible date, say) is left out alone, where the whole [`super::CloudProfile`] would not
/// read. The report's version matrix shows the entries that read beside the input error that
/// names the others.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileVersions {
    pub kubernetes: Vec<ExpirableVersion>,
    /// One per entry of `spec.machineImages`, in order.
    pub machine_images: Vec<ImageVersions>,
}

/// A machine image's name (empty when it has none) and its version entries that read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImageVersions {
    pub name: String,
    pub versions: Vec<ExpirableVersion>,
}

impl ProfileVersions {
    /// The version lists of the CloudProfile `profile`; `None` when it has no `spec`.
    pub fn read(profile: &serde_json::Value) -> Option<ProfileVersions> {
        use serde_json::Value;
        fn entries(versions: Option<&Value>) -> Vec<ExpirableVersion> {
            let versions = versions.and_then(Value::as_array);
            (versions.into_iter().flatten())
                .filter_map(|version| crate::decode::from_value(version).ok())
                .collect()
        }
        let spec = profile.get("spec")?;
        let kubernetes = spec.get("kubernetes").and_then(|k| k.get("versions"));
        let images = spec.get("machineImages").and_then(Value::as_array);
        Some(ProfileVersions {
            kubernetes: entries(kubernetes),
            machine_images: (images.into_iter().flatten())
                .map(|image| ImageVersions {
                    name: (image.get("name").and_then(Value::as_str))
                        .unwrap_or("")
                        .to_string(),
                    versions: entries(image.get("versions")),
                })
                .collect(),
        })
    }

    /// Every version entry, the Kubernetes versions first.
    pub fn all(&self) -> impl Iterator<Item = &ExpirableVersion> {
        let images = self.machine_images.iter();
        (self.kubernetes.iter()).chain(images.flat_map(|image| image.versions.iter()))
    }
}
