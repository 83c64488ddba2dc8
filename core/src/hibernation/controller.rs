//! The controller-manager's hibernation controller: what one reconciliation of a Shoot does.
//!
//! Follows `pkg/controllermanager/controller/shoot/hibernation/reconciler.go` (`Reconcile`,
//! `getScheduleWithMostRecentTime`, `nextHibernationTimeDuration`, `hibernateOrWakeUpShootBasedOnSchedule`)
//! and `IsShootFailedAndUpToDate` in `pkg/utils/gardener/shoot.go`.

use super::schedule::{latest_firing, parse_schedules, Operation, ParsedSchedule};
use super::Shoot;
use crate::decode::FromValue;
use crate::duration;
use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize, Serializer};

/// How far back the controller looks for a missed schedule at most.
const LOOKBACK_CAP_DAYS: i64 = 7;
/// Padding added to the requeue delay so clock skew cannot make the controller wake up too early.
const REQUEUE_PADDING_MILLIS: i64 = 100;

/// `ShootHibernationControllerConfiguration` (the part that matters for a decision).
#[derive(Debug, Clone, Default, Deserialize, FromValue)]
#[serde(default, rename_all = "camelCase")]
pub struct HibernationControllerConfig {
    /// `triggerDeadlineDuration` as a Go duration (`2h0m0s`). `None` means not configured: no deadline.
    /// Gardener's configuration defaulting sets 2h (`SetDefaults_ShootHibernationControllerConfiguration`).
    pub trigger_deadline_duration: Option<String>,
}

/// What the controller does to the Shoot's spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub enum HibernationAction {
    /// Set `spec.hibernation.enabled = true`.
    Hibernate,
    /// Set `spec.hibernation.enabled = false`.
    WakeUp,
    /// Leave the spec alone.
    None,
}

/// The outcome of one reconciliation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HibernationDecision {
    pub action: HibernationAction,
    /// The new `spec.hibernation.enabled`, when the spec is patched.
    pub hibernation_enabled: Option<bool>,
    /// The new `status.lastHibernationTriggerTime` (= now), when the spec is patched.
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub last_hibernation_trigger_time: Option<DateTime<Utc>>,
    /// The schedule entry whose firing caused the action, and when it fired.
    pub triggered_by: Option<Trigger>,
    /// The delay until the controller reconciles the Shoot again; `0s` means it is not requeued.
    #[serde(serialize_with = "serialize_go_duration")]
    pub requeue_after: TimeDelta,
    /// The earliest next firing of any entry, which the requeue aims at.
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub next_schedule_time: Option<DateTime<Utc>>,
    /// Why, in the words of the controller's log messages.
    pub reason: String,
}

/// The entry that fired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct Trigger {
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub instant: DateTime<Utc>,
    pub operation: Operation,
    pub cron: String,
    pub location: String,
    pub schedule_index: usize,
}

