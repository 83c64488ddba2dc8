//! `Report.summary`: the report's answer to "what will Gardener do next, and what keeps it from
//! it", taken from the report's own parts so that the app's Summary card, the CLI's text and npm
//! users read one account.
//!
//! Nothing here is a rule of Gardener's: the facts come from the timeline (the maintenance
//! reconciler, `pkg/controllermanager/controller/shoot/maintenance`), the version matrix
//! (`pkg/apis/core/v1beta1/helper` classification), the care controller's constraints
//! (`pkg/gardenlet/controller/shoot/care/constraints.go`) and the hibernation admission check
//! (`plugin/pkg/shoot/validator`). This module orders them and puts them in plain words.

use crate::decode::FromValue;
use crate::lifecycle::Classification;
use crate::maintenance::{EligibleUpdates, UpdateReason};
use crate::report::{Report, Severity};
use crate::timeline::{Component, Timeline, TimelineEvent, WindowSpan};
use chrono::{DateTime, Datelike, Timelike, Utc};
use serde::{Deserialize, Serialize};

/// What happens next, what is blocked and for how long, and the few other facts a user asks
/// first. `facts` says it in words; the other fields are the data behind them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// The timeline's first forced update (an expired or missing version replaced).
    pub next_forced_update: Option<TimelineEvent>,
    /// The timeline's first automatic update.
    pub next_automatic_update: Option<TimelineEvent>,
    /// Every update the maintenance cannot carry out, with the span it stays blocked for.
    pub blocked_updates: Vec<BlockedSpan>,
    /// The Shoot's next effective maintenance window after `now`.
    pub next_maintenance_window: Option<WindowSpan>,
    /// Each version the Shoot uses: its classification, expiration and next update, what the
    /// Gardener dashboard's version-expiration and worker-group-expiration messages show.
    pub versions: Vec<VersionState>,
    /// Whether Gardener lets the Shoot hibernate, and the constraint states behind the answer.
    pub hibernation: Option<HibernationAnswer>,
    /// Validation problems found in the rules shoot-policy checks.
    pub validation_problems: usize,
    /// Errors about the input itself (unreadable or mistyped objects).
    pub input_errors: usize,
    /// The summary in words, in display order: what the app's Summary card and the CLI show.
    pub facts: Vec<Fact>,
}

/// An update the maintenance cannot carry out, from the first window it fails in until the
/// window of the component's next update (or beyond the timeline's horizon).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct BlockedSpan {
    pub component: Component,
    /// The version the component stays on.
    pub version: String,
    /// `force` when the version has to go (it expired or left the CloudProfile), else `auto`.
    pub reason: UpdateReason,
    /// The first window whose run fails.
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub since: DateTime<Utc>,
    /// The window of the component's next update, which ends the block; `null` when none comes
    /// before the timeline's horizon.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub until: Option<DateTime<Utc>>,
    /// The version that update brings.
    pub then_version: Option<String>,
    /// When `version` expires (or expired), if the CloudProfile says.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub expires: Option<DateTime<Utc>>,
    /// Gardener's failure text.
    pub message: String,
}

/// One version the Shoot uses, as the CloudProfile classifies it at `now`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct VersionState {
    pub component: Component,
    pub version: String,
    /// `null` when the CloudProfile does not list the version.
    pub classification: Option<Classification>,
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub expires: Option<DateTime<Utc>>,
    /// `spec.maintenance.autoUpdate.kubernetesVersion` (control plane and pools' own versions) or
    /// `machineImageVersion` (images).
    pub auto_update: bool,
    /// Whether an automatic or a forced update has a version to select now.
    pub update_available: bool,
    /// The component's next update on the timeline.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub next_update: Option<DateTime<Utc>>,
    pub next_version: Option<String>,
    /// From when the component's update is blocked, if it is.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub blocked_since: Option<DateTime<Utc>>,
}

/// Whether the API server lets the Shoot be hibernated: it refuses while the `HibernationPossible`
/// constraint the care controller writes is anything but `True`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct HibernationAnswer {
    pub possible: bool,
    /// The webhook check's result (`True` or `False`).
    #[cfg_attr(feature = "tsify", tsify(type = "\"True\" | \"False\""))]
    pub check_status: String,
    /// The constraint as the care controller writes it: `False` becomes `Progressing` while an
    /// operation runs without errors, which the API server refuses just the same.
    #[cfg_attr(feature = "tsify", tsify(type = "ConditionStatus"))]
    pub constraint_status: String,
    pub reason: String,
    /// Gardener's message.
    pub message: String,
    /// The problematic webhooks, as `<configuration>/<webhook>`.
    pub blocking_webhooks: Vec<String>,
    /// Why the answer is what it is, in words.
    pub explanation: String,
}

/// One line of the summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Fact {
    pub label: String,
    pub text: String,
    pub tone: Tone,
    /// Gardener's own words behind the fact, for a details view.
    pub details: Option<String>,
}

/// How a fact reads: fine, worth a look, a problem, or plain information.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Tone {
    Good,
    Warn,
    Bad,
    Neutral,
}

/// What the summary reads from the Shoot itself.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ShootFacts<'a> {
    pub auto_update_kubernetes: bool,
    pub auto_update_image: bool,
    /// `status.lastOperation` type and state.
    pub last_operation: Option<(&'a str, &'a str)>,
}

impl ShootFacts<'_> {
    /// What the summary reads of the stored Shoot (its defaults applied): `autoUpdate`'s flags
    /// are Go `bool`s, so a block that leaves one out has it `false` (the defaulting fills in
    /// `true` only where the block itself is missing, and the image's only for Shoots with
    /// workers).
    pub(crate) fn of(shoot: &crate::api::Shoot) -> ShootFacts<'_> {
        let auto_update = shoot
            .spec
            .maintenance
            .as_ref()
            .and_then(|m| m.auto_update.as_ref());
        let flag = |read: fn(&crate::api::AutoUpdate) -> Option<bool>| {
            auto_update.and_then(read).unwrap_or(false)
        };
        ShootFacts {
            auto_update_kubernetes: flag(|a| a.kubernetes_version),
            auto_update_image: flag(|a| a.machine_image_version),
            last_operation: (shoot.status.last_operation.as_ref())
                .map(|o| (o.operation_type.as_str(), o.state.as_str())),
        }
    }
}

