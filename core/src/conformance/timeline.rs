//! Conformance kind `timeline` (`tests/timeline/*.yaml`): shoot-policy's own update-timeline cases,
//! with expected dates worked out by hand from the maintenance rules.

use super::compare::to_value;
use super::{parse_instant, Case, Checker, Kind};
use crate::document::Value;
use crate::maintenance::{CloudProfile, Shoot};
use crate::timeline::{timeline, Component, TimelineEvent};
use crate::timewindow::MaintenanceTimeWindow;

pub const KINDS: &[Kind] = &[Kind {
    name: "timeline",
    check: check_timeline,
}];

/// The component as the case files write it.
fn component_name(component: &Component) -> String {
    match component {
        Component::ControlPlane => "control-plane".to_string(),
        Component::MachineImage { pool, .. } => format!("pool/{pool}/image"),
        Component::PoolKubernetes { pool } => format!("pool/{pool}/kubernetes"),
    }
}

fn event_value(event: &TimelineEvent) -> Value {
    serde_json::json!({
        "windowBegin": event.window_begin,
        "windowEnd": event.window_end,
        "component": component_name(&event.component),
        "from": event.from,
        "to": event.to,
        "reason": event.reason,
        "reasonMessage": event.reason_message,
        "nodes": event.node_impact.summary,
        "appliesFrom": event.applies_from,
        "probability": event.probability,
        "otherwise": event.otherwise,
    })
}

/// Compares two ordered lists: the same length, and each actual item matches the fields its expected
/// item lists.
fn ordered_subset(checker: &mut Checker, field: &str, expected: Option<&Value>, actual: &[Value]) {
    let Some(expected) = expected else {
        return;
    };
    let expected = expected.as_array().map(Vec::as_slice).unwrap_or(&[]);
    if expected.len() != actual.len() {
        checker.mismatch(
            &format!("{field} (count)"),
            format!(
                "{} items: {}",
                expected.len(),
                Value::Array(expected.to_vec())
            ),
            format!("{} items: {}", actual.len(), Value::Array(actual.to_vec())),
        );
        return;
    }
    for (index, (want, have)) in expected.iter().zip(actual).enumerate() {
        checker.subset(&format!("{field}[{index}]"), want, have);
    }
}

fn check_timeline(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let profile: CloudProfile = case.input("cloudProfile")?;
    let shoot: Shoot = case.input("shoot")?;
    let until = case
        .input_value("until")
        .as_str()
        .ok_or("input.until: expected an RFC 3339 instant")?;
    let window_of = |key: &str| {
        case.input_value("shoot")
            .pointer(&format!("/spec/maintenance/timeWindow/{key}"))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let (begin, end) = (window_of("begin"), window_of("end"));
    let window = MaintenanceTimeWindow::effective(begin.as_deref().zip(end.as_deref()));
    let result = timeline(&profile, &shoot, window, case.now()?, parse_instant(until)?)?;

    let events: Vec<Value> = result.events.iter().map(event_value).collect();
    ordered_subset(checker, "events", case.expect("events"), &events);
    let blocked: Vec<Value> = result
        .blocked
        .iter()
        .map(|b| {
            serde_json::json!({
                "windowBegin": b.window_begin,
                "component": component_name(&b.component),
                "version": b.version,
                "message": b.message,
            })
        })
        .collect();
    ordered_subset(checker, "blocked", case.expect("blocked"), &blocked);
    if let Some(expected) = case.expect("final") {
        let pools: serde_json::Map<String, Value> = result
            .final_state
            .pools
            .iter()
            .map(|pool| (pool.name.clone(), to_value(pool)))
            .collect();
        let actual = serde_json::json!({
            "kubernetesVersion": result.final_state.kubernetes_version,
            "pools": pools,
        });
        checker.subset("final", expected, &actual);
    }
    Ok(())
}
