//! Which operation Gardener runs next on a Shoot, whether the gardenlet reconciles it now, and whether the
//! controller-manager retries a failed Shoot on its own.
//!
//! Follows `pkg/gardenlet/controller/shoot/shoot/helper/helper.go` (`ComputeOperationType`),
//! `pkg/api/core/v1beta1/helper/common.go` (`ComputeOperationType`), `helper/infos.go`
//! (`CalculateControllerInfos`), `pkg/utils/gardener/shoot.go` (`ShouldIgnoreShoot`,
//! `IsShootFailedAndUpToDate`, `SyncPeriodOfShoot`, …) and `pkg/controllermanager/controller/shoot/retry`
//! (`ShootPredicate`, `mustRetryNow`).

use super::errors::{has_error_code, ERR_INFRA_RATE_LIMITS_EXCEEDED};
use super::types::{
    go_parse_bool, go_zero_time, Seed, Shoot, OPERATION_CREATE, OPERATION_MIGRATE,
    OPERATION_RESTORE, STATE_ABORTED, STATE_FAILED, STATE_SUCCEEDED,
};
use crate::decode::FromValue;
use crate::duration;
use crate::timewindow::MaintenanceTimeWindow;
use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};

/// Annotation that requests an operation (`gardener.cloud/operation`).
pub const ANNOTATION_OPERATION: &str = "gardener.cloud/operation";
/// Annotation with which a Shoot in the `garden` namespace (or any Shoot, if the gardenlet respects
/// overwrites) opts out of reconciliation.
pub const ANNOTATION_IGNORE: &str = "shoot.gardener.cloud/ignore";
/// Annotation overriding the sync period of a Shoot.
pub const ANNOTATION_SYNC_PERIOD: &str = "shoot.gardener.cloud/sync-period";
/// Seed annotation that stops all Shoot reconciliations on the Seed.
pub const ANNOTATION_EMERGENCY_STOP: &str = "shoot.gardener.cloud/emergency-stop-reconciliations";
/// Namespace whose Shoots always honour the ignore and sync-period annotations.
pub const GARDEN_NAMESPACE: &str = "garden";

/// Reason when the Seed's emergency switch blocks reconciliation.
pub const REASON_EMERGENCY_STOP: &str = "Shoot reconciliation blocked by Seed emergency switch";
/// Reason when the Shoot is failed (and up to date) or ignored.
pub const REASON_FAILED_OR_IGNORED: &str = "Shoot is failed or ignored.";
/// Reason when reconciliations are confined to the maintenance window and now is not the time.
pub const REASON_OUTSIDE_MAINTENANCE_WINDOW: &str = "Shoot is not in its effective maintenance time window or was already reconciled during this time window.";

/// The longest maintenance window Gardener allows; a last reconciliation older than this cannot have been
/// in the current window.
const MAINTENANCE_WINDOW_DURATION_MAXIMUM_HOURS: i64 = 6;

/// An operation Gardener runs on a Shoot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
pub enum OperationType {
    Create,
    Reconcile,
    Delete,
    Migrate,
    Restore,
}

/// The operation the gardenlet runs next on this Shoot (Gardener's gardenlet `ComputeOperationType`).
pub fn operation_type(shoot: &Shoot) -> OperationType {
    let spec_seed = shoot.spec.seed_name.as_deref();
    let status_seed = shoot.status.seed_name.as_deref();
    if let (Some(spec_seed), Some(status_seed)) = (spec_seed, status_seed) {
        if spec_seed != status_seed {
            return OperationType::Migrate;
        }
    }
    let last_operation = shoot.status.last_operation.as_ref();
    if let Some(operation) = last_operation {
        if operation.operation_type == OPERATION_MIGRATE
            && (operation.state == STATE_SUCCEEDED || operation.state == STATE_ABORTED)
        {
            return OperationType::Restore;
        }
    }

    let requested = shoot
        .metadata
        .annotations
        .get(ANNOTATION_OPERATION)
        .map(String::as_str);
    let unfinished = |operation_type: &str| {
        last_operation.is_some_and(|operation| {
            operation.operation_type == operation_type && operation.state != STATE_SUCCEEDED
        })
    };
    if requested == Some("migrate") {
        OperationType::Migrate
    } else if shoot.metadata.deletion_timestamp.is_some() {
        OperationType::Delete
    } else if requested == Some("restore") {
        OperationType::Restore
    } else if last_operation.is_none() || unfinished(OPERATION_CREATE) {
        OperationType::Create
    } else if unfinished(OPERATION_MIGRATE) {
        OperationType::Migrate
    } else if unfinished(OPERATION_RESTORE) {
        OperationType::Restore
    } else {
        OperationType::Reconcile
    }
}