/// The summary of `report`, whose parts are complete, at `now`.
pub(crate) fn summarize(report: &Report, shoot: Option<ShootFacts>, now: DateTime<Utc>) -> Summary {
    let timeline = report.timeline.as_ref();
    let events = timeline.map_or(&[][..], |t| t.events.as_slice());
    let first = |reason| events.iter().find(|e| e.reason == reason).cloned();
    let mut summary = Summary {
        next_forced_update: first(UpdateReason::Force),
        next_automatic_update: first(UpdateReason::Auto),
        blocked_updates: timeline
            .map(|t| blocked_spans(report, t))
            .unwrap_or_default(),
        next_maintenance_window: (report.maintenance_window.as_ref())
            .filter(|w| w.invalid.is_none())
            .map(|w| WindowSpan {
                window_begin: w.next_begin,
                window_end: w.next_end,
            }),
        versions: shoot.map(|s| version_states(report, s)).unwrap_or_default(),
        hibernation: report
            .hibernation
            .as_ref()
            .map(|h| hibernation_answer(h, shoot.and_then(|s| s.last_operation))),
        validation_problems: report.validation.problems.len(),
        input_errors: (report.diagnostics.iter())
            .filter(|d| d.severity == Severity::Error)
            .count(),
        facts: Vec::new(),
    };
    summary.facts = facts(report, &summary, now);
    summary
}

fn blocked_spans(report: &Report, timeline: &Timeline) -> Vec<BlockedSpan> {
    (timeline.blocked.iter())
        .map(|blocked| {
            let next = (timeline.events.iter()).find(|e| {
                e.component == blocked.component && e.window_begin > blocked.window_begin
            });
            BlockedSpan {
                component: blocked.component.clone(),
                version: blocked.version.clone(),
                reason: blocked.reason,
                since: blocked.window_begin,
                until: next.map(|e| e.window_begin),
                then_version: next.map(|e| e.to.clone()),
                expires: classified(report, &blocked.component, &blocked.version)
                    .and_then(|(_, expires)| expires),
                message: blocked.message.clone(),
            }
        })
        .collect()
}

/// The classification and expiration of `version` of `component` in the version matrix.
fn classified(
    report: &Report,
    component: &Component,
    version: &str,
) -> Option<(Classification, Option<DateTime<Utc>>)> {
    let matrix = report.versions.as_ref()?;
    let versions = match component {
        Component::MachineImage { image, .. } => {
            let image = matrix.machine_images.iter().find(|i| &i.name == image)?;
            &image.versions
        }
        _ => &matrix.kubernetes,
    };
    (versions.iter())
        .find(|v| v.version == version)
        .map(|v| (v.classification.clone(), v.expires))
}

fn version_states(report: &Report, shoot: ShootFacts) -> Vec<VersionState> {
    let Some(matrix) = &report.versions else {
        return Vec::new();
    };
    let events = report.timeline.as_ref().map_or(&[][..], |t| &t.events[..]);
    let blocked = report.timeline.as_ref().map_or(&[][..], |t| &t.blocked[..]);
    (matrix.eligible_updates.iter())
        .map(|eligible| {
            let component = component_of(eligible);
            let auto_update = match component {
                Component::MachineImage { .. } => shoot.auto_update_image,
                _ => shoot.auto_update_kubernetes,
            };
            let found = classified(report, &component, &eligible.current);
            let next = events.iter().find(|e| e.component == component);
            let blocked_since = (blocked.iter())
                .find(|b| b.component == component)
                .map(|b| b.window_begin);
            VersionState {
                version: eligible.current.clone(),
                expires: found.as_ref().and_then(|(_, expires)| *expires),
                classification: found.map(|(classification, _)| classification),
                auto_update,
                update_available: !eligible.auto.is_empty() || !eligible.force.is_empty(),
                next_update: next.map(|e| e.window_begin),
                next_version: next.map(|e| e.to.clone()),
                blocked_since,
                component,
            }
        })
        .collect()
}

fn component_of(eligible: &EligibleUpdates) -> Component {
    match (&eligible.pool, &eligible.image) {
        (Some(pool), Some(image)) => Component::MachineImage {
            pool: pool.clone(),
            image: image.clone(),
        },
        (Some(pool), None) => Component::PoolKubernetes { pool: pool.clone() },
        _ => Component::ControlPlane,
    }
}

fn hibernation_answer(
    hibernation: &crate::report::Hibernation,
    last_operation: Option<(&str, &str)>,
) -> HibernationAnswer {
    let check = &hibernation.webhooks.hibernation_possible;
    let constraint = (hibernation.constraints.iter())
        .find(|c| c.condition_type == crate::hibernation::HIBERNATION_POSSIBLE);
    let constraint_status = constraint.map_or(check.status.as_str(), |c| c.status.as_str());
    let possible = constraint_status == "True";
    let blocking_webhooks: Vec<String> = (hibernation.webhooks.problematic_webhooks.iter())
        .map(|w| format!("{}/{}", w.configuration, w.webhook))
        .collect();
    let (reason, message) = match constraint {
        Some(c) => (c.reason.clone(), c.message.clone()),
        None => (check.reason.clone(), check.message.clone()),
    };
    let explanation = if possible {
        "Gardener lets the Shoot hibernate: no webhook blocks it".to_string()
    } else {
        let why = match blocking_webhooks.len() {
            0 => format!("HibernationPossible is {constraint_status} ({reason})"),
            1 => format!(
                "the webhook {} could keep woken nodes from joining",
                blocking_webhooks[0]
            ),
            n => format!(
                "{n} webhooks could keep woken nodes from joining: {}",
                blocking_webhooks.join(", ")
            ),
        };
        let mut text = format!("Gardener refuses to hibernate the Shoot: {why}");
        if constraint_status == crate::constraints::condition::STATUS_PROGRESSING {
            let operation = last_operation
                .map(|(kind, state)| format!(" ({kind}, {state})"))
                .unwrap_or_default();
            text.push_str(&format!(
                ". The check says {}; the care controller writes it as Progressing while the \
                 Shoot's operation{operation} runs without errors, and the API server refuses \
                 hibernation for any status but True",
                check.status
            ));
        }
        text
    };
    HibernationAnswer {
        possible,
        check_status: check.status.clone(),
        constraint_status: constraint_status.to_string(),
        reason,
        message,
        blocking_webhooks,
        explanation,
    }
}

