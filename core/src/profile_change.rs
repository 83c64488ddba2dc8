//! What a CloudProfile change does to a fleet: each Shoot analysed against the previous and the new
//! CloudProfile, and what moves between the two answers. The question a landscape operator asks
//! before applying a CloudProfile: "which Shoots get which forced or automatic update, when, and
//! which of those will fail?"
//!
//! Both answers are [`analyze`]'s for the Shoot with that CloudProfile (each profile read, checked
//! and defaulted once for the fleet); the comparison only reads them. Per component it compares
//! the next forced and the next automatic update, the failing update, and the version's
//! classification; per Shoot the validation problems. A Shoot without any such change is counted,
//! not listed.
//!
//! [`analyze`]: crate::report::analyze

use crate::decode::FromValue;
use crate::lifecycle::Classification;
use crate::maintenance::UpdateReason;
use crate::report::{
    analyze_each_shoot_in, AnalyzeOptions, Diagnostic, NamespacedProfiles, PreparedProfile, Report,
    Source,
};
use crate::summary::{BlockedSpan, VersionState};
use crate::timeline::{Component, TimelineEvent};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::borrow::Borrow;

/// One thing the CloudProfile change moves for one Shoot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProfileChange {
    pub component: Component,
    pub kind: ChangeKind,
    /// The answer with the previous CloudProfile; `null` when it had none.
    pub before: Option<ChangeSide>,
    /// The answer with the new CloudProfile; `null` when it has none.
    pub after: Option<ChangeSide>,
}

/// What moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum ChangeKind {
    /// The next forced update appears, disappears, or moves (another window or target).
    ForcedUpdate,
    /// The next automatic update appears, disappears, or moves.
    AutomaticUpdate,
    /// An update that fails in every window starts or stops failing, or fails from another
    /// window on.
    FailingUpdate,
    /// The version the Shoot uses is classified otherwise (expired, deprecated, no longer
    /// listed, ...) or expires at another instant.
    Classification,
    /// A validation problem appears or goes (`component` is the control plane's then).
    ValidationProblem,
}

/// One side of a change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ChangeSide {
    /// The window of the update, or the first window the update fails in.
    #[cfg_attr(feature = "tsify", tsify(type = "string | null"))]
    #[serde(serialize_with = "crate::rfc3339::serialize_option")]
    pub at: Option<DateTime<Utc>>,
    /// The version updated to, the version that stays (failing), or the version classified.
    pub version: Option<String>,
    /// The classification (for [`ChangeKind::Classification`]), or the problem's field and
    /// detail (for [`ChangeKind::ValidationProblem`]).
    pub text: Option<String>,
}

/// One affected Shoot with what the change moves for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AffectedShoot {
    /// The Shoot's namespace (its project's), `null` where its metadata names none.
    pub namespace: Option<String>,
    pub shoot: String,
    pub changes: Vec<ProfileChange>,
}

/// The counts over the fleet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProfileChangeSummary {
    /// Whether a previous CloudProfile was compared with. Without one, a Shoot's changes are what
    /// the CloudProfile brings it: its next forced and automatic updates, its failing updates and
    /// its validation problems.
    pub compared: bool,
    pub shoots: usize,
    pub affected: usize,
    /// Shoots the change does not affect (counted, not listed).
    pub unaffected: usize,
    /// Shoots with an input error, compared as far as they read.
    pub with_input_errors: usize,
    /// The first input error and where it is: `Shoots, line 4, column 4: did not find expected
    /// ',' or ']'`.
    pub first_input_error: Option<String>,
}

/// The fleet's forced updates whose window begins in one week (Monday to Sunday, UTC).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct WeekCount {
    /// The week's Monday, `2026-11-23`.
    pub week: String,
    /// With the previous CloudProfile; `null` when none was compared with.
    pub previous: Option<usize>,
    pub count: usize,
}

