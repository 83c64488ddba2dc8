//! The update timeline: what Gardener's maintenance will do to a Shoot in each coming maintenance
//! window, until a horizon. Our own feature, built only from the exact rules: every window applies one
//! [`maintenance::run`] to the Shoot as the previous window left it.
//!
//! Gardener runs maintenance at a random instant inside each effective window: the reconciler requeues
//! itself with the window's `RandomDurationUntilNext`, uniform over the window, so the run comes after
//! the window's begin and sees every version transition up to it. A transition strictly inside a
//! window is seen only by a run after it: the change it causes is reported on that window, with the
//! instant it applies from, its probability (the share of the window after that instant) and the
//! window it happens in otherwise. The timeline follows the run that sees every transition of the
//! window.
//!
//! Cost grows with the number of version transitions, not with the days of the horizon: after a window
//! that changes nothing, the next window that can change anything is the first one after the next
//! classification transition of a relevant version.

use crate::decode::FromValue;
use crate::maintenance::{
    self, CloudProfile, RunSteps, Shoot, UpdateReason, UpdatedVersion, VersionUpdate,
};
use crate::rollout::trigger::HashView;
use crate::timewindow::MaintenanceTimeWindow;
use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Upper bound of windows evaluated, so no input can make a timeline run away.
const MAX_WINDOWS: usize = 10_000;

/// The simulated maintenance of one Shoot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    /// Every version change, in time order.
    pub events: Vec<TimelineEvent>,
    /// Required or wanted updates that Gardener cannot carry out, from the first window they fail in.
    pub blocked: Vec<BlockedUpdate>,
    /// The versions the Shoot has at the end of the horizon.
    pub final_state: FinalState,
    /// How many maintenance windows were evaluated (the rest were skipped as unable to change anything).
    pub windows_evaluated: usize,
    /// The horizon end.
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub until: DateTime<Utc>,
}

/// One version change in one maintenance window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct TimelineEvent {
    /// The maintenance window the change happens in; the run is at a random instant inside it.
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub window_begin: DateTime<Utc>,
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub window_end: DateTime<Utc>,
    pub component: Component,
    pub from: String,
    pub to: String,
    /// `auto` or `force`.
    pub reason: UpdateReason,
    /// Gardener's reason text for the update.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason_message: Option<String>,
    /// What the change does to the nodes.
    pub node_impact: NodeImpact,
    /// The instant inside the window from which the run makes this change: a version transition
    /// falls there, and only a run after it sees it. Absent when every run of the window makes it.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub applies_from: Option<DateTime<Utc>>,
    /// The instant inside the window until which the run makes this change: a transition there
    /// takes the change away (its target expires, say), so only a run before it makes it. Such a
    /// change is not carried into the next windows: the timeline follows the run that sees every
    /// transition of the window. Absent when a run after every transition makes it.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub applies_until: Option<DateTime<Utc>>,
    /// The probability that the window's run makes this change: the share of the effective window
    /// between `appliesFrom` and `appliesUntil`, 1 when every run of the window makes it.
    #[serde(serialize_with = "whole_as_integer")]
    pub probability: f64,
    /// Where the window's run comes before `appliesFrom`: the next window, whose run then makes this
    /// change. Absent when the change is certain, or is not made in the next window either.
    pub otherwise: Option<WindowSpan>,
}

impl TimelineEvent {
    /// A change every run of the window makes.
    fn certain(
        (window_begin, window_end): (DateTime<Utc>, DateTime<Utc>),
        component: Component,
        update: &VersionUpdate,
        node_impact: NodeImpact,
    ) -> TimelineEvent {
        TimelineEvent {
            window_begin,
            window_end,
            component,
            from: update.from.clone(),
            to: update.to.clone(),
            reason: update.reason,
            reason_message: update.reason_message.clone(),
            node_impact,
            applies_from: None,
            applies_until: None,
            probability: 1.0,
            otherwise: None,
        }
    }

    /// In words, when the change depends on where the window's run falls: from which instant it
    /// applies, how likely it is, and where it happens otherwise. `None` for a certain change.
    pub fn chance_text(&self) -> Option<String> {
        let format = crate::summary::date_time;
        let percent = (self.probability * 100.0).round();
        let when = match (self.applies_from, self.applies_until) {
            (None, None) => return None,
            (Some(from), None) => format!("after {}", format(from)),
            (None, Some(until)) => format!("before {}", format(until)),
            (Some(from), Some(until)) => {
                format!("between {} and {}", format(from), format(until))
            }
        };
        let mut text =
            format!("only if the maintenance run comes {when} ({percent}% of the window)");
        if self.applies_until.is_some() {
            return Some(text);
        }
        match &self.otherwise {
            Some(next) => text.push_str(&format!(
                "; otherwise in the window of {}",
                format(next.window_begin)
            )),
            None => text.push_str("; otherwise not in the next window either"),
        }
        Some(text)
    }
}

