//! `shoot-policy report`: everything shoot-policy can tell about a Shoot, as text or JSON.

use crate::inputs;
use shoot_policy::maintenance::UpdateReason;
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
    #[command(flatten)]
    times: inputs::Times,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Exit 1 when a condition holds: `invalid` (validation problems), `hibernation-blocked`
    /// (HibernationPossible is not True), `forced-update-within=30d` (a forced update in the next
    /// 30 days, or one that fails now or starts failing within them; units d, h, m). May be given
    /// several times.
    #[arg(long, value_parser = parse_fail_on)]
    fail_on: Vec<FailOn>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    /// iCalendar: one event per maintenance window with an update.
    Ical,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum FailOn {
    Invalid,
    HibernationBlocked,
    ForcedUpdateWithin(chrono::TimeDelta),
}

fn parse_fail_on(text: &str) -> Result<FailOn, String> {
    match text {
        "invalid" => return Ok(FailOn::Invalid),
        "hibernation-blocked" => return Ok(FailOn::HibernationBlocked),
        _ => {}
    }
    let Some(period) = text.strip_prefix("forced-update-within=") else {
        return Err(format!(
            "{text:?}: expected invalid, hibernation-blocked or forced-update-within=<N>d|h|m"
        ));
    };
    inputs::parse_period(period).map(FailOn::ForcedUpdateWithin)
}

/// Whether a `--fail-on` condition holds for the report.
fn holds(condition: FailOn, report: &Report, now: chrono::DateTime<chrono::Utc>) -> bool {
    match condition {
        FailOn::Invalid => !report.validation.problems.is_empty(),
        FailOn::HibernationBlocked => report.hibernation_blocked(),
        // A forced update that fails is due all the same: it fails from its first window on.
        FailOn::ForcedUpdateWithin(period) => {
            let due = now + period;
            let failing = (report.summary.blocked_updates.iter())
                .any(|blocked| blocked.reason == UpdateReason::Force && blocked.since <= due);
            failing
                || report
                    .forced_updates()
                    .any(|event| event.window_begin <= due)
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let (now, until) = match args.times.read() {
        Ok(times) => times,
        Err(error) => return inputs::fail(error),
    };
    match evaluate(&args, now, until) {
        Ok(report) => {
            match args.format {
                Format::Json => {
                    if let Err(error) = inputs::print_json(&report) {
                        return inputs::fail(error);
                    }
                }
                Format::Text => crate::colour::print(&crate::text::report(&report)),
                Format::Ical => {
                    let shoot = report.shoot_name().unwrap_or("shoot");
                    crate::output::write(crate::ical::calendar(&report, shoot));
                }
            }
            if inputs::report_unreadable(&report) {
                ExitCode::from(2)
            } else if args.fail_on.iter().any(|c| holds(*c, &report, now)) {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(error) => inputs::fail(error),
    }
}

fn evaluate(
    args: &Args,
    now: chrono::DateTime<chrono::Utc>,
    until: Option<chrono::DateTime<chrono::Utc>>,
) -> Result<Report, String> {
    inputs::analyze_files(
        &[
            (args.cloud_profile.as_deref(), SourceRole::Auto),
            (args.shoot.as_deref(), SourceRole::Auto),
            (args.previous_shoot.as_deref(), SourceRole::PreviousShoot),
        ],
        &args.objects,
        now,
        until,
    )
}