/// `2026-11-22 21:00 UTC`.
pub fn date_time(t: DateTime<Utc>) -> String {
    format!("{} {:02}:{:02} UTC", date(t), t.hour(), t.minute())
}

/// `2026-11-22`.
pub fn date(t: DateTime<Utc>) -> String {
    format!(
        "{}-{:02}-{:02}",
        crate::rfc3339::year(&t),
        t.month(),
        t.day()
    )
}

/// "in 3 days 4 hours", "in 25 minutes", "now", "2 days ago": the two largest units.
pub fn countdown(now: DateTime<Utc>, at: DateTime<Utc>) -> String {
    let seconds = (at - now).num_seconds();
    let mut rest = seconds.unsigned_abs();
    let mut parts = Vec::new();
    for (size, name) in [(86_400, "day"), (3_600, "hour"), (60, "minute")] {
        let count = rest / size;
        rest %= size;
        if count > 0 {
            parts.push(format!(
                "{count} {name}{}",
                if count == 1 { "" } else { "s" }
            ));
        }
        // Two units at most, and minutes only when less than an hour is left.
        if parts.len() == 2 || (!parts.is_empty() && name == "hour") {
            break;
        }
    }
    if parts.is_empty() {
        return "now".to_string();
    }
    let text = parts.join(" ");
    if seconds < 0 {
        format!("{text} ago")
    } else {
        format!("in {text}")
    }
}

/// The component as a sentence starts with it.
pub fn component_label(component: &Component) -> String {
    match component {
        Component::ControlPlane => "Control plane".to_string(),
        Component::MachineImage { pool, image } => format!("Pool {pool} image {image}"),
        Component::PoolKubernetes { pool } => format!("Pool {pool} Kubernetes"),
    }
}

fn describe(event: &TimelineEvent, report: &Report, now: DateTime<Utc>) -> String {
    let mut text = format!(
        "{} {} → {} on {} ({})",
        component_label(&event.component),
        event.from,
        event.to,
        date_time(event.window_begin),
        countdown(now, event.window_begin)
    );
    if let Some(chance) = event.chance_text() {
        text.push_str(&format!(", {chance}"));
    }
    text.push_str(&not_listed(event, report));
    text.push_str(&nodes(event, report));
    text
}

/// " (1.31.11 is not in this CloudProfile)": the cause of an update the user must act on.
fn not_listed(event: &TimelineEvent, report: &Report) -> String {
    match report.versions.is_some() && classified(report, &event.component, &event.from).is_none() {
        true => format!(" ({} is not in this CloudProfile)", event.from),
        false => String::new(),
    }
}

/// "; nodes: rolling update of a": the nodes roll once per maintenance run, for all the
/// window's updates together, so an update that shares its window says so.
fn nodes(event: &TimelineEvent, report: &Report) -> String {
    let events = report.timeline.as_ref().map_or(&[][..], |t| &t.events);
    let others = (events.iter())
        .filter(|e| e.window_begin == event.window_begin && e != &event)
        .count();
    let impact = match asleep_then(event, report) {
        Asleep::Whole(wakes) => {
            let pools: Vec<&str> = (event.node_impact.rolling.iter())
                .chain(event.node_impact.in_place.iter())
                .map(|pool| &**pool)
                .collect();
            let start = match pools.as_slice() {
                [] => String::new(),
                pools => format!(", and {} start on the new versions then", pools.join(", ")),
            };
            format!(
                "none replaced: the hibernation schedule has the Shoot asleep until {}{start}",
                date_time(wakes)
            )
        }
        Asleep::Partly(what) => format!("{} ({what})", event.node_impact.summary),
        Asleep::Not => event.node_impact.summary.to_string(),
    };
    match others {
        0 => format!("; nodes: {impact}"),
        1 => format!("; nodes, for this and the window's other update together: {impact}"),
        n => format!("; nodes, for this and the window's {n} other updates together: {impact}"),
    }
}

/// Whether the hibernation schedule has the Shoot asleep in an update's window.
enum Asleep {
    /// The whole window, until the wake-up at this instant.
    Whole(DateTime<Utc>),
    /// Part of it: what changes inside.
    Partly(String),
    /// Awake, or not told.
    Not,
}

/// What the hibernation schedule makes of the window's node roll. Maintenance runs on a
/// hibernated Shoot too (the reconciler does not ask), but a hibernated Shoot has no nodes: its
/// pools start on the new versions when it wakes. Told from the schedule's next firings (a
/// week's worth): at an instant the Shoot sleeps when the schedule's next firing is a wake-up.
fn asleep_then(event: &TimelineEvent, report: &Report) -> Asleep {
    use crate::hibernation::Operation;
    let Some(hibernation) = &report.hibernation else {
        return Asleep::Not;
    };
    let firings = &hibernation.schedule_events;
    let next_after = |at: DateTime<Utc>| firings.iter().find(|f| f.instant > at);
    let (Some(at_begin), Some(last)) = (next_after(event.window_begin), firings.last()) else {
        return Asleep::Not;
    };
    if last.instant <= event.window_end {
        // Beyond the firings listed: not told.
        return Asleep::Not;
    }
    let changes_inside = at_begin.instant < event.window_end;
    match (at_begin.operation == Operation::WakeUp, changes_inside) {
        (true, false) => Asleep::Whole(at_begin.instant),
        (true, true) => Asleep::Partly(format!(
            "the hibernation schedule wakes the Shoot at {}, inside the window: a run before \
             replaces no running node",
            date_time(at_begin.instant)
        )),
        (false, true) => Asleep::Partly(format!(
            "the hibernation schedule puts the Shoot to sleep at {}, inside the window: a run \
             after replaces no running node",
            date_time(at_begin.instant)
        )),
        (false, false) => Asleep::Not,
    }
}

