//! `report --fail-on`: exit 1 exactly when the asked-for finding holds, 0 otherwise, 2 for a bad
//! condition; and text output is plain when stdout is not a terminal.

use shoot_policy::examples;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const NOW: &str = "2026-11-22T00:00:00Z";

struct Files(PathBuf);

impl Files {
    fn new(name: &str) -> Files {
        let dir = std::env::temp_dir().join(format!("shoot-policy-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Files(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn report(profile: &Path, shoot: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shoot-policy"))
        .args(["report", "--now", NOW, "--cloud-profile"])
        .arg(profile)
        .arg("--shoot")
        .arg(shoot)
        .args(extra)
        .env_remove("NO_COLOR")
        .output()
        .unwrap()
}

#[test]
fn fail_on_exit_codes() {
    let files = Files::new("fail-on");
    let profile = files.write("cloudprofile.yaml", examples::DEFAULT.cloud_profile);
    let shoot = files.write("shoot.yaml", examples::DEFAULT.shoot);
    let webhooks = files.write(
        "webhooks.yaml",
        examples::WEBHOOK_BLOCKS_HIBERNATION.objects,
    );
    let code = |output: Output| output.status.code();

    // The default example is forced to 1.32.9 in the window at 21:00 on the evaluation day.
    assert_eq!(code(report(&profile, &shoot, &[])), Some(0));
    assert_eq!(
        code(report(
            &profile,
            &shoot,
            &["--fail-on", "forced-update-within=1d"]
        )),
        Some(1)
    );
    assert_eq!(
        code(report(
            &profile,
            &shoot,
            &["--fail-on", "forced-update-within=20h"]
        )),
        Some(0)
    );
    // Its Shoot is valid and nothing blocks hibernation without webhooks.
    assert_eq!(
        code(report(&profile, &shoot, &["--fail-on", "invalid"])),
        Some(0)
    );
    assert_eq!(
        code(report(
            &profile,
            &shoot,
            &["--fail-on", "hibernation-blocked"]
        )),
        Some(0)
    );
    let objects = ["--objects", webhooks.to_str().unwrap()];
    let blocked = [&objects[..], &["--fail-on", "hibernation-blocked"]].concat();
    assert_eq!(code(report(&profile, &shoot, &blocked)), Some(1));
    // Several conditions: any one that holds fails.
    let either = [
        &objects[..],
        &["--fail-on", "invalid", "--fail-on", "hibernation-blocked"],
    ]
    .concat();
    assert_eq!(code(report(&profile, &shoot, &either)), Some(1));
    // A validation problem: an update to a version the CloudProfile does not offer.
    let unknown = files.write(
        "unknown.yaml",
        &examples::DEFAULT
            .shoot
            .replace("version: 1.31.13", "version: 1.31.99"),
    );
    let previous = [
        "--previous-shoot",
        shoot.to_str().unwrap(),
        "--fail-on",
        "invalid",
    ];
    assert_eq!(code(report(&profile, &unknown, &previous)), Some(1));
    // A condition clap cannot parse is a usage error.
    assert_eq!(
        code(report(&profile, &shoot, &["--fail-on", "sometimes"])),
        Some(2)
    );
}

#[test]
fn piped_text_has_no_colour() {
    let files = Files::new("plain");
    let profile = files.write("cloudprofile.yaml", examples::DEFAULT.cloud_profile);
    let shoot = files.write("shoot.yaml", examples::DEFAULT.shoot);
    let output = report(&profile, &shoot, &[]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("forced update"), "{text}");
    assert!(!text.contains('\u{1b}'), "{text}");
}

/// A reader that stops early (`shoot-policy report | head -1`) closes the pipe: the command ends
/// quietly with status 0, as ripgrep does, instead of panicking on its next write.
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::Read;
    let files = Files::new("closed-pipe");
    // Reports larger than a pipe's buffer (64 KiB), so the command is still writing when the
    // reader goes: a thousand patch versions, each in the version list and refused.
    let versions: String = (100..1_100)
        .map(|patch| format!("    - {{version: 1.33.{patch}, classification: supported}}\n"))
        .collect();
    let profile = examples::DEFAULT.cloud_profile.replacen(
        "    versions:\n",
        &format!("    versions:\n{versions}"),
        1,
    );
    let profile = files.write("cloudprofile.yaml", &profile);
    let shoot = files.write("shoot.yaml", examples::DEFAULT.shoot);
    for format in ["text", "json"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shoot-policy"))
            .args([
                "report",
                "--now",
                NOW,
                "--format",
                format,
                "--cloud-profile",
            ])
            .arg(&profile)
            .arg("--shoot")
            .arg(&shoot)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Read one byte, then close the pipe before the command has written its report.
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{format}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{format}: {stderr}");
    }
}

/// A forced update that fails in every window is due all the same: `forced-update-within` counts
/// it from its first failing window, and the calendar has an event there saying until when.
#[test]
fn a_failing_forced_update_is_due_and_in_the_calendar() {
    let files = Files::new("failing-forced");
    let profile = files.write(
        "cloudprofile.yaml",
        examples::BLOCKED_FORCED_UPDATE.cloud_profile,
    );
    let shoot = files.write("shoot.yaml", examples::BLOCKED_FORCED_UPDATE.shoot);
    let within = |days: &str| {
        report(
            &profile,
            &shoot,
            &["--fail-on", &format!("forced-update-within={days}")],
        )
        .status
        .code()
    };
    // The control plane's forced update fails from the first window (2026-11-22 03:00) on.
    assert_eq!(within("1d"), Some(1));
    assert_eq!(within("30d"), Some(1));
    let calendar = report(&profile, &shoot, &["--format", "ical"]);
    let text = String::from_utf8(calendar.stdout)
        .unwrap()
        .replace("\r\n ", "");
    assert!(
        text.contains("DTSTART:20261122T030000Z")
            && text.contains(
                "SUMMARY:billing-legacy: Forced update fails: Kubernetes stays on 1.30.14"
            ),
        "{text}"
    );
    assert!(
        text.contains("in every window until the end of the forecast (2028-11-22) at least"),
        "{text}"
    );
}
