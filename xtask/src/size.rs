//! Transfer-size budgets: what a visitor downloads (gzip -9), printed and enforced.

use crate::{root, target_dir, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

const APP_BUDGET_BYTES: u64 = 200 * 1000;
const NPM_WASM_BUDGET_BYTES: u64 = 120 * 1000;

/// Prints both sizes and fails when one is over its budget (`cargo xtask size`).
pub fn check() -> Result {
    let over = measure()?;
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!("over the size budget: {}", over.join(", ")))
    }
}

/// Prints both sizes with their verdicts without failing: the figures `cargo xtask test` shows while
/// the budgets are not met yet (see docs/performance.md).
pub fn report() -> Result {
    let over = measure()?;
    if !over.is_empty() {
        eprintln!("warning: over the size budget: {}", over.join(", "));
    }
    Ok(())
}

fn gzipped_size(file: &Path) -> Result<u64> {
    let compressed = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(file)
        .output()
        .map_err(|e| format!("gzip: {e}"))?;
    if !compressed.status.success() {
        return Err(format!("gzip {} failed", file.display()));
    }
    Ok(compressed.stdout.len() as u64)
}

fn total(files: &[PathBuf]) -> Result<u64> {
    files.iter().map(|f| gzipped_size(f)).sum()
}

/// Prints the sizes and returns the names of those over budget.
fn measure() -> Result<Vec<&'static str>> {
    let dist = root().join("dist");
    let app = total(&[
        dist.join("pkg/app_bg.wasm"),
        dist.join("pkg/app.js"),
        dist.join("boot.js"),
    ])?;
    let npm = gzipped_size(&target_dir().join("npm/shoot-policy/web/shoot_policy_bg.wasm"))?;
    let mut over = Vec::new();
    for (name, size, budget) in [
        ("app (wasm + js)", app, APP_BUDGET_BYTES),
        ("npm core wasm", npm, NPM_WASM_BUDGET_BYTES),
    ] {
        let verdict = if size <= budget { "ok" } else { "OVER BUDGET" };
        println!("size {name}: {size} bytes gzip -9 (budget {budget}) {verdict}");
        if size > budget {
            over.push(name);
        }
    }
    Ok(over)
}
