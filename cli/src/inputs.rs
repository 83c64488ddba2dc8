//! Reading the CLI's input files (`-` is standard input) into the core's sources.

use shoot_policy::document::Limits;
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

/// Bounds on what one analysis reads, from the command line (any command takes them); the
/// library's defaults, made for text pasted into a browser, otherwise. A landscape's
/// `kubectl get shoots -A -o yaml` is a `List` larger than those defaults.
#[derive(clap::Args)]
pub struct LimitArgs {
    /// Most bytes one analysis reads, all its files together: a number with an optional KiB, MiB
    /// or GiB [default: 5MiB].
    #[arg(long, global = true, value_name = "SIZE", value_parser = bytes)]
    max_bytes: Option<usize>,
    /// Most documents in one file (a `List` counts as one) [default: 1000].
    #[arg(long, global = true, value_name = "COUNT")]
    max_documents: Option<usize>,
    /// Deepest nesting of mappings and lists [default: 100].
    #[arg(long, global = true, value_name = "LEVELS")]
    max_depth: Option<usize>,
    /// Most values (mappings, lists and scalars) in one file, each YAML alias counted once per use
    /// [default: 500000].
    #[arg(long, global = true, value_name = "COUNT")]
    max_nodes: Option<usize>,
}

static LIMITS: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();

impl LimitArgs {
    /// Makes these the limits of every analysis of this run; `main` calls it once.
    pub fn apply(&self) {
        let defaults = Limits::default();
        let limits = Limits {
            max_bytes: self.max_bytes.unwrap_or(defaults.max_bytes),
            max_documents: self.max_documents.unwrap_or(defaults.max_documents),
            max_depth: self.max_depth.unwrap_or(defaults.max_depth),
            max_nodes: self.max_nodes.unwrap_or(defaults.max_nodes),
        };
        let _ = LIMITS.set(limits);
    }
}

/// The limits of this run: [`LimitArgs::apply`]'s, or the library's defaults.
pub fn limits() -> Limits {
    LIMITS.get().copied().unwrap_or_default()
}

/// A size in bytes: digits, optionally followed by `KiB`, `MiB` or `GiB`.
fn bytes(text: &str) -> Result<usize, String> {
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let scale: usize = match &text[digits.len()..] {
        "" | "B" => 1,
        "KiB" => 1 << 10,
        "MiB" => 1 << 20,
        "GiB" => 1 << 30,
        unit => return Err(format!("unknown unit {unit:?}: use KiB, MiB or GiB")),
    };
    let number: usize = digits
        .parse()
        .map_err(|_| format!("{text:?} is not a size such as 5242880 or 64MiB"))?;
    number
        .checked_mul(scale)
        .ok_or_else(|| format!("{text} is too large"))
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
            limits: limits(),
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
    crate::output::write(format_args!("{json}\n"));
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

/// A period as `--fail-on` takes it: a whole number followed by `d`, `h` or `m`.
pub fn parse_period(period: &str) -> Result<chrono::TimeDelta, String> {
    let (number, unit) = period.split_at(
        period
            .trim_end_matches(|c: char| c.is_ascii_alphabetic())
            .len(),
    );
    let count: i64 = number
        .parse()
        .map_err(|_| format!("{period:?}: expected a whole number followed by d, h or m"))?;
    match unit {
        "d" => Ok(chrono::TimeDelta::days(count)),
        "h" => Ok(chrono::TimeDelta::hours(count)),
        "m" => Ok(chrono::TimeDelta::minutes(count)),
        _ => Err(format!("{period:?}: the unit must be d, h or m")),
    }
}

#[cfg(test)]
mod tests {
    use super::bytes;

    #[test]
    fn sizes_are_bytes_or_binary_units() {
        assert_eq!(bytes("5242880"), Ok(5_242_880));
        assert_eq!(bytes("512B"), Ok(512));
        assert_eq!(bytes("2KiB"), Ok(2048));
        assert_eq!(bytes("64MiB"), Ok(64 << 20));
        assert_eq!(bytes("1GiB"), Ok(1 << 30));
        assert_eq!(
            bytes("5MB"),
            Err("unknown unit \"MB\": use KiB, MiB or GiB".to_string())
        );
        assert_eq!(
            bytes("MiB"),
            Err("\"MiB\" is not a size such as 5242880 or 64MiB".to_string())
        );
        assert_eq!(
            bytes("-1"),
            Err("\"-1\" is not a size such as 5242880 or 64MiB".to_string())
        );
        assert_eq!(
            bytes("99999999999999999999GiB"),
            Err("\"99999999999999999999GiB\" is not a size such as 5242880 or 64MiB".to_string())
        );
        assert_eq!(
            bytes("18446744073709551615KiB"),
            Err("18446744073709551615KiB is too large".to_string())
        );
    }
}
