//! `shoot-policy`: Gardener's Shoot policy on the command line.
//!
//! Exit codes: 0 success, 1 a finding the caller asked to fail on (or a failed/skipped conformance case),
//! 2 unreadable input.

mod colour;
mod commands;
mod conformance;
mod fleet;
mod ical;
mod inputs;
mod output;
mod profile_change;
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
    #[command(flatten)]
    limits: inputs::LimitArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Runs conformance case files (files or directories) and reports every failure.
    Conformance(conformance::Args),
    /// Everything shoot-policy can tell about a Shoot: maintenance, validation, roll triggers, ...
    Report(report::Args),
    /// Roll triggers per worker pool between two versions of a Shoot.
    Diff(commands::DiffArgs),
    /// Gardener's validation problems; exit 1 when there are any.
    Validate(commands::ValidateArgs),
    /// Whether the Shoot can hibernate, every blocker and its fix.
    Hibernation(commands::HibernationArgs),
    /// Every forced or automatic update in the coming maintenance windows.
    Timeline(commands::TimelineArgs),
    /// The status label Gardener gives the Shoot, and why.
    Status(commands::StatusArgs),
    /// Many Shoots against one CloudProfile: a line (or report) per Shoot and a summary.
    Fleet(fleet::Args),
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli.limits.apply();
    match cli.command {
        Command::Conformance(args) => conformance::run(args),
        Command::Report(args) => report::run(args),
        Command::Diff(args) => commands::diff(args),
        Command::Validate(args) => commands::validate(args),
        Command::Hibernation(args) => commands::hibernation(args),
        Command::Status(args) => commands::status(args),
        Command::Timeline(args) => commands::timeline(args),
        Command::Fleet(args) => fleet::run(args),
    }
}