fn facts(report: &Report, summary: &Summary, now: DateTime<Utc>) -> Vec<Fact> {
    let mut facts = Vec::new();
    let mut fact = |label: &str, text: String, tone, details: Option<String>| {
        facts.push(Fact {
            label: label.to_string(),
            text,
            tone,
            details,
        })
    };
    // A Shoot admission refuses is the whole answer: Gardener stores no such Shoot.
    if report.validation.refused_by_admission {
        let why: Vec<String> = (report.validation.problems.iter())
            .map(|p| format!("{}: {}", p.field, p.detail))
            .collect();
        fact(
            "Gardener refuses this Shoot",
            format!(
                "the API server's ShootMutator cannot complete it from the CloudProfile ({}); \
                 Gardener stores no such Shoot, so nothing is forecast for it",
                why.join("; ")
            ),
            Tone::Bad,
            None,
        );
    }
    // What Gardener fills in where the user left it to Gardener (a partial version, a pool's
    // architecture or image version): the forecast is for the completed Shoot.
    let completed: Vec<String> = (report.defaults_applied.iter())
        .filter(|d| d.object == "Shoot" && d.reason.starts_with("ShootMutator"))
        .map(|d| match d.value.as_str() {
            Some(text) => format!("{} = {text}", d.field),
            None => format!("{} = {}", d.field, d.value),
        })
        .collect();
    if !completed.is_empty() {
        fact(
            "Completed by Gardener",
            format!(
                "the ShootMutator fills in {}, and the forecast is for that Shoot",
                completed.join(", ")
            ),
            Tone::Neutral,
            None,
        );
    }
    // Input errors come before every answer built without the input they are in. Each
    // error where it happened: an editor shows its own, but an error of no one input (all
    // inputs together over the size limit) has no other place.
    let errors: Vec<String> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Error)
        .map(|d| match d.line {
            Some(line) => format!("{}, line {line}: {}", d.source, d.message),
            None => format!("{}: {}", d.source, d.message),
        })
        .collect();
    match errors.as_slice() {
        [] => {}
        [only] => fact("Input errors", format!("1: {only}"), Tone::Bad, None),
        [first, ..] => fact(
            "Input errors",
            format!("{}: {first}; …", errors.len()),
            Tone::Bad,
            Some(errors.join("\n")),
        ),
    }
    if let Some(status) = &report.status {
        let label = status.label.label.as_str();
        let tone = match label {
            "healthy" => Tone::Good,
            "progressing" => Tone::Neutral,
            "unhealthy" => Tone::Bad,
            _ => Tone::Warn,
        };
        fact("Status", status.label.in_plain_words(), tone, None);
    }
    let horizon = report.timeline.as_ref().map(|t| t.until);
    for blocked in (summary.blocked_updates.iter()).filter(|b| b.reason != UpdateReason::Force) {
        let mut text = format!(
            "since {}: {} stays on {}",
            date(blocked.since),
            component_label(&blocked.component),
            blocked.version
        );
        text.push_str(&version_cause(report, blocked, now));
        match (&blocked.until, &blocked.then_version, horizon) {
            (Some(until), Some(version), _) => text.push_str(&format!(
                ". Earliest update: {} → {version}",
                date_time(*until)
            )),
            (_, _, Some(horizon)) => {
                text.push_str(&format!(". No update succeeds before {}", date(horizon)))
            }
            _ => {}
        }
        fact(
            "Automatic update blocked",
            text,
            Tone::Bad,
            Some(blocked.message.clone()),
        );
    }
    // Each component's forced updates as one story, the stories in date order: the first is
    // what Gardener forces next (or fails to).
    let stories = forced_update_stories(report, summary, now);
    if stories.is_empty() && report.timeline.is_some() {
        let until = horizon.map(date).unwrap_or_default();
        fact(
            "Next forced update",
            format!("none due before {until}, the end of the forecast"),
            Tone::Good,
            None,
        );
    } else if report.timeline.is_none() && summary.input_errors > 0 {
        // No forecast is made on an input the API server would not store: its silence must not
        // read as "nothing is due".
        fact(
            "Next forced update",
            "not forecast where the input has errors (see Input errors)".to_string(),
            Tone::Neutral,
            None,
        );
    }
    for (index, story) in stories.into_iter().enumerate() {
        let label = if index == 0 {
            "Next forced update"
        } else {
            "Forced update"
        };
        fact(label, story.text, story.tone, story.details);
    }
    if let Some(event) = &summary.next_automatic_update {
        let text = describe(event, report, now);
        fact(
            "Next automatic update",
            text,
            Tone::Neutral,
            event.reason_message.clone(),
        );
    }
    if let Some(why) = (report.maintenance_window.as_ref()).and_then(|w| w.invalid.as_ref()) {
        let text =
            "unknown: the configured window does not parse, and the API server refuses such \
                    a Shoot; no timeline is built on a guessed window"
                .to_string();
        fact(
            "Next maintenance window",
            text,
            Tone::Bad,
            Some(why.clone()),
        );
    } else if let Some(window) = &report.maintenance_window {
        // Gardener's defaulting gives every stored Shoot a window (`SetDefaults_Maintenance`, a
        // random hour), so a Shoot without one was not copied from a cluster.
        let text = if window.always {
            "not in the input: Gardener gives every Shoot it stores a maintenance window (a \
             random hour a day), which this Shoot does not show; read spec.maintenance.timeWindow \
             from the cluster (kubectl get shoot -o yaml). Until then the forecast takes every \
             hour as the window, so its dates may be up to a day early"
                .to_string()
        } else {
            format!(
                "{} ({})",
                date_time(window.next_begin),
                countdown(now, window.next_begin)
            )
        };
        fact("Next maintenance window", text, Tone::Neutral, None);
    }
    if let Some(answer) = &summary.hibernation {
        if answer.possible {
            fact("Hibernation", "possible".to_string(), Tone::Good, None);
        } else {
            let text = format!("not possible: {}", answer.explanation);
            fact("Hibernation", text, Tone::Bad, Some(answer.message.clone()));
        }
    }
    if report
        .hibernation
        .as_ref()
        .is_some_and(|h| h.hibernated_during_next_maintenance_window)
    {
        fact(
            "Maintenance",
            "the hibernation schedule may have the Shoot asleep in its next maintenance window; \
             the timeline assumes it is awake"
                .to_string(),
            Tone::Warn,
            None,
        );
    }
    if let Some(triggers) = report
        .roll_triggers
        .as_ref()
        .filter(|t| !t.workers.is_empty())
    {
        let (text, tone) = roll_trigger_text(triggers);
        fact("Roll triggers", text, tone, None);
    }
    let (text, tone) = match summary.validation_problems {
        // An input that does not read is not validated: "none" would read as "accepted".
        0 if summary.input_errors > 0 => (
            "not checked where the input has errors (see Input errors)".to_string(),
            Tone::Neutral,
        ),
        0 if report.validation.scope.is_empty() => (
            "not checked (the options left validation out)".to_string(),
            Tone::Neutral,
        ),
        // Neutral, not good: the families shoot-policy does not check may still refuse it.
        0 => {
            use crate::validation::scope::FamilyState;
            let scope = &report.validation.scope;
            let checked = (scope.iter())
                .filter(|f| matches!(f.state, FamilyState::Checked | FamilyState::PartlyChecked))
                .count();
            (
                format!(
                    "none found by the checks shoot-policy runs ({checked} of Gardener's {} \
                     groups of validation rules); only the API server's dry run (kubectl apply \
                     --dry-run=server) gives Gardener's whole answer",
                    scope.len()
                ),
                Tone::Neutral,
            )
        }
        n => (n.to_string(), Tone::Bad),
    };
    fact("Validation problems", text, tone, None);
    let warnings: Vec<&str> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| d.message.as_str())
        .collect();
    if !warnings.is_empty() {
        fact("Input warnings", warnings.join("; "), Tone::Warn, None);
    }
    facts
}

