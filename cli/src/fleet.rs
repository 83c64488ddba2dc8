//! `shoot-policy fleet`: a project's Shoots against one CloudProfile, through the core's fleet
//! entry (the CloudProfile is read once), as a line per Shoot and a summary, or as JSON.

use crate::{colour, inputs};
use serde::ser::{Error as _, SerializeSeq, SerializeStruct};
use serde::Serialize;
use shoot_policy::fleet::{each_report_in, FleetEntry, FleetSummary};
use shoot_policy::report::{
    AnalyzeOptions, NamespacedProfiles, PreparedProfile, Source, SourceRole,
};
use std::cell::{Cell, RefCell};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The CloudProfile every Shoot refers to (with `--previous-cloud-profile`: its new version).
    #[arg(long)]
    cloud_profile: PathBuf,
    /// The CloudProfile before a change: then the command lists, per Shoot the change affects,
    /// each update that appears, goes or moves, each update that starts or stops failing, each
    /// version classified otherwise and each validation problem that appears or goes; the
    /// Shoots it does not affect are counted.
    #[arg(long)]
    previous_cloud_profile: Option<PathBuf>,
    /// NamespacedCloudProfiles below the CloudProfile (`kubectl get namespacedcloudprofiles -A
    /// -o yaml`): a Shoot that references one is analysed against it, merged with the
    /// CloudProfile as Gardener merges it (with `--previous-cloud-profile`, with each version).
    /// May be given several times.
    #[arg(long)]
    namespaced_cloud_profiles: Vec<PathBuf>,
    /// With `--previous-cloud-profile`, exit 1 when the change brings a Shoot a forced update
    /// (or a failing forced update) within a period, `forced-update-within=30d` (units d, h,
    /// m), or makes an update fail, `failing-update`. May be given several times.
    #[arg(long, value_parser = crate::profile_change::parse_fail_on, requires = "previous_cloud_profile")]
    fail_on: Vec<crate::profile_change::FailOn>,
    /// Files of Shoots: one Shoot each, or several (a `List` from `kubectl get shoots -o yaml`),
    /// each of which gets its own report.
    #[arg(required = true)]
    shoots: Vec<PathBuf>,
    #[command(flatten)]
    times: inputs::Times,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    /// A table for a review comment (with `--previous-cloud-profile`).
    Markdown,
}

