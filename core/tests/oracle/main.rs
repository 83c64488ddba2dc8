//! The differential test against Gardener's own Go code, after cedar's `cedar-drt`: generated
//! inputs go to both the engine and the oracle (`oracle/`, Gardener's real functions behind JSON
//! lines), and every case where they differ is shrunk and written to `tests/oracle-found/` as a
//! conformance case, which then runs without Go.
//!
//! Run it with `cargo xtask oracle [--seconds N] [--seed S] [--area A] [--cases N]`, which builds
//! the oracle and passes its path in `ORACLE_BIN`. Each area draws its inputs from its own seeded
//! generator ([`generate`]), so a seed repeats a run exactly.

mod generate;
mod generate_admission;
mod generate_constraints;
mod generate_maintenance;
mod generate_rollout;
mod generate_scheduling;
mod generate_shoot_validation;
mod generate_validation;

use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{json, Value};
use shoot_policy::conformance::{run_case, Case, Mismatch, Outcome};
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
}

const AREAS: &[Area] = &[
    Area {
        name: "webhooks",
        strategy: generate_constraints::webhooks,
    },
    Area {
        name: "overlap",
        strategy: generate_constraints::overlap,
    },
    Area {
        name: "hibernation-controller",
        strategy: generate_constraints::schedule_controller,
    },
    Area {
        name: "versions",
        strategy: generate::versions_area,
    },
    Area {
        name: "windows",
        strategy: generate::windows,
    },
    Area {
        name: "status",
        strategy: generate::status,
    },
    Area {
        name: "hibernation",
        strategy: generate::hibernation,
    },
    Area {
        name: "maintenance",
        strategy: generate_maintenance::maintenance,
    },
    Area {
        name: "conditions",
        strategy: generate::conditions,
    },
    Area {
        name: "migration",
        strategy: generate::migration,
    },
    Area {
        name: "timeline",
        strategy: generate::timeline,
    },
    Area {
        name: "rollout",
        strategy: generate_rollout::rollout,
    },
    Area {
        name: "update-strategy",
        strategy: generate_rollout::update_strategy,
    },
    Area {
        name: "validation",
        strategy: generate_validation::validation,
    },
    Area {
        name: "feature-gates",
        strategy: generate_validation::feature_gate_area,
    },
    Area {
        name: "maintenance-validation",
        strategy: generate_validation::maintenance_validation_area,
    },
    Area {
        name: "version-defaulting",
        strategy: generate_validation::version_defaulting_area,
    },
    Area {
        name: "scheduling",
        strategy: generate_scheduling::scheduling,
    },
    Area {
        name: "shoot-admission",
        strategy: generate_admission::admission_area,
    },
    Area {
        name: "shoot-validation",
        strategy: generate_shoot_validation::shoot_validation_area,
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
        Outcome::Skipped => Compared::Unanswered(format!("kind {} not implemented", request.kind)),
    })
}

/// The Gardener release the oracle links (see `docs/oracle-baseline.md`).
const GARDENER: &str = "v1.149.3";

/// Shrinks a diverging input the way proptest does: simpler while it still diverges.
fn shrink(
    oracle: &mut Oracle,
    mut tree: impl ValueTree<Value = Request>,
    seed: u64,
    mut smallest: (Case, Vec<Mismatch>),
) -> Result<(Case, Vec<Mismatch>), String> {
    let deadline = Instant::now() + Duration::from_secs(20);
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
            Compared::Agreed | Compared::Unanswered(_) => {
                if !tree.complicate() {
                    break;
                }
            }
        }
    }
    Ok(smallest)
}

