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

/// The Shoot hibernation reads: the one model's (the constraint area reads the same).
pub use crate::api::Shoot;

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