/// Exit 2 when a file cannot be read or a Shoot's input is unreadable (its line says why), else 0.
///
/// Each Shoot's report is written out as soon as it is made and then dropped, so a landscape of
/// tens of thousands of Shoots needs the memory of one report, not of all of them.
pub fn run(args: Args) -> ExitCode {
    let (profile, namespaced, shoots, options) = match read(&args) {
        Ok(inputs) => inputs,
        Err(error) => return inputs::fail(error),
    };
    if let Some(previous) = &args.previous_cloud_profile {
        return run_change(&args, previous, (profile, &namespaced, &shoots, &options));
    }
    let profiles = match prepare(profile, &namespaced, &options) {
        Ok(profiles) => profiles,
        Err(error) => return inputs::fail(error),
    };
    let profiles = (&profiles.0, &profiles.1);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = match args.format {
        Format::Json => write_json(&mut out, profiles, &shoots, &options),
        Format::Text => write_text(&mut out, profiles, &shoots, &options, colour::wanted()),
        Format::Markdown => {
            return inputs::fail("--format markdown needs --previous-cloud-profile");
        }
    };
    let summary = match written.and_then(|summary| out.flush().map(|()| summary)) {
        Ok(summary) => summary,
        Err(error) => {
            crate::output::quit_on(&error);
            return inputs::fail(error);
        }
    };
    if summary.with_input_errors > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// `fleet --previous-cloud-profile`: exit 2 for unreadable input, 1 when a `--fail-on`
/// condition holds, else 0.
fn run_change(
    args: &Args,
    previous: &std::path::Path,
    (profile, namespaced, shoots, options): (Source, &[Source], &[Source], &AnalyzeOptions),
) -> ExitCode {
    use crate::profile_change::{write, Output};
    let previous = inputs::source(previous, SourceRole::Auto)
        .and_then(|previous| prepare(previous, namespaced, options));
    let profiles = (previous, prepare(profile, namespaced, options));
    let (previous, profile) = match profiles {
        (Ok(previous), Ok(profile)) => (previous, profile),
        (Err(error), _) | (_, Err(error)) => return inputs::fail(error),
    };
    let format = match args.format {
        Format::Text => Output::Text,
        Format::Json => Output::Json,
        Format::Markdown => Output::Markdown,
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = write(
        &mut out,
        [(&previous.0, &previous.1), (&profile.0, &profile.1)],
        shoots,
        options,
        (format, &args.fail_on),
    )
    .and_then(|written| out.flush().map(|()| written));
    match written {
        Err(error) => {
            crate::output::quit_on(&error);
            inputs::fail(error)
        }
        Ok(written) if written.summary.with_input_errors > 0 => ExitCode::from(2),
        Ok(written) if written.failing => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
    }
}

/// The CloudProfile prepared once, and the NamespacedCloudProfiles below it merged with it.
fn prepare(
    profile: Source,
    namespaced: &[Source],
    options: &AnalyzeOptions,
) -> Result<(PreparedProfile, NamespacedProfiles), String> {
    let merged = match namespaced {
        [] => NamespacedProfiles::default(),
        namespaced => NamespacedProfiles::merged(&profile, namespaced, options.limits)?,
    };
    Ok((PreparedProfile::new(profile, options.limits), merged))
}

/// The profiles we read together with the Shoots.
type Read = (Source, Vec<Source>, Vec<Source>, AnalyzeOptions);

/// The CloudProfile, the NamespacedCloudProfiles' and the Shoots' sources and the options; the
/// first file that cannot be read stops the command before anything is written.
fn read(args: &Args) -> Result<Read, String> {
    let (now, until) = args.times.read()?;
    let profile = inputs::source(&args.cloud_profile, SourceRole::Auto)?;
    let namespaced = (args.namespaced_cloud_profiles.iter())
        .map(|path| inputs::source(path, SourceRole::Auto))
        .collect::<Result<Vec<_>, _>>()?;
    let shoots = args
        .shoots
        .iter()
        .map(|path| inputs::source(path, SourceRole::Auto))
        .collect::<Result<Vec<_>, _>>()?;
    let options = AnalyzeOptions {
        until,
        limits: inputs::limits(),
        ..AnalyzeOptions::at(now)
    };
    Ok((profile, namespaced, shoots, options))
}

/// The fleet's [`FleetReport`](shoot_policy::fleet::FleetReport) as indented JSON, the same text `serde_json` writes for the whole
/// report, with each report written as it is made.
fn write_json(
    out: &mut impl Write,
    profiles: Profiles,
    shoots: &[Source],
    options: &AnalyzeOptions,
) -> std::io::Result<FleetSummary> {
    let fleet = StreamedFleet {
        analysis: Cell::new(Some((profiles, shoots, options))),
        summary: RefCell::new(None),
    };
    serde_json::to_writer_pretty(&mut *out, &fleet)?;
    writeln!(out)?;
    Ok(fleet.summary.into_inner().unwrap_or_default())
}

/// The CloudProfile and the NamespacedCloudProfiles below it, prepared.
type Profiles<'a> = (&'a PreparedProfile, &'a NamespacedProfiles);

/// A fleet to analyse, serialized as [`FleetReport`](shoot_policy::fleet::FleetReport) is: its reports, each written as
/// [`each_report_in`] makes it, then the summary they add up to.
struct StreamedFleet<'a> {
    analysis: Cell<Option<(Profiles<'a>, &'a [Source], &'a AnalyzeOptions)>>,
    summary: RefCell<Option<FleetSummary>>,
}

impl Serialize for StreamedFleet<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut report = serializer.serialize_struct("FleetReport", 2)?;
        report.serialize_field("reports", &StreamedReports(self))?;
        report.serialize_field("summary", &*self.summary.borrow())?;
        report.end()
    }
}

struct StreamedReports<'f, 'a>(&'f StreamedFleet<'a>);

impl Serialize for StreamedReports<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Some((profiles, shoots, options)) = self.0.analysis.take() else {
            return Err(S::Error::custom("the fleet is written once"));
        };
        let mut reports = serializer.serialize_seq(None)?;
        let shoots = shoots.iter().map(Ok);
        let summary = each_report_in(profiles, shoots, options, |entry| {
            reports.serialize_element(&entry)
        })?;
        *self.0.summary.borrow_mut() = Some(summary);
        reports.end()
    }
}

/// A line per Shoot (name, status label, first forced update, hibernation, problems), each
/// written as its report is made, then the summary.
fn write_text(
    out: &mut impl Write,
    profiles: Profiles,
    shoots: &[Source],
    options: &AnalyzeOptions,
    coloured: bool,
) -> std::io::Result<FleetSummary> {
    let mut write = |text: String| {
        let text = if coloured { colour::paint(&text) } else { text };
        out.write_all(text.as_bytes())
    };
    let shoots = shoots.iter().map(Ok);
    let summary = each_report_in(profiles, shoots, options, |entry| {
        write(format!("{}\n", line(&entry)))
    })?;
    write(summary_text(&summary))?;
    Ok(summary)
}

/// The summary's lines, after a blank line.
fn summary_text(summary: &FleetSummary) -> String {
    let mut out = format!(
        "\nShoots: {}, facing a forced update: {}, cannot hibernate: {}, with validation problems: {}, unreadable: {}\n",
        summary.shoots,
        summary.facing_forced_update,
        summary.hibernation_blocked,
        summary.with_validation_problems,
        summary.with_input_errors,
    );
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