/// What one area's run found.
#[derive(Default)]
struct Tally {
    compared: usize,
    unanswered: usize,
    diverged: Vec<(Case, Vec<Mismatch>)>,
    /// The first few reasons the oracle gave for not answering, for the summary.
    unanswered_examples: Vec<String>,
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
    let deadline = Instant::now() + budget;
    let mut tally = Tally::default();
    while Instant::now() < deadline && tally.compared + tally.unanswered < max_cases {
        let tree = strategy
            .new_tree(&mut runner)
            .map_err(|e| format!("{}: generating: {e}", area.name))?;
        match compare(oracle, &tree.current(), seed)? {
            Compared::Agreed => tally.compared += 1,
            Compared::Unanswered(why) => {
                tally.unanswered += 1;
                if tally.unanswered_examples.len() < 3 {
                    tally.unanswered_examples.push(why);
                }
            }
            Compared::Diverged(case, mismatches) => {
                tally.compared += 1;
                let smallest = shrink(oracle, tree, seed, (case, mismatches))?;
                // A divergence tends to repeat: one shrunk example of each kind and field says
                // what it is.
                let signature = signature_of(&smallest.0, &smallest.1);
                if !tally
                    .diverged
                    .iter()
                    .any(|(c, m)| signature_of(c, m) == signature)
                {
                    tally.diverged.push(smallest);
                }
                if tally.diverged.len() >= 10 {
                    break;
                }
            }
        }
    }
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

/// What tells two divergences apart: the kind and the fields that differ.
fn signature_of(case: &Case, mismatches: &[Mismatch]) -> String {
    let mut fields: Vec<&str> = mismatches.iter().map(|m| m.field.as_str()).collect();
    fields.sort_unstable();
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
    seed: u64,
    found: &mut [(Case, Vec<Mismatch>)],
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
    for (case, mismatches) in found.iter_mut() {
        // Numbered on from the cases of the same seed already in the file: names stay unique.
        let prefix = format!("oracle-{}-seed-{seed}-", case.kind);
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
    area: Option<String>,
    cases: usize,
    found: PathBuf,
}

fn arguments() -> Result<Arguments, String> {
    let mut parsed = Arguments {
        seconds: 60,
        seed: 1,
        area: None,
        cases: usize::MAX,
        found: Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/oracle-found"),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--seconds" => parsed.seconds = value("--seconds")?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--seed" => parsed.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--area" => parsed.area = Some(value("--area")?),
            "--cases" => parsed.cases = value("--cases")?.parse().map_err(|e| format!("--cases: {e}"))?,
            "--found" => parsed.found = PathBuf::from(value("--found")?),
            // What `cargo test` passes to every test binary.
            "--nocapture" | "--quiet" | "-q" => {}
            other => return Err(format!("unknown argument {other:?}; usage: --seconds N --seed S --area A --cases N --found DIR")),
        }
    }
    if let Some(area) = &parsed.area {
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
    let mut oracle = Oracle::start(Path::new(&binary))?;
    let areas: Vec<&Area> = AREAS
        .iter()
        .filter(|area| args.area.as_deref().is_none_or(|name| name == area.name))
        .collect();
    let budget = Duration::from_secs(args.seconds) / areas.len() as u32;
    let (mut compared, mut diverged) = (0, 0);
    for area in areas {
        let started = Instant::now();
        let mut tally = run_area(&mut oracle, area, args.seed, budget, args.cases)?;
        println!(
            "oracle {:<12} {:>7} compared, {:>3} diverged, {:>6} not answered, seed {} ({:.1} s)",
            area.name,
            tally.compared,
            tally.diverged.len(),
            tally.unanswered,
            args.seed,
            started.elapsed().as_secs_f64()
        );
        for why in &tally.unanswered_examples {
            println!(
                "    not answered, e.g.: {}",
                why.lines().next().unwrap_or_default()
            );
        }
        if !tally.diverged.is_empty() {
            for (case, mismatches) in &tally.diverged {
                println!(
                    "    divergence ({}): {}",
                    case.kind,
                    serde_json::to_string(&case.input).unwrap_or_default()
                );
                for mismatch in mismatches {
                    println!("      {}", describe(mismatch));
                }
            }
            let path = write_found(&args.found, area.name, args.seed, &mut tally.diverged)?;
            println!("    written to {}", path.display());
        }
        compared += tally.compared;
        diverged += tally.diverged.len();
    }
    println!("oracle: {compared} compared, {diverged} diverged");
    Ok(diverged == 0)
}
