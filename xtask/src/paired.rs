//! `cargo xtask bench --against REV`: this tree's release CLI and revision REV's, run one after
//! the other on the same inputs, alternating, and the median of their time ratios. A ratio is what
//! a noisy shared machine can compare, where one absolute figure drifts from run to run.

use crate::{cargo, exec, root, target_dir, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Pairs per workload: each pair runs both CLIs once, in alternating order.
const PAIRS: usize = 7;

/// The evaluation instant of every run, as the bench's own.
const NOW: &str = "2026-11-22T00:00:00Z";

pub fn run(base: &str) -> Result {
    // The bench writes the inputs (and measures natively, which is printed too).
    let inputs = crate::bench_natively()?;
    let dir = target_dir().join("paired");
    let tree = dir.join("tree");
    crate::same_reports::add_worktree(&tree, base)?;
    let built = build_cli(&tree, &dir.join("target"));
    crate::same_reports::remove_worktree(&tree);
    let base_cli = built?;
    let this_cli = build_cli(&root(), &target_dir())?;
    let fleet: Vec<PathBuf> = (0..)
        .map(|index| inputs.join(format!("fleet-{index:02}.yaml")))
        .take_while(|path| path.exists())
        .collect();
    let fleet_args: Vec<String> = ["fleet", "--now", NOW, "--cloud-profile"]
        .into_iter()
        .map(str::to_string)
        .chain([path_text(&inputs.join("example-cloudprofile.yaml"))])
        .chain(fleet.iter().map(|path| path_text(path)))
        .collect();
    let large_args: Vec<String> = [
        "report",
        "--now",
        NOW,
        "--format",
        "json",
        "--cloud-profile",
        &path_text(&inputs.join("large-cloudprofile.yaml")),
        "--shoot",
        &path_text(&inputs.join("large-shoot.yaml")),
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    println!("paired: this tree against {base}, {PAIRS} alternating pairs, release CLIs");
    for (workload, args) in [("fleet-10k", &fleet_args), ("large", &large_args)] {
        let mut ratios = Vec::new();
        let (mut these, mut bases) = (Vec::new(), Vec::new());
        for pair in 0..PAIRS {
            // Alternating which runs first, so a warming cache favours neither.
            let (this, base) = if pair % 2 == 0 {
                let this = time(&this_cli, args)?;
                (this, time(&base_cli, args)?)
            } else {
                let base = time(&base_cli, args)?;
                (time(&this_cli, args)?, base)
            };
            ratios.push(this / base);
            these.push(this);
            bases.push(base);
        }
        println!(
            "paired {workload}: this {:.1} ms, {base} {:.1} ms (medians); ratio this/{base} {:.2} (median of {PAIRS})",
            median(&mut these) * 1000.0,
            median(&mut bases) * 1000.0,
            median(&mut ratios)
        );
    }
    Ok(())
}

fn path_text(path: &Path) -> String {
    path.display().to_string()
}

fn build_cli(tree: &Path, target: &Path) -> Result<PathBuf> {
    exec(
        cargo()
            .args([
                "build",
                "--quiet",
                "--release",
                "--package",
                "shoot-policy-cli",
            ])
            .env("CARGO_TARGET_DIR", target)
            .current_dir(tree),
    )?;
    Ok(target.join("release/shoot-policy"))
}

/// Seconds one run of `cli` takes, its output discarded; a failing run is an error.
fn time(cli: &Path, args: &[String]) -> Result<f64> {
    let started = Instant::now();
    let status = Command::new(cli)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("{}: {e}", cli.display()))?;
    let seconds = started.elapsed().as_secs_f64();
    // `report` and `fleet` exit 1 or 2 on findings and input errors; only a crash is a failure.
    match status.code() {
        Some(0..=2) => Ok(seconds),
        _ => Err(format!("{} {}: {status}", cli.display(), args.join(" "))),
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
