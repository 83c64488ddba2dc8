//! The differential test against Gardener's own Go code, after cedar's `cedar-drt`: generated
//! inputs go to both the engine and the oracle (`oracle/`, Gardener's real functions behind JSON
//! lines), and each kind of divergence is shrunk (within a budget) and written to
//! `tests/oracle-found/` as a conformance case, which then runs without Go.
//!
//! Run it with `cargo xtask oracle [--seconds N] [--seed S] [--area A[,B…]] [--budget-as-full-run]
//! [--cases N] [--found DIR]`, which builds the oracle and passes its path in `ORACLE_BIN`. Each area
//! draws its inputs from its own seeded generator ([`generate`]), so a seed repeats a run exactly.
//! A run fails on a divergence, on an area above its ceiling of inputs not answered, on an input the
//! engine skips and on an oracle error of the harness itself; it prints per area the share of the
//! fields its Gardener functions read that the inputs varied ([`fields`]).

mod fields;
mod generate;
mod generate_admission;
mod generate_cleanup;
mod generate_constraints;
mod generate_maintenance;
mod generate_namespaced_cloud_profile;
mod generate_rollout;
mod generate_scheduling;
mod generate_shoot_validation;
mod generate_validation;
mod real_world;

use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{json, Value};
use shoot_policy_testing::conformance::{run_case, Case, Mismatch, Outcome};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// One question for both sides: a conformance case without its `expect`.
#[derive(Debug, Clone)]
pub struct Request {
    pub kind: &'static str,
    /// RFC 3339.
    pub now: String,
    pub input: Value,
}

/// A part of the report checked against the oracle, with the generator of its inputs.
struct Area {
    name: &'static str,
    strategy: fn() -> BoxedStrategy<Request>,
    /// The most inputs, in percent of those drawn, the oracle may leave unanswered: the reasons
    /// `docs/oracle.md` lists ("Not answered") at the rates measured, with room. Above it the run
    /// fails: a handler that errs on every input must not pass as "not answered".
    unanswered_ceiling: u32,
}

const AREAS: &[Area] = &[
    Area {
        name: "webhooks",
        strategy: generate_constraints::webhooks,
        unanswered_ceiling: 1,
    },
    Area {
        name: "overlap",
        strategy: generate_constraints::overlap,
        unanswered_ceiling: 1,
    },
    Area {
        name: "hibernation-controller",
        strategy: generate_constraints::schedule_controller,
        unanswered_ceiling: 12,
    },
    Area {
        name: "versions",
        strategy: generate::versions_area,
        unanswered_ceiling: 2,
    },
    Area {
        name: "windows",
        strategy: generate::windows,
        unanswered_ceiling: 15,
    },
    Area {
        name: "status",
        strategy: generate::status,
        unanswered_ceiling: 1,
    },
    Area {
        name: "hibernation",
        strategy: generate::hibernation,
        unanswered_ceiling: 18,
    },
    Area {
        name: "maintenance",
        strategy: generate_maintenance::maintenance,
        unanswered_ceiling: 1,
    },
    Area {
        name: "conditions",
        strategy: generate::conditions,
        unanswered_ceiling: 1,
    },
    Area {
        name: "migration",
        strategy: generate::migration,
        unanswered_ceiling: 1,
    },
    Area {
        name: "timeline",
        strategy: generate::timeline,
        unanswered_ceiling: 8,
    },
    Area {
        name: "rollout",
        strategy: generate_rollout::rollout,
        unanswered_ceiling: 2,
    },
    Area {
        name: "update-strategy",
        strategy: generate_rollout::update_strategy,
        unanswered_ceiling: 1,
    },
    Area {
        name: "validation",
        strategy: generate_validation::validation,
        unanswered_ceiling: 2,
    },
    Area {
        name: "feature-gates",
        strategy: generate_validation::feature_gate_area,
        unanswered_ceiling: 1,
    },
    Area {
        name: "maintenance-validation",
        strategy: generate_validation::maintenance_validation_area,
        unanswered_ceiling: 1,
    },
    Area {
        name: "version-defaulting",
        strategy: generate_validation::version_defaulting_area,
        unanswered_ceiling: 5,
    },
    Area {
        name: "scheduling",
        strategy: generate_scheduling::scheduling,
        unanswered_ceiling: 1,
    },
    Area {
        name: "shoot-admission",
        strategy: generate_admission::admission_area,
        unanswered_ceiling: 1,
    },
    Area {
        name: "shoot-validation",
        strategy: generate_shoot_validation::shoot_validation_area,
        unanswered_ceiling: 4,
    },
    Area {
        name: "cleanup",
        strategy: generate_cleanup::cleanup_area,
        unanswered_ceiling: 1,
    },
    Area {
        name: "namespaced-cloud-profile-merge",
        strategy: generate_namespaced_cloud_profile::namespaced_cloud_profile_merge,
        unanswered_ceiling: 1,
    },
];

