//! Conformance kinds of `maintenance.yaml` (schema: spec/maintenance.md §0).

use super::{Case, Checker, Kind};
use serde::Deserialize;
use shoot_policy::decode::FromValue;
use shoot_policy::duration;
use shoot_policy::lifecycle::{duration_until_next_transition, ExpirableVersion};
use shoot_policy::timewindow::MaintenanceTimeWindow;

pub const KINDS: &[Kind] = &[
    Kind {
        name: "classification",
        check: classification,
    },
    Kind {
        name: "next-transition",
        check: next_transition,
    },
    Kind {
        name: "time-window",
        check: time_window,
    },
];

fn classification(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let version: ExpirableVersion = case.input("version")?;
    checker.field("classification", version.classification_at(case.now()?));
    Ok(())
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default, rename_all = "camelCase")]
struct VersionsOnlySpec {
    kubernetes: KubernetesVersions,
    machine_images: Vec<ImageVersions>,
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct KubernetesVersions {
    versions: Vec<ExpirableVersion>,
}

#[derive(Deserialize, Default, FromValue)]
#[serde(default)]
struct ImageVersions {
    versions: Vec<ExpirableVersion>,
}

fn next_transition(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let spec: VersionsOnlySpec = case.input("cloudProfileSpec")?;
    let all = spec
        .kubernetes
        .versions
        .iter()
        .chain(spec.machine_images.iter().flat_map(|image| &image.versions));
    let actual = duration_until_next_transition(all, case.now()?);
    if let Some(expected) = checker.expect().get("duration") {
        let expected_text = expected.as_str().ok_or("expect.duration: not a string")?;
        if duration::parse(expected_text)? != actual {
            checker.mismatch(
                "duration",
                expected_text.to_string(),
                duration::format(actual),
            );
        }
    }
    Ok(())
}

#[derive(Deserialize, FromValue)]
struct TimeWindowSpec {
    begin: String,
    end: String,
}

#[derive(Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
struct MaintenanceSpec {
    time_window: Option<TimeWindowSpec>,
}

fn time_window(case: &Case, checker: &mut Checker) -> Result<(), String> {
    let op: String = case.input("op")?;
    let now = case.now()?;
    let raw_window = || -> Result<MaintenanceTimeWindow, String> {
        let window: TimeWindowSpec = case.input("timeWindow")?;
        MaintenanceTimeWindow::parse(&window.begin, &window.end)
    };
    match op.as_str() {
        "effective-window" => {
            let maintenance: Option<MaintenanceSpec> = case.input("maintenance")?;
            let window = maintenance.and_then(|m| m.time_window);
            let effective = MaintenanceTimeWindow::effective(
                window.as_ref().map(|w| (w.begin.as_str(), w.end.as_str())),
            );
            checker.field("begin", effective.begin.to_string());
            checker.field("end", effective.end.to_string());
        }
        "raw-contains" => checker.field("contains", raw_window()?.contains(now)),
        "delay-until-next" => {
            let (begin, end) = raw_window()?.next_occurrence(now);
            for (name, actual) in [("earliest", begin - now), ("latest", end - now)] {
                if let Some(expected) = checker.expect().get(name).and_then(|v| v.as_str()) {
                    if duration::parse(expected)? != actual {
                        checker.mismatch(name, expected.to_string(), duration::format(actual));
                    }
                }
            }
        }
        other => return Err(format!("input.op: unknown time-window operation {other:?}")),
    }
    Ok(())
}
