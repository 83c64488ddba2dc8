//! The conformance runner: cases derived from Gardener's own tests, each evaluated with the same
//! functions the product uses and compared with the result Gardener's code gives.
//!
//! A case file is `cases: [...]`; the schema of each kind is in the "Case schema" sections of the specs.
//! Every area registers its kinds in its own table (`KINDS` in each submodule); a kind that no table
//! names is reported as skipped, never as passed.

pub mod compare;
mod constraints;
mod hibernation;
mod maintenance;
mod maintenance_reconcile;
mod maintenance_run;
mod namespaced_cloud_profile;
mod operations;
mod rollout;
mod status;
mod timeline;
mod validation;

pub use compare::{Checker, Mismatch};

use chrono::{DateTime, Utc};
use serde::Deserialize;
use shoot_policy::decode::FromValue;
use shoot_policy::document::{self, ParseError, Value};
use std::collections::BTreeMap;

/// One case as written in a case file.
#[derive(Debug, Clone, Deserialize, FromValue)]
pub struct Case {
    pub name: String,
    #[serde(default = "default_kind")]
    pub kind: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub now: Option<String>,
    #[serde(default)]
    pub input: Value,
    #[serde(default)]
    pub expect: Value,
}

fn default_kind() -> String {
    "maintenance".to_string()
}

#[derive(Debug, Deserialize, FromValue)]
struct CaseFile {
    cases: Vec<Case>,
}

/// A kind of case and the function that checks one case of it.
pub struct Kind {
    pub name: &'static str,
    pub check: fn(&Case, &mut Checker) -> Result<(), String>,
}

/// Every area's table of kinds.
const AREAS: &[&[Kind]] = &[
    maintenance::KINDS,
    maintenance_run::KINDS,
    maintenance_reconcile::KINDS,
    rollout::KINDS,
    validation::KINDS,
    operations::KINDS,
    constraints::KINDS,
    status::KINDS,
    hibernation::KINDS,
    timeline::KINDS,
    namespaced_cloud_profile::KINDS,
];

fn registered_kind(name: &str) -> Option<&'static Kind> {
    AREAS
        .iter()
        .flat_map(|area| area.iter())
        .find(|kind| kind.name == name)
}

/// The names of every kind the runner can evaluate.
pub fn implemented_kinds() -> Vec<&'static str> {
    AREAS
        .iter()
        .flat_map(|area| area.iter())
        .map(|kind| kind.name)
        .collect()
}

impl Case {
    /// The evaluation instant. Cases where time does not matter may omit it; they get the corpus'
    /// conventional `2026-01-01T00:00:00Z`.
    pub fn now(&self) -> Result<DateTime<Utc>, String> {
        match &self.now {
            Some(text) => parse_instant(text),
            None => parse_instant("2026-01-01T00:00:00Z"),
        }
    }

    /// The input field `name`, or `null` when absent.
    pub fn input_value(&self, name: &str) -> &Value {
        self.input.get(name).unwrap_or(&Value::Null)
    }

    /// The input field `name` read into `T` (absent fields read as `null`), by the reader the
    /// reports use.
    pub fn input<T: shoot_policy::decode::FromValue>(&self, name: &str) -> Result<T, String> {
        shoot_policy::decode::from_value(self.input_value(name))
            .map_err(|e| format!("input.{name}: {e}"))
    }

    /// The expect field `name`, or `None` when the case does not check it.
    pub fn expect(&self, name: &str) -> Option<&Value> {
        self.expect.get(name)
    }
}

/// Parses an RFC 3339 instant.
pub fn parse_instant(text: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("invalid instant {text:?}: {e}"))
}

/// What happened to one case.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Passed,
    /// The result differs from Gardener's, or the case could not be evaluated.
    Failed(Vec<Mismatch>),
    /// The case's kind is not implemented yet.
    Skipped,
}

/// The outcome of one case, with what identifies it.
#[derive(Debug, Clone)]
pub struct CaseResult {
    pub file: String,
    pub name: String,
    pub kind: String,
    pub outcome: Outcome,
}

/// Evaluates one case.
pub fn run_case(case: &Case) -> Outcome {
    let Some(kind) = registered_kind(&case.kind) else {
        return Outcome::Skipped;
    };
    let mut checker = Checker::new(&case.expect);
    // A panic in an evaluator is a defect, but one case must not hide the results of the others.
    let evaluated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        (kind.check)(case, &mut checker)
    }));
    match evaluated {
        Ok(Ok(())) => checker.finish(),
        Ok(Err(error)) => Outcome::Failed(vec![Mismatch::error(error)]),
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            Outcome::Failed(vec![Mismatch::error(format!("panicked: {message}"))])
        }
    }
}

/// Parses a case file.
pub fn parse_case_file(text: &str) -> Result<Vec<Case>, ParseError> {
    document::from_str::<CaseFile>(text).map(|file| file.cases)
}

/// Runs every case of one file's text.
pub fn run_file(file: &str, text: &str) -> Result<Vec<CaseResult>, ParseError> {
    Ok(parse_case_file(text)?
        .iter()
        .map(|case| CaseResult {
            file: file.to_string(),
            name: case.name.clone(),
            kind: case.kind.clone(),
            outcome: run_case(case),
        })
        .collect())
}

/// Counts over a set of results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    /// Skipped cases per kind.
    pub skipped_kinds: BTreeMap<String, usize>,
}

impl Summary {
    pub fn of(results: &[CaseResult]) -> Summary {
        let mut summary = Summary::default();
        for result in results {
            match result.outcome {
                Outcome::Passed => summary.passed += 1,
                Outcome::Failed(_) => summary.failed += 1,
                Outcome::Skipped => {
                    summary.skipped += 1;
                    *summary
                        .skipped_kinds
                        .entry(result.kind.clone())
                        .or_default() += 1;
                }
            }
        }
        summary
    }

    /// The one closing line: `N passed, M failed, K skipped`.
    pub fn line(&self) -> String {
        format!(
            "{} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        )
    }
}