/// What a CloudProfile change does to a fleet: the affected Shoots, in input order, the counts,
/// and the forced updates per week of every week from the first to the last one with any.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProfileChangeReport {
    pub affected: Vec<AffectedShoot>,
    pub summary: ProfileChangeSummary,
    pub forced_per_week: Vec<WeekCount>,
}

/// What [`each_change_of`] counts over the whole fleet.
#[derive(Debug, Default)]
pub struct FleetCounts {
    pub summary: ProfileChangeSummary,
    pub forced_per_week: Vec<WeekCount>,
}

/// The CloudProfile of one side of the comparison, with the NamespacedCloudProfiles below it.
pub type Side<'a> = (&'a PreparedProfile, &'a NamespacedProfiles);

/// Compares every Shoot of `shoots` (one each, or several in a `List`) under the two CloudProfiles,
/// each read once.
pub fn compare_profiles<S: Borrow<Source>>(
    (previous, new): (Source, Source),
    shoots: impl IntoIterator<Item = S>,
    options: &AnalyzeOptions,
) -> ProfileChangeReport {
    let previous = PreparedProfile::new(previous, options.limits);
    let new = PreparedProfile::new(new, options.limits);
    let shoots = shoots.into_iter().map(Ok::<_, std::convert::Infallible>);
    let Ok(report) = compare_prepared((Some(&previous), &new), shoots, options, &mut |_, _| {});
    report
}