/// One reconciliation of the hibernation controller at `now` (`Reconciler.Reconcile`).
///
/// `controller_version` is the running gardener-controller-manager's version: a Shoot whose last
/// operation `Failed` and that is up to date with it (`IsShootFailedAndUpToDate`) is only requeued.
/// Otherwise the entry with the latest firing since the last trigger (or creation), bounded by the
/// trigger deadline and by seven days, decides; ties go to the earlier entry. Errors only for an
/// unparsable `triggerDeadlineDuration`.
pub fn hibernation_action(
    shoot: &Shoot,
    config: &HibernationControllerConfig,
    controller_version: &str,
    now: DateTime<Utc>,
) -> Result<HibernationDecision, String> {
    let trigger_deadline = config
        .trigger_deadline_duration
        .as_deref()
        .map(duration::parse)
        .transpose()?;
    let no_action = |reason: &str| HibernationDecision {
        action: HibernationAction::None,
        hibernation_enabled: None,
        last_hibernation_trigger_time: None,
        triggered_by: None,
        requeue_after: TimeDelta::zero(),
        next_schedule_time: None,
        reason: reason.to_string(),
    };

    if shoot.metadata.deletion_timestamp.is_some() {
        return Ok(no_action(
            "Shoot is currently being deleted, stopping reconciliation",
        ));
    }
    let schedules = shoot.schedules();
    if schedules.is_empty() {
        return Ok(no_action(
            "Hibernation schedules have been removed from shoot, stopping reconciliation",
        ));
    }
    let Ok(parsed) = parse_schedules(schedules) else {
        return Ok(no_action(
            "Invalid hibernation schedules, stopping reconciliation",
        ));
    };

    let (next_schedule_time, requeue_after) = next_requeue(&parsed, now);
    if is_failed_and_up_to_date(shoot, controller_version) {
        return Ok(HibernationDecision {
            requeue_after,
            next_schedule_time,
            ..no_action("Shoot is in Failed state, requeuing shoot hibernation")
        });
    }

    let earliest = lookback_start(shoot, trigger_deadline, now);
    let decision = match latest_firing(&parsed, earliest, now) {
        Some((entry, instant)) => {
            let (action, enabled) = match entry.operation {
                Operation::Hibernate => (HibernationAction::Hibernate, true),
                Operation::WakeUp => (HibernationAction::WakeUp, false),
            };
            HibernationDecision {
                action,
                hibernation_enabled: Some(enabled),
                last_hibernation_trigger_time: Some(now),
                triggered_by: Some(Trigger {
                    instant,
                    operation: entry.operation,
                    cron: entry.cron.clone(),
                    location: entry.location.name().to_string(),
                    schedule_index: entry.schedule_index,
                }),
                requeue_after,
                next_schedule_time,
                reason: "Successfully set hibernation.enabled".to_string(),
            }
        }
        None => HibernationDecision {
            requeue_after,
            next_schedule_time,
            ..no_action("Requeuing shoot hibernation")
        },
    };
    Ok(decision)
}

/// `IsShootFailedAndUpToDate`.
fn is_failed_and_up_to_date(shoot: &Shoot, controller_version: &str) -> bool {
    shoot
        .status
        .last_operation
        .as_ref()
        .is_some_and(|op| op.state == "Failed")
        && shoot.metadata.generation == shoot.status.observed_generation
        && shoot.status.gardener.version == controller_version
}

/// The start of the window searched for a missed firing (`getScheduleWithMostRecentTime`): the last
/// trigger time, else the creation time; moved up to `now - deadline` when that is later; never more than
/// seven days back.
fn lookback_start(
    shoot: &Shoot,
    trigger_deadline: Option<TimeDelta>,
    now: DateTime<Utc>,
) -> DateTime<Utc> {
    // A missing timestamp is Go's zero time, which the seven-day cap replaces anyway.
    let mut earliest = shoot
        .status
        .last_hibernation_trigger_time
        .or(shoot.metadata.creation_timestamp)
        .unwrap_or(DateTime::<Utc>::MIN_UTC);
    if let Some(deadline) = trigger_deadline.and_then(|d| now.checked_sub_signed(d)) {
        if deadline > earliest {
            earliest = deadline;
        }
    }
    if let Some(cap) = now.checked_sub_signed(TimeDelta::days(LOOKBACK_CAP_DAYS)) {
        if earliest < cap {
            earliest = cap;
        }
    }
    earliest
}

/// `nextHibernationTimeDuration`: the earliest `Next(now)` plus 100ms, minus now. An entry that never
/// fires is Go's zero time, which sorts first and gives a negative delay: the Shoot is not requeued.
fn next_requeue(
    parsed: &[ParsedSchedule],
    now: DateTime<Utc>,
) -> (Option<DateTime<Utc>>, TimeDelta) {
    let mut earliest: Option<DateTime<Utc>> = None;
    for entry in parsed {
        match entry.next(now) {
            None => return (None, TimeDelta::zero()),
            Some(next) if earliest.is_none_or(|e| next < e) => earliest = Some(next),
            Some(_) => {}
        }
    }
    match earliest {
        Some(next) => (
            Some(next),
            next + TimeDelta::milliseconds(REQUEUE_PADDING_MILLIS) - now,
        ),
        None => (None, TimeDelta::zero()),
    }
}

