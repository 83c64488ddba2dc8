//! Reading the CLI's input files (`-` is standard input) into the core's sources.

use shoot_policy::report::{analyze, AnalyzeOptions, Report, Severity, Source, SourceRole};
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

/// Reads one input; the error names the file.
pub fn read(path: &Path) -> Result<String, String> {
    if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        return Ok(text);
    }
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A source named after its file, so diagnostics point at it.
pub fn source(path: &Path, role: SourceRole) -> Result<Source, String> {
    let name = if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    Ok(Source {
        name,
        role,
        text: read(path)?,
    })
}

/// The `--now` argument, or the system clock: the CLI alone may read it.
pub fn now(text: Option<&str>) -> Result<chrono::DateTime<chrono::Utc>, String> {
    instant(text)
        .map(|now| now.unwrap_or_else(chrono::Utc::now))
        .map_err(|e| format!("--now {e}"))
}

/// `--now` and `--until`, for the commands that compute a timeline.
#[derive(clap::Args)]
pub struct Times {
    /// Evaluation instant (RFC 3339); default: now.
    #[arg(long)]
    now: Option<String>,
    /// End of the update timeline (RFC 3339); default: two years after --now.
    #[arg(long)]
    until: Option<String>,
}

impl Times {
    /// The evaluation instant and the end of the timeline, if given.
    pub fn read(
        &self,
    ) -> Result<
        (
            chrono::DateTime<chrono::Utc>,
            Option<chrono::DateTime<chrono::Utc>>,
        ),
        String,
    > {
        let now = now(self.now.as_deref())?;
        let until = instant(self.until.as_deref()).map_err(|e| format!("--until {e}"))?;
        Ok((now, until))
    }
}

/// Parses an optional RFC 3339 argument.
pub fn instant(text: Option<&str>) -> Result<Option<chrono::DateTime<chrono::Utc>>, String> {
    text.map(|t| {
        chrono::DateTime::parse_from_rfc3339(t)
            .map(|t| t.with_timezone(&chrono::Utc))
            .map_err(|e| format!("{t:?} is not an RFC 3339 instant: {e}"))
    })
    .transpose()
}

/// Reads the given files and analyses them: the one path every subcommand takes to the core.
pub fn analyze_files(
    named: &[(Option<&Path>, SourceRole)],
    objects: &[std::path::PathBuf],
    now: chrono::DateTime<chrono::Utc>,
    until: Option<chrono::DateTime<chrono::Utc>>,
) -> Result<Report, String> {
    let mut sources = Vec::new();
    for (path, role) in named {
        if let Some(path) = path {
            sources.push(source(path, *role)?);
        }
    }
    for path in objects {
        sources.push(source(path, SourceRole::Auto)?);
    }
    Ok(analyze(
        &sources,
        &AnalyzeOptions {
            now,
            until,
            areas: None,
            feature_gates: Default::default(),
            limits: Default::default(),
        },
    ))
}

/// Reports an error that stops a command (unreadable input, a bad argument): exit code 2.
pub fn fail(error: impl std::fmt::Display) -> ExitCode {
    eprintln!("shoot-policy: {error}");
    ExitCode::from(2)
}

/// Prints `value` as indented JSON.
pub fn print_json(value: &impl serde::Serialize) -> Result<(), String> {
    let json = serde_json::to_string_pretty(value).map_err(|error| error.to_string())?;
    println!("{json}");
    Ok(())
}

/// Prints the input errors to standard error; true when there were any (exit code 2).
pub fn report_unreadable(report: &Report) -> bool {
    let mut unreadable = false;
    for diagnostic in report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
    {
        eprintln!("shoot-policy: {}", crate::text::diagnostic(diagnostic));
        unreadable = true;
    }
    unreadable
}