/// [`each_change_of`] on CloudProfiles without NamespacedCloudProfiles below them, the affected
/// Shoots collected: the npm package's `compareCloudProfiles` and the app's Fleet view.
pub fn compare_prepared<S: Borrow<Source>, E>(
    (previous, new): (Option<&PreparedProfile>, &PreparedProfile),
    shoots: impl IntoIterator<Item = Result<S, E>>,
    options: &AnalyzeOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<ProfileChangeReport, E> {
    let none = NamespacedProfiles::default();
    let sides = (previous.map(|previous| (previous, &none)), (new, &none));
    let mut affected = Vec::new();
    let take = |shoot| {
        affected.push(shoot);
        Ok(())
    };
    let counts = each_change_of(sides, shoots, options, take, progress)?;
    Ok(counts.into_report(affected))
}

/// Compares every Shoot of `shoots` (one each, or several in a `List`) against profiles prepared
/// before, and gives `take` each affected Shoot as it is found, in input order. Each Shoot is
/// analysed against the CloudProfile or the NamespacedCloudProfile it references, on each side (a NamespacedCloudProfile merged with the
/// previous and with the new CloudProfile, as Gardener merges it again when its parent changes).
/// Without a previous side, each Shoot is compared with no answer at all, so its changes are what
/// the new CloudProfile brings it (the versions' classifications left out: every version has one).
/// `progress(done, total)` hears of each Shoot done; `total` counts the Shoots of the sources read
/// so far and one for each source still to read.
pub fn each_change_of<S: Borrow<Source>, E>(
    (previous, new): (Option<Side>, Side),
    shoots: impl IntoIterator<Item = Result<S, E>>,
    options: &AnalyzeOptions,
    mut take: impl FnMut(AffectedShoot) -> Result<(), E>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<FleetCounts, E> {
    let mut summary = ProfileChangeSummary {
        compared: previous.is_some(),
        ..Default::default()
    };
    let mut weeks = WeeklyCounts::default();
    let mut shoots = shoots.into_iter();
    while let Some(source) = shoots.next() {
        let source = source?;
        let source = source.borrow();
        let mut reports = analyze_each_shoot_in(new.0, new.1, source, options);
        let mut before = previous.map(|(profile, namespaced)| {
            analyze_each_shoot_in(profile, namespaced, source, options)
        });
        let total = |reports: &dyn Iterator<Item = Report>, done| {
            done + reports.size_hint().0 + shoots.size_hint().0
        };
        progress(summary.shoots, total(&reports, summary.shoots));
        while let Some(after) = reports.next() {
            let before = before.as_mut().and_then(Iterator::next);
            summary.shoots += 1;
            if let Some(error) = after.first_input_error() {
                summary.with_input_errors += 1;
                summary
                    .first_input_error
                    .get_or_insert_with(|| located(error));
            }
            weeks.count(&after, before.as_ref());
            let changes = compare(before.as_ref(), &after);
            if changes.is_empty() {
                summary.unaffected += 1;
            } else {
                summary.affected += 1;
                let shoot = after.shoot_object();
                take(AffectedShoot {
                    namespace: shoot.and_then(|shoot| shoot.namespace.clone()),
                    shoot: shoot.map_or_else(|| source.name.clone(), |shoot| shoot.name.clone()),
                    changes,
                })?;
            }
            progress(summary.shoots, total(&reports, summary.shoots));
        }
    }
    let compared = summary.compared;
    Ok(FleetCounts {
        summary,
        forced_per_week: weeks.every_week(compared),
    })
}

impl AffectedShoot {
    /// `namespace/name`, as `kubectl get shoots -A` tells Shoots apart; the name alone where the
    /// Shoot names no namespace.
    pub fn path(&self) -> String {
        match &self.namespace {
            Some(namespace) => format!("{namespace}/{}", self.shoot),
            None => self.shoot.clone(),
        }
    }
}

impl FleetCounts {
    /// The report of these counts with the affected Shoots collected.
    pub fn into_report(self, affected: Vec<AffectedShoot>) -> ProfileChangeReport {
        ProfileChangeReport {
            affected,
            summary: self.summary,
            forced_per_week: self.forced_per_week,
        }
    }
}

/// `source, line 4, column 4: message`, or `source, field spec.x: message` where the place is a
/// field.
fn located(error: &Diagnostic) -> String {
    let place = match (error.line, error.column, &error.field) {
        (Some(line), Some(column), _) => format!(", line {line}, column {column}"),
        (Some(line), None, _) => format!(", line {line}"),
        (None, _, Some(field)) => format!(", field {field}"),
        _ => String::new(),
    };
    format!("{}{place}: {}", error.source, error.message)
}

/// The forced updates per week: each week's Monday with the previous and the new CloudProfile's
/// counts. A list, not a map: two years of timeline have about a hundred weeks, and a map's code
/// would cost the engine more than the search.
#[derive(Default)]
struct WeeklyCounts(Vec<(i64, usize, usize)>);

impl WeeklyCounts {
    fn count(&mut self, after: &Report, before: Option<&Report>) {
        let sides = [(Some(after), true), (before, false)];
        for (report, new) in sides {
            for event in report.into_iter().flat_map(Report::forced_updates) {
                let monday = monday(event.window_begin);
                let index = match self.0.iter().position(|(week, ..)| *week == monday) {
                    Some(index) => index,
                    None => {
                        self.0.push((monday, 0, 0));
                        self.0.len() - 1
                    }
                };
                let (_, previous, count) = &mut self.0[index];
                *(if new { count } else { previous }) += 1;
            }
        }
    }

    /// Every week from the first to the last with a forced update, in order, none left out.
    fn every_week(self, compared: bool) -> Vec<WeekCount> {
        let mut every = Vec::new();
        let first = self.0.iter().map(|(week, ..)| *week).min();
        let last = self.0.iter().map(|(week, ..)| *week).max();
        let (Some(mut week), Some(last)) = (first, last) else {
            return every;
        };
        while week <= last {
            let found = self.0.iter().find(|(monday, ..)| *monday == week);
            let (previous, count) =
                found.map_or((0, 0), |(_, previous, count)| (*previous, *count));
            let monday = DateTime::from_timestamp(week * 86_400, 0).unwrap_or_default();
            every.push(WeekCount {
                week: crate::summary::date(monday),
                previous: compared.then_some(previous),
                count,
            });
            week += 7;
        }
        every
    }
}

/// The Monday, 00:00 UTC, of the week of `at`, counted in days since 1970-01-01 (a Thursday).
fn monday(at: DateTime<Utc>) -> i64 {
    let day = at.timestamp().div_euclid(86_400);
    day - (day + 3).rem_euclid(7)
}

/// What moves between one Shoot's reports under the previous and the new CloudProfile. Without a
/// previous report, what the new one holds: its updates, failing updates and validation problems
/// (not the classifications: every version has one).
pub fn compare(before: Option<&Report>, after: &Report) -> Vec<ProfileChange> {
    let mut changes = Vec::new();
    let components = components(before, after);
    for component in &components {
        for reason in [UpdateReason::Force, UpdateReason::Auto] {
            let side = |report: &Report| next_update(report, component, reason).map(update_side);
            let kind = match reason {
                UpdateReason::Force => ChangeKind::ForcedUpdate,
                _ => ChangeKind::AutomaticUpdate,
            };
            let old = before.and_then(side);
            push_if_moved(&mut changes, component, kind, old, side(after));
        }
        let failing = |report: &Report| failing_update(report, component).map(failing_side);
        let kind = ChangeKind::FailingUpdate;
        push_if_moved(
            &mut changes,
            component,
            kind,
            before.and_then(failing),
            failing(after),
        );
        let classified = |report: &Report| version_state(report, component).map(state_side);
        if let Some(before) = before {
            let kind = ChangeKind::Classification;
            let old = classified(before);
            push_if_moved(&mut changes, component, kind, old, classified(after));
        }
    }
    let problems = |report: &Report| -> Vec<String> {
        (report.validation.problems.iter())
            .map(|p| format!("{}: {}", p.field, p.detail))
            .collect()
    };
    let (old, new) = (before.map(problems).unwrap_or_default(), problems(after));
    let problem_side = |text: &String| ChangeSide {
        at: None,
        version: None,
        text: Some(text.clone()),
    };
    for appeared in new.iter().filter(|p| !old.contains(p)) {
        changes.push(ProfileChange {
            component: Component::ControlPlane,
            kind: ChangeKind::ValidationProblem,
            before: None,
            after: Some(problem_side(appeared)),
        });
    }
    for gone in old.iter().filter(|p| !new.contains(p)) {
        changes.push(ProfileChange {
            component: Component::ControlPlane,
            kind: ChangeKind::ValidationProblem,
            before: Some(problem_side(gone)),
            after: None,
        });
    }
    changes
}

impl ProfileChange {
    /// Whether the new CloudProfile brings a forced update (or moves it) into a window before
    /// `due`, or makes a forced update fail from such a window on.
    pub fn forced_before(&self, due: DateTime<Utc>) -> bool {
        let starts_before = (self.after.as_ref())
            .and_then(|side| side.at)
            .is_some_and(|at| at <= due);
        match self.kind {
            ChangeKind::ForcedUpdate => starts_before,
            ChangeKind::FailingUpdate => starts_before && self.failing_is_forced(),
            _ => false,
        }
    }

    /// Whether the new CloudProfile makes an update fail (or fail from another window on).
    pub fn starts_failing(&self) -> bool {
        self.kind == ChangeKind::FailingUpdate && self.after.is_some()
    }

    fn failing_is_forced(&self) -> bool {
        (self.after.as_ref()).is_some_and(|side| side.text.as_deref() == Some("force"))
    }

    /// The change in words, e.g. `forced update: 1.31.13 on 2027-01-05 → 1.32.9 on 2026-12-01`.
    pub fn describe(&self) -> String {
        let day = |at: Option<DateTime<Utc>>| at.map(|t| t.format("%Y-%m-%d").to_string());
        let side = |side: &Option<ChangeSide>| -> String {
            let Some(side) = side else {
                return "none".to_string();
            };
            let version = side.version.clone();
            match self.kind {
                ChangeKind::ForcedUpdate | ChangeKind::AutomaticUpdate => {
                    let to = version.unwrap_or_default();
                    format!("to {to} on {}", day(side.at).unwrap_or_default())
                }
                ChangeKind::FailingUpdate => format!(
                    "{} fails from {}",
                    version.unwrap_or_default(),
                    day(side.at).unwrap_or_default()
                ),
                ChangeKind::Classification => {
                    let class = side
                        .text
                        .clone()
                        .unwrap_or_else(|| "not listed".to_string());
                    match day(side.at) {
                        Some(expires) => format!("{class}, expires {expires}"),
                        None => class,
                    }
                }
                ChangeKind::ValidationProblem => side.text.clone().unwrap_or_default(),
            }
        };
        let what = match self.kind {
            ChangeKind::ForcedUpdate => "forced update",
            ChangeKind::AutomaticUpdate => "automatic update",
            ChangeKind::FailingUpdate => "failing update",
            ChangeKind::Classification => "classification",
            ChangeKind::ValidationProblem => "validation problem",
        };
        match (&self.before, &self.after) {
            (None, Some(_)) if self.kind == ChangeKind::ValidationProblem => {
                format!("{what} appears: {}", side(&self.after))
            }
            (Some(_), None) if self.kind == ChangeKind::ValidationProblem => {
                format!("{what} goes: {}", side(&self.before))
            }
            _ => format!("{what}: {} → {}", side(&self.before), side(&self.after)),
        }
    }
}

fn push_if_moved(
    changes: &mut Vec<ProfileChange>,
    component: &Component,
    kind: ChangeKind,
    before: Option<ChangeSide>,
    after: Option<ChangeSide>,
) {
    if before != after {
        changes.push(ProfileChange {
            component: component.clone(),
            kind,
            before,
            after,
        });
    }
}

/// The components either report names, in the order they appear (the new report's first).
fn components(before: Option<&Report>, after: &Report) -> Vec<Component> {
    let mut found: Vec<Component> = Vec::new();
    for report in [Some(after), before].into_iter().flatten() {
        let named = (report.summary.versions.iter().map(|v| &v.component))
            .chain(
                report
                    .timeline
                    .iter()
                    .flat_map(|t| &t.events)
                    .map(|e| &e.component),
            )
            .chain(report.summary.blocked_updates.iter().map(|b| &b.component));
        for component in named {
            if !found.contains(component) {
                found.push(component.clone());
            }
        }
    }
    found
}

fn next_update<'r>(
    report: &'r Report,
    component: &Component,
    reason: UpdateReason,
) -> Option<&'r TimelineEvent> {
    (report.timeline.iter().flat_map(|t| &t.events))
        .find(|event| &event.component == component && event.reason == reason)
}

