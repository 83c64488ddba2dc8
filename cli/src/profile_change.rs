//! `shoot-policy fleet --previous-cloud-profile OLD --cloud-profile NEW SHOOTS…`: what a
//! CloudProfile change does to a fleet, through the core's comparison
//! ([`shoot_policy::profile_change`]): per affected Shoot each update that appears, goes or moves,
//! each update that starts or stops failing, each version classified otherwise, each validation
//! problem that appears or goes; the unaffected Shoots counted. Text, JSON, or a Markdown table
//! for a review comment.

use crate::text::component;
use shoot_policy::profile_change::Side;
use shoot_policy::profile_change::{each_change_of, AffectedShoot, ProfileChangeSummary};
use shoot_policy::report::{AnalyzeOptions, Source};
use std::io::Write;

/// A condition that fails the pipeline (exit 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FailOn {
    /// The change brings a forced update, or a failing forced update, into a window before
    /// now + the period.
    ForcedUpdateWithin(chrono::TimeDelta),
    /// The change makes an update fail.
    FailingUpdate,
}

pub fn parse_fail_on(text: &str) -> Result<FailOn, String> {
    if text == "failing-update" {
        return Ok(FailOn::FailingUpdate);
    }
    let Some(period) = text.strip_prefix("forced-update-within=") else {
        return Err(format!(
            "{text:?}: expected failing-update or forced-update-within=<N>d|h|m"
        ));
    };
    crate::inputs::parse_period(period).map(FailOn::ForcedUpdateWithin)
}

#[derive(Clone, Copy, PartialEq)]
pub enum Output {
    Text,
    Json,
    Markdown,
}

/// What was written, for the exit code.
pub struct Written {
    pub summary: ProfileChangeSummary,
    /// Whether a `--fail-on` condition holds for some affected Shoot.
    pub failing: bool,
}

pub fn write(
    out: &mut impl Write,
    [previous, new]: [Side; 2],
    shoots: &[Source],
    options: &AnalyzeOptions,
    (format, fail_on): (Output, &[FailOn]),
) -> std::io::Result<Written> {
    let mut failing = false;
    let holds = |shoot: &AffectedShoot| {
        fail_on.iter().any(|condition| {
            shoot.changes.iter().any(|change| match condition {
                FailOn::ForcedUpdateWithin(period) => change.forced_before(options.now + *period),
                FailOn::FailingUpdate => change.starts_failing(),
            })
        })
    };
    let each = shoots.iter().map(Ok::<_, std::io::Error>);
    let profiles = (Some(previous), new);
    let no_progress = &mut |_, _| {};
    let summary = match format {
        Output::Json => {
            let mut affected = Vec::new();
            let counts = each_change_of(
                profiles,
                each,
                options,
                |shoot| {
                    affected.push(shoot);
                    Ok(())
                },
                no_progress,
            )?;
            let answer = counts.into_report(affected);
            failing = answer.affected.iter().any(holds);
            serde_json::to_writer_pretty(&mut *out, &answer)?;
            writeln!(out)?;
            answer.summary
        }
        Output::Text | Output::Markdown => {
            let markdown = format == Output::Markdown;
            if markdown {
                writeln!(out, "| Shoot | Component | Change |")?;
                writeln!(out, "|---|---|---|")?;
            }
            let cell = |text: &str| text.replace('|', "\\|");
            let summary = each_change_of(
                profiles,
                each,
                options,
                |shoot| {
                    failing |= holds(&shoot);
                    let path = shoot.path();
                    if !markdown {
                        writeln!(out, "{path}:")?;
                    }
                    for change in &shoot.changes {
                        let (component, change) = (component(&change.component), change.describe());
                        match markdown {
                            true => writeln!(
                                out,
                                "| {} | {} | {} |",
                                cell(&path),
                                cell(&component),
                                cell(&change)
                            )?,
                            false => writeln!(out, "  {component}: {change}")?,
                        }
                    }
                    Ok(())
                },
                no_progress,
            )?
            .summary;
            writeln!(out, "\n{}", summary_line(&summary))?;
            summary
        }
    };
    Ok(Written { summary, failing })
}

fn summary_line(summary: &ProfileChangeSummary) -> String {
    let mut line = format!(
        "Shoots: {}, affected by the change: {}, not affected: {}",
        summary.shoots, summary.affected, summary.unaffected
    );
    if summary.with_input_errors > 0 {
        line.push_str(&format!(", unreadable: {}", summary.with_input_errors));
    }
    line
}