/// One component's forced updates in words.
struct Story {
    text: String,
    tone: Tone,
    details: Option<String>,
}

/// A step of a component's forced-update story: a span in which the forced update fails, or
/// the forced update carried out.
enum Step<'a> {
    Fails(&'a BlockedSpan),
    Done(&'a TimelineEvent),
}

impl Step<'_> {
    fn at(&self) -> DateTime<Utc> {
        match self {
            Step::Fails(blocked) => blocked.since,
            Step::Done(event) => event.window_begin,
        }
    }
}

/// The steps a story tells at most; the rest are on the timeline.
const STORY_STEPS: usize = 4;

/// Each component's forced updates, in the order of their first step: since when the forced
/// update fails and why, when it succeeds and to what.
fn forced_update_stories(report: &Report, summary: &Summary, now: DateTime<Utc>) -> Vec<Story> {
    let events = report.timeline.as_ref().map_or(&[][..], |t| &t.events);
    let horizon = report.timeline.as_ref().map(|t| t.until);
    let mut steps: Vec<(&Component, Step)> = (summary.blocked_updates.iter())
        .filter(|b| b.reason == UpdateReason::Force)
        .map(|b| (&b.component, Step::Fails(b)))
        .chain(
            (events.iter())
                .filter(|e| e.reason == UpdateReason::Force)
                .map(|e| (&e.component, Step::Done(e))),
        )
        .collect();
    crate::sorting::sort_by_key(&mut steps, |(_, step)| step.at());
    let mut components: Vec<&Component> = Vec::new();
    for (component, _) in &steps {
        if !components.contains(component) {
            components.push(component);
        }
    }
    (components.into_iter())
        .map(|component| {
            let own: Vec<&Step> = (steps.iter())
                .filter(|(c, _)| *c == component)
                .map(|(_, step)| step)
                .collect();
            let mut parts = Vec::new();
            let mut details = Vec::new();
            let mut failing = false;
            for (index, step) in own.iter().take(STORY_STEPS).enumerate() {
                match step {
                    Step::Fails(blocked) => {
                        failing = true;
                        details.push(blocked.message.clone());
                        let mut part = format!(
                            "{} stays on {}{}: the forced update fails from {}",
                            component_label(component),
                            blocked.version,
                            version_cause(report, blocked, now),
                            date_time(blocked.since)
                        );
                        if let Some(why) = no_qualifying_version(report, blocked) {
                            part.push_str(&format!(", because {why}"));
                        }
                        if blocked.until.is_none() {
                            if let Some(horizon) = horizon {
                                part.push_str(&format!(
                                    ", and no update succeeds before {}",
                                    date(horizon)
                                ));
                            }
                        }
                        parts.push(part);
                    }
                    Step::Done(event) => {
                        let after_failing = index > 0 && matches!(own[index - 1], Step::Fails(_));
                        let part = if after_failing {
                            format!(
                                "it succeeds on {} ({}): {} → {}{}{}",
                                date_time(event.window_begin),
                                countdown(now, event.window_begin),
                                event.from,
                                event.to,
                                not_listed(event, report),
                                nodes(event, report)
                            )
                        } else {
                            describe(event, report, now)
                        };
                        details.extend(event.reason_message.clone());
                        parts.push(part);
                    }
                }
            }
            if own.len() > STORY_STEPS {
                parts.push(format!("{} more on the timeline", own.len() - STORY_STEPS));
            }
            details.dedup();
            Story {
                text: parts.join("; then "),
                tone: if failing { Tone::Bad } else { Tone::Warn },
                details: (!details.is_empty()).then(|| details.join("; ")),
            }
        })
        .collect()
}

/// Why the version must go, as the CloudProfile says: ", which expired on …", or that the
/// CloudProfile does not list it, the cause the user must fix or ask the operator about.
fn version_cause(report: &Report, blocked: &BlockedSpan, now: DateTime<Utc>) -> String {
    let listed = report.versions.is_none()
        || classified(report, &blocked.component, &blocked.version).is_some();
    match blocked.expires {
        _ if !listed => ", which this CloudProfile does not list".to_string(),
        Some(expires) if expires <= now => format!(", which expired on {}", date(expires)),
        Some(expires) => format!(", which expires on {}", date(expires)),
        None => String::new(),
    }
}

