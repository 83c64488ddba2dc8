//! Conformance kinds of the hibernation area (schema: spec/status.md §0, rules §12).

use super::{parse_instant, Case, Checker, Kind};
use chrono::{DateTime, Utc};
use shoot_policy::document::Value;
use shoot_policy::duration;
use shoot_policy::hibernation::{
    check_hibernation_admission, hibernated_during_next_maintenance_window, hibernation_action,
    parse_schedules, HibernationControllerConfig, HibernationSchedule, Operation, ParsedSchedule,
    Shoot,
};

pub const KINDS: &[Kind] = &[
    Kind {
        name: "hibernation-schedule-parse",
        check: schedule_parse,
    },
    Kind {
        name: "hibernation-schedule-next",
        check: schedule_next,
    },
    Kind {
        name: "hibernation-schedule-previous",
        check: schedule_previous,
    },
    Kind {
        name: "hibernation-schedule",
        check: controller,
    },
    Kind {
        name: "hibernation-maintenance-overlap",
        check: maintenance_overlap,
    },
    Kind {
        name: "hibernation-admission",
        check: admission,
    },
];

fn schedule_parse(case: &Case, checker: &mut Checker) -> Result<(), String> {
    // `null` is Go's nil slice, which parses to no entries.
    let schedules: Vec<HibernationSchedule> = case
        .input::<Option<Vec<HibernationSchedule>>>("schedules")?
        .unwrap_or_default();
    let parsed = parse_schedules(&schedules);
    checker.field("error", parsed.is_err());
    let entries = parsed.unwrap_or_default();
    let operations: Vec<Operation> = entries.iter().map(|e| e.operation).collect();
    let locations: Vec<&str> = entries.iter().map(|e| e.location.name()).collect();
    checker.field("operations", operations);
    checker.field("locations", locations);
    Ok(())
}

fn schedule_next(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let entry = single_entry(case)?;
    instant_field(checker, "next", entry.next(case.now()?))
}

fn schedule_previous(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let entry = single_entry(case)?;
    let from = parse_instant(&case.input::<String>("from")?)?;
    let to = parse_instant(&case.input::<String>("to")?)?;
    instant_field(checker, "previous", entry.previous(from, to))
}

/// The entry of `input.schedule` for `input.operation` (the first entry when no operation is given).
fn single_entry(case: &Case) -> Result<ParsedSchedule, String> {
    let schedule: HibernationSchedule = case.input("schedule")?;
    let operation: Option<Operation> = case.input("operation")?;
    let parsed = parse_schedules(&[schedule]).map_err(|e| format!("input.schedule: {e}"))?;
    parsed
        .into_iter()
        .find(|entry| operation.is_none_or(|op| entry.operation == op))
        .ok_or_else(|| "input.schedule has no entry for the operation".to_string())
}

fn controller(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    let config: HibernationControllerConfig =
        case.input::<Option<_>>("config")?.unwrap_or_default();
    let version: String = case.input("controllerVersion")?;
    let decision = hibernation_action(&shoot, &config, &version, case.now()?)?;
    checker.field("action", decision.action);
    checker.field("hibernationEnabled", decision.hibernation_enabled);
    instant_field(
        checker,
        "lastHibernationTriggerTime",
        decision.last_hibernation_trigger_time,
    )?;
    instant_field(checker, "nextScheduleTime", decision.next_schedule_time)?;
    if let Some(expected) = checker.expect().get("requeueAfter") {
        let text = expected
            .as_str()
            .ok_or("expect.requeueAfter: not a string")?;
        if duration::parse(text)? != decision.requeue_after {
            checker.mismatch(
                "requeueAfter",
                text.to_string(),
                duration::format(decision.requeue_after),
            );
        }
    }
    Ok(())
}

fn maintenance_overlap(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let shoot: Shoot = case.input("shoot")?;
    checker.field(
        "hibernatedDuringNextMaintenanceWindow",
        hibernated_during_next_maintenance_window(&shoot, case.now()?),
    );
    Ok(())
}

fn admission(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let old_shoot: Shoot = case.input("oldShoot")?;
    let shoot: Shoot = case.input("shoot")?;
    let result = check_hibernation_admission(&old_shoot, &shoot);
    checker.field("allowed", result.is_ok());
    if let Some(expected) = checker.expect().get("errorContains") {
        let message = result
            .err()
            .map(|denial| denial.message)
            .unwrap_or_default();
        checker.contains("errorContains", expected, &message);
    }
    Ok(())
}

/// Compares an expected instant (RFC 3339 text or `null`) by value, not by spelling.
fn instant_field(
    checker: &mut Checker,
    name: &str,
    actual: Option<DateTime<Utc>>,
) -> Result<(), String> {
    let Some(expected) = checker.expect().get(name) else {
        return Ok(());
    };
    let expected_instant = match expected {
        Value::Null => None,
        Value::String(text) => Some(parse_instant(text)?),
        other => return Err(format!("expect.{name}: not an instant: {other}")),
    };
    if expected_instant != actual {
        let show = |t: Option<DateTime<Utc>>| t.map_or("null".to_string(), |t| t.to_rfc3339());
        checker.mismatch(name, show(expected_instant), show(actual));
    }
    Ok(())
}
