//! Conformance kind `timeline` (`tests/timeline/*.yaml`): shoot-policy's own update-timeline cases,
//! with expected dates worked out by hand from the maintenance rules.

use super::compare::to_value;
use super::{parse_instant, Case, Checker, Kind};
use shoot_policy::document::Value;
use shoot_policy::maintenance::{CloudProfile, Shoot};
use shoot_policy::timeline::{timeline, Component, Timeline, TimelineEvent};
use shoot_policy::timewindow::MaintenanceTimeWindow;

pub const KINDS: &[Kind] = &[
    Kind {
        name: "timeline",
        check: check_timeline,
    },
    Kind {
        name: "timeline-reconcile",
        check: check_timeline_reconcile,
    },
];

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
        "appliesUntil": event.applies_until,
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

/// The case's timeline: its CloudProfile and Shoot until `input.until`, in the Shoot's effective
/// maintenance window.
fn timeline_of(case: &Case) -> Result<Timeline, String> {
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
    timeline(&profile, &shoot, window, case.now()?, parse_instant(until)?)
}

/// Kind `timeline-reconcile`: Gardener's maintenance reconciler run window by window (the oracle),
/// each run at the instant `input.sample` names, against the timeline.
///
/// `expect.events` lists what the runs changed, `{windowBegin, component, from, to}` in time order
/// (in a window: the control plane, then each pool's Kubernetes version and image). With `sample:
/// late` every run comes at the end of its window and sees every transition in it: the runs are
/// the timeline's events. With `sample: early` every run comes just after the begin: up to the
/// first window with an event the timeline marks uncertain (`appliesFrom`, `appliesUntil`), the
/// runs are the timeline's events; there the run makes the window's changes that apply from its
/// begin, and where a change it misses has a window it happens in otherwise, a run there makes
/// it. Later runs follow another course than the timeline's and are not compared.
fn check_timeline_reconcile(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let result = timeline_of(case)?;
    let sample: String = case.input("sample")?;
    let reconciled: Vec<Value> = match case.expect("events") {
        Some(Value::Array(events)) => events.clone(),
        _ => return Err("expect.events: not a list".to_string()),
    };
    let change = |event: &TimelineEvent| {
        serde_json::json!({
            "windowBegin": event.window_begin,
            "component": component_name(&event.component),
            "from": event.from,
            "to": event.to,
        })
    };
    match sample.as_str() {
        "late" => {
            // A change only a run before a transition makes is not the late run's.
            let events: Vec<Value> = (result.events.iter())
                .filter(|e| e.applies_until.is_none())
                .map(change)
                .collect();
            ordered_subset(checker, "events", Some(&Value::Array(reconciled)), &events);
        }
        "early" => {
            let uncertain = (result.events.iter())
                .position(|e| e.applies_from.is_some() || e.applies_until.is_some());
            let Some(index) = uncertain else {
                let events: Vec<Value> = result.events.iter().map(change).collect();
                ordered_subset(checker, "events", Some(&Value::Array(reconciled)), &events);
                return Ok(());
            };
            let event = &result.events[index];
            let window = event.window_begin;
            let at_or_before = |value: &&Value| {
                (value.get("windowBegin").and_then(Value::as_str))
                    .and_then(|t| parse_instant(t).ok())
                    .is_some_and(|t| t <= window)
            };
            // The runs up to and including the uncertain event's window: the timeline's events
            // there but those a run that early does not make.
            let ours: Vec<Value> = (result.events.iter())
                .filter(|e| {
                    e.window_begin < window
                        || (e.window_begin == window && e.applies_from.is_none())
                })
                .map(change)
                .collect();
            let theirs: Vec<Value> = reconciled.iter().filter(at_or_before).cloned().collect();
            ordered_subset(
                checker,
                "events (early runs)",
                Some(&Value::Array(theirs)),
                &ours,
            );
            // Gardener's side runs no window after the horizon: an `otherwise` there is the
            // timeline's alone.
            let otherwise = (event.otherwise.as_ref()).filter(|o| o.window_begin <= result.until);
            if let Some(otherwise) = otherwise {
                let mut expected = change(event);
                expected["windowBegin"] = serde_json::json!(otherwise.window_begin);
                // The run there starts from what the earlier run left, so only the target is
                // the timeline's: `from` is not compared.
                let made = |v: &Value| {
                    ["windowBegin", "component", "to"].iter().all(|key| {
                        let (a, b) = (v.get(*key), expected.get(*key));
                        match (key, a.and_then(Value::as_str), b.and_then(Value::as_str)) {
                            (&"windowBegin", Some(a), Some(b)) => {
                                parse_instant(a).ok() == parse_instant(b).ok()
                            }
                            _ => a == b,
                        }
                    })
                };
                if !reconciled.iter().any(made) {
                    checker.mismatch(
                        "otherwise",
                        format!("no run making {expected}"),
                        format!("the timeline makes it there: {expected}"),
                    );
                }
            }
        }
        other => return Err(format!("input.sample: {other:?} is neither early nor late")),
    }
    Ok(())
}

fn check_timeline(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let result = timeline_of(case)?;

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
