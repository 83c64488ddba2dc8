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
    analyze_each_shoot_in, AnalyzeOptions, NamespacedProfiles, PreparedProfile, Report, Source,
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
    pub shoot: String,
    pub changes: Vec<ProfileChange>,
}

/// The counts over the fleet.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProfileChangeSummary {
    pub shoots: usize,
    pub affected: usize,
    /// Shoots the change does not affect (counted, not listed).
    pub unaffected: usize,
    /// Shoots with an input error, compared as far as they read.
    pub with_input_errors: usize,
}

/// What a CloudProfile change does to a fleet: the affected Shoots, in input order, and the counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ProfileChangeReport {
    pub affected: Vec<AffectedShoot>,
    pub summary: ProfileChangeSummary,
}

/// [`each_change`] collected.
pub fn compare_profiles<S: Borrow<Source>>(
    profiles: (Source, Source),
    shoots: impl IntoIterator<Item = S>,
    options: &AnalyzeOptions,
) -> ProfileChangeReport {
    let mut affected = Vec::new();
    let shoots = shoots.into_iter().map(Ok::<_, std::convert::Infallible>);
    let Ok(summary) = each_change(profiles, shoots, options, |shoot| {
        affected.push(shoot);
        Ok(())
    });
    ProfileChangeReport { affected, summary }
}

/// Compares every Shoot of `shoots` (one each, or several in a `List`) under the two CloudProfiles;
/// `take` gets each affected Shoot as it is found, in input order.
pub fn each_change<S: Borrow<Source>, E>(
    (previous, new): (Source, Source),
    shoots: impl IntoIterator<Item = Result<S, E>>,
    options: &AnalyzeOptions,
    take: impl FnMut(AffectedShoot) -> Result<(), E>,
) -> Result<ProfileChangeSummary, E> {
    let previous = PreparedProfile::new(previous, options.limits);
    let new = PreparedProfile::new(new, options.limits);
    let none = NamespacedProfiles::default();
    each_change_of([(&previous, &none), (&new, &none)], shoots, options, take)
}

/// [`each_change`] against profiles prepared before: each Shoot against the CloudProfile or the
/// NamespacedCloudProfile it references, on each side (a NamespacedCloudProfile merged with the
/// previous and with the new CloudProfile, as Gardener merges it again when its parent changes).
pub fn each_change_of<S: Borrow<Source>, E>(
    [previous, new]: [(&PreparedProfile, &NamespacedProfiles); 2],
    shoots: impl IntoIterator<Item = Result<S, E>>,
    options: &AnalyzeOptions,
    mut take: impl FnMut(AffectedShoot) -> Result<(), E>,
) -> Result<ProfileChangeSummary, E> {
    let mut summary = ProfileChangeSummary::default();
    for source in shoots {
        let source = source?;
        let source = source.borrow();
        let before = analyze_each_shoot_in(previous.0, previous.1, source, options);
        let after = analyze_each_shoot_in(new.0, new.1, source, options);
        for (before, after) in before.zip(after) {
            summary.shoots += 1;
            summary.with_input_errors += usize::from(after.first_input_error().is_some());
            let changes = compare(&before, &after);
            if changes.is_empty() {
                summary.unaffected += 1;
                continue;
            }
            summary.affected += 1;
            let shoot = (after.shoot_name()).map_or_else(|| source.name.clone(), str::to_string);
            take(AffectedShoot { shoot, changes })?;
        }
    }
    Ok(summary)
}

/// What moves between one Shoot's reports under the previous and the new CloudProfile.
pub fn compare(before: &Report, after: &Report) -> Vec<ProfileChange> {
    let mut changes = Vec::new();
    let components = components(before, after);
    for component in &components {
        for reason in [UpdateReason::Force, UpdateReason::Auto] {
            let side = |report: &Report| next_update(report, component, reason).map(update_side);
            let kind = match reason {
                UpdateReason::Force => ChangeKind::ForcedUpdate,
                _ => ChangeKind::AutomaticUpdate,
            };
            push_if_moved(&mut changes, component, kind, side(before), side(after));
        }
        let failing = |report: &Report| failing_update(report, component).map(failing_side);
        let kind = ChangeKind::FailingUpdate;
        push_if_moved(
            &mut changes,
            component,
            kind,
            failing(before),
            failing(after),
        );
        let classified = |report: &Report| version_state(report, component).map(state_side);
        let kind = ChangeKind::Classification;
        push_if_moved(
            &mut changes,
            component,
            kind,
            classified(before),
            classified(after),
        );
    }
    let problems = |report: &Report| -> Vec<String> {
        (report.validation.problems.iter())
            .map(|p| format!("{}: {}", p.field, p.detail))
            .collect()
    };
    let (old, new) = (problems(before), problems(after));
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
fn components(before: &Report, after: &Report) -> Vec<Component> {
    let mut found: Vec<Component> = Vec::new();
    for report in [after, before] {
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
        let mut affected = Vec::new();
        let summary = each_change::<_, ()>(
            (Source::auto("previous", previous), Source::auto("new", new)),
            sources.iter().map(Ok),
            &options,
            |shoot| {
                affected.push(shoot);
                Ok(())
            },
        )
        .unwrap();
        (affected, summary)
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
}
