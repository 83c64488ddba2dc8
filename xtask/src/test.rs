//! `cargo xtask test`: every check, in the order that fails fastest, each step timed.

use crate::{build, cargo, exec, oracle, root, serve, size, target_dir, tools, Result};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// A named check.
type Step = (&'static str, fn() -> Result);

pub fn run() -> Result {
    let steps: &[Step] = &[
        ("install missing tools", install_tools),
        ("format", format),
        ("clippy", clippy),
        ("native unit and conformance tests", native_tests),
        ("conformance report", conformance),
        ("Gardener oracle (fixed seeds)", gardener_oracle),
        ("wasm tests (node and headless chromium)", wasm_tests),
        ("release builds (app and npm package)", release_builds),
        ("npm package tests", npm_package_tests),
        ("browser end-to-end tests", || end_to_end(&[])),
        ("size figures against the ceilings", size::check),
    ];
    let started = Instant::now();
    for (name, step) in steps {
        eprintln!("\n=== {name}");
        let step_started = Instant::now();
        step().map_err(|e| format!("{name}: {e}"))?;
        eprintln!("=== {name}: ok in {:.1?}", step_started.elapsed());
    }
    eprintln!("\nall checks passed in {:.1?}", started.elapsed());
    Ok(())
}

fn install_tools() -> Result {
    tools::wasm_target()?;
    tools::wasm_bindgen()?;
    tools::node_tools()?;
    tools::chromium().map(|_| ())
}

fn format() -> Result {
    exec(cargo().args(["fmt", "--all", "--check"]))
}

fn clippy() -> Result {
    exec(cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    // `--all-targets` leaves out test targets with `test = false`: the oracle's driver.
    exec(cargo().args([
        "clippy",
        "--package",
        "shoot-policy",
        "--test",
        "oracle",
        "--",
        "-D",
        "warnings",
    ]))
}

fn native_tests() -> Result {
    exec(cargo().args(["test", "--workspace"]))
}

/// Every kind of the corpus is implemented: a skipped case fails the run like a failed one. Runs the
/// binary `cargo test --workspace` just built (a `cargo run` would rebuild the core without the
/// workspace's unified features).
fn conformance() -> Result {
    exec(Command::new(target_dir().join("debug/shoot-policy")).args([
        "conformance",
        "tests/conformance",
        "tests/timeline",
        "tests/derived",
        "tests/oracle-found",
    ]))
}

/// The differential test against Gardener's Go code, on the seeds and budget CI runs.
fn gardener_oracle() -> Result {
    oracle::lint()?;
    let args: Vec<String> = oracle::CI_ARGUMENTS.iter().map(|a| a.to_string()).collect();
    oracle::run(&args)
}

fn wasm_tests() -> Result {
    let chromium = tools::chromium()?;
    let flags: Vec<String> = tools::CHROMIUM_FLAGS
        .iter()
        .map(|f| format!("{f:?}"))
        .collect();
    // wasm-bindgen-test-runner reads the browser's arguments from webdriver.json in its working dir.
    let webdriver = format!(
        "{{\"goog:chromeOptions\": {{\"binary\": {:?}, \"args\": [{}]}}}}",
        chromium.display(),
        flags.join(", ")
    );
    let crate_dir = root().join("wasm-pkg");
    std::fs::write(crate_dir.join("webdriver.json"), webdriver).map_err(|e| e.to_string())?;
    let outcome = exec(
        cargo()
            .args([
                "test",
                "--target",
                tools::WASM_TARGET,
                "--package",
                "shoot-policy-wasm",
                "--features",
                "bench",
            ])
            .env(
                "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER",
                "wasm-bindgen-test-runner",
            )
            .env("CHROMEDRIVER", "/usr/bin/chromedriver")
            .current_dir(&crate_dir),
    );
    let _ = std::fs::remove_file(crate_dir.join("webdriver.json"));
    outcome
}

fn release_builds() -> Result {
    build::dist()?;
    build::npm().map(|_| ())
}

/// Installs the packed tarball into a scratch consumer project and runs its tests there: Node's test
/// runner (ESM and CommonJS), `tsc` on a typed consumer, and Vitest in the dashboard's style.
fn npm_package_tests() -> Result {
    let bin = tools::node_tools()?;
    let consumer = root().join("tools/.consumer");
    if consumer.exists() {
        std::fs::remove_dir_all(&consumer).map_err(|e| e.to_string())?;
    }
    copy_dir(&root().join("wasm-pkg/tests/consumer"), &consumer)?;
    // The CLI's JSON for the default example, which the package must reproduce.
    let examples = root().join("core/src/examples");
    for (from, to) in [
        ("cloudprofile.yaml", "example-cloudprofile.yaml"),
        ("shoot.yaml", "example-shoot.yaml"),
    ] {
        std::fs::copy(examples.join(from), consumer.join(to)).map_err(|e| e.to_string())?;
    }
    let cli_json = crate::output(
        Command::new(target_dir().join("debug/shoot-policy"))
            .args([
                "report",
                "--format",
                "json",
                "--now",
                "2026-11-22T00:00:00Z",
                "--cloud-profile",
            ])
            .arg(consumer.join("example-cloudprofile.yaml"))
            .arg("--shoot")
            .arg(consumer.join("example-shoot.yaml")),
    )?;
    std::fs::write(consumer.join("cli-report.json"), cli_json).map_err(|e| e.to_string())?;
    install_packed_package(&consumer)?;
    exec(
        Command::new("node")
            .args([
                "--test",
                "node.test.mjs",
                "node.test.cjs",
                "areas.test.mjs",
                "surfaces.test.mjs",
                "fleet.test.mjs",
            ])
            .current_dir(&consumer),
    )?;
    exec(
        Command::new(bin.join("tsc"))
            .args(["--noEmit", "-p", "."])
            .current_dir(&consumer),
    )?;
    exec(
        Command::new(bin.join("vitest"))
            .args(["run"])
            .current_dir(&consumer),
    )
}

/// Packs the built npm package into `project` and installs that tarball there, as a consumer
/// installs a published version.
fn install_packed_package(project: &Path) -> Result {
    exec(
        Command::new("npm")
            .args(["pack", "--pack-destination"])
            .arg(project)
            .current_dir(target_dir().join("npm/shoot-policy")),
    )?;
    let tarball = std::fs::read_dir(project)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "tgz"))
        .ok_or("npm pack wrote no tarball")?;
    exec(
        Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--no-package-lock",
                "--no-save",
            ])
            .arg(&tarball)
            .current_dir(project),
    )
}

