//! The CLI's JSON is the core's Report, unchanged: same inputs, same findings.

use shoot_policy::examples;
use shoot_policy::report::{analyze, AnalyzeOptions, Source, SourceRole};
use std::process::Command;

const NOW: &str = "2026-11-22T00:00:00Z";

/// Source names differ by surface (file paths here, editor labels in the app); everything else must not.
fn without_source_names(mut value: serde_json::Value) -> serde_json::Value {
    match &mut value {
        serde_json::Value::Object(map) => {
            map.remove("source");
            for child in map.values_mut() {
                *child = without_source_names(child.take());
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                *item = without_source_names(item.take());
            }
        }
        _ => {}
    }
    value
}

/// A fresh directory for one test, with the default example's CloudProfile and Shoot in it.
fn example_files(test: &str) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("shoot-policy-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let profile = dir.join("cloudprofile.yaml");
    let shoot = dir.join("shoot.yaml");
    std::fs::write(&profile, examples::DEFAULT.cloud_profile).unwrap();
    std::fs::write(&shoot, examples::DEFAULT.shoot).unwrap();
    (dir, profile, shoot)
}

#[test]
fn cli_json_equals_the_core_report() {
    let (dir, profile, shoot) = example_files("surfaces");

    let output = Command::new(env!("CARGO_BIN_EXE_shoot-policy"))
        .args([
            "report",
            "--format",
            "json",
            "--now",
            NOW,
            "--cloud-profile",
        ])
        .arg(&profile)
        .arg("--shoot")
        .arg(&shoot)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let from_cli: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();

    let sources = [
        Source {
            name: "CloudProfile".into(),
            role: SourceRole::Auto,
            text: examples::DEFAULT.cloud_profile.into(),
        },
        Source {
            name: "Shoot".into(),
            role: SourceRole::Auto,
            text: examples::DEFAULT.shoot.into(),
        },
    ];
    let report = analyze(&sources, &AnalyzeOptions::at(NOW.parse().unwrap()));
    let from_core = serde_json::to_value(&report).unwrap();

    assert_eq!(
        without_source_names(from_cli),
        without_source_names(from_core)
    );
    // And the report really says something about the example.
    assert_eq!(report.maintenance_now.unwrap().kubernetes.to, "1.32.9");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unreadable_input_exits_2_with_the_place() {
    let output = Command::new(env!("CARGO_BIN_EXE_shoot-policy"))
        .args(["report", "--now", NOW, "--shoot", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"kind: Shoot\nspec: [1,\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("standard input: did not find expected node content (line 3, column 1)"),
        "{stderr}"
    );
}

#[test]
fn text_report_names_the_seed_the_scheduler_picks() {
    let (dir, profile, shoot) = example_files("seeds");
    let seeds = dir.join("seeds.yaml");
    let seed = |name: &str, taints: &str| {
        format!("kind: Seed\nmetadata: {{name: {name}}}\nspec:\n  provider: {{type: aws, region: eu-central-1}}\n  taints: [{taints}]\n")
    };
    let text = format!(
        "{}---\n{}",
        seed("eu-1", ""),
        seed("eu-2", "{key: seed.gardener.cloud/protected}")
    );
    std::fs::write(&seeds, text).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_shoot-policy"))
        .args(["report", "--now", NOW, "--cloud-profile"])
        .arg(&profile)
        .arg("--shoot")
        .arg(&shoot)
        .arg("--objects")
        .arg(&seeds)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("the scheduler picks Seed eu-1 (candidates: eu-1)")
            && stdout.contains("not Seed eu-2: shoot does not tolerate the seed's taints"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_maintenance_run_the_api_server_refuses_is_reported_as_failed() {
    // Every image accepts kubelets below 1.32 only, so the forced 1.32 update is refused.
    let (dir, profile, shoot) = example_files("refused");
    let constrained = examples::DEFAULT.cloud_profile.replace(
        "      cri:\n",
        "      kubeletVersionConstraint: \"< 1.32\"\n      cri:\n",
    );
    assert_eq!(constrained.matches("kubeletVersionConstraint").count(), 3);
    std::fs::write(&profile, constrained).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_shoot-policy"))
        .args(["report", "--now", NOW, "--cloud-profile"])
        .arg(&profile)
        .arg("--shoot")
        .arg(&shoot)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("  FAILED, nothing is applied: Updates to the Shoot failed to be applied: shoots.core.gardener.cloud \"payments\" is forbidden: [spec.provider.workers[0].machine.image: Invalid value: machine image 'gardenlinux@"),
        "{text}"
    );
    assert!(
        text.contains("does not support kubelet version '1.32.9', supported kubelet versions by this machine image version: '< 1.32'"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The CLI's summary is the core's `Report.summary` facts, line for line, for every gallery
/// example: the app's Summary card renders the same facts (web/src/summary.rs), and npm users get
/// them in `report.summary`.
#[test]
fn cli_text_summary_is_the_core_summary() {
    for example in examples::GALLERY {
        let dir = std::env::temp_dir().join(format!(
            "shoot-policy-summary-{}-{}",
            example.id,
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_shoot-policy"));
        command.args(["report", "--format", "text", "--now", NOW]);
        let mut sources = Vec::new();
        let texts = example.texts();
        for (index, flag) in [
            "--cloud-profile",
            "--shoot",
            "--previous-shoot",
            "--objects",
        ]
        .iter()
        .enumerate()
        {
            if texts[index].trim().is_empty() {
                continue;
            }
            let path = dir.join(format!("{index}.yaml"));
            std::fs::write(&path, texts[index]).unwrap();
            command.arg(flag).arg(&path);
            sources.push(Source {
                name: flag.to_string(),
                role: [
                    SourceRole::Auto,
                    SourceRole::Auto,
                    SourceRole::PreviousShoot,
                    SourceRole::Auto,
                ][index],
                text: texts[index].into(),
            });
        }
        let output = command.env("NO_COLOR", "1").output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let report = analyze(&sources, &AnalyzeOptions::at(NOW.parse().unwrap()));
        let section: Vec<&str> = (text.split("\nSummary\n-------\n").nth(1))
            .unwrap_or_else(|| panic!("{}: no summary in\n{text}", example.id))
            .split("\n\n")
            .next()
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with("      Gardener: "))
            .collect();
        let facts: Vec<String> = (report.summary.facts.iter())
            .map(|f| format!("  {}: {}", f.label, f.text))
            .collect();
        assert_eq!(section, facts, "{}", example.id);
        assert!(facts.len() >= 3, "{}: {facts:?}", example.id);
        every_family_is_listed(&text, &report, example.id);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The text's Validation section lists each of the report's validation families under its group
/// and its state, as the app's Validation card does (`tests/e2e/cards.test.mjs`).
fn every_family_is_listed(text: &str, report: &shoot_policy::report::Report, example: &str) {
    use shoot_policy::validation::scope::item;
    let section = (text.split("\nValidation\n----------\n").nth(1))
        .unwrap_or_else(|| panic!("{example}: no Validation section in\n{text}"));
    let mut group = "";
    let mut listed = Vec::new();
    for line in section.lines().take_while(|line| !line.is_empty()) {
        if let Some(title) = line.strip_prefix("    ").filter(|l| !l.starts_with(' ')) {
            group = title;
        } else if let Some((state, items)) =
            line.strip_prefix("      ").and_then(|l| l.split_once(": "))
        {
            listed.push((group, state, format!(", {items},")));
        }
    }
    assert!(!report.validation.scope.is_empty(), "{example}");
    for family in &report.validation.scope {
        let wanted = format!(", {},", item(family));
        assert!(
            listed
                .iter()
                .any(|(group, state, items)| *group == family.group.title()
                    && *state == family.state.words()
                    && items.contains(&wanted)),
            "{example}: {} is not listed as {} under {}",
            family.id,
            family.state.words(),
            family.group.title()
        );
    }
}
