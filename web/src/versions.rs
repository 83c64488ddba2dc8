//! The CloudProfile's version matrix at the evaluation time, with the Shoot's current versions, the
//! targets of the maintenance run at that time, and every version an automatic or forced update of
//! the Shoot's current versions could select (computed by the core).

use crate::format;
use leptos::prelude::*;
use shoot_policy::maintenance::{EligibleUpdates, MaintenanceOutcome, UpdateReason, VersionUpdate};
use shoot_policy::report::{ClassifiedVersion, Report};
use std::sync::Arc;

/// Notes for one version row: "in use", "auto-update target", "forced-update target".
pub fn notes(
    outcome: Option<&MaintenanceOutcome>,
    image: Option<&str>,
    version: &str,
) -> Vec<String> {
    let Some(outcome) = outcome else {
        return Vec::new();
    };
    let updates: Vec<(String, &VersionUpdate)> = match image {
        None => std::iter::once(("control plane".to_string(), &outcome.kubernetes))
            .chain(outcome.workers.iter().filter_map(|w| {
                w.kubernetes
                    .as_ref()
                    .map(|k| (format!("pool {}", w.name), k))
            }))
            .collect(),
        Some(image) => outcome
            .workers
            .iter()
            .filter(|w| w.image_name == image)
            .map(|w| (format!("pool {}", w.name), &w.image))
            .collect(),
    };
    let mut notes = Vec::new();
    for (who, update) in updates {
        if update.from == version {
            notes.push(format!("in use by {who}"));
        }
        if update.to == version && update.from != update.to {
            notes.push(match update.reason {
                UpdateReason::Force => format!("forced-update target for {who}"),
                _ => format!("auto-update target for {who}"),
            });
        }
        if update.failed && update.from == version {
            notes.push(format!("no update target for {who}"));
        }
    }
    notes
}

/// What `version` is eligible for: "auto update of control plane", "forced update of pool general".
pub fn eligibility(
    eligible: &[EligibleUpdates],
    image: Option<&str>,
    version: &str,
) -> Vec<String> {
    let mut found = Vec::new();
    for entry in eligible.iter().filter(|e| e.image.as_deref() == image) {
        let who = match (&entry.pool, image) {
            (None, _) => "control plane".to_string(),
            (Some(pool), Some(_)) => format!("pool {pool}"),
            (Some(pool), None) => format!("pool {pool} Kubernetes"),
        };
        if entry.auto.iter().any(|v| v == version) {
            found.push(format!("auto update of {who}"));
        }
        if entry.force.iter().any(|v| v == version) {
            found.push(format!("forced update of {who}"));
        }
    }
    found
}

#[component]
pub fn VersionMatrix(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| {
            let matrix = r.versions.clone()?;
            let outcome = r.maintenance_now.clone();
            let eligible = matrix.eligible_updates.clone();
            let table = move |image: Option<String>, versions: Vec<ClassifiedVersion>| {
                let label = match &image {
                    Some(name) => format!("Versions of machine image {name}"),
                    None => "Kubernetes versions".to_string(),
                };
                let rows = versions.into_iter().map(|v| {
                    let notes = notes(outcome.as_ref(), image.as_deref(), &v.version);
                    let eligible_for = eligibility(&eligible, image.as_deref(), &v.version);
                    let class = format!("badge {}", v.classification);
                    let row_class = if notes.is_empty() { "" } else { "highlight" };
                    view! {
                        <tr class=row_class>
                            <td>{v.version}</td>
                            <td><span class=class>{v.classification.to_string()}</span></td>
                            <td>{v.expires.map(format::date).unwrap_or_default()}</td>
                            <td>{notes.join("; ")}</td>
                            <td class="eligible">{eligible_for.join("; ")}</td>
                        </tr>
                    }
                }).collect_view();
                view! {
                    <div class="table-scroll" tabindex="0" role="group" aria-label=label><table>
                        <thead><tr><th>"Version"</th><th>"Classification"</th><th>"Expires"</th><th>"Shoot"</th><th>"Eligible for"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table></div>
                }
            };
            let images = matrix.machine_images.into_iter().map(|image| {
                let title = format!("Machine image {}", image.name);
                view! { <h3>{title}</h3>{table(Some(image.name), image.versions)} }
            }).collect_view();
            Some(view! {
                <section class="card" aria-label="Version matrix">
                    <h2>"CloudProfile versions at the evaluation time"</h2>
                    <p class="muted">"Eligible for: every version Gardener's search could select for the Shoot's current version (the one it picks now is marked as the target). An automatic update needs auto-update enabled in the Shoot; a forced update happens only when the current version is expired or missing."</p>
                    <h3>"Kubernetes"</h3>
                    {table(None, matrix.kubernetes)}
                    {images}
                </section>
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::report::{analyze, AnalyzeOptions};

    #[test]
    fn marks_current_versions_and_targets() {
        let now = "2026-11-22T00:00:00Z".parse().unwrap();
        let inputs = crate::inputs::Inputs::from_example(&shoot_policy::examples::DEFAULT);
        let report = analyze(&inputs.sources(), &AnalyzeOptions::at(now));
        let outcome = report.maintenance_now.as_ref();
        assert_eq!(notes(outcome, None, "1.31.13"), ["in use by control plane"]);
        assert_eq!(
            notes(outcome, None, "1.32.9"),
            ["forced-update target for control plane"]
        );
        assert!(notes(outcome, None, "1.33.5").is_empty());
        assert!(notes(outcome, Some("gardenlinux"), "1592.14.0")
            .contains(&"in use by pool general".to_string()));
    }

    #[test]
    fn marks_every_eligible_version_not_only_the_target() {
        let now = "2026-11-22T00:00:00Z".parse().unwrap();
        let inputs = crate::inputs::Inputs::from_example(&shoot_policy::examples::DEFAULT);
        let report = analyze(&inputs.sources(), &AnalyzeOptions::at(now));
        let eligible = &report.versions.as_ref().unwrap().eligible_updates;
        let forced: Vec<&str> = report
            .versions
            .as_ref()
            .unwrap()
            .kubernetes
            .iter()
            .map(|v| v.version.as_str())
            .filter(|v| {
                eligibility(eligible, None, v)
                    .contains(&"forced update of control plane".to_string())
            })
            .collect();
        // The run's target 1.32.9 and the other versions of the consecutive minor.
        assert!(forced.contains(&"1.32.9") && forced.len() > 1, "{forced:?}");
        assert!(forced.iter().all(|v| v.starts_with("1.32.")), "{forced:?}");
    }
}
