//! "Will Gardener accept this change?", asked as a user would: the AWS provider's documented
//! CloudProfile and Shoot (`tests/real-world/aws-docs/`), then updates of the Shoot that Gardener
//! refuses, each through `report --previous-shoot … --fail-on invalid`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

const NOW: &str = "2026-11-22T00:00:00Z";

fn real_world(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/real-world/aws-docs")
        .join(name)
}

fn documented_shoot() -> String {
    std::fs::read_to_string(real_world("shoot.yaml")).unwrap()
}

/// A file of this test's own, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("shoot-policy-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn report(shoot: &Path, previous: Option<&Path>) -> Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_shoot-policy"));
    command
        .args([
            "report",
            "--format",
            "json",
            "--now",
            NOW,
            "--fail-on",
            "invalid",
            "--cloud-profile",
        ])
        .arg(real_world("cloudprofile.yaml"))
        .arg("--shoot")
        .arg(shoot);
    if let Some(previous) = previous {
        command.arg("--previous-shoot").arg(previous);
    }
    command.output().unwrap()
}

/// The problems of a report, as `field [type]: detail`.
fn problems(output: &Output) -> Vec<String> {
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&output.stderr));
    });
    report["validation"]["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{} [{}]: {}",
                p["field"].as_str().unwrap(),
                p["type"].as_str().unwrap(),
                p["detail"].as_str().unwrap()
            )
        })
        .collect()
}

/// The documented Shoot with `from` replaced by `to` (once), reported as an update of it.
fn update(name: &str, from: &str, to: &str) -> (Option<i32>, Vec<String>) {
    let old_text = documented_shoot();
    assert_eq!(
        old_text.matches(from).count(),
        1,
        "{from:?} is not in the Shoot once"
    );
    let old = TempFile::new(&format!("{name}-old.yaml"), &old_text);
    let new = TempFile::new(&format!("{name}-new.yaml"), &old_text.replacen(from, to, 1));
    let output = report(&new.0, Some(&old.0));
    (output.status.code(), problems(&output))
}

#[test]
fn the_documented_shoot_is_accepted() {
    let output = report(&real_world("shoot.yaml"), None);
    assert_eq!(problems(&output), Vec::<String>::new());
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn an_unoffered_machine_type_is_refused() {
    let (code, problems) = update("machine-type", "type: m5.large", "type: m5.4xlarge");
    assert_eq!(code, Some(1));
    assert_eq!(
        problems,
        ["spec.provider.workers[0].machine.type [FieldValueNotSupported]: supported values: \"m5.large\""]
    );
}

#[test]
fn a_zone_outside_the_region_is_refused() {
    let (code, problems) = update(
        "zone",
        "      - eu-central-1a\n  networking",
        "      - eu-west-1a\n  networking",
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        problems,
        ["spec.provider.workers[0].zones[0] [FieldValueNotSupported]: supported values: \"eu-central-1a\", \"eu-central-1b\", \"eu-central-1c\""]
    );
}

#[test]
fn a_ten_minute_maintenance_window_is_refused() {
    let (code, problems) = update(
        "window",
        "  maintenance:\n",
        "  maintenance:\n    timeWindow:\n      begin: 220000+0000\n      end: 221000+0000\n",
    );
    assert_eq!(code, Some(1));
    assert_eq!(
        problems,
        ["spec.maintenance.timeWindow [FieldValueInvalid]: time window must not be smaller than 30m0s"]
    );
}

#[test]
fn a_changed_provider_type_is_refused() {
    let (code, problems) = update("provider-type", "    type: aws\n", "    type: gcp\n");
    assert_eq!(code, Some(1));
    // The API server's validation refuses the change before the ShootValidator would compare
    // the type with the CloudProfile's.
    assert_eq!(
        problems,
        ["spec.provider.type [FieldValueInvalid]: field is immutable"]
    );
}

#[test]
fn at_most_six_families_are_not_modelled() {
    let old = TempFile::new("scope-old.yaml", &documented_shoot());
    let output = report(&real_world("shoot.yaml"), Some(&old.0));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let not_modelled: Vec<&str> = report["validation"]["scope"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|family| family["state"] == "notModelled")
        .map(|family| family["id"].as_str().unwrap())
        .collect();
    assert!(not_modelled.len() <= 6, "{not_modelled:?}");
}