/// A number as JavaScript's `JSON.stringify` writes it: a whole one without a fraction (`1`, not
/// `1.0`), so the Report's JSON is the same text from the core and from the npm package.
fn whole_as_integer<S: serde::Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        serializer.serialize_i64(*value as i64)
    } else {
        serializer.serialize_f64(*value)
    }
}

/// One occurrence of the maintenance window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct WindowSpan {
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub window_begin: DateTime<Utc>,
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub window_end: DateTime<Utc>,
}

/// Which version a change is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Component {
    /// `spec.kubernetes.version`.
    ControlPlane,
    /// A worker pool's machine image version.
    MachineImage { pool: String, image: String },
    /// A worker pool's own `kubernetes.version`.
    PoolKubernetes { pool: String },
}

/// The consequence of an event for the nodes, per worker pool, as Gardener's roll triggers decide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct NodeImpact {
    /// Pools whose machines are replaced. The names and the lists are shared: a timeline names
    /// the same pools in the impact of every change, and every update of the control plane's
    /// minor rolls every pool.
    #[cfg_attr(feature = "tsify", tsify(type = "string[]"))]
    pub rolling: Arc<[Arc<str>]>,
    /// Pools updated in place.
    #[cfg_attr(feature = "tsify", tsify(type = "string[]"))]
    pub in_place: Arc<[Arc<str>]>,
    /// A plain-language summary.
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    pub summary: Arc<str>,
}

/// An update the maintenance cannot carry out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct BlockedUpdate {
    /// The first window in which the run fails.
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub window_begin: DateTime<Utc>,
    pub component: Component,
    pub version: String,
    /// `force` when the version has to go (it expired or left the CloudProfile), else `auto`.
    pub reason: UpdateReason,
    /// Gardener's failure text.
    pub message: String,
}

/// The Shoot's versions after the last window of the horizon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FinalState {
    pub kubernetes_version: String,
    pub pools: Vec<FinalPool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FinalPool {
    pub name: String,
    pub image: String,
    pub image_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kubernetes_version: Option<String>,
}

