//! Renders the report. No policy decisions here: only presentation of what the core computed.

use leptos::prelude::*;
use shoot_policy::report::{Report, Severity};

#[component]
pub fn ReportView(report: Memo<Report>) -> impl IntoView {
    view! {
        <Summary report=report />
        <MaintenanceWindow report=report />
        <VersionMatrix report=report />
        <Objects report=report />
    }
}

#[component]
fn Summary(report: Memo<Report>) -> impl IntoView {
    let errors = move || {
        report.with(|r| {
            r.diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count()
        })
    };
    view! {
        <section class="card summary" aria-label="Summary">
            <h2>"Summary"</h2>
            <p>{move || format!("{} objects recognised, {} input errors", report.with(|r| r.objects.len()), errors())}</p>
        </section>
    }
}

#[component]
fn MaintenanceWindow(report: Memo<Report>) -> impl IntoView {
    move || {
        report.with(|r| r.maintenance_window.clone()).map(|window| {
            view! {
                <section class="card" aria-label="Maintenance window">
                    <h2>"Maintenance window"</h2>
                    <p>{format!("Effective window {}–{} UTC{}", window.begin, window.end,
                        if window.always { " (no window configured: any time)" } else { "" })}</p>
                    <p>{format!("Next window: {} to {}", window.next_begin.format("%Y-%m-%d %H:%M UTC"), window.next_end.format("%Y-%m-%d %H:%M UTC"))}</p>
                </section>
            }
        })
    }
}

#[component]
fn VersionMatrix(report: Memo<Report>) -> impl IntoView {
    move || {
        report.with(|r| r.versions.clone()).map(|matrix| {
            let row = |v: shoot_policy::report::ClassifiedVersion| {
                let class = format!("badge {}", v.classification);
                view! {
                    <tr>
                        <td>{v.version}</td>
                        <td><span class=class>{v.classification.to_string()}</span></td>
                        <td>{v.expires.map(|e| e.format("%Y-%m-%d").to_string()).unwrap_or_default()}</td>
                    </tr>
                }
            };
            view! {
                <section class="card" aria-label="Version matrix">
                    <h2>"CloudProfile versions at the evaluation time"</h2>
                    <h3>"Kubernetes"</h3>
                    <table><thead><tr><th>"Version"</th><th>"Classification"</th><th>"Expires"</th></tr></thead>
                        <tbody>{matrix.kubernetes.into_iter().map(row).collect_view()}</tbody></table>
                    {matrix.machine_images.into_iter().map(|image| view! {
                        <h3>{format!("Machine image {}", image.name)}</h3>
                        <table><thead><tr><th>"Version"</th><th>"Classification"</th><th>"Expires"</th></tr></thead>
                            <tbody>{image.versions.into_iter().map(row).collect_view()}</tbody></table>
                    }).collect_view()}
                </section>
            }
        })
    }
}

#[component]
fn Objects(report: Memo<Report>) -> impl IntoView {
    view! {
        <section class="card" aria-label="Recognised objects">
            <h2>"Recognised objects"</h2>
            <ul>
                {move || report.with(|r| r.objects.clone()).into_iter().map(|o| {
                    view! { <li>{format!("{} {} (from {})", o.kind, o.name, o.source)}</li> }
                }).collect_view()}
            </ul>
        </section>
    }
}
