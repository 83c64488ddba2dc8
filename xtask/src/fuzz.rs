//! `cargo xtask fuzz [--seconds N] [TARGET...]`: runs the cargo-fuzz targets of `fuzz/` one after
//! the other (one core: the machine has two, and a build may run beside), each for N seconds
//! (default 600), starting from its kept corpus and the seeds. Installs cargo-fuzz when missing;
//! needs the nightly toolchain. A crash stops the run; its input lands in `fuzz/artifacts/`, and
//! once fixed it belongs in `fuzz/regressions/<target>/`, which CI replays.

use crate::{exec, root, Result};
use std::process::Command;

const TARGETS: &[&str] = &[
    "document",
    "analyze",
    "roll_triggers",
    "cron",
    "version",
    "share_link",
    "emit",
];

pub fn run(args: &[String]) -> Result {
    let seconds = args
        .windows(2)
        .find(|pair| pair[0] == "--seconds")
        .map(|pair| {
            pair[1]
                .parse::<u64>()
                .map_err(|e| format!("--seconds: {e}"))
        })
        .transpose()?
        .unwrap_or(600);
    let chosen: Vec<&str> = TARGETS
        .iter()
        .copied()
        .filter(|target| {
            args.iter().any(|a| a == target) || !args.iter().any(|a| TARGETS.contains(&a.as_str()))
        })
        .collect();
    install_cargo_fuzz()?;
    let fuzz = root().join("fuzz");
    for target in chosen {
        let corpus = fuzz.join("corpus").join(target);
        std::fs::create_dir_all(&corpus).map_err(|e| e.to_string())?;
        eprintln!("\n=== fuzz {target} for {seconds} s");
        exec(
            Command::new("cargo")
                .args(["+nightly", "fuzz", "run", target])
                .arg(&corpus)
                .arg(fuzz.join("seeds").join(target))
                .arg("--")
                .arg(format!("-max_total_time={seconds}"))
                .arg("-max_len=65536")
                .arg("-timeout=10")
                .arg("-rss_limit_mb=4096")
                .current_dir(&fuzz),
        )?;
    }
    Ok(())
}

fn install_cargo_fuzz() -> Result {
    let present = Command::new("cargo")
        .args(["fuzz", "--version"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !present {
        exec(Command::new("cargo").args(["install", "cargo-fuzz", "--version", "=0.13.2"]))?;
    }
    Ok(())
}