/// Simulates maintenance from `now` to `until` in the Shoot's effective maintenance `window`.
///
/// Errors only when a maintenance run cannot even start (an unparsable control-plane version), as
/// Gardener's own run does.
pub fn timeline(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    window: MaintenanceTimeWindow,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<Timeline, String> {
    let mut memo = maintenance::RunMemo::default();
    timeline_remembering(cloud_profile, shoot, window, (now, until), &mut memo)
}

/// [`timeline`] with the version decisions of earlier maintenance runs against the same
/// CloudProfile in `memo`: the Shoots of a fleet share most of them.
pub(crate) fn timeline_remembering(
    cloud_profile: &CloudProfile,
    shoot: &Shoot,
    window: MaintenanceTimeWindow,
    (now, until): (DateTime<Utc>, DateTime<Utc>),
    memo: &mut maintenance::RunMemo,
) -> Result<Timeline, String> {
    let cloud_profile = &*crate::defaults::defaulted_cloud_profile(cloud_profile);
    let mut shoot = shoot.clone();
    let mut events = Vec::new();
    let mut blocked: Vec<BlockedUpdate> = Vec::new();
    let mut windows_evaluated = 0;
    // The roll-trigger view of the Shoot as it stands, taken when first needed: the view after one
    // change is the view before the next.
    let mut rollout_view: Option<HashView> = None;
    let digests = crate::rollout::hash::Digests::default();
    // The pools in the order the verdicts list them: maintenance keeps the pools and their names.
    let mut by_name: Option<crate::rollout::trigger::ByName> = None;
    // The classification transitions that can make a later window differ: of the Kubernetes
    // versions and of the images the pools use. Maintenance changes versions, never an image,
    // so they are listed once (every window begins after the earliest instant).
    let transitions =
        maintenance::relevant_transitions(cloud_profile, &shoot, DateTime::<Utc>::MIN_UTC);
    let images_of = |shoot: &Shoot| -> Vec<String> {
        let workers = shoot.spec.provider.workers.iter();
        workers
            .map(|worker| worker.machine.image().name.clone())
            .collect()
    };
    let images = cfg!(debug_assertions).then(|| images_of(&shoot));
    let may_refuse = maintenance::may_refuse(cloud_profile, &shoot);
    let skipped = maintenance::LastMaintenanceRecord::Skipped;
    // The first window is the next one to begin after `now`: whether the run of a window open now
    // has happened already is not known.
    let mut next_window = window.next_occurrence(now);
    while windows_evaluated < MAX_WINDOWS {
        let (begin, end) = next_window;
        if begin > until {
            break;
        }
        windows_evaluated += 1;
        let later = &transitions[transitions.partition_point(|instant| *instant <= begin)..];
        let inside = &later[..later.partition_point(|instant| *instant < end)];
        // The run that sees every transition of the window; the timeline follows it.
        let run_at = just_after(inside.last().copied().unwrap_or(begin));
        let outcome = maintenance::run_steps(cloud_profile, &shoot, run_at, memo, skipped)?;
        debug_assert_eq!(
            images,
            Some(images_of(&shoot)),
            "maintenance changed an image"
        );
        note_blocked(&outcome, begin, &mut blocked);
        // Gardener applies a run only when its dry run passes; a refused run changes nothing, and
        // the next windows fail alike until a classification changes.
        let changed = outcome.changed_versions();
        // The dry run is made when the run is: the API server classifies at that instant too.
        let refused = (changed && may_refuse)
            .then(|| maintenance::dry_run_rejection(cloud_profile, &shoot, &outcome.shoot, run_at))
            .flatten();
        // Whether the API server refuses what a run at `at` of `before` writes.
        let refuses = |before: &Shoot, run: &RunSteps, at: DateTime<Utc>| {
            may_refuse
                && run.changed_versions()
                && maintenance::dry_run_rejection(cloud_profile, before, &run.shoot, at).is_some()
        };
        if let Some((_, api_error)) = &refused {
            note_refused(&outcome, begin, api_error, &mut blocked);
        }
        // The runs before each transition inside the window: the run of the window is in one of
        // these stretches, `[begin, inside[0])`, `[inside[0], inside[1])`, ...
        let starts: Vec<DateTime<Utc>> = std::iter::once(begin)
            .chain(inside.iter().copied())
            .collect();
        let earlier = (starts[..inside.len()].iter())
            .map(|start| {
                let at = just_after(*start);
                let run = maintenance::run_steps(cloud_profile, &shoot, at, memo, skipped)?;
                let refused = refuses(&shoot, &run, at);
                Ok((run, refused))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let stretches = Stretches {
            window: (begin, end),
            starts: &starts,
            earlier: &earlier,
        };
        if changed && refused.is_none() {
            let following = window.next_occurrence(end);
            let before = rollout_view.get_or_insert_with(|| as_rollout(&shoot, None));
            let after = as_rollout(&outcome.shoot, Some((&shoot, before)));
            let last = events
                .last()
                .map(|event: &TimelineEvent| &event.node_impact);
            let impact = node_impact((before, &after), &mut by_name, &digests, last);
            let changes = changes(&outcome);
            // Each event of the window gets the impact: a copy, and the last the impact itself.
            let impacts = std::iter::repeat_n(impact, changes.len());
            for ((version, component, update), impact) in changes.into_iter().zip(impacts) {
                // The first stretch from which every later run of the window makes this change.
                let holds = |entry: &(RunSteps, bool)| applied_change(entry, version, &update.to);
                let first = earlier
                    .iter()
                    .rposition(|run| !holds(run))
                    .map_or(0, |k| k + 1);
                let (applies_from, probability, otherwise) = if first == 0 {
                    (None, 1.0, None)
                } else {
                    let from = starts[first];
                    // Had the run come before `from`, the Shoot it left meets the next window.
                    let (missed, missed_refused) = &earlier[first - 1];
                    let state = if missed.changed_versions() && !missed_refused {
                        &missed.shoot
                    } else {
                        &shoot
                    };
                    let next_at = just_after(following.0);
                    let next =
                        maintenance::run_steps(cloud_profile, state, next_at, memo, skipped)?;
                    let made =
                        makes_change(&next, version, &update.to) && !refuses(state, &next, next_at);
                    let otherwise = made.then_some(WindowSpan {
                        window_begin: following.0,
                        window_end: following.1,
                    });
                    (Some(from), share_of((from, end), (begin, end)), otherwise)
                };
                events.push(TimelineEvent {
                    applies_from,
                    probability,
                    otherwise,
                    ..TimelineEvent::certain((begin, end), component, update, impact)
                });
            }
            stretches.note_early_only(Some(&outcome), &mut events);
            // The run's Shoot is the one the next window starts from (`MaintenanceOutcome::apply`
            // without the copy).
            shoot = outcome.shoot;
            rollout_view = Some(after);
            // A change can enable the next one (consecutive minor updates): look at the next window.
            next_window = following;
        } else {
            let applied = refused.is_none().then_some(&outcome);
            stretches.note_early_only(applied, &mut events);
            // Nothing changes until a relevant version's classification does: the next window to
            // look at is the one that holds the next transition after this window, or follows it.
            match later.get(inside.len()) {
                Some(next) => next_window = window_at_or_after(&window, *next),
                None => break,
            }
        }
    }
    Ok(Timeline {
        events,
        blocked,
        final_state: final_state(&shoot),
        windows_evaluated,
        until,
    })
}

/// A window's runs before each transition inside it, by the stretch of the window they come in.
struct Stretches<'a> {
    window: (DateTime<Utc>, DateTime<Utc>),
    /// The begin of each stretch: the window's begin, then each transition inside it.
    starts: &'a [DateTime<Utc>],
    /// The run in each stretch but the last, and whether the API server refuses what it writes.
    earlier: &'a [(RunSteps, bool)],
}

impl Stretches<'_> {
    /// Adds the changes only a run before a transition of the window makes (a later transition
    /// takes their target away), which `late`, the run after every transition (`None` when the
    /// API server refuses it), does not. They are reported, not carried into the next windows.
    fn note_early_only(&self, late: Option<&RunSteps>, events: &mut Vec<TimelineEvent>) {
        let (begin, end) = self.window;
        for (stretch, (run, refused)) in self.earlier.iter().enumerate() {
            if *refused {
                continue;
            }
            for (version, component, update) in changes(run) {
                let late_makes = late.is_some_and(|late| makes_change(late, version, &update.to));
                let reported = |e: &TimelineEvent| {
                    e.window_begin == begin && e.component == component && e.to == update.to
                };
                if late_makes || events.iter().any(reported) {
                    continue;
                }
                let holds = |entry: &(RunSteps, bool)| applied_change(entry, version, &update.to);
                let last = stretch
                    + self.earlier[stretch..]
                        .iter()
                        .take_while(|e| holds(e))
                        .count();
                let from = (stretch > 0).then(|| self.starts[stretch]);
                let until = self.starts[last];
                // In the window's order (control plane, then each pool's Kubernetes version and
                // image), as a run records its changes.
                let key = change_order(&run.shoot, &component);
                let at = events.len()
                    - (events.iter().rev())
                        .take_while(|e| {
                            e.window_begin == begin && change_order(&run.shoot, &e.component) > key
                        })
                        .count();
                let impact = NodeImpact {
                    rolling: Arc::new([]),
                    in_place: Arc::new([]),
                    summary: "not determined for a change the timeline does not follow".into(),
                };
                events.insert(
                    at,
                    TimelineEvent {
                        applies_from: from,
                        applies_until: Some(until),
                        probability: share_of((from.unwrap_or(begin), until), (begin, end)),
                        ..TimelineEvent::certain((begin, end), component, update, impact)
                    },
                );
            }
        }
    }
}

/// The components whose version changed in a run, control plane first, then the pools in order.
fn changes(outcome: &RunSteps) -> Vec<(UpdatedVersion, Component, &VersionUpdate)> {
    (outcome.recorded())
        .filter(|(_, update)| update.from != update.to)
        .map(|(version, update)| (version, component(&outcome.shoot, version), update))
        .collect()
}

/// Whether a run the API server lets through (`(run, refused)`) changes `version` to `to`.
fn applied_change((run, refused): &(RunSteps, bool), version: UpdatedVersion, to: &str) -> bool {
    !refused && makes_change(run, version, to)
}

/// Whether `run` changes `version` to `to`.
fn makes_change(run: &RunSteps, version: UpdatedVersion, to: &str) -> bool {
    (run.recorded()).any(|(v, update)| v == version && update.from != update.to && update.to == to)
}

/// The instant a run sees `instant` from: a version stage starting at an instant is active only
/// after it (`CurrentLifecycleClassification` compares `startTime.Before(now)`), and a window's run
/// is always after the window's begin.
fn just_after(instant: DateTime<Utc>) -> DateTime<Utc> {
    instant + TimeDelta::nanoseconds(1)
}

/// The share of the window `[begin, end)` that `[from, until)` covers: the probability that the
/// run, at a uniformly random instant of the window, comes in it.
fn share_of(
    (from, until): (DateTime<Utc>, DateTime<Utc>),
    (begin, end): (DateTime<Utc>, DateTime<Utc>),
) -> f64 {
    let whole = (end - begin).num_milliseconds();
    if whole <= 0 {
        return 1.0;
    }
    (until.min(end) - from.max(begin))
        .num_milliseconds()
        .clamp(0, whole) as f64
        / whole as f64
}

/// The occurrence of `window` that contains `instant`, or else the first that begins after it.
fn window_at_or_after(
    window: &MaintenanceTimeWindow,
    instant: DateTime<Utc>,
) -> (DateTime<Utc>, DateTime<Utc>) {
    let (begin, end) = window.next_occurrence(instant);
    // `next_occurrence` passes over a window that is open at `instant`: the one the day before.
    let day = chrono::Days::new(1);
    match (begin.checked_sub_days(day), end.checked_sub_days(day)) {
        (Some(open_begin), Some(open_end)) if open_begin <= instant && instant < open_end => {
            (open_begin, open_end)
        }
        _ => (begin, end),
    }
}

/// Records failed updates, once per component and version.
fn note_blocked(outcome: &RunSteps, begin: DateTime<Utc>, blocked: &mut Vec<BlockedUpdate>) {
    for (version, update) in outcome.recorded().filter(|(_, update)| update.failed) {
        let message = update.description.clone().unwrap_or_default();
        block_once(
            blocked,
            begin,
            component(&outcome.shoot, version),
            update,
            message,
        );
    }
}

/// Records the updates of a run the API server refused, once per component and version.
fn note_refused(
    outcome: &RunSteps,
    begin: DateTime<Utc>,
    api_error: &str,
    blocked: &mut Vec<BlockedUpdate>,
) {
    for (version, update) in outcome.recorded().filter(|(_, u)| u.from != u.to) {
        let message = maintenance::refused_run_reason(api_error);
        block_once(
            blocked,
            begin,
            component(&outcome.shoot, version),
            update,
            message,
        );
    }
}

/// Adds a blocked update unless the component is blocked at that version already.
fn block_once(
    blocked: &mut Vec<BlockedUpdate>,
    begin: DateTime<Utc>,
    component: Component,
    update: &VersionUpdate,
    message: String,
) {
    let known = blocked
        .iter()
        .any(|b| b.component == component && b.version == update.from);
    if !known {
        blocked.push(BlockedUpdate {
            window_begin: begin,
            component,
            version: update.from.clone(),
            reason: update.reason,
            message,
        });
    }
}

/// The component of `shoot` (the Shoot a run leaves, whose pools keep their names and images)
/// that `version` names.
fn component(shoot: &Shoot, version: UpdatedVersion) -> Component {
    let pool = |index: usize| &shoot.spec.provider.workers[index];
    match version {
        UpdatedVersion::ControlPlane => Component::ControlPlane,
        UpdatedVersion::PoolKubernetes(index) => Component::PoolKubernetes {
            pool: pool(index).name.clone(),
        },
        UpdatedVersion::PoolImage(index) => Component::MachineImage {
            pool: pool(index).name.clone(),
            image: pool(index).machine.image().name.clone(),
        },
    }
}

/// Where a component's change comes in a window: the control plane, then the pools in order,
/// each with its Kubernetes version before its image.
fn change_order(shoot: &Shoot, component: &Component) -> (usize, u8) {
    let index = |name: &str| {
        let workers = &shoot.spec.provider.workers;
        1 + workers
            .iter()
            .position(|w| w.name == name)
            .unwrap_or(workers.len())
    };
    match component {
        Component::ControlPlane => (0, 0),
        Component::PoolKubernetes { pool } => (index(pool), 0),
        Component::MachineImage { pool, .. } => (index(pool), 1),
    }
}

/// The Shoot as the roll triggers read it, with their hash defaults.
///
/// `previous` is an earlier state of the Shoot with its view: each pool equal to the pool at its
/// place is taken from that view (a run changes few pools, most often none), so the view's
/// successor finds its verdicts again only for the pools that changed. Every other pool is
/// shared with the Shoot, and copied only where it lacks a hash default.
fn as_rollout(shoot: &Shoot, previous: Option<(&Shoot, &HashView)>) -> HashView {
    let mut outside = shoot.clone();
    outside.spec.provider.workers = Default::default();
    let workers = (shoot.spec.provider.workers.iter().enumerate())
        .map(|(index, worker)| {
            let taken_over = previous.and_then(|(before, before_view)| {
                let before = before.spec.provider.workers.get(index)?;
                let before_view = before_view.workers().get(index)?;
                // A pool the run did not change is still the one it was given.
                (Arc::ptr_eq(before, worker) || before == worker).then(|| Arc::clone(before_view))
            });
            taken_over.unwrap_or_else(|| Arc::clone(worker))
        })
        .collect();
    match previous {
        Some((_, before_view)) => before_view.successor(outside, workers),
        None => HashView::of_parts(outside, workers),
    }
}

/// The roll triggers between the Shoot before and after a run. `by_name` is the order of the
/// verdicts ([`crate::rollout::trigger::by_name`]), found at the first change of a timeline;
/// `last` is the impact of the change before, taken over where it names the same pools (every
/// update of the control plane's minor rolls every pool).
fn node_impact(
    (before, after): (&HashView, &HashView),
    by_name: &mut Option<crate::rollout::trigger::ByName>,
    digests: &crate::rollout::hash::Digests,
    last: Option<&NodeImpact>,
) -> NodeImpact {
    let verdict = crate::rollout::trigger::pool_updates(before, after, digests);
    let Some(verdict) = verdict else {
        return NodeImpact {
            rolling: Arc::new([]),
            in_place: Arc::new([]),
            summary: "the effect on the nodes could not be determined".into(),
        };
    };
    let by_name = by_name.get_or_insert_with(|| crate::rollout::trigger::by_name(after.workers()));
    debug_assert_eq!(*by_name, crate::rollout::trigger::by_name(after.workers()));
    use crate::rollout::UpdateKind;
    let of_kind = |kind: UpdateKind| {
        (by_name.named(&verdict))
            .filter(move |(_, update)| *update == kind)
            .map(|(pool, _)| pool)
    };
    // The same pools, by their shared names, as `list`.
    let same = |list: &[Arc<str>], kind: UpdateKind| {
        let mut pools = of_kind(kind);
        (list.iter()).all(|named| pools.next().is_some_and(|pool| Arc::ptr_eq(named, pool)))
            && pools.next().is_none()
    };
    let rolling_or_in_place =
        |impact: &&NodeImpact| !(impact.rolling.is_empty() && impact.in_place.is_empty());
    // Only an impact that names a pool was determined, so only such an impact is taken over.
    let taken_over = last.filter(rolling_or_in_place).filter(|last| {
        same(&last.rolling, UpdateKind::Rolling) && same(&last.in_place, UpdateKind::InPlace)
    });
    let fresh = || {
        let rolling: Arc<[Arc<str>]> = of_kind(UpdateKind::Rolling).cloned().collect();
        let in_place: Arc<[Arc<str>]> = of_kind(UpdateKind::InPlace).cloned().collect();
        let summary = match (rolling.is_empty(), in_place.is_empty()) {
            (true, true) => "no node is replaced or updated".to_string(),
            (false, true) => format!("rolling update of {}", rolling.join(", ")),
            (true, false) => format!("in-place update of {}", in_place.join(", ")),
            (false, false) => format!(
                "rolling update of {}; in-place update of {}",
                rolling.join(", "),
                in_place.join(", ")
            ),
        };
        NodeImpact {
            rolling,
            in_place,
            summary: summary.into(),
        }
    };
    match taken_over {
        Some(last) => {
            debug_assert_eq!(*last, fresh());
            last.clone()
        }
        None => fresh(),
    }
}

fn final_state(shoot: &Shoot) -> FinalState {
    FinalState {
        kubernetes_version: shoot.spec.kubernetes.version.clone(),
        pools: shoot
            .spec
            .provider
            .workers
            .iter()
            .map(|worker| FinalPool {
                name: worker.name.clone(),
                image: worker.machine.image().name.clone(),
                image_version: worker.machine.image().version.clone().unwrap_or_default(),
                kubernetes_version: worker.kubernetes.as_ref().and_then(|k| k.version.clone()),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests;
