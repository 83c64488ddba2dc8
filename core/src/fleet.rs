//! Many Shoots against one CloudProfile: a report per Shoot and a summary for the fleet.
//!
//! What the Gardener dashboard asks of a project: which of its clusters face a forced update, which
//! cannot hibernate, which are unhealthy. Each Shoot's report is exactly [`analyze`]'s for that
//! Shoot with the CloudProfile (the CloudProfile is read, checked and defaulted once for all of
//! them), and the summary only counts what the reports say.
//!
//! [`analyze`]: crate::report::analyze

use crate::decode::FromValue;
use crate::report::{
    analyze_each_shoot_in, AnalyzeOptions, NamespacedProfiles, PreparedProfile, Report, Source,
};
use crate::timeline::Component;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::borrow::Borrow;
use std::collections::BTreeMap;
use std::convert::Infallible;

/// Analyses every Shoot of the sources against the CloudProfile source: a source may hold one Shoot
/// or several (a `List`, as `kubectl get shoots -o yaml` prints a project's Shoots).
pub fn analyze_fleet(profile: Source, shoots: &[Source], options: &AnalyzeOptions) -> FleetReport {
    let mut reports = Vec::new();
    let shoots = shoots.iter().map(Ok::<_, Infallible>);
    let Ok(summary) = each_report(profile, shoots, options, |entry| {
        reports.push(entry);
        Ok(())
    });
    FleetReport { reports, summary }
}

/// [`analyze_fleet`]'s reports handed to `take` one at a time, in input order, and its summary.
///
/// A caller that writes each report out (into JavaScript, or a file) and reads each Shoot as it
/// comes to it holds one Shoot and one report at a time, not the fleet's: 10 000 Shoots' reports
/// fill hundreds of megabytes, which a wasm module's memory keeps after the call. The first error,
/// of a Shoot or of `take`, stops the fleet and is returned.
pub fn each_report<S: Borrow<Source>, E>(
    profile: Source,
    shoots: impl IntoIterator<Item = Result<S, E>>,
    options: &AnalyzeOptions,
    take: impl FnMut(FleetEntry) -> Result<(), E>,
) -> Result<FleetSummary, E> {
    let prepared = PreparedProfile::new(profile, options.limits);
    each_report_of(&prepared, shoots, options, take)
}

/// [`each_report`] against a profile prepared before.
pub(crate) fn each_report_of<S: Borrow<Source>, E>(
    prepared: &PreparedProfile,
    shoots: impl IntoIterator<Item = Result<S, E>>,
    options: &AnalyzeOptions,
    take: impl FnMut(FleetEntry) -> Result<(), E>,
) -> Result<FleetSummary, E> {
    each_report_in(
        (prepared, &NamespacedProfiles::default()),
        shoots,
        options,
        take,
    )
}

/// [`each_report`] against a CloudProfile prepared before and the NamespacedCloudProfiles below
/// it: each Shoot against the one it references.
pub fn each_report_in<S: Borrow<Source>, E>(
    (prepared, namespaced): (&PreparedProfile, &NamespacedProfiles),
    shoots: impl IntoIterator<Item = Result<S, E>>,
    options: &AnalyzeOptions,
    mut take: impl FnMut(FleetEntry) -> Result<(), E>,
) -> Result<FleetSummary, E> {
    let mut summary = FleetSummary::default();
    for source in shoots {
        let source = source?;
        let source = source.borrow();
        for report in analyze_each_shoot_in(prepared, namespaced, source, options) {
            let shoot = report
                .shoot_name()
                .map_or_else(|| source.name.clone(), str::to_string);
            let entry = FleetEntry { shoot, report };
            summary.count(&entry);
            take(entry)?;
        }
    }
    Ok(summary)
}

/// A report per Shoot, in input order, and what they add up to.
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FleetReport {
    pub reports: Vec<FleetEntry>,
    pub summary: FleetSummary,
}

