//! The `extensions.gardener.cloud/v1alpha1` Worker a Seed holds for a Shoot: its pools and the
//! in-place hashes the provider extension reported (`pkg/apis/extensions/v1alpha1/types_worker.go`).

use crate::decode::FromValue;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `extensions.gardener.cloud/v1alpha1` Worker (seed side): pools and the in-place hashes the
/// provider extension reported.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResource {
    pub spec: WorkerResourceSpec,
    pub status: WorkerResourceStatus,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResourceSpec {
    pub pools: Vec<WorkerResourcePool>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResourcePool {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_strategy: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerResourceStatus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place_updates: Option<WorkerInPlaceUpdates>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct WorkerInPlaceUpdates {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worker_pool_to_hash_map: Option<BTreeMap<String, String>>,
}
