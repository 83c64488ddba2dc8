//! Shoot hibernation: schedules (robfig/cron v1.2.0 as Gardener configures it), the controller that
//! toggles `spec.hibernation.enabled` at schedule instants, whether hibernation overlaps the next
//! maintenance window, and the admission check that guards hibernating a Shoot.
//!
//! Entry points:
//! - [`parse_schedules`], [`ParsedSchedule::next`], [`ParsedSchedule::previous`], [`next_events`],
//!   [`previous_event`],
//!   [`upcoming_events`], [`validate_hibernation_schedules`] — `pkg/utils/hibernation` and the schedule
//!   validation in `pkg/api/core/validation/shoot.go`;
//! - [`hibernation_action`] — the controller-manager's hibernation controller
//!   (`pkg/controllermanager/controller/shoot/hibernation/reconciler.go`);
//! - [`hibernated_during_next_maintenance_window`] — `IsShootHibernatedDuringNextMaintenanceWindow`
//!   (`pkg/gardenlet/controller/shoot/care/hibernation.go`);
//! - [`check_hibernation_admission`] — `validateShootHibernation` in `plugin/pkg/shoot/validator`.

mod admission;
mod controller;
pub mod cron;
mod memo;
mod overlap;
mod schedule;
mod zone;
mod zone_names;

use crate::decode::FromValue;
use crate::golang::null_as_default;
pub use admission::{check_hibernation_admission, AdmissionDenial, HIBERNATION_POSSIBLE};
pub use controller::{
    hibernation_action, HibernationAction, HibernationControllerConfig, HibernationDecision,
};
pub use memo::ScheduleMemo;
pub use overlap::{hibernated_during_next_maintenance_window, hibernated_during_next_window};
pub use schedule::{
    next_events, next_events_in, parse_schedules, parse_schedules_in, previous_event,
    upcoming_events, validate_hibernation_schedules, HibernationSchedule, Operation,
    ParsedSchedule, ScheduleEvent, UpcomingEvents,
};
pub use zone::{days_from_civil, Location, TimeZoneRules, TimeZones};

/// The IANA zone names every build accepts as a schedule's location (Go's `time.LoadLocation`
/// with a complete database), sorted.
pub fn zone_names() -> &'static [&'static str] {
    zone_names::ZONE_NAMES
}

use chrono::{DateTime, Utc};
use serde::Deserialize;

/// The parts of a Shoot (`core.gardener.cloud/v1beta1`) that hibernation looks at. Unknown fields are
/// ignored; absent ones take Go's zero values.
#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Shoot {
    #[serde(deserialize_with = "null_as_default")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "null_as_default")]
    pub spec: ShootSpec,
    #[serde(deserialize_with = "null_as_default")]
    pub status: ShootStatus,
}

#[derive(Debug, Clone, Default, Deserialize, FromValue)]
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
}

#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootSpec {
    pub hibernation: Option<Hibernation>,
    pub maintenance: Option<Maintenance>,
}

/// `spec.hibernation`.
#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Hibernation {
    pub enabled: Option<bool>,
    #[serde(deserialize_with = "null_as_default")]
    pub schedules: Vec<HibernationSchedule>,
}

/// `spec.maintenance` (only the time window matters here).
#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Maintenance {
    pub time_window: Option<TimeWindow>,
}

/// `spec.maintenance.timeWindow`: `HHMMSS±hhmm` begin and end.
#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default)]
pub struct TimeWindow {
    #[serde(deserialize_with = "null_as_default")]
    pub begin: String,
    #[serde(deserialize_with = "null_as_default")]
    pub end: String,
}

#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootStatus {
    /// `status.hibernated` (Go field `IsHibernated`).
    #[serde(deserialize_with = "null_as_default")]
    pub hibernated: bool,
    pub last_hibernation_trigger_time: Option<DateTime<Utc>>,
    pub last_operation: Option<LastOperation>,
    #[serde(deserialize_with = "null_as_default")]
    pub observed_generation: i64,
    #[serde(deserialize_with = "null_as_default")]
    pub gardener: GardenerInfo,
    #[serde(deserialize_with = "null_as_default")]
    pub constraints: Vec<Condition>,
}

#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct LastOperation {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub operation_type: String,
    #[serde(deserialize_with = "null_as_default")]
    pub state: String,
}

/// `status.gardener`: the version of the Gardener component that last reconciled the Shoot.
#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default)]
pub struct GardenerInfo {
    #[serde(deserialize_with = "null_as_default")]
    pub version: String,
}

/// A condition or constraint (`type`, `status`, `message` are all hibernation needs).
#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct Condition {
    #[serde(rename = "type", deserialize_with = "null_as_default")]
    pub condition_type: String,
    #[serde(deserialize_with = "null_as_default")]
    pub status: String,
    #[serde(deserialize_with = "null_as_default")]
    pub message: String,
}

impl Shoot {
    fn schedules(&self) -> &[HibernationSchedule] {
        self.spec
            .hibernation
            .as_ref()
            .map(|h| h.schedules.as_slice())
            .unwrap_or(&[])
    }

    fn hibernation_enabled(&self) -> bool {
        self.spec
            .hibernation
            .as_ref()
            .and_then(|h| h.enabled)
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_nulls_read_as_zero_values() {
        let shoot: Shoot = serde_json::from_str(
            r#"{"metadata": null, "spec": {"hibernation": {"schedules": null}}, "status": {"constraints": null, "hibernated": null}}"#,
        )
        .unwrap();
        assert!(shoot.schedules().is_empty());
        assert!(!shoot.status.hibernated);
    }
}