/// The gardenlet's Shoot controller settings (`controllers.shoot` of the gardenlet configuration) that
/// affect when Shoots are reconciled. Absent values take Gardener's defaults (1h, false, false).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct ShootControllerConfig {
    /// Go duration, e.g. `1h`.
    pub sync_period: Option<String>,
    pub respect_sync_period_overwrite: Option<bool>,
    pub reconcile_in_maintenance_only: Option<bool>,
}

/// When the controller acts on the Shoot again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Schedule {
    /// Not scheduled.
    Never,
    /// Right away.
    Immediately,
    /// After a fixed duration (Go syntax).
    After { duration: String },
    /// At a random instant in the maintenance window that is open now.
    RandomInCurrentWindow,
    /// At a random instant in the next maintenance window.
    RandomInNextWindow {
        begin: DateTime<Utc>,
        end: DateTime<Utc>,
    },
}

/// Whether and when the gardenlet reconciles a Shoot (Gardener's `CalculateControllerInfos`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct ReconcileDecision {
    pub operation_type: OperationType,
    pub reconcile_now: bool,
    /// Gardener's reason when it does not reconcile now; empty when it does, as Gardener's
    /// `CalculateControllerInfos` returns it.
    #[serde(default)]
    pub reason: String,
    /// The Shoot is not reconciled, but its Cluster resource in the seed is still synced.
    pub only_sync_cluster_resource: bool,
    /// When a newly observed Shoot (creation or gardenlet start) is queued.
    pub enqueue: Schedule,
    /// When the next regular sync is scheduled after a successful operation or a skipped request.
    pub requeue: Schedule,
    /// Inputs to the decision, for explanation.
    pub failed_and_up_to_date: bool,
    pub ignored: bool,
    pub observed_and_succeeded: bool,
    pub confined_to_maintenance_window: bool,
    pub in_maintenance_window: bool,
    pub already_reconciled_in_window: bool,
    pub emergency_stop: bool,
    /// The effective sync period (Go syntax).
    pub sync_period: String,
}

/// Decides whether the gardenlet reconciles `shoot` now. `gardenlet_version` is the running gardenlet's
/// version, compared verbatim with `status.gardener.version`.
pub fn reconcile_decision(
    shoot: &Shoot,
    gardenlet_version: &str,
    config: &ShootControllerConfig,
    seed: Option<&Seed>,
    now: DateTime<Utc>,
) -> Result<ReconcileDecision, String> {
    let respect_overwrite = config.respect_sync_period_overwrite.unwrap_or(false);
    let reconcile_in_maintenance_only = config.reconcile_in_maintenance_only.unwrap_or(false);
    let default_sync_period = match &config.sync_period {
        Some(text) => duration::parse(text).map_err(|e| format!("config.syncPeriod: {e}"))?,
        None => TimeDelta::hours(1),
    };

    let operation_type = operation_type(shoot);
    let last_operation = shoot.status.last_operation.as_ref();
    let generation_observed = shoot.metadata.generation == shoot.status.observed_generation;
    let failed = last_operation.is_some_and(|op| op.state == STATE_FAILED)
        && generation_observed
        && shoot.status.gardener.version == gardenlet_version;
    let ignored = should_ignore_shoot(respect_overwrite, shoot);
    let up_to_date =
        generation_observed && last_operation.is_some_and(|op| op.state == STATE_SUCCEEDED);
    let confined = shoot
        .spec
        .maintenance
        .as_ref()
        .and_then(|m| m.confine_spec_update_rollout)
        .unwrap_or(false);
    let window = effective_shoot_window(shoot);
    let in_window = window.contains(now);
    let already_reconciled = last_operation.is_some_and(|op| {
        let last = op.last_update_time.unwrap_or_else(go_zero_time);
        window.contains(last)
            && now.signed_duration_since(last)
                <= TimeDelta::hours(MAINTENANCE_WINDOW_DURATION_MAXIMUM_HOURS)
    });
    let emergency_stop = seed.is_some_and(|seed| {
        seed.metadata
            .annotations
            .get(ANNOTATION_EMERGENCY_STOP)
            .is_some_and(|value| value == "true")
    });
    let sync_period = sync_period_of_shoot(respect_overwrite, default_sync_period, shoot);

    let reconcile_regularly = !reconcile_in_maintenance_only && !confined;
    let window_due = in_window && !already_reconciled;
    let (begin, end) = window.next_occurrence(now);
    let next_window = Schedule::RandomInNextWindow { begin, end };

    let (reconcile_now, reason) = if emergency_stop {
        (false, REASON_EMERGENCY_STOP)
    } else if failed || ignored {
        (false, REASON_FAILED_OR_IGNORED)
    } else if operation_type != OperationType::Reconcile
        || !up_to_date
        || reconcile_regularly
        || window_due
    {
        (true, "")
    } else {
        (false, REASON_OUTSIDE_MAINTENANCE_WINDOW)
    };

    let enqueue = if failed
        || ignored
        || operation_type != OperationType::Reconcile
        || !up_to_date
        || reconcile_regularly
    {
        Schedule::Immediately
    } else if window_due {
        Schedule::RandomInCurrentWindow
    } else {
        next_window.clone()
    };
    let requeue = if failed || ignored {
        Schedule::Never
    } else if reconcile_regularly {
        Schedule::After {
            duration: duration::format(sync_period),
        }
    } else {
        next_window
    };

    Ok(ReconcileDecision {
        operation_type,
        reconcile_now,
        reason: reason.to_string(),
        only_sync_cluster_resource: failed || ignored,
        enqueue,
        requeue,
        failed_and_up_to_date: failed,
        ignored,
        observed_and_succeeded: up_to_date,
        confined_to_maintenance_window: !reconcile_regularly,
        in_maintenance_window: in_window,
        already_reconciled_in_window: already_reconciled,
        emergency_stop,
        sync_period: duration::format(sync_period),
    })
}

