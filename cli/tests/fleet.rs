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
        out.contains(
            "more than the limit of 2048 bytes (maxBytes, applied to each object on its own)"
        ),
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

/// `fleet --previous-cloud-profile`: an operator's change, named per affected Shoot with the old
/// and the new dates, the unaffected counted; the gates fail the pipeline as asked.
#[test]
fn a_profile_change_names_each_affected_shoot_with_its_dates() {
    let dir = std::env::temp_dir().join(format!("shoot-policy-change-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let previous = write(&dir, "previous.yaml", examples::DEFAULT.cloud_profile);
    // 1.32.8 expires three weeks earlier.
    let earlier = examples::DEFAULT.cloud_profile.replace(
        "expirationDate: \"2026-12-15T23:59:59Z\"",
        "expirationDate: \"2026-11-23T23:59:59Z\"",
    );
    let new = write(&dir, "new.yaml", &earlier);
    // Two Shoots on 1.32.8 without Kubernetes auto-updates, and the default one on 1.31.13.
    let manual = examples::DEPRECATED_AUTO_UPDATE.shoot.replace(
        "      kubernetesVersion: true",
        "      kubernetesVersion: false",
    );
    let fleet = [
        ("payments.yaml", examples::DEFAULT.shoot.to_string()),
        (
            "checkout.yaml",
            manual.replacen("name: webshop", "name: checkout", 1),
        ),
        (
            "billing.yaml",
            manual.replacen("name: webshop", "name: billing", 1),
        ),
    ];
    let files: Vec<PathBuf> = (fleet.iter())
        .map(|(name, text)| write(&dir, name, text))
        .collect();
    let run = |extra: &[&str]| {
        let output = shoot_policy("fleet")
            .arg("--previous-cloud-profile")
            .arg(&previous)
            .arg("--cloud-profile")
            .arg(&new)
            .args(extra)
            .args(&files)
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap(),
        )
    };
    let (code, text) = run(&[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("checkout:\n  control plane Kubernetes: forced update: to 1.32.9 on 2026-12-16 → to 1.32.9 on 2026-11-24"),
        "{text}"
    );
    assert!(text.contains("billing:"), "{text}");
    assert!(
        !text.contains("payments"),
        "an unaffected Shoot is listed: {text}"
    );
    assert!(
        text.contains("Shoots: 3, affected by the change: 2, not affected: 1"),
        "{text}"
    );

    // The forced update moves to 2026-11-24: within 7 days of now, not within 1.
    assert_eq!(run(&["--fail-on", "forced-update-within=7d"]).0, Some(1));
    assert_eq!(run(&["--fail-on", "forced-update-within=1d"]).0, Some(0));
    assert_eq!(run(&["--fail-on", "failing-update"]).0, Some(0));

    let (_, table) = run(&["--format", "markdown"]);
    assert!(
        table.starts_with(
            "| Shoot | Component | Change |\n|---|---|---|\n| garden-team-b/checkout |"
        ),
        "{table}"
    );
    let (_, json) = run(&["--format", "json"]);
    let answer: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(answer["summary"]["unaffected"], 1);
    assert_eq!(answer["affected"][0]["changes"][0]["kind"], "forcedUpdate");
    assert_eq!(
        answer["affected"][0]["changes"][0]["after"]["at"],
        "2026-11-24T21:00:00Z"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A NamespacedCloudProfile below the CloudProfile that gives one version a later expiration.
const NAMESPACED: &str = "apiVersion: v1
kind: List
items:
- apiVersion: core.gardener.cloud/v1beta1
  kind: NamespacedCloudProfile
  metadata:
    name: team-a-extended
    namespace: garden-team-a
  spec:
    parent:
      kind: CloudProfile
      name: aws
    kubernetes:
      versions:
      - version: 1.31.13
        expirationDate: \"2027-06-30T23:59:59Z\"
- apiVersion: core.gardener.cloud/v1beta1
  kind: NamespacedCloudProfile
  metadata:
    name: elsewhere
    namespace: garden-team-b
  spec:
    parent:
      kind: CloudProfile
      name: gcp
";

/// A Shoot that uses the CloudProfile and one that uses the NamespacedCloudProfile: each is
/// analysed against its own, the NamespacedCloudProfile merged with the CloudProfile (and with
/// the previous CloudProfile, for a change), and one of another parent is left out.
#[test]
fn a_shoot_on_a_namespaced_cloud_profile_is_analysed_against_it() {
    let dir = std::env::temp_dir().join(format!("shoot-policy-fleet-ncp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile = write(&dir, "cloudprofile.yaml", examples::DEFAULT.cloud_profile);
    let namespaced = write(&dir, "namespacedcloudprofiles.yaml", NAMESPACED);
    let extended = examples::DEFAULT
        .shoot
        .replacen("name: payments", "name: extended", 1)
        .replacen(
            "    kind: CloudProfile\n    name: aws",
            "    kind: NamespacedCloudProfile\n    name: team-a-extended",
            1,
        );
    assert!(extended.contains("team-a-extended"));
    let shoots = write(
        &dir,
        "shoots.yaml",
        &examples::as_list(&[examples::DEFAULT.shoot, &extended]),
    );
    let run = |args: &[&std::ffi::OsStr]| {
        let output = shoot_policy("fleet").args(args).output().unwrap();
        let text =
            String::from_utf8(output.stdout).unwrap() + &String::from_utf8(output.stderr).unwrap();
        (output.status.code(), text)
    };
    let os = |text: &'static str| std::ffi::OsStr::new(text);
    let (code, out) = run(&[
        os("--cloud-profile"),
        profile.as_os_str(),
        os("--namespaced-cloud-profiles"),
        namespaced.as_os_str(),
        shoots.as_os_str(),
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("payments: healthy, forced update of control plane Kubernetes 1.31.13 → 1.32.9 on 2026-11-22"),
        "{out}"
    );
    // The NamespacedCloudProfile keeps 1.31.13 until mid-2027: the image expires first.
    assert!(
        out.contains("extended: healthy, forced update of pool general image gardenlinux"),
        "{out}"
    );
    // Without the NamespacedCloudProfiles, the Shoot is analysed against the CloudProfile.
    let (_, alone) = run(&[
        os("--cloud-profile"),
        profile.as_os_str(),
        shoots.as_os_str(),
    ]);
    assert!(
        alone.contains("extended: healthy, forced update of control plane Kubernetes 1.31.13 → 1.32.9 on 2026-11-22"),
        "{alone}"
    );

    // An earlier expiration of 1.31.13 in the CloudProfile moves the CloudProfile's Shoot; the
    // NamespacedCloudProfile's own date still holds for the other.
    let previous = write(
        &dir,
        "previous.yaml",
        &examples::DEFAULT.cloud_profile.replacen(
            "2026-10-31T23:59:59Z",
            "2027-02-28T23:59:59Z",
            1,
        ),
    );
    let (code, out) = run(&[
        os("--previous-cloud-profile"),
        previous.as_os_str(),
        os("--cloud-profile"),
        profile.as_os_str(),
        os("--namespaced-cloud-profiles"),
        namespaced.as_os_str(),
        shoots.as_os_str(),
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("garden-team-a/payments:\n"), "{out}");
    assert!(!out.contains("extended:"), "{out}");
    assert!(
        out.contains("Shoots: 2, affected by the change: 1, not affected: 1"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
