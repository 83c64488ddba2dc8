//! The Gardener objects the engine reads, field for field as `core.gardener.cloud/v1beta1`
//! defines them (`pkg/apis/core/v1beta1/types_shoot.go`, `types_common.go`), for the fields some
//! area reads. Absent fields and explicit `null`s read as Go's zero values, as the API server's
//! JSON decoding gives them. Fields no area interprets are kept in [`Extra`], where an area
//! compares or hashes whole objects.
//!
//! Every area reads this [`Shoot`], decoded once per report, this [`CloudProfile`], decoded once
//! per profile, and the Seed's extensions Worker ([`WorkerResource`]).

mod cloudprofile;
mod extensions;
mod meta;
mod seed;
mod shoot;
mod versions;

pub use cloudprofile::*;

/// The taint that reserves a Seed (`seed.gardener.cloud/protected`).
pub const SEED_TAINT_PROTECTED: &str = "seed.gardener.cloud/protected";
/// `v1beta1constants.GardenNamespace`: the namespace of the landscape's own Shoots (ManagedSeeds,
/// gardenadm), whose Shoots and Project get the protected toleration by default.
pub const GARDEN_NAMESPACE: &str = "garden";
pub use extensions::*;
pub use meta::*;
pub use seed::*;
pub use shoot::*;
pub use versions::*;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Unmodelled fields of an object, kept verbatim. Copies share them until one is changed: a
/// timeline copies the Shoot for every maintenance run, and a run changes few of them. Most
/// objects have none (every CRI entry of a CloudProfile's versions is one), and none are kept
/// without an allocation.
#[derive(Clone, Default)]
pub struct Extra(Option<std::sync::Arc<Map<String, Value>>>);

impl Extra {
    /// No fields.
    pub const NONE: Extra = Extra(None);

    fn of(fields: Map<String, Value>) -> Extra {
        Extra((!fields.is_empty()).then(|| std::sync::Arc::new(fields)))
    }
}

impl std::ops::Deref for Extra {
    type Target = Map<String, Value>;

    fn deref(&self) -> &Self::Target {
        static NONE: std::sync::LazyLock<Map<String, Value>> = std::sync::LazyLock::new(Map::new);
        self.0.as_deref().unwrap_or(&NONE)
    }
}

impl std::ops::DerefMut for Extra {
    fn deref_mut(&mut self) -> &mut Self::Target {
        std::sync::Arc::make_mut(self.0.get_or_insert_with(Default::default))
    }
}

impl PartialEq for Extra {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            // Copies of one Shoot share their fields: `Arc`'s comparison sees that first.
            (Some(fields), Some(others)) => fields == others,
            _ => **self == **other,
        }
    }
}

impl std::fmt::Debug for Extra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Extra").field(&**self).finish()
    }
}

impl Serialize for Extra {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Extra {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Map::deserialize(deserializer).map(Extra::of)
    }
}

impl crate::decode::FromValue for Extra {
    fn from_value(
        value: &Value,
        at: crate::decode::Path<'_>,
    ) -> Result<Self, crate::decode::DecodeError> {
        Map::from_value(value, at).map(Extra::of)
    }
}

impl crate::decode::Flatten for Extra {
    fn flatten(
        object: &Map<String, Value>,
        named: &crate::decode::Named<'_>,
        _at: crate::decode::Path<'_>,
    ) -> Result<Self, crate::decode::DecodeError> {
        let mut fields = Map::new();
        for (key, value) in crate::decode::unnamed_fields(object, named) {
            fields.insert(key, value);
        }
        Ok(Extra::of(fields))
    }
}