/// The Go side: Gardener's functions answering one JSON line per request.
struct Oracle {
    child: Child,
    requests: BufWriter<ChildStdin>,
    answers: BufReader<ChildStdout>,
}

/// What the oracle said to one request.
enum Answer {
    Expect(Value),
    /// The oracle could not answer (Gardener's code errs before any result, loops, or the input
    /// is outside what it serves): the case is not compared.
    Unanswered(String),
}

impl Oracle {
    fn start(binary: &Path) -> Result<Oracle, String> {
        let mut child = Command::new(binary)
            .args(["-test.run=^TestOracle$", "-test.count=1"])
            .env("ORACLE_SERVE", "1")
            .env("TZ", "UTC")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the oracle {}: {e}", binary.display()))?;
        let requests = BufWriter::new(child.stdin.take().expect("piped stdin"));
        let answers = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Oracle {
            child,
            requests,
            answers,
        })
    }

    fn ask(&mut self, request: &Request) -> Result<Answer, String> {
        let line = json!({ "kind": request.kind, "now": request.now, "input": request.input });
        writeln!(self.requests, "{line}").map_err(|e| format!("writing to the oracle: {e}"))?;
        self.requests
            .flush()
            .map_err(|e| format!("writing to the oracle: {e}"))?;
        let mut answer = String::new();
        // `go test` prints its own lines (`PASS`, `ok`) only at the end; every answer is JSON.
        loop {
            answer.clear();
            let read = self
                .answers
                .read_line(&mut answer)
                .map_err(|e| format!("reading from the oracle: {e}"))?;
            if read == 0 {
                return Err("the oracle ended without answering".to_string());
            }
            if answer.starts_with('{') {
                break;
            }
        }
        let answer: Value = serde_json::from_str(&answer)
            .map_err(|e| format!("the oracle's answer is not JSON: {e}: {answer}"))?;
        match (answer.get("expect"), answer.get("error")) {
            (Some(expect), _) => Ok(Answer::Expect(expect.clone())),
            (None, Some(error)) => Ok(Answer::Unanswered(
                error.as_str().unwrap_or_default().to_string(),
            )),
            _ => Ok(Answer::Unanswered("an empty answer".to_string())),
        }
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The outcome of one request on both sides.
enum Compared {
    Agreed,
    Diverged(Case, Vec<Mismatch>),
    Unanswered(String),
    /// The engine does not serve the kind: the area cannot pass.
    Skipped,
}

fn case_of(request: &Request, expect: Value, name: String, source: String) -> Case {
    Case {
        name,
        kind: request.kind.to_string(),
        source,
        now: Some(request.now.clone()),
        input: request.input.clone(),
        expect,
    }
}

fn compare(oracle: &mut Oracle, request: &Request, seed: u64) -> Result<Compared, String> {
    let expect = match oracle.ask(request)? {
        Answer::Expect(expect) => expect,
        Answer::Unanswered(why) => return Ok(Compared::Unanswered(why)),
    };
    let source = format!("shoot-policy oracle: gardener {GARDENER}, seed {seed}");
    let case = case_of(request, expect, String::new(), source);
    Ok(match run_case(&case) {
        Outcome::Passed => Compared::Agreed,
        Outcome::Failed(mismatches) => Compared::Diverged(case, mismatches),
        Outcome::Skipped => Compared::Skipped,
    })
}

/// The Gardener release the oracle links (see `docs/oracle-baseline.md`).
const GARDENER: &str = "v1.149.3";

/// The share of an area's time its shrinking may take in all: a frequent divergence must not
/// starve the search of the others.
const SHRINK_SHARE: f64 = 0.25;
/// The most one divergence is shrunk for.
const SHRINK_EACH: Duration = Duration::from_secs(20);
/// An area stops after this many different divergences: more say nothing new.
const MAX_DIVERGENCES: usize = 10;

/// Shrinks a diverging input the way proptest does: simpler while it still diverges, until
/// `deadline`.
fn shrink(
    oracle: &mut Oracle,
    mut tree: impl ValueTree<Value = Request>,
    seed: u64,
    deadline: Instant,
    mut smallest: (Case, Vec<Mismatch>),
) -> Result<(Case, Vec<Mismatch>), String> {
    if !tree.simplify() {
        return Ok(smallest);
    }
    while Instant::now() < deadline {
        match compare(oracle, &tree.current(), seed)? {
            Compared::Diverged(case, mismatches) => {
                smallest = (case, mismatches);
                if !tree.simplify() {
                    break;
                }
            }
            Compared::Agreed | Compared::Unanswered(_) | Compared::Skipped => {
                if !tree.complicate() {
                    break;
                }
            }
        }
    }
    Ok(smallest)
}

/// One kind of divergence an area found: its smallest example and how often it came.
struct Divergence {
    /// The signatures of the unshrunk inputs that led here and of the shrunk one.
    signatures: Vec<String>,
    case: Case,
    mismatches: Vec<Mismatch>,
    inputs: usize,
    shrunk: bool,
}

/// The reasons the oracle gave for not answering, grouped.
#[derive(Default)]
struct Reasons {
    /// By the reason's shape (its first line, values left out): how many, and the first example.
    groups: std::collections::BTreeMap<String, (usize, String)>,
}

impl Reasons {
    fn add(&mut self, why: &str) {
        let entry = self
            .groups
            .entry(reason_shape(why))
            .or_insert_with(|| (0, first_line(why)));
        entry.0 += 1;
    }

    fn total(&self) -> usize {
        self.groups.values().map(|(count, _)| count).sum()
    }

    /// The groups, the most frequent first.
    fn by_count(&self) -> Vec<(usize, &str)> {
        let mut groups: Vec<(usize, &str)> = (self.groups.values())
            .map(|(count, example)| (*count, example.as_str()))
            .collect();
        groups.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        groups
    }
}

fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    match line.char_indices().nth(200) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}