/// Why no version qualifies for the control plane's forced update when it fails, from the
/// CloudProfile's versions: Gardener takes a later patch of the same minor that is neither a
/// preview nor expired, else the highest version of the next minor that is not a preview
/// (`GetVersionForForcefulUpdateToConsecutiveMinor`). `None` where the rule is another one (a
/// pool's image or own version) or the versions do not tell.
fn no_qualifying_version(report: &Report, blocked: &BlockedSpan) -> Option<String> {
    if blocked.component != Component::ControlPlane {
        return None;
    }
    let versions = &report.versions.as_ref()?.kubernetes;
    let current = crate::version::parse_masterminds(&blocked.version).ok()?;
    let at = blocked.since;
    let next = format!("{}.{}", current.major, current.minor + 1);
    let next_minor: Vec<&crate::report::ClassifiedVersion> = (versions.iter())
        .filter(|v| {
            crate::version::parse_masterminds(&v.version)
                .is_ok_and(|v| v.major == current.major && v.minor == current.minor + 1)
        })
        .collect();
    if next_minor.is_empty() {
        return Some(format!(
            "the CloudProfile lists no {next} version (a forced update moves one minor at a time)"
        ));
    }
    let preview =
        |v: &&crate::report::ClassifiedVersion| v.classification_at(at) == Classification::Preview;
    if !next_minor.iter().all(preview) {
        return None;
    }
    let named: Vec<String> = (next_minor.iter())
        .take(3)
        .map(|v| {
            let ends = (v.lifecycle.iter())
                .filter_map(|stage| stage.start_time)
                .filter(|start| *start >= at)
                .find(|start| {
                    v.classification_at(*start + chrono::Duration::seconds(1))
                        != Classification::Preview
                });
            match ends {
                Some(end) => format!("{} until {}", v.version, date(end)),
                None => v.version.clone(),
            }
        })
        .collect();
    let more = match next_minor.len() {
        n if n > 3 => format!(" and {} more", n - 3),
        _ => String::new(),
    };
    Some(format!(
        "every {next} version is a preview then ({}{more}), which a forced update never selects",
        named.join(", ")
    ))
}