/// One Shoot's report, under the Shoot's name (its source's name when it has none).
#[derive(Debug, Clone, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FleetEntry {
    pub shoot: String,
    pub report: Report,
}

/// Counts over the fleet's reports.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FleetSummary {
    /// Shoots analysed.
    pub shoots: usize,
    /// Shoots whose timeline has at least one forced update before its horizon.
    pub facing_forced_update: usize,
    /// The earliest forced update of the fleet.
    pub next_forced_update: Option<FleetUpdate>,
    /// Shoots whose webhooks make `HibernationPossible` not `True`.
    pub hibernation_blocked: usize,
    /// Shoots with an input error (unreadable or mistyped), whose report is incomplete.
    pub with_input_errors: usize,
    /// Shoots Gardener's validation would refuse (at least one problem).
    pub with_validation_problems: usize,
    /// Shoots per `shoot.gardener.cloud/status` label (`healthy`, `progressing`, ...).
    #[cfg_attr(feature = "tsify", tsify(type = "Record<string, number>"))]
    pub status_labels: BTreeMap<String, usize>,
}

/// A forced update of one Shoot: when its window opens, and which version changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FromValue)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "tsify", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FleetUpdate {
    pub shoot: String,
    #[cfg_attr(feature = "tsify", tsify(type = "string"))]
    #[serde(serialize_with = "crate::rfc3339::serialize")]
    pub window_begin: DateTime<Utc>,
    pub component: Component,
    pub from: String,
    pub to: String,
}