/// A reason's shape: its first line with quoted values and numbers left out, so that one cause
/// is one group whatever the input's values.
fn reason_shape(why: &str) -> String {
    let mut shape = String::new();
    let mut quoted = false;
    let mut last_digit = false;
    for c in first_line(why).chars() {
        if c == '"' {
            quoted = !quoted;
            if quoted {
                shape.push_str("\"…\"");
            }
            last_digit = false;
        } else if quoted {
        } else if c.is_ascii_digit() {
            if !last_digit {
                shape.push('N');
            }
            last_digit = true;
        } else {
            shape.push(c);
            last_digit = false;
        }
    }
    shape
}

/// Oracle answers that are the harness' fault, never the input's: they fail the run.
fn is_harness_error(why: &str) -> bool {
    [
        "kind not served",
        "decoding the request",
        "encoding the answer",
        "now ",
    ]
    .iter()
    .any(|prefix| why.starts_with(prefix))
}

/// What one area's run found.
#[derive(Default)]
struct Tally {
    /// Inputs both sides answered, the diverging ones included.
    compared: usize,
    /// Inputs on which the two differed.
    diverging: usize,
    unanswered: Reasons,
    /// Inputs of a kind the engine does not serve.
    skipped: usize,
    /// Oracle errors that are the harness' own (`is_harness_error`).
    harness: Reasons,
    divergences: Vec<Divergence>,
    /// The first diverging input: its number in the area's stream and the seconds until it came.
    first_divergence: Option<(usize, f64)>,
    shrinking: Duration,
    /// Which of the fields the area's Gardener functions read its inputs varied.
    coverage: Option<fields::Coverage>,
    /// Inputs Gardener's decoding refuses and the engine refuses too (the real-world corpus).
    refused_alike: usize,
}

