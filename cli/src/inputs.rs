//! Reading the CLI's input files (`-` is standard input) into the core's sources.

use shoot_policy::report::{Source, SourceRole};
use std::io::Read;
use std::path::Path;

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
    Ok(Source {
        name: path.display().to_string(),
        role,
        text: read(path)?,
    })
}

/// Parses `--now`/`--until` values; the CLI alone may fall back to the system clock.
pub fn instant(text: Option<&str>) -> Result<Option<chrono::DateTime<chrono::Utc>>, String> {
    text.map(|t| {
        chrono::DateTime::parse_from_rfc3339(t)
            .map(|t| t.with_timezone(&chrono::Utc))
            .map_err(|e| format!("{t:?} is not an RFC 3339 instant: {e}"))
    })
    .transpose()
}