impl FleetSummary {
    /// Adds one Shoot's report; a forced update replaces the earliest so far only when it is earlier,
    /// so among Shoots with the same first window the first in input order is named.
    fn count(&mut self, entry: &FleetEntry) {
        let FleetEntry { shoot, report } = entry;
        self.shoots += 1;
        if let Some(event) = report.forced_updates().next() {
            self.facing_forced_update += 1;
            let earlier = self
                .next_forced_update
                .as_ref()
                .is_none_or(|next| event.window_begin < next.window_begin);
            if earlier {
                self.next_forced_update = Some(FleetUpdate {
                    shoot: shoot.clone(),
                    window_begin: event.window_begin,
                    component: event.component.clone(),
                    from: event.from.clone(),
                    to: event.to.clone(),
                });
            }
        }
        self.hibernation_blocked += usize::from(report.hibernation_blocked());
        self.with_input_errors += usize::from(report.first_input_error().is_some());
        self.with_validation_problems += usize::from(!report.validation.problems.is_empty());
        if let Some(status) = &report.status {
            *self
                .status_labels
                .entry(status.label.label.as_str().to_string())
                .or_default() += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;
    use crate::maintenance::UpdateReason;
    use crate::report::analyze;

    fn source(name: &str, text: &str) -> Source {
        Source::auto(name, text)
    }

    fn fleet() -> Vec<Source> {
        let renamed = examples::DEFAULT
            .shoot
            .replacen("name: payments", "name: invoices", 1)
            .replacen("version: 1.31.13", "version: 1.33.5", 1);
        vec![
            source("first", examples::DEFAULT.shoot),
            source("second", &renamed),
            source("third", "spec: ["),
        ]
    }

    #[test]
    fn each_report_is_analyze_of_the_profile_and_that_shoot() {
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let fleet_report = analyze_fleet(profile.clone(), &fleet(), &options);
        for (entry, shoot) in fleet_report.reports.iter().zip(fleet()) {
            let alone = analyze(&[profile.clone(), shoot], &options);
            assert_eq!(
                serde_json::to_value(&entry.report).unwrap(),
                serde_json::to_value(&alone).unwrap()
            );
        }
        assert_eq!(names(&fleet_report), ["payments", "invoices", "third"]);
    }

    #[test]
    fn shoots_sharing_a_profile_get_the_reports_they_get_alone() {
        // A fleet's maintenance runs share their version decisions: every Shoot of the gallery,
        // and the default one with other versions and update settings, against each profile.
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let variants = [
            ("version: 1.31.13", "version: 1.32.8"),
            ("version: 1.31.13", "version: 1.33.5"),
            ("version: 1592.14.0", "version: 1877.5.0"),
            ("kubernetesVersion: false", "kubernetesVersion: true"),
            ("machineImageVersion: true", "machineImageVersion: false"),
        ];
        let mut shoots: Vec<String> = examples::GALLERY
            .iter()
            .map(|example| example.shoot.to_string())
            .collect();
        for (from, to) in variants {
            let variant = examples::DEFAULT.shoot.replacen(from, to, 1);
            assert_ne!(variant, examples::DEFAULT.shoot, "{to}");
            shoots.push(variant);
        }
        let sources: Vec<Source> = (shoots.iter().enumerate())
            .map(|(index, shoot)| source(&format!("shoot-{index}"), shoot))
            .collect();
        let mut timelines = 0;
        for example in examples::GALLERY {
            let profile = source("CloudProfile", example.cloud_profile);
            let fleet_report = analyze_fleet(profile.clone(), &sources, &options);
            assert_eq!(fleet_report.reports.len(), sources.len());
            for (entry, shoot) in fleet_report.reports.iter().zip(&sources) {
                let alone = analyze(&[profile.clone(), shoot.clone()], &options);
                assert_eq!(
                    serde_json::to_value(&entry.report).unwrap(),
                    serde_json::to_value(&alone).unwrap(),
                    "{} against {}",
                    shoot.name,
                    example.title
                );
                timelines += usize::from(alone.timeline.is_some_and(|t| !t.events.is_empty()));
            }
        }
        assert!(timelines > 20, "{timelines} timelines with events");
    }

    #[test]
    fn each_report_hands_out_the_reports_and_stops_at_the_first_error() {
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let shoots = fleet();
        let whole = analyze_fleet(profile.clone(), &shoots, &options);

        let mut taken = Vec::new();
        let summary = each_report(profile.clone(), shoots.iter().map(Ok), &options, |entry| {
            taken.push(entry.shoot);
            Ok::<(), &str>(())
        });
        assert_eq!(summary.as_ref(), Ok(&whole.summary));
        assert_eq!(taken, names(&whole));

        taken.clear();
        let full = each_report(profile.clone(), shoots.iter().map(Ok), &options, |entry| {
            taken.push(entry.shoot);
            if taken.len() == 2 {
                Err("full")
            } else {
                Ok(())
            }
        });
        assert_eq!(full, Err("full"));
        assert_eq!(taken, ["payments", "invoices"]);

        taken.clear();
        let read = [Ok(&shoots[0]), Err("unreadable"), Ok(&shoots[1])];
        let unreadable = each_report(profile, read, &options, |entry| {
            taken.push(entry.shoot);
            Ok(())
        });
        assert_eq!(unreadable, Err("unreadable"));
        assert_eq!(taken, ["payments"]);
    }

    fn names(fleet_report: &FleetReport) -> Vec<&str> {
        fleet_report
            .reports
            .iter()
            .map(|entry| entry.shoot.as_str())
            .collect()
    }

    /// A report without what says where its objects were read.
    fn without_places(report: &Report) -> serde_json::Value {
        let mut value = serde_json::to_value(report).unwrap();
        value["objects"] = serde_json::Value::Null;
        value["diagnostics"] = serde_json::Value::Null;
        value
    }

    #[test]
    fn each_shoot_of_a_list_gets_its_own_report() {
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let shoots = fleet();
        let list = source(
            "shoots.yaml",
            &examples::as_list(&[&shoots[0].text, &shoots[1].text]),
        );
        let fleet_report = analyze_fleet(profile.clone(), &[list, shoots[2].clone()], &options);
        assert_eq!(names(&fleet_report), ["payments", "invoices", "third"]);
        assert_eq!(fleet_report.summary.shoots, 3);
        for (entry, shoot) in fleet_report.reports.iter().zip(&shoots) {
            let alone = analyze(&[profile.clone(), shoot.clone()], &options);
            assert_eq!(without_places(&entry.report), without_places(&alone));
            assert!(
                !entry
                    .report
                    .diagnostics
                    .iter()
                    .any(|d| d.message.contains("a second Shoot")),
                "no Shoot of the List is left out: {:?}",
                entry.report.diagnostics
            );
        }
    }

    #[test]
    fn the_other_objects_of_a_source_belong_to_each_of_its_shoots() {
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let webhooks = examples::WEBHOOK_BLOCKS_HIBERNATION.objects;
        let shoots = fleet();
        let together = format!(
            "{}\n---\n{webhooks}\n---\n{}",
            shoots[0].text, shoots[1].text
        );
        let fleet_report =
            analyze_fleet(profile.clone(), &[source("all.yaml", &together)], &options);
        assert_eq!(fleet_report.reports.len(), 2);
        for (entry, shoot) in fleet_report.reports.iter().zip(&shoots) {
            let with_webhooks = format!("{}\n---\n{webhooks}", shoot.text);
            let alone = analyze(
                &[profile.clone(), source("one.yaml", &with_webhooks)],
                &options,
            );
            assert!(alone.hibernation_blocked(), "the example's webhooks block");
            assert_eq!(without_places(&entry.report), without_places(&alone));
        }
        assert_eq!(fleet_report.summary.hibernation_blocked, 2);
    }

    #[test]
    fn a_problem_of_a_listed_shoot_points_into_the_list() {
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let broken = examples::DEFAULT
            .shoot
            .replacen("name: payments", "name: broken", 1)
            .replacen("version: 1.31.13", "version: [1, 31]", 1);
        let text = examples::as_list(&[examples::DEFAULT.shoot, &broken]);
        let fleet_report = analyze_fleet(profile, &[source("shoots.yaml", &text)], &options);
        let [first, second] = &fleet_report.reports[..] else {
            panic!("two reports: {:?}", fleet_report.reports.len());
        };
        assert!(first.report.first_input_error().is_none());
        let error = second
            .report
            .first_input_error()
            .expect("the mistyped version");
        let line = text
            .lines()
            .position(|line| line.contains("version: [1, 31]"))
            .unwrap()
            + 1;
        assert_eq!(
            (error.source.as_str(), error.line),
            ("shoots.yaml", Some(line))
        );
        assert_eq!(error.document, Some(0));
    }

    /// The options of an analysis whose limits hold the example CloudProfile with one example
    /// Shoot, not with two.
    fn options_for_one_shoot() -> AnalyzeOptions {
        let one = examples::DEFAULT.cloud_profile.len() + examples::DEFAULT.shoot.len();
        AnalyzeOptions {
            limits: crate::document::Limits {
                max_bytes: one + examples::DEFAULT.shoot.len() / 2,
                max_nodes: 2_000,
                ..Default::default()
            },
            ..AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap())
        }
    }

    #[test]
    fn the_limits_apply_to_each_shoot_of_a_list_not_to_the_list() {
        let options = options_for_one_shoot();
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let shoots = fleet();
        let text = examples::as_list(&[&shoots[0].text, &shoots[1].text, &shoots[0].text]);
        assert!(
            text.len() > options.limits.max_bytes,
            "the List alone is over the limit"
        );
        let fleet_report =
            analyze_fleet(profile.clone(), &[source("shoots.yaml", &text)], &options);
        assert_eq!(names(&fleet_report), ["payments", "invoices", "payments"]);
        assert_eq!(fleet_report.summary.with_input_errors, 0);
        for (entry, shoot) in fleet_report
            .reports
            .iter()
            .zip([&shoots[0], &shoots[1], &shoots[0]])
        {
            let alone = analyze(&[profile.clone(), shoot.clone()], &options);
            assert_eq!(without_places(&entry.report), without_places(&alone));
        }
    }

    #[test]
    fn a_shoot_of_a_list_over_the_limits_is_refused_alone_at_its_place() {
        let options = options_for_one_shoot();
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let labels: String = (0..300)
            .map(|i| format!("\n    label-{i}: value-{i}"))
            .collect();
        let big = examples::DEFAULT
            .shoot
            .replacen("name: payments", "name: big", 1)
            .replacen(
                "  namespace:",
                &format!("  labels:{labels}\n  namespace:"),
                1,
            );
        let text = examples::as_list(&[examples::DEFAULT.shoot, &big, examples::DEFAULT.shoot]);
        let fleet_report = analyze_fleet(profile, &[source("shoots.yaml", &text)], &options);
        let [first, refused, third] = &fleet_report.reports[..] else {
            panic!("three reports: {:?}", names(&fleet_report));
        };
        assert!(first.report.first_input_error().is_none());
        assert!(third.report.first_input_error().is_none());
        let error = refused
            .report
            .first_input_error()
            .expect("the big Shoot is refused");
        assert!(
            error
                .message
                .starts_with("the Shoot garden-team-a/big and the inputs read with it hold ")
                && error
                    .message
                    .ends_with("(maxBytes, applied to each object on its own)"),
            "{}",
            error.message
        );
        // The error points at the refused Shoot's `kind` in the List.
        let second_kind = text
            .lines()
            .enumerate()
            .filter(|(_, line)| line.trim_start_matches([' ', '-']) == "kind: Shoot")
            .nth(1)
            .map(|(index, _)| index + 1);
        assert_eq!(
            (error.source.as_str(), error.line),
            ("shoots.yaml", second_kind)
        );
        assert_eq!(fleet_report.summary.with_input_errors, 1);
    }

    #[test]
    fn a_list_over_the_limits_that_cannot_be_read_says_where() {
        let options = options_for_one_shoot();
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let text = format!(
            "{}\n  broken: [\n",
            examples::as_list(&[examples::DEFAULT.shoot, examples::DEFAULT.shoot])
        );
        let fleet_report = analyze_fleet(profile, &[source("shoots.yaml", &text)], &options);
        let error = fleet_report.reports[0]
            .report
            .first_input_error()
            .expect("unreadable");
        assert!(
            error.line.is_some(),
            "a syntax error, not the size: {error:?}"
        );
        assert!(!error.message.contains("maxBytes"), "{}", error.message);
    }

    #[test]
    fn the_summary_counts_what_the_reports_say() {
        let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
        let profile = source("CloudProfile", examples::DEFAULT.cloud_profile);
        let fleet_report = analyze_fleet(profile, &fleet(), &options);
        let summary = &fleet_report.summary;
        assert_eq!(summary.shoots, 3);
        assert_eq!(summary.with_input_errors, 1, "the unreadable third Shoot");
        let forced: Vec<&FleetEntry> = fleet_report
            .reports
            .iter()
            .filter(|e| {
                e.report.timeline.as_ref().is_some_and(|t| {
                    t.events
                        .iter()
                        .any(|event| event.reason == UpdateReason::Force)
                })
            })
            .collect();
        assert_eq!(summary.facing_forced_update, forced.len());
        assert!(
            summary.facing_forced_update >= 1,
            "the example faces a forced update"
        );
        let next = summary.next_forced_update.as_ref().unwrap();
        let earliest = forced
            .iter()
            .flat_map(|e| &e.report.timeline.as_ref().unwrap().events)
            .filter(|event| event.reason == UpdateReason::Force)
            .map(|event| event.window_begin)
            .min()
            .unwrap();
        assert_eq!(next.window_begin, earliest);
        assert_eq!(summary.status_labels.values().sum::<usize>(), 2);
    }
}
