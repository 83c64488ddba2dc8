//! `cargo xtask test`: every check, in the order that fails fastest, each step timed.

use crate::{build, cargo, exec, oracle, root, serve, size, target_dir, tools, Result};
use std::path::{Path, PathBuf};
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
        oracle::TESTING,
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
                "exports.test.mjs",
                "trap.test.mjs",
            ])
            .current_dir(&consumer),
    )?;
    // The typed consumer (with the DOM's types, as a dashboard has them), then a Node.js-only
    // project, which compiles without the DOM library.
    for project in [".", "node-only"] {
        exec(
            Command::new(bin.join("tsc"))
                .args(["--noEmit", "-p", project])
                .current_dir(&consumer),
        )?;
    }
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

/// Where the consumer apps are served in the browser tests: the dashboard-style Vite app, and the
/// plain Shoot page bundled by webpack and by esbuild.
const VITE_APP_PREFIX: &str = "vite-app";
const WEBPACK_APP_PREFIX: &str = "webpack-app";
const ESBUILD_APP_PREFIX: &str = "esbuild-app";

/// A fresh copy of `wasm-pkg/tests/<source>` in `tools/<scratch>` with the consumer tests' fixtures
/// in its `src/` and the packed tarball installed, as a consumer app installs a published version.
fn consumer_app(source: &str, scratch: &str) -> Result<PathBuf> {
    let app = root().join("tools").join(scratch);
    if app.exists() {
        std::fs::remove_dir_all(&app).map_err(|e| e.to_string())?;
    }
    copy_dir(&root().join("wasm-pkg/tests").join(source), &app)?;
    std::fs::copy(
        root().join("wasm-pkg/tests/consumer/fixtures.mjs"),
        app.join("src/fixtures.mjs"),
    )
    .map_err(|e| e.to_string())?;
    install_packed_package(&app)?;
    Ok(app)
}

/// Builds a fresh Vite + Vue app (`wasm-pkg/tests/vite-app/`) on the packed tarball, with Vite's
/// defaults and no plugin, into `tools/.vite-app/dist/`, which the browser tests serve under
/// `/vite-app/` (tests/e2e/vite-app.test.mjs). Vite and Vue come from `tools/`. A failed build
/// fails the browser tests.
fn vite_app() -> Result<PathBuf> {
    let bin = tools::node_tools()?;
    let app = consumer_app("vite-app", ".vite-app")?;
    exec(
        Command::new(bin.join("vite"))
            .args(["build", "--base", &format!("/{VITE_APP_PREFIX}/")])
            .current_dir(&app),
    )?;
    Ok(app.join("dist"))
}

/// The plain Shoot page (`wasm-pkg/tests/bundler-app/`) bundled by webpack 5 with its defaults
/// (the app's `webpack.config.mjs` names only the entry and the output) into
/// `tools/.webpack-app/dist/`, served under `/webpack-app/` (tests/e2e/bundlers.test.mjs).
fn webpack_app() -> Result<PathBuf> {
    let bin = tools::node_tools()?;
    let app = consumer_app("bundler-app", ".webpack-app")?;
    exec(Command::new(bin.join("webpack")).current_dir(&app))?;
    copy_page(&app)
}

/// The same page bundled by esbuild with the recipe of the installed package's README, run word
/// for word: each line of the README's first `sh` block after its esbuild heading, by `sh`, with the
/// pinned tools on the `PATH` as a project's scripts have its own. Served under `/esbuild-app/`.
fn esbuild_app() -> Result<PathBuf> {
    let bin = tools::node_tools()?;
    let app = consumer_app("bundler-app", ".esbuild-app")?;
    let readme = app.join("node_modules/shoot-policy/README.md");
    let readme =
        std::fs::read_to_string(&readme).map_err(|e| format!("{}: {e}", readme.display()))?;
    let path = std::env::join_paths(
        std::iter::once(bin.clone()).chain(
            std::env::var_os("PATH")
                .iter()
                .flat_map(std::env::split_paths),
        ),
    )
    .map_err(|e| e.to_string())?;
    for line in esbuild_recipe(&readme)? {
        exec(
            Command::new("sh")
                .args(["-c", &line])
                .env("PATH", &path)
                .current_dir(&app),
        )?;
    }
    copy_page(&app)
}

/// The commands of the README's esbuild recipe: the first ```` ```sh ```` block after the heading
/// `### esbuild`, without blank lines.
fn esbuild_recipe(readme: &str) -> Result<Vec<String>> {
    let mut lines = readme
        .lines()
        .skip_while(|line| line.trim() != "### esbuild")
        .skip_while(|line| line.trim() != "```sh");
    if lines.next().is_none() {
        return Err("the package README has no `### esbuild` heading with a ```sh block".into());
    }
    let recipe: Vec<String> = lines
        .take_while(|line| line.trim() != "```")
        .filter(|line| !line.trim().is_empty())
        .map(str::to_string)
        .collect();
    if recipe.is_empty() {
        return Err("the README's esbuild recipe is empty".into());
    }
    Ok(recipe)
}

/// Puts the page (`index.html`, which loads `main.js`) beside the bundle in `dist/`.
fn copy_page(app: &Path) -> Result<PathBuf> {
    let dist = app.join("dist");
    std::fs::copy(app.join("index.html"), dist.join("index.html")).map_err(|e| e.to_string())?;
    Ok(dist)
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
    // Built each time (about 10 s each): they install the package as packed now.
    let vite_app = vite_app()?;
    let webpack_app = webpack_app()?;
    let esbuild_app = esbuild_app()?;
    let base_url = serve::spawn(
        dist,
        vec![
            ("npm/shoot-policy", package.clone()),
            ("embed-host", root().join("tests/e2e/embed-host")),
            (VITE_APP_PREFIX, vite_app),
            (WEBPACK_APP_PREFIX, webpack_app),
            (ESBUILD_APP_PREFIX, esbuild_app),
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

#[cfg(test)]
mod tests {
    use super::esbuild_recipe;

    #[test]
    fn the_esbuild_recipe_is_the_sh_block_under_its_heading() {
        let readme = "# x\n```sh\nnot this\n```\n### esbuild\n\nText.\n\n```sh\nesbuild a.js --outdir=dist\n\ncp b dist/\n```\n```sh\nnor this\n```\n";
        assert_eq!(
            esbuild_recipe(readme).unwrap(),
            ["esbuild a.js --outdir=dist", "cp b dist/"]
        );
        assert!(esbuild_recipe("### esbuild\nno block\n").is_err());
    }
}