impl Tally {
    fn drawn(&self) -> usize {
        self.compared + self.unanswered.total() + self.skipped + self.harness.total()
    }
}

fn run_area(
    oracle: &mut Oracle,
    area: &Area,
    seed: u64,
    budget: Duration,
    max_cases: usize,
) -> Result<Tally, String> {
    let mut runner = TestRunner::new_with_rng(Config::default(), rng_for(seed, area.name));
    let strategy = (area.strategy)();
    let started = Instant::now();
    let deadline = started + budget;
    let shrink_budget = budget.mul_f64(SHRINK_SHARE);
    let mut tally = Tally::default();
    let mut coverage = fields::Coverage::of(area.name);
    while Instant::now() < deadline && tally.drawn() < max_cases {
        let tree = strategy
            .new_tree(&mut runner)
            .map_err(|e| format!("{}: generating: {e}", area.name))?;
        let request = tree.current();
        coverage.record(&request);
        match compare(oracle, &request, seed)? {
            Compared::Agreed => tally.compared += 1,
            Compared::Skipped => tally.skipped += 1,
            Compared::Unanswered(why) if is_harness_error(&why) => tally.harness.add(&why),
            Compared::Unanswered(why) => tally.unanswered.add(&why),
            Compared::Diverged(case, mismatches) => {
                tally.compared += 1;
                tally.diverging += 1;
                tally
                    .first_divergence
                    .get_or_insert((tally.drawn(), started.elapsed().as_secs_f64()));
                // A divergence tends to repeat: each kind of it is shrunk once, and only while
                // the area's shrinking budget lasts.
                let signature = signature_of(&case, &mismatches);
                if let Some(known) =
                    (tally.divergences.iter_mut()).find(|d| d.signatures.contains(&signature))
                {
                    known.inputs += 1;
                    continue;
                }
                let left = shrink_budget.saturating_sub(tally.shrinking);
                let shrinking = Instant::now();
                let (case, mismatches) = if left.is_zero() {
                    (case, mismatches)
                } else {
                    let until = shrinking + left.min(SHRINK_EACH);
                    shrink(oracle, tree, seed, until, (case, mismatches))?
                };
                tally.shrinking += shrinking.elapsed();
                let shrunk = signature_of(&case, &mismatches);
                match (tally.divergences.iter_mut()).find(|d| d.signatures.contains(&shrunk)) {
                    Some(known) => {
                        known.inputs += 1;
                        known.signatures.push(signature);
                    }
                    None => tally.divergences.push(Divergence {
                        signatures: vec![signature, shrunk],
                        case,
                        mismatches,
                        inputs: 1,
                        shrunk: !left.is_zero(),
                    }),
                }
                if tally.divergences.len() >= MAX_DIVERGENCES {
                    break;
                }
            }
        }
    }
    tally.coverage = Some(coverage);
    Ok(tally)
}

