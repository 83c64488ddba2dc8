//! The summary card: the few facts a user wants first, as a pure view model.

use crate::format;
use crate::timeline::model::{EventKind, Timeline};
use chrono::{DateTime, Utc};
use leptos::prelude::*;
use shoot_policy::report::{Report, Severity};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Good,
    Warn,
    Bad,
    Neutral,
}

impl Tone {
    fn class(self) -> &'static str {
        match self {
            Tone::Good => "fact good",
            Tone::Warn => "fact warn",
            Tone::Bad => "fact bad",
            Tone::Neutral => "fact",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    pub label: &'static str,
    pub value: String,
    pub tone: Tone,
}

/// The summary's facts, in display order.
pub fn facts(report: &Report, timeline: Option<&Timeline>, now: DateTime<Utc>) -> Vec<Fact> {
    let mut facts = Vec::new();
    let fact = |label, value: String, tone| Fact { label, value, tone };
    let events: Vec<(&str, &crate::timeline::model::Event)> = timeline
        .map(|t| {
            let mut all: Vec<_> = t
                .lanes
                .iter()
                .flat_map(|l| l.events.iter().map(move |e| (l.label.as_str(), e)))
                .collect();
            shoot_policy::sorting::sort_by_key(&mut all, |(_, e)| e.at);
            all
        })
        .unwrap_or_default();
    let describe = |(lane, event): &(&str, &crate::timeline::model::Event)| {
        format!(
            "{lane} {} → {} on {} ({})",
            event.from,
            event.to,
            format::date_time(event.at),
            format::countdown(now, event.at)
        )
    };
    if let Some(status) = &report.status {
        let label = status.label.label;
        let tone = match label.as_str() {
            "healthy" => Tone::Good,
            "progressing" => Tone::Neutral,
            "unhealthy" => Tone::Bad,
            _ => Tone::Warn,
        };
        facts.push(fact(
            "Status",
            format!(
                "{}: {}",
                label.as_str(),
                status.label.derivation.explanation
            ),
            tone,
        ));
    }
    if timeline.is_some() {
        let forced = events.iter().find(|(_, e)| e.kind == EventKind::Force);
        facts.push(match forced {
            Some(event) => fact("Next forced update", describe(event), Tone::Warn),
            None => fact("Next forced update", "none due".to_string(), Tone::Good),
        });
        if let Some((lane, event)) = events.iter().find(|(_, e)| e.kind == EventKind::Blocked) {
            facts.push(fact(
                "Forced update blocked",
                format!("{lane} stays on {}: {}", event.from, event.reason),
                Tone::Bad,
            ));
        }
        if let Some(event) = events.iter().find(|(_, e)| e.kind == EventKind::Auto) {
            facts.push(fact(
                "Next automatic update",
                describe(event),
                Tone::Neutral,
            ));
        }
    }
    if let Some(window) = &report.maintenance_window {
        facts.push(fact(
            "Next maintenance window",
            format!(
                "{} ({})",
                format::date_time(window.next_begin),
                format::countdown(now, window.next_begin)
            ),
            Tone::Neutral,
        ));
    }
    if let Some(hibernation) = &report.hibernation {
        let possible = &hibernation.webhooks.hibernation_possible;
        facts.push(if possible.status == "True" {
            fact("Hibernation", "possible".to_string(), Tone::Good)
        } else {
            fact(
                "Hibernation",
                format!("not possible: {}", possible.message),
                Tone::Bad,
            )
        });
        if hibernation.hibernated_during_next_maintenance_window {
            facts.push(fact(
                "Maintenance",
                "the Shoot may be hibernated during its next maintenance window, so updates cannot run then"
                    .to_string(),
                Tone::Warn,
            ));
        }
    }
    let problems = report.validation.problems.len();
    facts.push(fact(
        "Validation problems",
        problems.to_string(),
        if problems == 0 { Tone::Good } else { Tone::Bad },
    ));
    let errors = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    if errors > 0 {
        facts.push(fact("Input errors", errors.to_string(), Tone::Bad));
    }
    facts
}

#[component]
pub fn Summary(facts: Signal<Vec<Fact>>) -> impl IntoView {
    view! {
        <section class="card summary" aria-label="Summary" aria-live="polite">
            <h2>"Summary"</h2>
            <dl class="facts">
                {move || facts.get().into_iter().map(|f| view! {
                    <div class=f.tone.class()><dt>{f.label}</dt><dd>{f.value}</dd></div>
                }).collect_view()}
            </dl>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::Inputs;
    use shoot_policy::report::{analyze, AnalyzeOptions};

    #[test]
    fn the_default_example_names_the_forced_update_with_date_and_countdown() {
        let now: DateTime<Utc> = "2026-11-22T00:00:00Z".parse().unwrap();
        let inputs = Inputs::from_example(&shoot_policy::examples::DEFAULT);
        let report = analyze(&inputs.sources(), &AnalyzeOptions::at(now));
        let timeline = crate::timeline::adapter::from_report(
            &report,
            &crate::timeline::adapter::ProfileVersions::read(&inputs.cloud_profile),
            now,
        );
        let facts = facts(&report, timeline.as_ref(), now);
        let forced = facts
            .iter()
            .find(|f| f.label == "Next forced update")
            .unwrap();
        assert_eq!(
            forced.value,
            "Control plane 1.31.13 → 1.32.9 on 2026-11-22 21:00 UTC (in 21 hours)"
        );
        assert!(facts
            .iter()
            .any(|f| f.label == "Hibernation" && f.value == "possible"));
        assert!(facts.iter().any(|f| f.label == "Validation problems"));
        let status = facts.iter().find(|f| f.label == "Status").unwrap();
        assert!(status.value.starts_with("healthy: "), "{}", status.value);
    }
}