/// Whether the ignore/sync-period annotations of this Shoot count (`RespectShootSyncPeriodOverwrite`).
fn respects_overwrite(respect_overwrite: bool, shoot: &Shoot) -> bool {
    respect_overwrite || shoot.metadata.namespace == GARDEN_NAMESPACE
}

/// Gardener's `ShouldIgnoreShoot`.
pub fn should_ignore_shoot(respect_overwrite: bool, shoot: &Shoot) -> bool {
    respects_overwrite(respect_overwrite, shoot)
        && shoot
            .metadata
            .annotations
            .get(ANNOTATION_IGNORE)
            .is_some_and(|value| go_parse_bool(value))
}

/// Gardener's `SyncPeriodOfShoot`: the annotation's period when it counts, parses and is not shorter than
/// the configured one; otherwise the configured one.
pub fn sync_period_of_shoot(
    respect_overwrite: bool,
    default: TimeDelta,
    shoot: &Shoot,
) -> TimeDelta {
    if !respects_overwrite(respect_overwrite, shoot) {
        return default;
    }
    shoot
        .metadata
        .annotations
        .get(ANNOTATION_SYNC_PERIOD)
        .and_then(|text| duration::parse(text).ok())
        .filter(|period| *period >= default)
        .unwrap_or(default)
}

/// Gardener's `EffectiveShootMaintenanceTimeWindow`.
fn effective_shoot_window(shoot: &Shoot) -> MaintenanceTimeWindow {
    let window = shoot
        .spec
        .maintenance
        .as_ref()
        .and_then(|m| m.time_window.as_ref())
        .map(|w| (w.begin.as_str(), w.end.as_str()));
    MaintenanceTimeWindow::effective(window)
}

/// The shoot-retry controller's default wait after a rate-limited failure (`retryPeriod`).
pub const DEFAULT_RETRY_PERIOD_MINUTES: i64 = 10;

/// What the controller-manager's shoot-retry controller does for a Shoot update.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct AutoRetry {
    /// The update is one the controller acts on: the Shoot just became Failed because of rate limits.
    pub retry_triggered: bool,
    /// The Shoot is (still) Failed because of rate limits, so the controller would handle a request for it.
    pub failed_due_to_rate_limits: bool,
    /// The instant after which the controller annotates `gardener.cloud/operation=retry`
    /// (last operation update time plus the retry period; plus up to 5m jitter when requeued).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub retry_after: Option<DateTime<Utc>>,
    /// Whether the retry annotation is set right now.
    pub retry_now: bool,
}