/// The area's own random stream: the same seed gives every area the same inputs whatever areas
/// run beside it.
fn rng_for(seed: u64, area: &str) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    for (index, byte) in area.bytes().enumerate() {
        bytes[8 + index % 24] ^= byte;
    }
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

/// What tells two divergences apart: the kind and the fields that differ, list indices left out
/// (`workers[2].name` is `workers[].name`).
fn signature_of(case: &Case, mismatches: &[Mismatch]) -> String {
    let mut fields: Vec<String> = (mismatches.iter())
        .map(|m| {
            let mut field = String::new();
            let mut in_index = false;
            for c in m.field.chars() {
                match c {
                    '[' => in_index = true,
                    ']' => in_index = false,
                    c if in_index && c.is_ascii_digit() => continue,
                    _ => {}
                }
                field.push(c);
            }
            field
        })
        .collect();
    fields.sort_unstable();
    fields.dedup();
    format!("{} {}", case.kind, fields.join(","))
}

fn describe(mismatch: &Mismatch) -> String {
    format!(
        "{}: Gardener {}, engine {}",
        mismatch.field, mismatch.expected, mismatch.actual
    )
}

/// Writes the divergences of an area as conformance cases, appended to its file.
fn write_found(
    dir: &Path,
    area: &str,
    tag: &str,
    found: &mut [Divergence],
) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let path = dir.join(format!("{area}.yaml"));
    // serde_yaml's mapping keeps insertion order, so each case reads name first, expect last.
    let mut cases: Vec<serde_yaml::Value> = match std::fs::read_to_string(&path) {
        Ok(text) => {
            let file: serde_yaml::Value =
                serde_yaml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            (file.get("cases").and_then(serde_yaml::Value::as_sequence))
                .cloned()
                .unwrap_or_default()
        }
        Err(_) => Vec::new(),
    };
    let yaml = |value: &Value| serde_yaml::to_value(value).map_err(|e| e.to_string());
    for Divergence {
        case, mismatches, ..
    } in found.iter_mut()
    {
        // Numbered on from the cases of the same seed already in the file: names stay unique.
        let prefix = format!("oracle-{}-{tag}-", case.kind);
        let taken = |name: &str| {
            cases
                .iter()
                .any(|c| c.get("name").and_then(serde_yaml::Value::as_str) == Some(name))
        };
        let index = (0..)
            .find(|i| !taken(&format!("{prefix}{i}")))
            .unwrap_or_default();
        case.name = format!("{prefix}{index}");
        let note: Vec<String> = mismatches.iter().map(describe).collect();
        let mut entry = serde_yaml::Mapping::new();
        entry.insert("name".into(), case.name.clone().into());
        entry.insert("kind".into(), case.kind.clone().into());
        entry.insert("source".into(), case.source.clone().into());
        let note = format!("Found by the oracle; the engine said: {}", note.join("; "));
        entry.insert("note".into(), note.into());
        entry.insert("now".into(), yaml(&json!(case.now))?);
        entry.insert("input".into(), yaml(&case.input)?);
        entry.insert("expect".into(), yaml(&case.expect)?);
        cases.push(serde_yaml::Value::Mapping(entry));
    }
    let mut file = serde_yaml::Mapping::new();
    file.insert("cases".into(), serde_yaml::Value::Sequence(cases));
    let text = serde_yaml::to_string(&file).map_err(|e| e.to_string())?;
    let header = "# Cases the Gardener oracle found (cargo xtask oracle): the input the generator made, shrunk,\n\
                  # and the result Gardener's own code gave. Each stays as a regression case.\n";
    std::fs::write(&path, format!("{header}{text}"))
        .map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(path)
}

struct Arguments {
    seconds: u64,
    seed: u64,
    /// The areas to run; all when empty.
    areas: Vec<String>,
    /// Each area gets the share of `seconds` it gets in a run of every area, whatever areas run:
    /// a run of a few areas then sees what those areas see in CI.
    budget_as_full_run: bool,
    cases: usize,
    found: PathBuf,
    /// Also run the real-world corpus (`--real-world`, or `--area real-world` for it alone).
    real_world: bool,
}