/// Where the dashboard-style Vite app is served in the browser tests.
const VITE_APP_PREFIX: &str = "vite-app";

/// Builds a fresh Vite + Vue app (`wasm-pkg/tests/vite-app/`) on the packed tarball, with Vite's
/// defaults and no plugin, into `tools/.vite-app/dist/`, which the browser tests serve under
/// `/vite-app/` (tests/e2e/vite-app.test.mjs). Vite and Vue come from `tools/`. A failed build
/// fails the browser tests.
fn vite_app() -> Result<std::path::PathBuf> {
    let bin = tools::node_tools()?;
    let app = root().join("tools/.vite-app");
    if app.exists() {
        std::fs::remove_dir_all(&app).map_err(|e| e.to_string())?;
    }
    copy_dir(&root().join("wasm-pkg/tests/vite-app"), &app)?;
    std::fs::copy(
        root().join("wasm-pkg/tests/consumer/fixtures.mjs"),
        app.join("src/fixtures.mjs"),
    )
    .map_err(|e| e.to_string())?;
    install_packed_package(&app)?;
    exec(
        Command::new(bin.join("vite"))
            .args(["build", "--base", &format!("/{VITE_APP_PREFIX}/")])
            .current_dir(&app),
    )?;
    Ok(app.join("dist"))
}

/// The browser tests (`cargo xtask e2e [TEST_FILE...]`: the given files, or all of `tests/e2e/`).
/// The app's tests run against `dist/`; the embedding test's host page (`tests/e2e/embed-host/`)
/// and the package test import the built npm package, served under `/npm/shoot-policy/`. Both are
/// built only when missing: `cargo xtask test` built them in the release step, and after a change
/// `cargo xtask dist` and `cargo xtask npm` rebuild them.
pub fn end_to_end(test_files: &[String]) -> Result {
    let chromium = tools::chromium()?;
    let dist = root().join("dist");
    if !dist.join("index.html").exists() {
        build::dist()?;
    }
    let package = target_dir().join("npm/shoot-policy");
    if !package.join("app/app_bg.wasm").exists() {
        build::npm()?;
    }
    // Built each time (about 10 s): it installs the package as packed now.
    let vite_app = vite_app()?;
    let base_url = serve::spawn(
        dist,
        vec![
            ("npm/shoot-policy", package.clone()),
            ("embed-host", root().join("tests/e2e/embed-host")),
            (VITE_APP_PREFIX, vite_app),
        ],
    )?;
    let playwright = root().join("tools/node_modules/playwright-core/index.mjs");
    exec(
        Command::new("node")
            .args(["--test", "--test-concurrency=1"])
            .args(if test_files.is_empty() {
                vec![root().join("tests/e2e").into_os_string()]
            } else {
                test_files.iter().map(Into::into).collect()
            })
            .env("BASE_URL", base_url)
            .env("NPM_PACKAGE_DIR", &package)
            .env("CHROMIUM", chromium)
            .env("CHROMIUM_FLAGS", tools::CHROMIUM_FLAGS.join(" "))
            .env("PLAYWRIGHT_CORE", playwright)
            .env(
                "AXE_CORE",
                root().join("tools/node_modules/axe-core/axe.min.js"),
            ),
    )
}

fn copy_dir(from: &Path, to: &Path) -> Result {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().expect("entries have names"));
        if path.is_dir() {
            copy_dir(&path, &target)?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}
