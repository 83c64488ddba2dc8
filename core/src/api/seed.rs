//! Gardener's `Seed` (`core.gardener.cloud/v1beta1`, `pkg/apis/core/v1beta1/types_seed.go`), for
//! the fields scheduling, the ShootValidator, control-plane migration and the status read. Unknown
//! fields are ignored and every field is optional, as in the API.

use super::{Condition, ObjectMeta, Toleration};
use crate::decode::FromValue;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A Seed taint (`spec.taints[]`).
pub type SeedTaint = Toleration;

/// The Seed object.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Seed {
    pub metadata: ObjectMeta,
    pub spec: SeedSpec,
    pub status: SeedStatus,
}

/// `Seed.spec`, reduced.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SeedSpec {
    pub taints: Vec<SeedTaint>,
    pub access_restrictions: Vec<NamedItem>,
    /// `spec.backup`; only its presence matters here.
    pub backup: Option<Value>,
    pub dns: SeedDns,
    pub networks: SeedNetworks,
    pub provider: SeedProvider,
    pub settings: SeedSettings,
}

/// `Seed.spec.networks`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SeedNetworks {
    pub nodes: Option<String>,
    pub pods: String,
    pub services: String,
    pub shoot_defaults: Option<ShootNetworkDefaults>,
}

/// `Seed.spec.networks.shootDefaults`: the networks a Shoot without its own gets.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct ShootNetworkDefaults {
    pub pods: Option<String>,
    pub services: Option<String>,
}

/// `Seed.spec.settings`, reduced.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SeedSettings {
    /// Defaulted to visible when not given.
    pub scheduling: Option<SeedScheduling>,
    pub zone_selection: Option<ZoneSelection>,
}

/// `SeedSettingScheduling`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct SeedScheduling {
    pub visible: bool,
}

/// `SeedSettingZoneSelection`: `Prefer` or `Enforce`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct ZoneSelection {
    pub mode: String,
}

/// An item identified by `name`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct NamedItem {
    pub name: String,
}

/// `Seed.spec.dns`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct SeedDns {
    pub internal: Option<DnsDomain>,
    pub defaults: Vec<DnsDomain>,
}

/// A DNS entry with a `domain`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct DnsDomain {
    pub domain: String,
}

/// `Seed.spec.provider`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default)]
pub struct SeedProvider {
    #[serde(rename = "type")]
    pub provider_type: String,
    pub region: String,
    pub zones: Vec<String>,
}

/// `Seed.status`, reduced.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct SeedStatus {
    pub gardener: Option<GardenerIdentity>,
    pub observed_generation: i64,
    pub conditions: Vec<Condition>,
    /// `status.lastOperation`; only its presence matters here.
    pub last_operation: Option<Value>,
    /// `status.allocatable`; only `shoots` is read.
    pub allocatable: BTreeMap<String, Value>,
}

impl SeedStatus {
    /// The integer value of `status.allocatable.shoots`, when set.
    pub fn allocatable_shoots(&self) -> Option<i64> {
        match self.allocatable.get("shoots")? {
            Value::Number(number) => number
                .as_i64()
                .or_else(|| number.as_f64().map(|f| f as i64)),
            Value::String(text) => text.trim().parse::<i64>().ok(),
            _ => None,
        }
    }
}

/// `status.gardener` (the gardenlet identity).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, FromValue)]
#[serde(default)]
pub struct GardenerIdentity {
    pub id: String,
    pub name: String,
    pub version: String,
}
