//! `shoot-policy`: Gardener's Shoot policy on the command line.
//!
//! Exit codes: 0 success, 1 a finding the caller asked to fail on (or a failed/skipped conformance case),
//! 2 unreadable input.

mod conformance;
mod inputs;
mod report;
mod text;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "shoot-policy",
    version,
    about = "What Gardener will do to your Shoot, when, and why"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs conformance case files (files or directories) and reports every failure.
    Conformance(conformance::Args),
    /// Everything shoot-policy can tell about a Shoot: maintenance, validation, roll triggers, ...
    Report(report::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Conformance(args) => conformance::run(args),
        Command::Report(args) => report::run(args),
    }
}
