//! `cargo xtask oracle`: the differential test against Gardener's own Go code. Builds the Go side
//! (`oracle/`, Gardener a module dependency) into a test binary, then runs the Rust driver
//! (`core/tests/oracle/`) against it.

use crate::{cargo, exec, output, root, target_dir, Result};
use std::path::PathBuf;
use std::process::Command;

/// The oracle's arguments as `cargo xtask test` runs it: fixed seeds and a budget of about two
/// and a half minutes shared by the areas, so CI stays within its time.
pub const CI_ARGUMENTS: &[&str] = &["--seconds", "150", "--seed", "1"];

pub fn run(args: &[String]) -> Result {
    let binary = build()?;
    // `--release` builds the driver optimised: the long runs' Rust side is then about as fast as
    // Gardener's, where CI's short run does better without the extra build.
    let release = args.iter().any(|a| a == "--release");
    let mut command = cargo();
    command
        .args(["test", "--package", "shoot-policy", "--test", "oracle"])
        .args(release.then_some("--release"))
        .arg("--")
        .args(args.iter().filter(|a| *a != "--release"))
        .env("ORACLE_BIN", &binary);
    exec(&mut command)
}

/// `gofmt` and `go vet` over the oracle's Go code, as `cargo fmt` and clippy over the Rust.
pub fn lint() -> Result {
    go_version()?;
    let unformatted = output(
        Command::new("gofmt")
            .args(["-l", "."])
            .current_dir(root().join("oracle")),
    )?;
    if !unformatted.trim().is_empty() {
        return Err(format!(
            "gofmt would change, in oracle/: {}",
            unformatted.trim()
        ));
    }
    exec(
        Command::new("go")
            .args(["vet", "."])
            .current_dir(root().join("oracle"))
            .env("GOFLAGS", "-mod=readonly"),
    )
}

fn go_version() -> Result<String> {
    output(Command::new("go").arg("version")).map_err(|e| {
        format!(
            "the Gardener oracle needs Go 1.26.5 or newer on the PATH (the `go` command; Debian's \
             golang-go is too old, install the release from go.dev or a toolchain package): {e}"
        )
    })
}

/// Builds the oracle once into the target directory and returns its path.
pub fn build() -> Result<PathBuf> {
    eprintln!("{}", go_version()?.trim());
    let binary = target_dir().join("oracle/gardener-oracle.test");
    exec(
        Command::new("go")
            .args(["test", "-c", "-o"])
            .arg(&binary)
            .arg(".")
            .current_dir(root().join("oracle"))
            // The modules come from the Go module proxy; go.sum pins what they must be.
            .env("GOFLAGS", "-mod=readonly"),
    )?;
    Ok(binary)
}