fn update_side(event: &TimelineEvent) -> ChangeSide {
    ChangeSide {
        at: Some(event.window_begin),
        version: Some(event.to.clone()),
        text: None,
    }
}

fn failing_update<'r>(report: &'r Report, component: &Component) -> Option<&'r BlockedSpan> {
    (report.summary.blocked_updates.iter()).find(|blocked| &blocked.component == component)
}

fn failing_side(blocked: &BlockedSpan) -> ChangeSide {
    let reason = match blocked.reason {
        UpdateReason::Force => "force",
        _ => "auto",
    };
    ChangeSide {
        at: Some(blocked.since),
        version: Some(blocked.version.clone()),
        text: Some(reason.to_string()),
    }
}

fn version_state<'r>(report: &'r Report, component: &Component) -> Option<&'r VersionState> {
    (report.summary.versions.iter()).find(|state| &state.component == component)
}

fn state_side(state: &VersionState) -> ChangeSide {
    ChangeSide {
        at: state.expires,
        version: Some(state.version.clone()),
        text: state.classification.as_ref().map(Classification::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;

    fn changes_of(
        previous: &str,
        new: &str,
        shoots: &[&str],
    ) -> (Vec<AffectedShoot>, ProfileChangeSummary) {
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let sources: Vec<Source> = (shoots.iter().enumerate())
            .map(|(i, text)| Source::auto(format!("shoot-{i}"), *text))
            .collect();
        let report = compare_profiles(
            (Source::auto("previous", previous), Source::auto("new", new)),
            &sources,
            &options,
        );
        (report.affected, report.summary)
    }

    #[test]
    fn an_unchanged_profile_affects_no_shoot() {
        let profile = examples::DEFAULT.cloud_profile;
        let (affected, summary) = changes_of(profile, profile, &[examples::DEFAULT.shoot]);
        assert!(affected.is_empty(), "{affected:?}");
        assert_eq!((summary.shoots, summary.unaffected), (1, 1));
    }

    #[test]
    fn an_earlier_expiration_moves_the_forced_update_and_names_the_dates() {
        // The auto-update example's 1.32.8 expires on 2026-12-15; expiring it on 2026-11-30
        // instead moves nothing for the default Shoot (on 1.31.13) and brings the other's
        // control plane a forced update.
        let previous = examples::DEFAULT.cloud_profile;
        let new = previous.replace(
            "expirationDate: \"2026-12-15T23:59:59Z\"",
            "expirationDate: \"2026-11-23T23:59:59Z\"",
        );
        assert_ne!(new, previous);
        let shoots = [
            examples::DEFAULT.shoot,
            examples::DEPRECATED_AUTO_UPDATE.shoot,
        ];
        let (affected, summary) = changes_of(previous, &new, &shoots);
        assert_eq!(summary.shoots, 2);
        assert_eq!(summary.affected, affected.len());
        let texts: Vec<String> = (affected.iter())
            .flat_map(|shoot| {
                shoot
                    .changes
                    .iter()
                    .map(move |c| format!("{}: {}", shoot.shoot, c.describe()))
            })
            .collect();
        assert!(
            texts.iter().any(|t| t.contains(
                "classification: deprecated, expires 2026-12-15 → deprecated, expires 2026-11-23"
            )),
            "{texts:#?}"
        );
    }

    /// The default example's CloudProfile with 1.32.8 expiring two weeks earlier.
    fn earlier_expiry() -> String {
        let changed = examples::DEFAULT.cloud_profile.replace(
            "expirationDate: \"2026-12-15T23:59:59Z\"",
            "expirationDate: \"2026-11-30T23:59:59Z\"",
        );
        assert_ne!(changed, examples::DEFAULT.cloud_profile);
        changed
    }

    /// Three Shoots in one `List`: the default one, one that auto-updates, and the same manual.
    fn fleet_list() -> Source {
        let auto = examples::DEPRECATED_AUTO_UPDATE.shoot;
        let manual = auto.replacen("name: webshop", "name: manual", 1).replacen(
            "kubernetesVersion: true",
            "kubernetesVersion: false",
            1,
        );
        Source::auto(
            "Shoots",
            examples::as_list(&[examples::DEFAULT.shoot, auto, &manual]),
        )
    }

    /// The report of `fleet_list` against `profile` (and `previous`, if given), with the
    /// progress heard.
    fn fleet_report(
        previous: Option<&str>,
        profile: &str,
        shoots: Source,
    ) -> (ProfileChangeReport, Vec<(usize, usize)>) {
        let options = AnalyzeOptions::at("2026-11-23T00:00:00Z".parse().unwrap());
        let prepare =
            |text: &str| PreparedProfile::new(Source::auto("CloudProfile", text), options.limits);
        let (previous, profile) = (previous.map(prepare), prepare(profile));
        let mut seen = Vec::new();
        let report = compare_prepared::<_, ()>(
            (previous.as_ref(), &profile),
            [Ok(shoots)],
            &options,
            &mut |done, total| seen.push((done, total)),
        )
        .unwrap();
        (report, seen)
    }

    #[test]
    fn the_forced_updates_per_week_move_with_the_change() {
        let new = earlier_expiry();
        let (report, seen) =
            fleet_report(Some(examples::DEFAULT.cloud_profile), &new, fleet_list());
        assert!(report.summary.compared);
        assert_eq!((report.summary.shoots, report.summary.affected), (3, 2));
        assert_eq!(
            report.affected[0].namespace.as_deref(),
            Some("garden-team-b")
        );
        assert_eq!(seen, [(0, 3), (1, 3), (2, 3), (3, 3)]);
        // The manual Shoot's forced update moves from the first window after the old expiry to
        // the first after the new one (its window is 22:00 at +01:00).
        let manual = report
            .affected
            .iter()
            .find(|s| s.shoot == "manual")
            .unwrap();
        let forced = (manual.changes.iter())
            .find(|change| change.kind == ChangeKind::ForcedUpdate)
            .unwrap();
        let at = |side: &Option<ChangeSide>| side.as_ref().unwrap().at.unwrap();
        assert_eq!(at(&forced.before).to_rfc3339(), "2026-12-16T21:00:00+00:00");
        assert_eq!(at(&forced.after).to_rfc3339(), "2026-12-01T21:00:00+00:00");
        // Counted in the week it comes to, and one fewer in the week it left.
        let week = |date: &str| {
            let found = report.forced_per_week.iter().find(|w| w.week == date);
            found.map(|w| (w.previous.unwrap(), w.count)).unwrap()
        };
        let (before_dec_1, after_dec_1) = week("2026-11-30");
        assert_eq!(after_dec_1, before_dec_1 + 1);
        let (before_dec_16, after_dec_16) = week("2026-12-14");
        assert_eq!(before_dec_16, after_dec_16 + 1);
    }

    #[test]
    fn without_a_previous_profile_the_changes_are_what_the_profile_brings() {
        let (report, _) = fleet_report(None, examples::DEFAULT.cloud_profile, fleet_list());
        assert!(!report.summary.compared);
        assert_eq!(report.summary.shoots, 3);
        let payments = &report.affected[0];
        assert_eq!(payments.shoot, "payments");
        // The default Shoot's 1.31.13 expired: forced to the next minor in its next window.
        let forced = (payments.changes.iter())
            .find(|c| c.kind == ChangeKind::ForcedUpdate && c.component == Component::ControlPlane)
            .expect("a forced update");
        assert!(forced.before.is_none());
        let after = forced.after.as_ref().unwrap();
        assert_eq!(after.at.unwrap().to_rfc3339(), "2026-11-23T21:00:00+00:00");
        assert_eq!(after.version.as_deref(), Some("1.32.9"));
        let kinds = payments.changes.iter().map(|c| c.kind);
        assert!(kinds.clone().all(|kind| kind != ChangeKind::Classification));
        // Weeks are Mondays, one after another, none missing; no previous counts.
        let weeks = &report.forced_per_week;
        assert_eq!(weeks[0].week, "2026-11-23");
        for pair in weeks.windows(2) {
            let monday = |w: &WeekCount| w.week.parse::<chrono::NaiveDate>().unwrap();
            assert_eq!(
                monday(&pair[1]) - monday(&pair[0]),
                chrono::TimeDelta::weeks(1)
            );
        }
        assert!(weeks.iter().all(|w| w.previous.is_none()));
        assert!(weeks.iter().map(|w| w.count).sum::<usize>() >= 1);
    }

    #[test]
    fn an_unreadable_list_is_counted_and_says_where() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- kind: Shoot\n  metadata: {name: a]\n- kind: Shoot\n";
        let (report, _) = fleet_report(
            None,
            examples::DEFAULT.cloud_profile,
            Source::auto("Shoots", text),
        );
        assert_eq!(report.summary.with_input_errors, report.summary.shoots);
        let error = report.summary.first_input_error.expect("the List's error");
        assert!(error.starts_with("Shoots, line 5, column "), "{error}");
    }
}
