//! `shoot-policy conformance PATH...`: evaluates case files and compares with Gardener's results.

use shoot_policy_testing::conformance::{self, CaseResult, Outcome, Summary};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Case files, or directories whose `*.yaml` files are case files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Exit 0 even when kinds are skipped (not implemented yet); failures still exit 1.
    #[arg(long)]
    allow_skipped: bool,
    /// Print every case, not only failures.
    #[arg(long)]
    verbose: bool,
}

fn case_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| {
                    p.extension()
                        .is_some_and(|ext| ext == "yaml" || ext == "yml")
                })
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn read_and_run(file: &Path) -> Result<Vec<CaseResult>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    conformance::run_file(&file.display().to_string(), &text)
        .map_err(|e| format!("{}: {e}", file.display()))
}

pub fn run(args: Args) -> ExitCode {
    let files = match case_files(&args.paths) {
        Ok(files) => files,
        Err(error) => return crate::inputs::fail(error),
    };
    let mut results = Vec::new();
    for file in &files {
        match read_and_run(file) {
            Ok(file_results) => results.extend(file_results),
            Err(error) => return crate::inputs::fail(error),
        }
    }
    for result in &results {
        match &result.outcome {
            Outcome::Failed(mismatches) => {
                crate::output::write(format_args!(
                    "FAIL {} [{}] ({})\n",
                    result.name, result.kind, result.file
                ));
                for mismatch in mismatches {
                    crate::output::write(format_args!("  {}:\n", mismatch.field));
                    crate::output::write(format_args!("    expected: {}\n", mismatch.expected));
                    crate::output::write(format_args!("    actual:   {}\n", mismatch.actual));
                }
            }
            Outcome::Passed if args.verbose => {
                crate::output::write(format_args!("ok   {} [{}]\n", result.name, result.kind))
            }
            Outcome::Skipped if args.verbose => {
                crate::output::write(format_args!("skip {} [{}]\n", result.name, result.kind))
            }
            _ => {}
        }
    }
    let summary = Summary::of(&results);
    if !summary.skipped_kinds.is_empty() {
        let kinds: Vec<String> = summary
            .skipped_kinds
            .iter()
            .map(|(kind, count)| format!("{kind} ({count})"))
            .collect();
        crate::output::write(format_args!(
            "skipped kinds (not implemented yet): {}\n",
            kinds.join(", ")
        ));
    }
    crate::output::write(format_args!("{}\n", summary.line()));
    if summary.failed > 0 || (summary.skipped > 0 && !args.allow_skipped) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