fn arguments() -> Result<Arguments, String> {
    let mut parsed = Arguments {
        seconds: 60,
        seed: 1,
        areas: Vec::new(),
        budget_as_full_run: false,
        cases: usize::MAX,
        found: Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/oracle-found"),
        real_world: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--seconds" => parsed.seconds = value("--seconds")?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--seed" => parsed.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--area" => parsed.areas.extend(value("--area")?.split(',').map(str::to_string)),
            "--budget-as-full-run" => parsed.budget_as_full_run = true,
            "--cases" => parsed.cases = value("--cases")?.parse().map_err(|e| format!("--cases: {e}"))?,
            "--found" => parsed.found = PathBuf::from(value("--found")?),
            "--real-world" => parsed.real_world = true,
            // What `cargo test` passes to every test binary.
            "--nocapture" | "--quiet" | "-q" => {}
            other => return Err(format!("unknown argument {other:?}; usage: --seconds N --seed S --area A[,B…] --budget-as-full-run --cases N --found DIR --real-world")),
        }
    }
    if parsed.areas.iter().any(|a| a == REAL_WORLD) {
        parsed.real_world = true;
    }
    for area in parsed.areas.iter().filter(|a| *a != REAL_WORLD) {
        if !AREAS.iter().any(|a| a.name == area) {
            let names: Vec<&str> = AREAS.iter().map(|a| a.name).collect();
            return Err(format!(
                "unknown area {area:?}; the areas are {}",
                names.join(", ")
            ));
        }
    }
    Ok(parsed)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("oracle: {error}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<bool, String> {
    let args = arguments()?;
    let binary = std::env::var_os("ORACLE_BIN").ok_or(
        "ORACLE_BIN is not set: run `cargo xtask oracle`, which builds Gardener's side first",
    )?;
    let names: Vec<&str> = AREAS.iter().map(|area| area.name).collect();
    fields::check_lists(&names)?;
    let mut oracle = Oracle::start(Path::new(&binary))?;
    let only_real_world = !args.areas.is_empty() && args.areas.iter().all(|a| a == REAL_WORLD);
    let areas: Vec<&Area> = AREAS
        .iter()
        .filter(|area| args.areas.is_empty() || args.areas.iter().any(|a| a == area.name))
        .filter(|_| !only_real_world)
        .collect();
    let shared_by = if args.budget_as_full_run {
        AREAS.len()
    } else {
        areas.len()
    };
    let budget = Duration::from_secs(args.seconds) / shared_by.max(1) as u32;
    let (mut compared, mut diverging, mut failures) = (0, 0, Vec::new());
    for area in areas {
        let started = Instant::now();
        let mut tally = run_area(&mut oracle, area, args.seed, budget, args.cases)?;
        let unanswered = tally.unanswered.total();
        let share = unanswered as f64 / tally.drawn().max(1) as f64;
        println!(
            "oracle {:<22} {:>7} compared, {:>5} diverging ({} kinds), {:>6} not answered \
             ({:.1} %, ceiling {} %), seed {} ({:.1} s)",
            area.name,
            tally.compared,
            tally.diverging,
            tally.divergences.len(),
            unanswered,
            share * 100.0,
            area.unanswered_ceiling,
            args.seed,
            started.elapsed().as_secs_f64()
        );
        for (count, why) in tally.unanswered.by_count() {
            println!("    not answered {count:>6}×: {why}");
        }
        if let Some(coverage) = &tally.coverage {
            let (read, fixed) = coverage.summary();
            let varied = read - fixed.len();
            println!(
                "    fields varied: {varied} of {read} the area's Gardener functions read ({:.0} %)",
                100.0 * varied as f64 / read.max(1) as f64
            );
            if !fixed.is_empty() {
                println!("    never varied: {}", fixed.join(", "));
            }
        }
        if let Some((input, seconds)) = tally.first_divergence {
            println!("    first divergence at input {input}, after {seconds:.2} s");
        }
        if over_ceiling(unanswered, tally.drawn(), area.unanswered_ceiling) {
            failures.push(format!(
                "{}: {unanswered} of {} inputs not answered, above the ceiling of {} %",
                area.name,
                tally.drawn(),
                area.unanswered_ceiling
            ));
        }
        if tally.skipped > 0 {
            failures.push(format!(
                "{}: the engine skipped {} inputs (a kind it does not serve)",
                area.name, tally.skipped
            ));
        }
        for (count, why) in tally.harness.by_count() {
            failures.push(format!("{}: the oracle failed {count}×: {why}", area.name));
        }
        if !tally.divergences.is_empty() {
            for divergence in &tally.divergences {
                println!(
                    "    divergence ({}, {} inputs, {}): {}",
                    divergence.case.kind,
                    divergence.inputs,
                    if divergence.shrunk {
                        "shrunk"
                    } else {
                        "not shrunk: shrinking budget spent"
                    },
                    serde_json::to_string(&divergence.case.input).unwrap_or_default()
                );
                for mismatch in &divergence.mismatches {
                    println!("      {}", describe(mismatch));
                }
            }
            let tag = format!("seed-{}", args.seed);
            let path = write_found(&args.found, area.name, &tag, &mut tally.divergences)?;
            println!("    written to {}", path.display());
        }
        compared += tally.compared;
        diverging += tally.diverging;
    }
    if args.real_world {
        let (corpus_compared, corpus_diverging) =
            run_real_world(&mut oracle, &args.found, &mut failures)?;
        compared += corpus_compared;
        diverging += corpus_diverging;
    }
    for failure in &failures {
        println!("oracle: FAILED {failure}");
    }
    println!("oracle: {compared} compared, {diverging} diverging");
    Ok(diverging == 0 && failures.is_empty())
}

