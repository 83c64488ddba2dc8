//! Roll triggers per pool (from the previous Shoot to the Shoot) and each pool's rollout shape.

use leptos::prelude::*;
use shoot_policy::report::Report;
use shoot_policy::rollout::UpdateKind;
use std::sync::Arc;

pub fn update_text(kind: UpdateKind) -> &'static str {
    match kind {
        UpdateKind::Rolling => "rolling update (nodes replaced)",
        UpdateKind::InPlace => "in-place update",
        UpdateKind::None => "no node update",
    }
}

/// "changed: .spec.provider.workers[general].machine.type: m5.large → m5.xlarge".
pub fn change_text(change: &shoot_policy::rollout::FieldChange) -> String {
    format!("changed: {}: {}", change.field, change.values())
}

#[component]
pub fn Rollout(report: Memo<Arc<Report>>) -> impl IntoView {
    move || {
        report.with(|r| {
            if r.rollout_shapes.is_empty() && r.roll_triggers.is_none() {
                return None;
            }
            let triggers = r.roll_triggers.as_ref().map(|t| {
                t.workers.iter().map(|(pool, trigger)| {
                    let mut text = format!("{pool}: {}", update_text(trigger.update));
                    if trigger.new_pool {
                        text.push_str(" (new pool)");
                    }
                    if trigger.provider_dependent {
                        text.push_str(" (the provider extension may still update it)");
                    }
                    let class = format!("pool-trigger {}", serde_json::to_value(trigger.update).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default());
                    // Each cause with its values before and after where the report has them.
                    let changes: Vec<String> = if trigger.changes.is_empty() {
                        trigger.causes.iter().map(|cause| format!("changed: {cause}")).collect()
                    } else {
                        trigger.changes.iter().map(change_text).collect()
                    };
                    view! {
                        <li class=class><strong>{text}</strong>
                            {changes.into_iter().map(|change| view! { <div class="muted">{change}</div> }).collect_view()}
                        </li>
                    }
                }).collect_view()
            });
            // Every other change seen, so that "no roll" is not read as "not seen".
            let without_roll: Vec<String> = (r.roll_triggers.iter())
                .flat_map(|t| t.without_roll.iter().map(change_text))
                .collect();
            let without_roll = (!without_roll.is_empty()).then(|| view! {
                <p class="muted">"Changed, rolls no pool:"</p>
                <ul class="without-roll">
                    {without_roll.into_iter().map(|change| view! { <li>{change}</li> }).collect_view()}
                </ul>
            });
            let triggers = match triggers {
                Some(list) => view! { <ul>{list}</ul> {without_roll} }.into_any(),
                None => view! { <p class="muted">"Paste the Shoot as it was before your change into “Previous Shoot” to see which pools roll."</p> }.into_any(),
            };
            let shapes = r.rollout_shapes.iter().map(|(pool, shape)| {
                let at = nodes_at_a_time;
                view! {
                    <tr><td>{pool.clone()}</td><td>{shape.update_strategy.clone()}</td>
                        <td>{at(&shape.at_minimum)}</td><td>{at(&shape.at_maximum)}</td></tr>
                }
            }).collect_view();
            Some(view! {
                <section class="card" aria-label="Roll triggers">
                    <h2>"Worker pools: roll triggers and rollout"</h2>
                    {triggers}
                    <div class="table-scroll" tabindex="0" role="group" aria-label="Rollout per pool"><table>
                        <thead><tr><th>"Pool"</th><th>"Strategy"</th><th>"At minimum size"</th><th>"At maximum size"</th></tr></thead>
                        <tbody>{shapes}</tbody>
                    </table></div>
                </section>
            })
        })
    }
}

/// "3 nodes: 1 new and 0 unavailable at a time". machine-controller-manager never creates more
/// new machines, nor drains more, than the pool has replicas, whatever `maxSurge` says.
fn nodes_at_a_time(n: &shoot_policy::rollout::shape::NodesAtATime) -> String {
    let nodes = match n.replicas {
        ..=0 => return "no node to replace".to_string(),
        1 => "1 node".to_string(),
        count => format!("{count} nodes"),
    };
    let surge = n.surge.min(n.replicas);
    let unavailable = n.unavailable.min(n.replicas);
    format!("{nodes}: {surge} new and {unavailable} unavailable at a time")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::rollout::FieldChange;

    #[test]
    fn nodes_at_a_time_are_capped_by_the_replicas() {
        use shoot_policy::rollout::shape::NodesAtATime;
        let at = |replicas, surge, unavailable| {
            nodes_at_a_time(&NodesAtATime {
                replicas,
                surge,
                unavailable,
            })
        };
        assert_eq!(at(1, 2, 0), "1 node: 1 new and 0 unavailable at a time");
        assert_eq!(at(3, 1, 0), "3 nodes: 1 new and 0 unavailable at a time");
        assert_eq!(at(0, 1, 0), "no node to replace");
    }

    #[test]
    fn a_change_reads_old_to_new_and_names_an_unset_side() {
        let change = FieldChange {
            field: ".spec.provider.workers[general].machine.type".to_string(),
            old: Some("m5.large".to_string()),
            new: None,
        };
        assert_eq!(
            change_text(&change),
            "changed: .spec.provider.workers[general].machine.type: m5.large → (unset)"
        );
    }
}
