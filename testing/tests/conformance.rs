//! The contract with Gardener's behaviour: every vendored case either passes or belongs to a kind that is
//! not implemented yet, and the vendored corpus is byte-identical to `../shared/conformance` when present.

use shoot_policy_testing::conformance::{run_file, Outcome, Summary};
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance")
}

/// The vendored Gardener corpus, our own timeline cases, the cases we derived from the Gardener
/// tests the vendored corpus leaves out, and the cases the Gardener oracle found.
fn corpus_files() -> Vec<PathBuf> {
    let ours = |dir: &str| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests")
            .join(dir)
    };
    let mut files: Vec<PathBuf> = [
        corpus_dir(),
        ours("timeline"),
        ours("derived"),
        ours("oracle-found"),
    ]
    .iter()
    .flat_map(|dir| std::fs::read_dir(dir).expect("case directory exists"))
    .map(|entry| entry.unwrap().path())
    .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
    .collect();
    files.sort();
    files
}

#[test]
fn vendored_corpus_is_identical_to_shared() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance");
    let Ok(entries) = std::fs::read_dir(&shared) else {
        eprintln!("../shared/conformance is absent; nothing to compare");
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "yaml") {
            let vendored = corpus_dir().join(path.file_name().unwrap());
            assert_eq!(
                std::fs::read(&path).unwrap(),
                std::fs::read(&vendored).unwrap_or_default(),
                "{} differs from the vendored copy {}",
                path.display(),
                vendored.display()
            );
        }
    }
}

#[test]
fn no_conformance_case_fails() {
    let mut results = Vec::new();
    for file in corpus_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        results.extend(run_file(&file.display().to_string(), &text).expect("case file parses"));
    }
    let failures: Vec<String> = results
        .iter()
        .filter_map(|result| match &result.outcome {
            Outcome::Failed(mismatches) => Some(format!(
                "{} [{}]: {:?}",
                result.name, result.kind, mismatches
            )),
            _ => None,
        })
        .collect();
    let summary = Summary::of(&results);
    eprintln!("conformance: {}", summary.line());
    assert!(summary.passed > 0, "no case ran");
    assert_eq!(
        summary.skipped, 0,
        "kinds without an implementation: {:?}",
        summary.skipped_kinds
    );
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
