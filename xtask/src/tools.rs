//! Installs what a step needs when it is missing, so the README's two commands work on a new machine
//! that only has rustup, node/npm and python.

use crate::{cargo, exec, output, root, Result};
use std::path::PathBuf;
use std::process::Command;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The wasm32 standard library.
pub fn wasm_target() -> Result {
    let installed = output(Command::new("rustup").args(["target", "list", "--installed"]))?;
    if !installed.lines().any(|line| line.trim() == WASM_TARGET) {
        exec(Command::new("rustup").args(["target", "add", WASM_TARGET]))?;
    }
    Ok(())
}

/// The wasm-bindgen version the workspace locks; the CLI must match it exactly.
fn locked_wasm_bindgen_version() -> Result<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            if let Some(version) = lines.next().and_then(|l| l.strip_prefix("version = ")) {
                return Ok(version.trim_matches('"').to_string());
            }
        }
    }
    Err("Cargo.lock does not lock wasm-bindgen".to_string())
}

/// `wasm-bindgen` (and its test runner) at exactly the locked version.
pub fn wasm_bindgen() -> Result<PathBuf> {
    let version = locked_wasm_bindgen_version()?;
    let current = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .ok()
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned());
    if current.is_none_or(|text| text.split_whitespace().nth(1) != Some(version.as_str())) {
        // Not `--locked`: the CLI's own lock file pins a crate version the registry no longer has.
        exec(cargo().args([
            "install",
            "wasm-bindgen-cli",
            "--version",
            &format!("={version}"),
        ]))?;
    }
    Ok(PathBuf::from("wasm-bindgen"))
}

/// The pinned JavaScript tools of `tools/package.json` (wasm-opt from binaryen, playwright-core, tsc,
/// Vitest, axe-core, and the consumer apps' bundlers). Returns the `node_modules/.bin` directory.
pub fn node_tools() -> Result<PathBuf> {
    let tools = root().join("tools");
    let bin = tools.join("node_modules/.bin");
    let ready = ["wasm-opt", "tsc", "vitest", "vite", "webpack", "esbuild"]
        .iter()
        .all(|tool| bin.join(tool).exists())
        && ["playwright-core", "vue", "axe-core"]
            .iter()
            .all(|package| tools.join("node_modules").join(package).exists());
    if !ready {
        // `npm install`, not `npm ci`: with some machines' npm settings a lock file leaves out
        // other platforms' optional packages (and another machine's npm adds them back), which
        // `npm ci` then reports as out of sync. The top-level versions are pinned exactly in
        // package.json and the lock file is honoured.
        exec(
            Command::new("npm")
                .args(["install", "--no-audit", "--no-fund"])
                .current_dir(&tools),
        )?;
    }
    Ok(bin)
}

/// Debian's Chromium and ChromeDriver; the tests never download a browser.
pub fn chromium() -> Result<PathBuf> {
    let chromium = PathBuf::from("/usr/bin/chromium");
    let driver = PathBuf::from("/usr/bin/chromedriver");
    if !chromium.exists() || !driver.exists() {
        exec(Command::new("apt-get").arg("update"))?;
        exec(Command::new("apt-get").args(["install", "-y", "chromium", "chromium-driver"]))?;
    }
    Ok(chromium)
}

/// The flags Chromium needs on a root, offline, GPU-less machine.
pub const CHROMIUM_FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];
