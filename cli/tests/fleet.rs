//! `fleet`: each Shoot's report is the one `report` gives for it, the summary counts them, and an
//! unreadable Shoot is named on its line and makes the exit code 2.

use shoot_policy::examples;
use std::path::PathBuf;
use std::process::Command;

const NOW: &str = "2026-11-22T00:00:00Z";

fn write(dir: &std::path::Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The CLI at the fixed evaluation instant, with plain text.
fn shoot_policy(command: &str) -> Command {
    let mut cli = Command::new(env!("CARGO_BIN_EXE_shoot-policy"));
    cli.args([command, "--now", NOW]).env("NO_COLOR", "1");
    cli
}

#[test]
fn fleet_reports_are_the_single_reports_and_the_summary_counts_them() {
    let dir = std::env::temp_dir().join(format!("shoot-policy-fleet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile = write(&dir, "cloudprofile.yaml", examples::DEFAULT.cloud_profile);
    let first = write(&dir, "payments.yaml", examples::DEFAULT.shoot);
    let second = write(
        &dir,
        "invoices.yaml",
        &examples::DEFAULT
            .shoot
            .replacen("name: payments", "name: invoices", 1),
    );
    let broken = write(&dir, "broken.yaml", "spec: [\n");

    let fleet = shoot_policy("fleet")
        .args(["--format", "json", "--cloud-profile"])
        .args([&profile, &first, &second])
        .output()
        .unwrap();
    assert!(
        fleet.status.success(),
        "{}",
        String::from_utf8_lossy(&fleet.stderr)
    );
    let fleet: serde_json::Value = serde_json::from_slice(&fleet.stdout).unwrap();
    let single = shoot_policy("report")
        .args(["--format", "json", "--cloud-profile"])
        .arg(&profile)
        .arg("--shoot")
        .arg(&second)
        .output()
        .unwrap();
    let single: serde_json::Value = serde_json::from_slice(&single.stdout).unwrap();
    assert_eq!(fleet["reports"][1]["shoot"], "invoices");
    assert_eq!(
        fleet["reports"][1]["report"]["timeline"],
        single["timeline"]
    );
    assert_eq!(fleet["reports"][1]["report"]["status"], single["status"]);
    assert_eq!(fleet["summary"]["shoots"], 2);
    let forced = usize::from(
        single["timeline"]["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|event| event["reason"] == "force"),
    );
    assert_eq!(fleet["summary"]["facingForcedUpdate"], 2 * forced);

    let text = shoot_policy("fleet")
        .arg("--cloud-profile")
        .args([&profile, &first, &broken])
        .output()
        .unwrap();
    assert_eq!(text.status.code(), Some(2));
    let stdout = String::from_utf8(text.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("payments: healthy, forced update of "),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with(&format!("{}: unreadable: ", broken.display())),
        "{stdout}"
    );
    assert!(stdout.contains("\nShoots: 2, "), "{stdout}");
    assert!(stdout.contains(", unreadable: 1\n"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_shoot_of_a_list_gets_a_line() {
    let dir = std::env::temp_dir().join(format!("shoot-policy-fleet-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile = write(&dir, "cloudprofile.yaml", examples::DEFAULT.cloud_profile);
    let renamed = examples::DEFAULT
        .shoot
        .replacen("name: payments", "name: invoices", 1);
    let list = examples::as_list(&[examples::DEFAULT.shoot, renamed.as_str()]);
    let shoots = write(&dir, "shoots.yaml", &list);
    let text = shoot_policy("fleet")
        .arg("--cloud-profile")
        .args([&profile, &shoots])
        .output()
        .unwrap();
    let stdout = String::from_utf8(text.stdout).unwrap();
    assert!(text.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("payments: "), "{stdout}");
    assert!(lines[1].starts_with("invoices: "), "{stdout}");
    assert!(stdout.contains("\nShoots: 2, "), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_json_written_report_by_report_is_the_whole_fleet_report() {
    use shoot_policy::report::{AnalyzeOptions, Source, SourceRole};
    let dir = std::env::temp_dir().join(format!("shoot-policy-fleet-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile = write(&dir, "cloudprofile.yaml", examples::DEFAULT.cloud_profile);
    let mut shoots: Vec<PathBuf> = (examples::GALLERY.iter().enumerate())
        .map(|(index, example)| write(&dir, &format!("shoot-{index}.yaml"), example.shoot))
        .collect();
    shoots.push(write(&dir, "broken.yaml", "spec: [\n"));

    let written = shoot_policy("fleet")
        .args(["--format", "json", "--cloud-profile"])
        .arg(&profile)
        .args(&shoots)
        .output()
        .unwrap();
    assert_eq!(written.status.code(), Some(2), "the broken Shoot");

    let source = |path: &PathBuf| Source {
        name: path.display().to_string(),
        role: SourceRole::Auto,
        text: std::fs::read_to_string(path).unwrap(),
    };
    let sources: Vec<Source> = shoots.iter().map(source).collect();
    let whole = shoot_policy::fleet::analyze_fleet(
        source(&profile),
        &sources,
        &AnalyzeOptions::at(NOW.parse().unwrap()),
    );
    assert_eq!(whole.reports.len(), shoots.len());
    let expected = serde_json::to_string_pretty(&whole).unwrap() + "\n";
    assert_eq!(String::from_utf8(written.stdout).unwrap(), expected);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_limits_are_set_on_the_command_line() {
    let dir =
        std::env::temp_dir().join(format!("shoot-policy-fleet-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile = write(&dir, "cloudprofile.yaml", examples::DEFAULT.cloud_profile);
    let shoot = write(&dir, "payments.yaml", examples::DEFAULT.shoot);
    let fleet = |limits: &[&str]| {
        let output = shoot_policy("fleet")
            .args(limits)
            .arg("--cloud-profile")
            .args([&profile, &shoot])
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        (output.status.code(), stdout + &stderr)
    };

    let (code, out) = fleet(&[]);
    assert_eq!(code, Some(0), "{out}");
    let (code, out) = fleet(&["--max-bytes", "2KiB"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("more than the limit of 2048 bytes (maxBytes)"),
        "{out}"
    );
    let (code, out) = fleet(&["--max-nodes", "10"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("more than 10 values in one input (maxNodes"),
        "{out}"
    );
    let (code, out) = fleet(&["--max-depth", "2"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("nested more than 2 levels deep (maxDepth)"),
        "{out}"
    );
    // A global option: before the command too.
    let output = Command::new(env!("CARGO_BIN_EXE_shoot-policy"))
        .args(["--max-bytes", "1MiB", "validate", "--now", NOW])
        .arg(&shoot)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let (code, out) = fleet(&["--max-bytes", "5x"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("unknown unit \"x\": use KiB, MiB or GiB"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