/// Gardener's shoot-retry controller on an update from `old_shoot` to `shoot` (`ShootPredicate`), and
/// whether it retries at `now` with the given retry period (`mustRetryNow`).
pub fn auto_retry(
    old_shoot: &Shoot,
    shoot: &Shoot,
    retry_period: TimeDelta,
    now: DateTime<Utc>,
) -> AutoRetry {
    let failed_due_to_rate_limits = failed_due_to_rate_limits(shoot);
    let retry_triggered = failed_due_to_rate_limits && !is_failed(old_shoot);
    let retry_after = shoot.status.last_operation.as_ref().and_then(|op| {
        op.last_update_time
            .unwrap_or_else(go_zero_time)
            .checked_add_signed(retry_period)
    });
    AutoRetry {
        retry_triggered,
        failed_due_to_rate_limits,
        retry_after,
        retry_now: failed_due_to_rate_limits && retry_after.is_some_and(|t| now > t),
    }
}

/// The retry controller's notion of failed: state Failed at the observed generation.
fn is_failed(shoot: &Shoot) -> bool {
    shoot
        .status
        .last_operation
        .as_ref()
        .is_some_and(|op| op.state == STATE_FAILED)
        && shoot.metadata.generation == shoot.status.observed_generation
}

fn failed_due_to_rate_limits(shoot: &Shoot) -> bool {
    is_failed(shoot) && has_error_code(&shoot.status.last_errors, ERR_INFRA_RATE_LIMITS_EXCEEDED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::types::LastOperation;

    fn shoot_with(operation_type: &str, state: &str) -> Shoot {
        let mut shoot = Shoot::default();
        shoot.status.last_operation = Some(LastOperation {
            operation_type: operation_type.into(),
            state: state.into(),
            ..LastOperation::default()
        });
        shoot
    }

    #[test]
    fn seed_change_means_migrate_even_when_deleting() {
        let mut shoot = shoot_with("Reconcile", "Succeeded");
        shoot.spec.seed_name = Some("a".into());
        shoot.status.seed_name = Some("b".into());
        shoot.metadata.deletion_timestamp = "2026-01-01T00:00:00Z".parse().ok();
        assert_eq!(operation_type(&shoot), OperationType::Migrate);
    }

    #[test]
    fn ignore_annotation_counts_only_in_garden_namespace_by_default() {
        let mut shoot = shoot_with("Reconcile", "Succeeded");
        shoot
            .metadata
            .annotations
            .insert(ANNOTATION_IGNORE.into(), "T".into());
        assert!(!should_ignore_shoot(false, &shoot));
        shoot.metadata.namespace = GARDEN_NAMESPACE.into();
        assert!(should_ignore_shoot(false, &shoot));
    }

    #[test]
    fn shorter_sync_period_overwrite_is_ignored() {
        let mut shoot = Shoot::default();
        shoot
            .metadata
            .annotations
            .insert(ANNOTATION_SYNC_PERIOD.into(), "30m".into());
        assert_eq!(
            sync_period_of_shoot(true, TimeDelta::hours(1), &shoot),
            TimeDelta::hours(1)
        );
        shoot
            .metadata
            .annotations
            .insert(ANNOTATION_SYNC_PERIOD.into(), "2h".into());
        assert_eq!(
            sync_period_of_shoot(true, TimeDelta::hours(1), &shoot),
            TimeDelta::hours(2)
        );
    }

    #[test]
    fn confined_reconcile_waits_for_window() {
        let mut shoot = shoot_with("Reconcile", "Succeeded");
        shoot.spec.maintenance = Some(crate::api::Maintenance {
            time_window: Some(crate::api::TimeWindow {
                begin: "220000+0000".into(),
                end: "230000+0000".into(),
            }),
            confine_spec_update_rollout: Some(true),
            ..Default::default()
        });
        let config = ShootControllerConfig::default();
        let now = DateTime::parse_from_rfc3339("2026-01-01T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let decision = reconcile_decision(&shoot, "", &config, None, now).unwrap();
        assert!(!decision.reconcile_now);
        assert_eq!(decision.reason, REASON_OUTSIDE_MAINTENANCE_WINDOW);
        let in_window = now + TimeDelta::hours(12) + TimeDelta::minutes(10);
        let decision = reconcile_decision(&shoot, "", &config, None, in_window).unwrap();
        assert!(decision.reconcile_now);
        // Gardener's function returns the empty string as the reason of a reconciliation.
        assert_eq!(decision.reason, "");
    }
}
