//! `shoot-policy report`: everything shoot-policy can tell about a Shoot, as text or JSON.

use crate::inputs;
use shoot_policy::report::{Report, SourceRole};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The CloudProfile (YAML or JSON; `-` reads standard input).
    #[arg(long)]
    cloud_profile: Option<PathBuf>,
    /// The Shoot.
    #[arg(long)]
    shoot: Option<PathBuf>,
    /// The Shoot before a change, for roll triggers and update validation.
    #[arg(long)]
    previous_shoot: Option<PathBuf>,
    /// Further objects: webhook configurations, Seeds, a Project (any number of files).
    #[arg(long, num_args = 1..)]
    objects: Vec<PathBuf>,
    /// Evaluation instant (RFC 3339); default: now.
    #[arg(long)]
    now: Option<String>,
    /// End of the update timeline (RFC 3339); default: two years after --now.
    #[arg(long)]
    until: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Exit 1 when the Shoot has validation problems.
    #[arg(long, value_enum)]
    fail_on: Vec<FailOn>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, clap::ValueEnum)]
enum FailOn {
    Invalid,
}

pub fn run(args: Args) -> ExitCode {
    match evaluate(&args) {
        Ok(report) => {
            match args.format {
                Format::Json => match serde_json::to_string_pretty(&report) {
                    Ok(json) => println!("{json}"),
                    Err(e) => {
                        eprintln!("shoot-policy: {e}");
                        return ExitCode::from(2);
                    }
                },
                Format::Text => print!("{}", crate::text::report(&report)),
            }
            if inputs::report_unreadable(&report) {
                ExitCode::from(2)
            } else if args.fail_on.contains(&FailOn::Invalid)
                && !report.validation.problems.is_empty()
            {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(error) => {
            eprintln!("shoot-policy: {error}");
            ExitCode::from(2)
        }
    }
}

fn evaluate(args: &Args) -> Result<Report, String> {
    inputs::analyze_files(
        &[
            (args.cloud_profile.as_deref(), SourceRole::Auto),
            (args.shoot.as_deref(), SourceRole::Auto),
            (args.previous_shoot.as_deref(), SourceRole::PreviousShoot),
        ],
        &args.objects,
        args.now.as_deref(),
        args.until.as_deref(),
    )
}
