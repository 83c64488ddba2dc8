//! Shoot maintenance: which Kubernetes and machine image versions Gardener's maintenance selects, and
//! what one maintenance run does to a Shoot.
//!
//! - [`run`] performs one run of the maintenance reconciler (`Reconciler.reconcile` in
//!   `pkg/controllermanager/controller/shoot/maintenance/reconciler.go`) and returns a
//!   [`MaintenanceOutcome`] with every version change, Gardener's exact texts, the new
//!   `status.lastMaintenance` and the maintained Shoot. It is pure, so a timeline can call it once per
//!   future maintenance window; [`relevant_transitions`] lists the instants at which its answer can
//!   change.
//! - [`selection`] holds the version selection primitives of
//!   `pkg/api/core/v1beta1/helper/cloudprofile.go`.
//! - [`images`] holds the machine image filters and the update-strategy decision of
//!   `pkg/controllermanager/controller/shoot/maintenance/helper/helper.go`.
//! - [`types`] defines the CloudProfile and Shoot input objects.

pub mod admission;

mod eligibility;

pub mod images;
mod memo;
mod run;
pub mod selection;
pub mod types;
pub mod version_ranges;

pub(crate) use admission::may_refuse;
pub use admission::{dry_run_rejection, update_rejections};
pub use eligibility::{eligible_updates, EligibleUpdates};
pub(crate) use eligibility::{eligible_updates_remembering, EligibilityMemo};
pub use images::{
    determine_machine_image, determine_machine_image_version, filter_machine_image_versions,
};
pub(crate) use memo::RunMemo;
pub(crate) use run::{
    refused_run_reason, run_remembering, run_steps, LastMaintenanceRecord, RunSteps, UpdatedVersion,
};
pub use run::{
    relevant_transitions, run, MaintenanceOutcome, UpdateReason, VersionUpdate, WorkerOutcome,
};
pub use selection::{
    determine_version_for_strategy, force_consecutive_minor, force_next_higher_major,
    force_next_higher_minor, latest_minor_for_auto_update, latest_patch_for_auto_update,
    latest_qualifying_version, overall_latest_for_auto_update,
};
pub use types::{CloudProfile, LastMaintenance, Shoot};

#[cfg(test)]
mod tests;
