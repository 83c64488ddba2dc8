//! The focused subcommands: each analyses its inputs with the same core call as `report` and prints
//! one part of the result.

use crate::inputs::{self, fail};
use crate::text;
use shoot_policy::report::SourceRole;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct DiffArgs {
    /// The Shoot before the change.
    #[arg(long)]
    old: PathBuf,
    /// The Shoot after the change.
    #[arg(long)]
    new: PathBuf,
    /// The CloudProfile (optional; adds version validation of the change).
    #[arg(long)]
    cloud_profile: Option<PathBuf>,
}

/// `shoot-policy diff`: what a change does to each worker pool's nodes.
pub fn diff(args: DiffArgs) -> ExitCode {
    let report = match inputs::analyze_files(
        &[
            (args.cloud_profile.as_deref(), SourceRole::Auto),
            (Some(&args.new), SourceRole::Auto),
            (Some(&args.old), SourceRole::PreviousShoot),
        ],
        &[],
        chrono::Utc::now(),
        None,
    ) {
        Ok(report) => report,
        Err(error) => return fail(error),
    };
    if inputs::report_unreadable(&report) {
        return ExitCode::from(2);
    }
    crate::colour::print(&text::roll_triggers(&report));
    crate::colour::print(&text::validation(&report));
    ExitCode::SUCCESS
}

#[derive(clap::Args)]
pub struct ValidateArgs {
    /// Files with a CloudProfile and/or a Shoot (and anything else; unused kinds are ignored).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Evaluation instant (RFC 3339); default: now.
    #[arg(long)]
    now: Option<String>,
}

/// `shoot-policy validate`: Gardener's validation problems; exit 1 when there are any.
pub fn validate(args: ValidateArgs) -> ExitCode {
    let report = match inputs::now(args.now.as_deref())
        .and_then(|now| inputs::analyze_files(&[], &args.files, now, None))
    {
        Ok(report) => report,
        Err(error) => return fail(error),
    };
    if inputs::report_unreadable(&report) {
        return ExitCode::from(2);
    }
    crate::colour::print(&text::validation(&report));
    if report.validation.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[derive(clap::Args)]
pub struct HibernationArgs {
    #[arg(long)]
    shoot: PathBuf,
    /// Validating/MutatingWebhookConfigurations of the shoot cluster (`kubectl get -o yaml` output,
    /// `List` objects included).
    #[arg(long, num_args = 1..)]
    webhooks: Vec<PathBuf>,
    /// Evaluation instant (RFC 3339); default: now.
    #[arg(long)]
    now: Option<String>,
}

/// `shoot-policy hibernation`: whether the Shoot can hibernate, every blocker and its fix.
pub fn hibernation(args: HibernationArgs) -> ExitCode {
    let report = match inputs::now(args.now.as_deref()).and_then(|now| {
        inputs::analyze_files(
            &[(Some(&args.shoot), SourceRole::Auto)],
            &args.webhooks,
            now,
            None,
        )
    }) {
        Ok(report) => report,
        Err(error) => return fail(error),
    };
    if inputs::report_unreadable(&report) {
        return ExitCode::from(2);
    }
    crate::colour::print(&text::hibernation(&report));
    ExitCode::SUCCESS
}

#[derive(clap::Args)]
pub struct StatusArgs {
    #[arg(long)]
    shoot: PathBuf,
}

/// `shoot-policy status`: the status label, the rule that decided it, and the error codes explained.
pub fn status(args: StatusArgs) -> ExitCode {
    let report = match inputs::analyze_files(
        &[(Some(&args.shoot), SourceRole::Auto)],
        &[],
        chrono::Utc::now(),
        None,
    ) {
        Ok(report) => report,
        Err(error) => return fail(error),
    };
    if inputs::report_unreadable(&report) {
        return ExitCode::from(2);
    }
    crate::colour::print(&text::status(&report));
    ExitCode::SUCCESS
}

#[derive(clap::Args)]
pub struct TimelineArgs {
    #[arg(long)]
    cloud_profile: PathBuf,
    #[arg(long)]
    shoot: PathBuf,
    #[command(flatten)]
    times: inputs::Times,
    #[arg(long, value_enum, default_value_t = TimelineFormat::Text)]
    format: TimelineFormat,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum TimelineFormat {
    Text,
    Json,
    Ical,
}

/// `shoot-policy timeline`: every forced or automatic update in the coming maintenance windows.
pub fn timeline(args: TimelineArgs) -> ExitCode {
    let report = match args.times.read().and_then(|(now, until)| {
        inputs::analyze_files(
            &[
                (Some(&args.cloud_profile), SourceRole::Auto),
                (Some(&args.shoot), SourceRole::Auto),
            ],
            &[],
            now,
            until,
        )
    }) {
        Ok(report) => report,
        Err(error) => return fail(error),
    };
    if inputs::report_unreadable(&report) {
        return ExitCode::from(2);
    }
    match args.format {
        TimelineFormat::Text => crate::colour::print(&text::timeline(&report)),
        TimelineFormat::Json => {
            if let Err(error) = inputs::print_json(&report.timeline) {
                return fail(error);
            }
        }
        TimelineFormat::Ical => {
            let shoot = report.shoot_name().unwrap_or("shoot");
            crate::output::write(crate::ical::calendar(&report, shoot));
        }
    }
    ExitCode::SUCCESS
}
