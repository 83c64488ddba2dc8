//! `Shoot` (`pkg/apis/core/v1beta1/types_shoot.go`) and the `Condition` and `LastOperation` of its
//! status (`types_common.go`, `types_shoot.go`). A `Condition` is also what the report shows of
//! the constraints it computes, so its TypeScript type is derived here.

use crate::decode::FromValue;
use crate::golang::null_as_default;
use crate::hibernation::HibernationSchedule;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A Shoot, with the fields the hibernation and constraint areas read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Shoot {
    #[serde(deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "null_as_default")]
    pub spec: ShootSpec,
    #[serde(deserialize_with = "null_as_default")]
    pub status: ShootStatus,
}

/// `metav1.ObjectMeta`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    #[serde(deserialize_with = "null_as_default")]
    pub namespace: String,
    #[serde(deserialize_with = "null_as_default")]
    pub generation: i64,
    pub creation_timestamp: Option<DateTime<Utc>>,
    pub deletion_timestamp: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "null_as_default")]
    pub labels: BTreeMap<String, String>,
    #[serde(deserialize_with = "null_as_default")]
    pub annotations: BTreeMap<String, String>,
}

/// `ShootSpec`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootSpec {
    pub seed_name: Option<String>,
    pub hibernation: Option<Hibernation>,
    pub maintenance: Option<Maintenance>,
    #[serde(deserialize_with = "null_as_default")]
    pub provider: Provider,
    pub credentials_binding_name: Option<String>,
    pub secret_binding_name: Option<String>,
}

/// `Hibernation`: whether the Shoot is to be hibernated, and when by schedule.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Hibernation {
    pub enabled: Option<bool>,
    #[serde(deserialize_with = "null_as_default")]
    pub schedules: Vec<HibernationSchedule>,
}

/// `Maintenance`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Maintenance {
    pub time_window: Option<TimeWindow>,
    pub auto_rotation: Option<AutoRotation>,
    pub confine_spec_update_rollout: Option<bool>,
}

/// `MaintenanceTimeWindow`: `HHMMSS±hhmm` begin and end.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct TimeWindow {
    #[serde(deserialize_with = "null_as_default")]
    pub begin: String,
    #[serde(deserialize_with = "null_as_default")]
    pub end: String,
}

/// `MaintenanceAutoRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct AutoRotation {
    pub credentials: Option<AutoRotationCredentials>,
}

/// `MaintenanceCredentialsAutoRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct AutoRotationCredentials {
    #[serde(rename = "etcdEncryptionKey")]
    pub etcd_encryption_key: Option<RotationPeriod>,
}

/// `MaintenanceRotationConfig`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct RotationPeriod {
    /// A Go duration such as `24h`.
    pub rotation_period: Option<String>,
}

/// `Provider`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Provider {
    #[serde(deserialize_with = "null_as_default")]
    pub workers: Vec<Worker>,
}

/// `Worker`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Worker {
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    /// Present on the control-plane pool of a self-hosted Shoot.
    pub control_plane: Option<serde_json::Value>,
}

/// `ShootStatus`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootStatus {
    pub seed_name: Option<String>,
    #[serde(deserialize_with = "null_as_default")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "null_as_default")]
    pub constraints: Vec<Condition>,
    /// `status.hibernated` (Go field `IsHibernated`).
    #[serde(deserialize_with = "null_as_default")]
    pub hibernated: bool,
    pub last_hibernation_trigger_time: Option<DateTime<Utc>>,
    pub last_operation: Option<LastOperation>,
    #[serde(deserialize_with = "null_as_default")]
    pub last_errors: Vec<LastError>,
    #[serde(deserialize_with = "null_as_default")]
    pub observed_generation: i64,
    #[serde(deserialize_with = "null_as_default")]
    pub gardener: Gardener,
    pub in_place_updates: Option<InPlaceUpdatesStatus>,
    pub credentials: Option<ShootCredentials>,
}

/// `Gardener`: the version of the Gardener component that last reconciled the Shoot.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct Gardener {
    #[serde(deserialize_with = "null_as_default")]
    pub version: String,
}

/// `InPlaceUpdatesStatus`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct InPlaceUpdatesStatus {
    pub pending_worker_updates: Option<PendingWorkerUpdates>,
}

/// `PendingWorkerUpdates`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct PendingWorkerUpdates {
    #[serde(deserialize_with = "null_as_default")]
    pub manual_in_place_update: Vec<String>,
}

/// `ShootCredentials`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct ShootCredentials {
    pub rotation: Option<ShootCredentialsRotation>,
}

/// `ShootCredentialsRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default)]
pub struct ShootCredentialsRotation {
    #[serde(rename = "etcdEncryptionKey")]
    pub etcd_encryption_key: Option<ETCDEncryptionKeyRotation>,
}

/// `ETCDEncryptionKeyRotation`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ETCDEncryptionKeyRotation {
    pub last_completion_time: Option<DateTime<Utc>>,
}

/// A Gardener `Condition` (used for both `status.conditions` and `status.constraints`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(default, rename_all = "camelCase")]
pub struct Condition {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub condition_type: String,
    #[cfg_attr(feature = "tsify", tsify(type = "ConditionStatus"))]
    #[serde(deserialize_with = "null_as_default")]
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub last_transition_time: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "tsify", tsify(type = "string", optional))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub last_update_time: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "null_as_default")]
    pub reason: String,
    #[serde(deserialize_with = "null_as_default")]
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(deserialize_with = "null_as_default")]
    #[cfg_attr(feature = "tsify", tsify(optional))]
    pub codes: Vec<String>,
}

/// `LastOperation`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct LastOperation {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub operation_type: String,
    #[serde(deserialize_with = "null_as_default")]
    pub state: String,
    #[serde(deserialize_with = "null_as_default")]
    pub description: String,
    pub last_update_time: Option<DateTime<Utc>>,
    #[serde(deserialize_with = "null_as_default")]
    pub progress: i64,
}

/// `LastError`: one entry of `status.lastErrors`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct LastError {
    #[serde(deserialize_with = "null_as_default")]
    pub description: String,
    #[serde(rename = "taskID", skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(deserialize_with = "null_as_default")]
    pub codes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_update_time: Option<DateTime<Utc>>,
}

impl Shoot {
    /// `spec.hibernation.schedules`, empty when absent.
    pub fn schedules(&self) -> &[HibernationSchedule] {
        (self.spec.hibernation.as_ref()).map_or(&[], |hibernation| hibernation.schedules.as_slice())
    }

    /// `spec.hibernation.enabled`, false when absent.
    pub fn hibernation_enabled(&self) -> bool {
        (self.spec.hibernation.as_ref())
            .is_some_and(|hibernation| hibernation.enabled == Some(true))
    }
}
