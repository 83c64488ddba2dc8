//! `shoot-policy fleet`: a project's Shoots against one CloudProfile, through the core's fleet
//! entry (the CloudProfile is read once), as a line per Shoot and a summary, or as JSON.

use crate::inputs;
use shoot_policy::fleet::{analyze_fleet, FleetEntry, FleetReport};
use shoot_policy::report::{AnalyzeOptions, SourceRole};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The CloudProfile every Shoot refers to.
    #[arg(long)]
    cloud_profile: PathBuf,
    /// Files of Shoots: one Shoot each, or several (a `List` from `kubectl get shoots -o yaml`),
    /// each of which gets its own report.
    #[arg(required = true)]
    shoots: Vec<PathBuf>,
    #[command(flatten)]
    times: inputs::Times,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// Exit 2 when a file cannot be read or a Shoot's input is unreadable (its line says why), else 0.
pub fn run(args: Args) -> ExitCode {
    let fleet = match read_and_analyze(&args) {
        Ok(fleet) => fleet,
        Err(error) => return inputs::fail(error),
    };
    match args.format {
        Format::Json => {
            if let Err(error) = inputs::print_json(&fleet) {
                return inputs::fail(error);
            }
        }
        Format::Text => crate::colour::print(&text(&fleet)),
    }
    if fleet.summary.with_input_errors > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

fn read_and_analyze(args: &Args) -> Result<FleetReport, String> {
    let (now, until) = args.times.read()?;
    let profile = inputs::source(&args.cloud_profile, SourceRole::Auto)?;
    let shoots = args
        .shoots
        .iter()
        .map(|path| inputs::source(path, SourceRole::Auto))
        .collect::<Result<Vec<_>, _>>()?;
    let options = AnalyzeOptions {
        until,
        ..AnalyzeOptions::at(now)
    };
    Ok(analyze_fleet(profile, &shoots, &options))
}

/// A line per Shoot (name, status label, first forced update, hibernation, problems), then the
/// summary.
fn text(fleet: &FleetReport) -> String {
    let mut out = String::new();
    for entry in &fleet.reports {
        out.push_str(&line(entry));
        out.push('\n');
    }
    let summary = &fleet.summary;
    out.push_str(&format!(
        "\nShoots: {}, facing a forced update: {}, cannot hibernate: {}, with validation problems: {}, unreadable: {}\n",
        summary.shoots,
        summary.facing_forced_update,
        summary.hibernation_blocked,
        summary.with_validation_problems,
        summary.with_input_errors,
    ));
    if let Some(next) = &summary.next_forced_update {
        out.push_str(&format!(
            "next forced update: {}, {} from {} to {}, in the window of {}\n",
            next.shoot,
            crate::text::component(&next.component),
            next.from,
            next.to,
            next.window_begin.format("%Y-%m-%d %H:%M UTC"),
        ));
    }
    let labels: Vec<String> = summary
        .status_labels
        .iter()
        .map(|(label, count)| format!("{label} {count}"))
        .collect();
    if !labels.is_empty() {
        out.push_str(&format!("status labels: {}\n", labels.join(", ")));
    }
    out
}

fn line(entry: &FleetEntry) -> String {
    let report = &entry.report;
    if let Some(error) = report.first_input_error() {
        return format!(
            "{}: unreadable: {}",
            entry.shoot,
            crate::text::diagnostic(error)
        );
    }
    let status = report
        .status
        .as_ref()
        .map_or("no status", |status| status.label.label.as_str());
    let forced = report
        .forced_updates()
        .next()
        .map_or("no forced update".to_string(), |event| {
            format!(
                "forced update of {} {} → {} on {}",
                crate::text::component(&event.component),
                event.from,
                event.to,
                event.window_begin.format("%Y-%m-%d")
            )
        });
    let hibernation = if report.hibernation_blocked() {
        "cannot hibernate"
    } else {
        "can hibernate"
    };
    let problems = report.validation.problems.len();
    format!(
        "{}: {status}, {forced}, {hibernation}, {problems} validation problems",
        entry.shoot
    )
}
