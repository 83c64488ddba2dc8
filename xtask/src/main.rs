//! `cargo xtask`: builds, serves and tests everything, installing what a fresh machine lacks.
//!
//! Commands:
//! - `serve [--port N]`: build the app (release) and serve it on http://127.0.0.1:N (default 8080).
//! - `dist`: build the app into `dist/` for static hosting.
//! - `npm`: build the npm package into `target/npm/shoot-policy/`.
//! - `test`: every check CI runs; exits non-zero on any failure.
//! - `e2e [TEST_FILE...]`: only the browser tests (all, or the given files of `tests/e2e/`), against
//!   the built app and package (built when missing).
//! - `size`: print the gzip sizes of the app and the npm package and fail above budget.
//! - `bench`: print timings of the benchmark workloads, natively, in wasm under Node and in
//!   Chromium; `bench --against REV`: this tree's CLI against REV's (default fe8f4a7), as paired
//!   ratios; `bench --cold-load`: only the app's cold load in Chromium.
//! - `same-reports [REV]`: check that `analyze` gives the reports of revision REV (default `HEAD`)
//!   byte for byte, for a change meant to keep every result.

mod build;
mod fuzz;
mod oracle;
mod paired;
mod same_reports;
mod serve;
mod shadow_css;
mod size;
mod test;
mod tools;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

pub type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("serve") => serve::run(port(&args)),
        Some("dist") => build::dist().map(|_| ()),
        Some("npm") => build::npm().map(|_| ()),
        Some("test") => test::run(),
        Some("e2e") => test::end_to_end(&args[1..]),
        Some("bench") => match args.get(1).map(String::as_str) {
            Some("--against") => paired::run(args.get(2).map_or("fe8f4a7", String::as_str)),
            Some("--cold-load") => cold_load(),
            _ => bench(),
        },
        Some("same-reports") => same_reports::run(args.get(1).map_or("HEAD", String::as_str)),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("oracle") => oracle::run(&args[1..]),
        Some("size") => build::dist()
            .and_then(|_| build::npm())
            .and_then(|_| size::check()),
        _ => Err("usage: cargo xtask <serve [--port N] | dist | npm | test | e2e [TEST_FILE...] | size | bench [--against REV | --cold-load] | same-reports [REV] | fuzz [--seconds N] [TARGET...] | oracle [--seconds N] [--seed S] [--area A[,B…]] [--cases N] [--release] | oracle --mutants [--only ID,…]>".to_string()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The native workloads (`core/benches/workloads.rs`), which also write their inputs for the
/// other measurements into the directory returned.
pub fn bench_natively() -> Result<PathBuf> {
    let inputs = target_dir().join("bench");
    exec(
        cargo()
            .args([
                "bench",
                "--package",
                "shoot-policy",
                "--bench",
                "workloads",
                "--",
            ])
            .arg(&inputs),
    )?;
    Ok(inputs)
}

/// Native workloads (`core/benches/workloads.rs`), then the same inputs through the npm package in Node.
fn bench() -> Result {
    let inputs = bench_natively()?;
    let package = build::npm_for_bench()?;
    exec(
        Command::new("node")
            .arg(root().join("tests/bench/wasm-node.mjs"))
            .arg(&package)
            .arg(&inputs)
            .arg(inputs.join("example-cloudprofile.yaml"))
            .arg(inputs.join("example-shoot.yaml")),
    )?;
    // The analyze path in a page and the app's cold load, served from loopback.
    let dist = build::dist()?;
    let base_url = serve::spawn(
        dist,
        vec![
            ("npm/shoot-policy", package),
            ("bench-inputs", inputs),
            ("bench-page", root().join("tests/bench/page")),
        ],
    )?;
    chromium_bench(&base_url, false)
}

/// Only the app's cold load in Chromium (`bench --cold-load`): what a change of the app's module
/// is measured by, without the minutes of the native and Node workloads.
fn cold_load() -> Result {
    let base_url = serve::spawn(build::dist()?, Vec::new())?;
    chromium_bench(&base_url, true)
}

/// Runs `tests/bench/chromium.mjs` against the site at `base_url`.
fn chromium_bench(base_url: &str, cold_load_only: bool) -> Result {
    let mut command = Command::new("node");
    command
        .arg(root().join("tests/bench/chromium.mjs"))
        .env("BASE_URL", base_url)
        .env("CHROMIUM", tools::chromium()?)
        .env("CHROMIUM_FLAGS", tools::CHROMIUM_FLAGS.join(" "))
        .env(
            "PLAYWRIGHT_CORE",
            root().join("tools/node_modules/playwright-core/index.mjs"),
        );
    if cold_load_only {
        command.env("COLD_LOAD_ONLY", "1");
    }
    exec(&mut command)
}

fn port(args: &[String]) -> u16 {
    args.windows(2)
        .find(|pair| pair[0] == "--port")
        .and_then(|pair| pair[1].parse().ok())
        .unwrap_or(8080)
}

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
}

/// The cargo target directory (respects CARGO_TARGET_DIR).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

/// Runs a command in the workspace root, echoing it, and fails with its name when it fails.
pub fn exec(command: &mut Command) -> Result {
    eprintln!("$ {}", describe(command));
    let status = command
        .current_dir_if_unset()
        .status()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(command)))
    }
}

/// Runs a command and returns its standard output.
pub fn output(command: &mut Command) -> Result<String> {
    let out = command
        .current_dir_if_unset()
        .output()
        .map_err(|e| format!("could not start `{}`: {e}", describe(command)))?;
    if !out.status.success() {
        return Err(format!(
            "`{}` failed: {}",
            describe(command),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn describe(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|part| part.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

trait InRoot {
    fn current_dir_if_unset(&mut self) -> &mut Self;
}

impl InRoot for Command {
    fn current_dir_if_unset(&mut self) -> &mut Self {
        if self.get_current_dir().is_none() {
            self.current_dir(root());
        }
        self
    }
}

pub fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()))
}