/// "2 of 3 pools roll (a, b) because .spec.…machine.type changed; 1 of 3 updated in place (c)".
fn roll_trigger_text(triggers: &crate::rollout::RollTriggers) -> (String, Tone) {
    use crate::rollout::UpdateKind;
    let pools = |kind: UpdateKind| -> Vec<&str> {
        (triggers.workers.iter())
            .filter(|(_, t)| t.update == kind && !t.new_pool)
            .map(|(name, _)| name.as_str())
            .collect()
    };
    let (rolling, in_place) = (pools(UpdateKind::Rolling), pools(UpdateKind::InPlace));
    let total = triggers.workers.len();
    let mut parts = Vec::new();
    if !rolling.is_empty() {
        let mut causes: Vec<&str> = (triggers.workers.values())
            .filter(|t| t.update == UpdateKind::Rolling)
            .flat_map(|t| t.causes.iter().map(String::as_str))
            .collect();
        crate::sorting::sort(&mut causes);
        causes.dedup();
        parts.push(format!(
            "{} of {total} pools roll ({}) because {} changed",
            rolling.len(),
            rolling.join(", "),
            causes.join(", ")
        ));
    }
    if !in_place.is_empty() {
        parts.push(format!(
            "{} of {total} updated in place ({})",
            in_place.len(),
            in_place.join(", ")
        ));
    }
    let created = (triggers.workers.values()).filter(|t| t.new_pool).count();
    if created > 0 {
        parts.push(format!("{created} new"));
    }
    // What changed without a roll, so that "seen, no roll" is not mistaken for "not seen".
    let without_roll = match triggers.without_roll.as_slice() {
        [] => String::new(),
        [only] => format!("; {} changed without a roll", only.field),
        [first, rest @ ..] => format!(
            "; {} and {} more changed without a roll",
            first.field,
            rest.len()
        ),
    };
    if parts.is_empty() {
        return (
            format!("no pool's nodes are replaced or updated by this change{without_roll}"),
            Tone::Good,
        );
    }
    parts.last_mut().expect("a part").push_str(&without_roll);
    let tone = if rolling.is_empty() {
        Tone::Neutral
    } else {
        Tone::Warn
    };
    (parts.join("; "), tone)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap()
    }

    #[test]
    fn countdown_names_the_two_largest_units() {
        let now = at("2026-01-01T00:00:00Z");
        assert_eq!(countdown(now, now), "now");
        assert_eq!(countdown(now, at("2026-01-01T00:25:30Z")), "in 25 minutes");
        assert_eq!(countdown(now, at("2026-01-01T00:00:20Z")), "now");
        assert_eq!(countdown(now, at("2026-01-01T21:00:00Z")), "in 21 hours");
        assert_eq!(
            countdown(now, at("2026-01-04T04:30:00Z")),
            "in 3 days 4 hours"
        );
        assert_eq!(countdown(at("2026-01-03T00:00:00Z"), now), "2 days ago");
    }

    /// The gap example with a 1.31 version that is a preview until 2027: the expired 1.30 cannot
    /// be forced up until then.
    fn blocked_then_forced() -> Report {
        blocked_then_forced_with("")
    }

    /// [`blocked_then_forced`] with more stages of the 1.31 version.
    fn blocked_then_forced_with(later_stages: &str) -> Report {
        let profile = crate::examples::BLOCKED_FORCED_UPDATE
            .cloud_profile
            .replace(
                "    - version: 1.30.14\n",
                &format!(
                    "    - version: 1.31.5\n      lifecycle:\n      - classification: preview\n      \
                 - classification: supported\n        startTime: \"2027-01-01T00:00:00Z\"\n{later_stages}    \
                 - version: 1.30.14\n"
                ),
            );
        let sources = [
            crate::report::Source {
                name: "CloudProfile".into(),
                role: crate::report::SourceRole::Auto,
                text: profile,
            },
            crate::report::Source {
                name: "Shoot".into(),
                role: crate::report::SourceRole::Auto,
                text: crate::examples::BLOCKED_FORCED_UPDATE.shoot.into(),
            },
        ];
        let options = crate::report::AnalyzeOptions::at(at("2026-11-22T00:00:00Z"));
        crate::report::analyze(&sources, &options)
    }

    #[test]
    fn a_block_lasts_until_the_update_that_ends_it() {
        let report = blocked_then_forced();
        let summary = &report.summary;
        let [blocked] = summary.blocked_updates.as_slice() else {
            panic!("{:?}", summary.blocked_updates)
        };
        assert_eq!(blocked.component, Component::ControlPlane);
        assert_eq!(blocked.reason, UpdateReason::Force);
        assert_eq!(blocked.since, at("2026-11-22T03:00:00Z"));
        assert_eq!(blocked.until, Some(at("2027-01-01T03:00:00Z")));
        assert_eq!(blocked.then_version.as_deref(), Some("1.31.5"));
        let forced = summary.next_forced_update.as_ref().unwrap();
        assert_eq!(
            (forced.from.as_str(), forced.to.as_str()),
            ("1.30.14", "1.31.5")
        );
        let text = |label: &str| {
            (summary.facts.iter())
                .find(|f| f.label == label)
                .map(|f| f.text.clone())
                .unwrap_or_default()
        };
        // One story, in date order, with the cause: the next minor's only version is a preview.
        assert_eq!(
            text("Next forced update"),
            "Control plane stays on 1.30.14, which expired on 2026-09-30: the forced update fails \
             from 2026-11-22 03:00 UTC, because every 1.31 version is a preview then (1.31.5 until \
             2027-01-01), which a forced update never selects; then it succeeds on 2027-01-01 \
             03:00 UTC (in 40 days 3 hours): 1.30.14 → 1.31.5; nodes: rolling update of worker"
        );
        assert_eq!(text("Forced update blocked"), "", "no second fact");
        let control_plane = &summary.versions[0];
        assert_eq!(control_plane.classification, Some(Classification::Expired));
        assert_eq!(control_plane.blocked_since, Some(blocked.since));
        assert_eq!(control_plane.next_update, blocked.until);
    }

    /// The story: blocked, forced up, then forced again once the new version expires;
    /// one fact, its steps in date order.
    #[test]
    fn a_components_forced_updates_are_one_story_in_date_order() {
        let report = blocked_then_forced_with(
            "      - classification: expired\n        startTime: \"2027-02-01T00:00:00Z\"\n",
        );
        let stories: Vec<&Fact> = (report.summary.facts.iter())
            .filter(|f| f.label.ends_with("orced update"))
            .collect();
        let [story] = stories.as_slice() else {
            panic!("one story: {stories:#?}")
        };
        assert_eq!(story.label, "Next forced update");
        assert_eq!(story.tone, Tone::Bad);
        let steps: Vec<&str> = story.text.split("; then ").collect();
        assert_eq!(steps.len(), 3, "{}", story.text);
        assert!(steps[0].starts_with("Control plane stays on 1.30.14, which expired on 2026-09-30: the forced update fails from 2026-11-22 03:00 UTC"));
        assert!(
            steps[1].starts_with("it succeeds on 2027-01-01 03:00 UTC"),
            "{}",
            steps[1]
        );
        assert!(
            steps[2].starts_with("Control plane 1.31.5 → 1.32.9 on 2027-02-0"),
            "{}",
            steps[2]
        );
    }

    /// The default example's schedule sleeps from 19:00 to 07:00 (Berlin) on weekdays and over
    /// the weekend, and its window is at 22:00 (Berlin): its runs replace no running node.
    #[test]
    fn an_update_while_the_schedule_has_the_shoot_asleep_replaces_no_node() {
        let example = &crate::examples::DEFAULT;
        let analyze = |shoot: &str| {
            let sources = [
                crate::report::Source::auto("CloudProfile", example.cloud_profile),
                crate::report::Source::auto("Shoot", shoot),
            ];
            crate::report::analyze(
                &sources,
                &crate::report::AnalyzeOptions::at(at("2026-11-22T00:00:00Z")),
            )
        };
        let next = |report: &Report| {
            (report.summary.facts.iter())
                .find(|f| f.label == "Next forced update")
                .map(|f| f.text.clone())
                .unwrap_or_default()
        };
        let asleep = next(&analyze(example.shoot));
        assert!(
            asleep.starts_with(
                "Control plane 1.31.13 → 1.32.9 on 2026-11-22 21:00 UTC (in 21 hours); nodes, for \
                 this and the window's other update together: none replaced: the hibernation \
                 schedule has the Shoot asleep until 2026-11-23 06:00 UTC, and arm, general start \
                 on the new versions then"
            ),
            "{asleep}"
        );
        // Waking at 21:30 Berlin, inside the 21:00–22:00 UTC window: only a run before that.
        let wakes_inside = example.shoot.replace("00 07 * * 1,2,3,4,5", "30 22 * * 0");
        assert_ne!(wakes_inside, example.shoot);
        let partly = next(&analyze(&wakes_inside));
        assert!(
            partly.contains("rolling update of arm, general (the hibernation schedule wakes the \
                 Shoot at 2026-11-22 21:30 UTC, inside the window: a run before replaces no running node)"),
            "{partly}"
        );
        let awake = example.shoot.replace("00 19 * * 1,2,3,4,5", "00 19 * * 6");
        let awake = next(&analyze(
            &awake.replace("00 07 * * 1,2,3,4,5", "00 07 * * 0"),
        ));
        assert!(!awake.contains("hibernation"), "{awake}");
    }

    /// The dashboard's aws fixture has an impossible date in an old version: the error leads the
    /// Summary, before any answer built without that CloudProfile.
    #[test]
    fn an_input_error_comes_before_every_answer() {
        let example = &crate::examples::DEFAULT;
        let profile = example.cloud_profile.replacen(
            "expirationDate: \"2026-12-15T23:59:59Z\"",
            "expirationDate: \"2024-06-31T23:59:59Z\"",
            1,
        );
        assert_ne!(profile, example.cloud_profile);
        let sources = [
            crate::report::Source::auto("CloudProfile", &profile),
            crate::report::Source::auto("Shoot", example.shoot),
        ];
        let report = crate::report::analyze(
            &sources,
            &crate::report::AnalyzeOptions::at(at("2026-11-22T00:00:00Z")),
        );
        let labels: Vec<&str> = (report.summary.facts.iter())
            .map(|f| f.label.as_str())
            .collect();
        assert_eq!(labels.first(), Some(&"Input errors"), "{labels:?}");
        assert!(labels.contains(&"Status"), "{labels:?}");
        // The version table keeps every version but the one that does not read.
        let listed: Vec<&str> = (report.versions.as_ref().unwrap().kubernetes.iter())
            .map(|v| v.version.as_str())
            .collect();
        let all = crate::report::analyze(
            &[crate::report::Source::auto(
                "CloudProfile",
                example.cloud_profile,
            )],
            &crate::report::AnalyzeOptions::at(at("2026-11-22T00:00:00Z")),
        );
        let mut expected: Vec<&str> = (all.versions.as_ref().unwrap().kubernetes.iter())
            .map(|v| v.version.as_str())
            .collect();
        expected.remove(4);
        assert_eq!(listed, expected);
        // No forecast is made, and the Summary says so instead of falling silent.
        let forced = (report.summary.facts.iter())
            .find(|f| f.label == "Next forced update")
            .map(|f| f.text.as_str());
        assert_eq!(
            forced,
            Some("not forecast where the input has errors (see Input errors)")
        );
    }

    #[test]
    fn a_pardoned_hibernation_constraint_is_explained() {
        let example = &crate::examples::WEBHOOK_BLOCKS_HIBERNATION;
        let source = |name: &str, text: String| crate::report::Source {
            name: name.into(),
            role: crate::report::SourceRole::Auto,
            text,
        };
        let analyze = |state: &str| {
            let shoot = format!(
                "{}\nstatus:\n  lastOperation: {{type: Reconcile, state: {state}}}\n",
                example.shoot.split("\nstatus:").next().unwrap()
            );
            let sources = [
                source("Shoot", shoot),
                source("objects", example.objects.to_string()),
            ];
            let options = crate::report::AnalyzeOptions::at(at("2026-11-22T00:00:00Z"));
            crate::report::analyze(&sources, &options)
                .summary
                .hibernation
                .unwrap()
        };
        let running = analyze("Processing");
        assert!(!running.possible);
        assert_eq!(
            (
                running.check_status.as_str(),
                running.constraint_status.as_str()
            ),
            ("False", "Progressing")
        );
        assert!(
            running.explanation.contains(
                "The check says False; the care controller writes it as Progressing while the \
                 Shoot's operation (Reconcile, Processing) runs without errors"
            ),
            "{}",
            running.explanation
        );
        let done = analyze("Succeeded");
        assert_eq!(done.constraint_status, "False");
        assert!(
            !done.explanation.contains("Progressing"),
            "{}",
            done.explanation
        );
    }

    #[test]
    fn the_roll_triggers_say_which_pools_roll_and_why() {
        let example = &crate::examples::DEFAULT;
        let changed = example
            .shoot
            .replacen("type: m5.large", "type: m5.xlarge", 1);
        assert_ne!(changed, example.shoot);
        let source = |name: &str, role, text: &str| crate::report::Source {
            name: name.into(),
            role,
            text: text.into(),
        };
        let auto = crate::report::SourceRole::Auto;
        let sources = [
            source("CloudProfile", auto, example.cloud_profile),
            source("Shoot", auto, &changed),
            source(
                "Previous Shoot",
                crate::report::SourceRole::PreviousShoot,
                example.shoot,
            ),
        ];
        let options = crate::report::AnalyzeOptions::at(at("2026-11-22T00:00:00Z"));
        let report = crate::report::analyze(&sources, &options);
        let fact = (report.summary.facts.iter())
            .find(|f| f.label == "Roll triggers")
            .unwrap();
        assert_eq!(
            fact.text,
            "1 of 2 pools roll (general) because .spec.provider.workers[].machine.type changed"
        );
        assert_eq!(fact.tone, Tone::Warn);
    }

    #[test]
    fn input_errors_are_named_in_the_summary_with_their_place() {
        use crate::report::{AnalyzeOptions, Source};
        let too_large = AnalyzeOptions {
            limits: crate::document::Limits {
                max_bytes: 100,
                ..Default::default()
            },
            ..AnalyzeOptions::at(at("2026-01-01T00:00:00Z"))
        };
        let report = crate::report::analyze(
            &[Source::auto(
                "CloudProfile",
                crate::examples::DEFAULT.cloud_profile,
            )],
            &too_large,
        );
        let fact = (report.summary.facts.iter())
            .find(|f| f.label == "Input errors")
            .unwrap();
        assert!(
            fact.text.starts_with("1: all inputs together: "),
            "{}",
            fact.text
        );
        assert_eq!(fact.tone, Tone::Bad);
        let report = crate::report::analyze(
            &[
                Source::auto("CloudProfile", "kind: [oops"),
                Source::auto("Shoot", "kind: Shoot\n  bad: indent"),
            ],
            &AnalyzeOptions::at(at("2026-01-01T00:00:00Z")),
        );
        let fact = (report.summary.facts.iter())
            .find(|f| f.label == "Input errors")
            .unwrap();
        assert!(
            fact.text.starts_with("2: CloudProfile, line "),
            "{}",
            fact.text
        );
        let validation = (report.summary.facts.iter())
            .find(|f| f.label == "Validation problems")
            .unwrap();
        assert_eq!(
            validation.text,
            "not checked where the input has errors (see Input errors)"
        );
        let details = fact.details.as_deref().unwrap();
        assert_eq!(details.lines().count(), 2, "{details}");
        assert!(details.lines().nth(1).unwrap().starts_with("Shoot, line "));
    }

    #[test]
    fn dates_are_written_as_the_core_writes_them() {
        let t = at("2026-11-22T21:05:09Z");
        assert_eq!(date_time(t), t.format("%Y-%m-%d %H:%M UTC").to_string());
        assert_eq!(date(t), "2026-11-22");
    }
}