fn serialize_go_duration<S: Serializer>(
    value: &TimeDelta,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&duration::format(*value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn shoot(yaml: &str) -> Shoot {
        serde_yaml::from_str(yaml).unwrap()
    }

    const DAILY: &str = "
metadata: {creationTimestamp: '2022-04-11T07:00:00Z'}
spec:
  hibernation:
    schedules:
    - {start: '00 07 * * *', end: '00 02 * * *'}
";

    #[test]
    fn fires_the_latest_missed_entry_and_requeues_for_the_next() {
        let decision = hibernation_action(
            &shoot(DAILY),
            &HibernationControllerConfig::default(),
            "v1.0.0",
            at("2022-04-12T07:00:01Z"),
        )
        .unwrap();
        assert_eq!(decision.action, HibernationAction::Hibernate);
        assert_eq!(duration::format(decision.requeue_after), "18h59m59.1s");
        assert_eq!(
            decision.next_schedule_time,
            Some(at("2022-04-13T02:00:00Z"))
        );
    }

    #[test]
    fn deadline_and_seven_day_cap_bound_the_lookback() {
        let with_deadline = HibernationControllerConfig {
            trigger_deadline_duration: Some("10s".to_string()),
        };
        let late = hibernation_action(
            &shoot(DAILY),
            &with_deadline,
            "v1",
            at("2022-04-12T07:00:11Z"),
        )
        .unwrap();
        assert_eq!(late.action, HibernationAction::None);
        assert_eq!(duration::format(late.requeue_after), "18h59m49.1s");

        // Created long ago and never triggered: only the last seven days count, and the latest wins.
        let old = "
metadata: {creationTimestamp: '2020-01-01T00:00:00Z'}
spec: {hibernation: {schedules: [{start: '0 0 1 1 *', end: '0 9 * * *'}]}}
";
        let decision = hibernation_action(
            &shoot(old),
            &HibernationControllerConfig::default(),
            "v1",
            at("2022-04-12T10:00:00Z"),
        )
        .unwrap();
        assert_eq!(decision.action, HibernationAction::WakeUp);
        assert!(hibernation_action(
            &shoot(DAILY),
            &HibernationControllerConfig {
                trigger_deadline_duration: Some("soon".to_string())
            },
            "v1",
            at("2022-04-12T10:00:00Z"),
        )
        .is_err());
    }

    #[test]
    fn ties_keep_the_earlier_entry_and_never_firing_entries_stop_requeues() {
        let tie = "
metadata: {creationTimestamp: '2022-04-11T07:00:00Z'}
spec: {hibernation: {schedules: [{start: '0 7 * * *'}, {end: '0 7 * * *'}]}}
";
        let decision = hibernation_action(
            &shoot(tie),
            &HibernationControllerConfig::default(),
            "v1",
            at("2022-04-12T07:30:00Z"),
        )
        .unwrap();
        assert_eq!(decision.action, HibernationAction::Hibernate);

        let never = "
metadata: {creationTimestamp: '2022-04-11T07:00:00Z'}
spec: {hibernation: {schedules: [{start: '0 0 30 2 *', end: '0 7 * * *'}]}}
";
        let decision = hibernation_action(
            &shoot(never),
            &HibernationControllerConfig::default(),
            "v1",
            at("2022-04-12T07:30:00Z"),
        )
        .unwrap();
        assert_eq!(decision.action, HibernationAction::WakeUp);
        assert_eq!(decision.requeue_after, TimeDelta::zero());
        assert_eq!(decision.next_schedule_time, None);
    }
}