/// The pseudo-area of `--area` that runs the real-world corpus.
const REAL_WORLD: &str = "real-world";

/// Per kind, the most requests of the real-world corpus, in percent, Gardener's code may leave
/// unanswered: the corpus' Shoots and profiles that Gardener's validation or decoding refuses,
/// as measured, with room (`docs/oracle.md`, "Real-world corpus").
const REAL_WORLD_CEILINGS: &[(&str, u32)] = &[
    ("shoot-validation", 5),
    ("cleanup-run", 1),
    ("version-defaulting", 5),
    ("maintenance-reconcile", 25),
];

/// Feeds every request of the real-world corpus to both sides, once: no time budget, no
/// shrinking (the objects are what they are). Divergences go to `real-world.yaml` in `found`.
fn run_real_world(
    oracle: &mut Oracle,
    found: &Path,
    failures: &mut Vec<String>,
) -> Result<(usize, usize), String> {
    let started = Instant::now();
    let requests = real_world::requests()?;
    let mut tallies: std::collections::BTreeMap<&str, Tally> = Default::default();
    let mut divergences = Vec::new();
    for labelled in &requests {
        let tally = tallies.entry(labelled.request.kind).or_default();
        let mut request = labelled.request.clone();
        if let Some(defaulting) = &labelled.stored_by {
            if let Answer::Expect(answer) = oracle.ask(defaulting)? {
                request = real_world::stored(&request, &answer).unwrap_or(request);
            }
        }
        match compare(oracle, &request, 0)? {
            Compared::Agreed => tally.compared += 1,
            Compared::Skipped => tally.skipped += 1,
            Compared::Unanswered(why) if is_harness_error(&why) => tally.harness.add(&why),
            // Gardener's decoding refuses the input (a date that does not exist): the engine
            // must refuse it too, whatever the question.
            Compared::Unanswered(why) if why.starts_with("input: ") => {
                let source = format!("real-world corpus: {}", labelled.label);
                let case = case_of(&request, json!({}), String::new(), source);
                match run_case(&case) {
                    Outcome::Failed(mismatches)
                        if mismatches.iter().all(|m| m.field == "(evaluation)") =>
                    {
                        tally.compared += 1;
                        tally.refused_alike += 1;
                    }
                    _ => {
                        tally.compared += 1;
                        tally.diverging += 1;
                        println!("    divergence ({}): {}", case.kind, labelled.label);
                        println!(
                            "      Gardener cannot decode the input ({}), the engine answers",
                            first_line(&why)
                        );
                        failures.push(format!(
                            "real-world {}: the engine accepts an input Gardener refuses: {}",
                            case.kind, labelled.label
                        ));
                    }
                }
            }
            Compared::Unanswered(why) => {
                if std::env::var_os("ORACLE_VERBOSE").is_some() {
                    println!("    not answered: {}: {}", labelled.label, first_line(&why));
                }
                tally.unanswered.add(&why)
            }
            Compared::Diverged(mut case, mismatches) => {
                tally.compared += 1;
                tally.diverging += 1;
                case.source = format!(
                    "shoot-policy oracle: gardener {GARDENER}, real-world corpus: {}",
                    labelled.label
                );
                println!("    divergence ({}): {}", case.kind, labelled.label);
                for mismatch in &mismatches {
                    println!("      {}", describe(mismatch));
                }
                divergences.push(Divergence {
                    signatures: Vec::new(),
                    case,
                    mismatches,
                    inputs: 1,
                    shrunk: false,
                });
            }
        }
    }
    let (mut compared, mut diverging) = (0, 0);
    for (kind, tally) in &tallies {
        let unanswered = tally.unanswered.total();
        let ceiling = (REAL_WORLD_CEILINGS.iter())
            .find(|(k, _)| k == kind)
            .map_or(1, |(_, c)| *c);
        println!(
            "oracle real-world {kind:<22} {:>5} compared ({} refused alike), {:>3} diverging, \
             {:>4} not answered ({:.1} %, ceiling {ceiling} %)",
            tally.compared,
            tally.refused_alike,
            tally.diverging,
            unanswered,
            100.0 * unanswered as f64 / tally.drawn().max(1) as f64,
        );
        for (count, why) in tally.unanswered.by_count() {
            println!("    not answered {count:>6}×: {why}");
        }
        if over_ceiling(unanswered, tally.drawn(), ceiling) {
            failures.push(format!(
                "real-world {kind}: {unanswered} of {} not answered, above the ceiling of {ceiling} %",
                tally.drawn()
            ));
        }
        if tally.skipped > 0 {
            failures.push(format!(
                "real-world {kind}: the engine skipped {}",
                tally.skipped
            ));
        }
        for (count, why) in tally.harness.by_count() {
            failures.push(format!(
                "real-world {kind}: the oracle failed {count}×: {why}"
            ));
        }
        compared += tally.compared;
        diverging += tally.diverging;
    }
    println!(
        "oracle real-world: {} requests over {} directories of tests/real-world ({:.1} s)",
        requests.len(),
        std::fs::read_dir(real_world::corpus_dir()).map_or(0, |d| d
            .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_dir()))
            .count()),
        started.elapsed().as_secs_f64()
    );
    if !divergences.is_empty() {
        let path = write_found(found, REAL_WORLD, REAL_WORLD, &mut divergences)?;
        println!("    written to {}", path.display());
    }
    Ok((compared, diverging))
}

/// Whether an area left more inputs unanswered than its ceiling allows. A short run draws few
/// inputs, so one more than the share is allowed: a reason met once in a handful of inputs is no
/// sign of a broken handler, one met on every input is.
fn over_ceiling(unanswered: usize, drawn: usize, ceiling_percent: u32) -> bool {
    unanswered > drawn * ceiling_percent as usize / 100 + 1
}
