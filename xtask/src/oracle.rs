//! `cargo xtask oracle`: the differential test against Gardener's own Go code. Builds the Go side
//! (`oracle/`, Gardener a module dependency) into a test binary, then runs the Rust driver
//! (`testing/tests/oracle/`, a test of the `shoot-policy-testing` crate) against it.
//!
//! `cargo xtask oracle --mutants [--only ID,…]` judges the oracle and the conformance corpus by the
//! seeded mutations of `testing/tests/oracle/mutants.txt` ([`mutants`]).

use crate::{cargo, exec, output, root, target_dir, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The oracle's arguments as `cargo xtask test` runs it: fixed seeds, a budget of 7.5 s per area
/// (165 s shared by 22 areas) and the real-world corpus (`tests/real-world/`, a few seconds), so
/// CI stays within its time.
pub const CI_ARGUMENTS: &[&str] = &["--seconds", "165", "--seed", "1", "--real-world"];

/// The package whose tests are the oracle's driver (`--test oracle`) and the conformance corpus
/// (`--test conformance`).
pub const TESTING: &str = "shoot-policy-testing";

pub fn run(args: &[String]) -> Result {
    if args.iter().any(|a| a == "--mutants") {
        return mutants(args);
    }
    let binary = build()?;
    // `--release` builds the driver optimised: the long runs' Rust side is then about as fast as
    // Gardener's, where CI's short run does better without the extra build.
    let release = args.iter().any(|a| a == "--release");
    let mut command = cargo();
    command
        .args(["test", "--package", TESTING, "--test", "oracle"])
        .args(release.then_some("--release"))
        .arg("--")
        .args(args.iter().filter(|a| *a != "--release"))
        .env("ORACLE_BIN", &binary);
    exec(&mut command)
}

/// `gofmt` and `go vet` over the oracle's Go code, as `cargo fmt` and clippy over the Rust.
pub fn lint() -> Result {
    go_version()?;
    let unformatted = output(
        Command::new("gofmt")
            .args(["-l", "."])
            .current_dir(root().join("oracle")),
    )?;
    if !unformatted.trim().is_empty() {
        return Err(format!(
            "gofmt would change, in oracle/: {}",
            unformatted.trim()
        ));
    }
    exec(
        Command::new("go")
            .args(["vet", "."])
            .current_dir(root().join("oracle"))
            .env("GOFLAGS", "-mod=readonly"),
    )
}

fn go_version() -> Result<String> {
    output(Command::new("go").arg("version")).map_err(|e| {
        format!(
            "the Gardener oracle needs Go 1.26.5 or newer on the PATH (the `go` command; Debian's \
             golang-go is too old, install the release from go.dev or a toolchain package): {e}"
        )
    })
}

/// Builds the oracle once into the target directory and returns its path.
pub fn build() -> Result<PathBuf> {
    eprintln!("{}", go_version()?.trim());
    let binary = target_dir().join("oracle/gardener-oracle.test");
    exec(
        Command::new("go")
            .args(["test", "-c", "-o"])
            .arg(&binary)
            .arg(".")
            .current_dir(root().join("oracle"))
            // The modules come from the Go module proxy; go.sum pins what they must be.
            .env("GOFLAGS", "-mod=readonly"),
    )?;
    Ok(binary)
}

/// One seeded mutation: a single-line change of the engine that a test should notice.
#[derive(Debug)]
struct Mutant {
    id: String,
    /// The oracle areas that reach the mutated code: each runs with its share of CI's budget.
    areas: String,
    file: String,
    from: String,
    to: String,
    why: String,
}

/// The kept list of seeded mutations.
const MUTANTS: &str = "testing/tests/oracle/mutants.txt";

fn read_mutants() -> Result<Vec<Mutant>> {
    let path = root().join(MUTANTS);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut mutants = Vec::new();
    let mut current: Option<Mutant> = None;
    for (number, line) in text.lines().enumerate() {
        let at = || format!("{MUTANTS}:{}", number + 1);
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(id) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            mutants.extend(current.take());
            current = Some(Mutant {
                id: id.to_string(),
                areas: String::new(),
                file: String::new(),
                from: String::new(),
                to: String::new(),
                why: String::new(),
            });
            continue;
        }
        let mutant = current
            .as_mut()
            .ok_or_else(|| format!("{}: a field before the first [id]", at()))?;
        // `key = value`: the value is everything after ` = `, leading spaces included.
        let (key, value) = line
            .split_once(" = ")
            .ok_or_else(|| format!("{}: expected `key = value`", at()))?;
        let field = match key {
            "areas" => &mut mutant.areas,
            "file" => &mut mutant.file,
            "from" => &mut mutant.from,
            "to" => &mut mutant.to,
            "why" => &mut mutant.why,
            other => return Err(format!("{}: unknown key {other:?}", at())),
        };
        *field = value.to_string();
    }
    mutants.extend(current);
    for mutant in &mutants {
        if mutant.areas.is_empty() || mutant.file.is_empty() || mutant.from.is_empty() {
            return Err(format!(
                "{MUTANTS}: [{}] needs areas, file, from and to",
                mutant.id
            ));
        }
    }
    Ok(mutants)
}

/// What one mutant met.
struct Verdict {
    /// Per area, the first diverging input and the seconds until it, when the area caught it.
    oracle: Vec<(String, Option<(usize, f64)>)>,
    /// Whether a test of the conformance corpus failed.
    corpus: Option<bool>,
    /// Why it could not be judged (it does not apply or does not build).
    error: Option<String>,
}

/// Applies each seeded mutation in turn to a copy of the working tree (`target/mutants/tree`,
/// its own target directory) and runs its areas with CI's seed and each area's share of CI's
/// budget (`--budget-as-full-run`), then the conformance corpus. Prints per mutant where each
/// area caught it (the diverging input's number and the seconds until it) and the score.
pub fn mutants(args: &[String]) -> Result {
    let only: Vec<&str> = (args.windows(2))
        .filter(|pair| pair[0] == "--only")
        .flat_map(|pair| pair[1].split(','))
        .collect();
    let corpus = !args.iter().any(|a| a == "--no-corpus");
    let mutants: Vec<Mutant> = (read_mutants()?.into_iter())
        .filter(|m| only.is_empty() || only.contains(&m.id.as_str()))
        .collect();
    let binary = build()?;
    let scratch = target_dir().join("mutants");
    let tree = scratch.join("tree");
    copy_working_tree(&tree)?;
    // `--generators REV`: the generators of another revision, to see what they caught.
    if let Some(revision) = (args.windows(2)).find(|pair| pair[0] == "--generators") {
        generators_of(&revision[1], &tree)?;
    }
    let found = scratch.join("found");
    let mut verdicts = Vec::new();
    for mutant in &mutants {
        eprintln!("mutant {}: {}", mutant.id, mutant.why);
        let original = std::fs::read_to_string(root().join(&mutant.file))
            .map_err(|e| format!("{}: {e}", mutant.file))?;
        let verdict = match original.matches(&mutant.from).count() {
            1 => {
                let mutated = original.replacen(&mutant.from, &mutant.to, 1);
                std::fs::write(tree.join(&mutant.file), mutated)
                    .map_err(|e| format!("{}: {e}", mutant.file))?;
                let verdict = judge(mutant, &tree, &scratch, &binary, &found, corpus);
                std::fs::write(tree.join(&mutant.file), &original)
                    .map_err(|e| format!("{}: {e}", mutant.file))?;
                verdict?
            }
            count => Verdict {
                oracle: Vec::new(),
                corpus: None,
                error: Some(format!("`from` occurs {count} times in {}", mutant.file)),
            },
        };
        verdicts.push(verdict);
    }
    report(&mutants, &verdicts)
}

/// Copies the files git knows (tracked, and new ones not ignored) as they are in the working
/// tree, writing only those that differ from the copy's.
fn copy_working_tree(tree: &Path) -> Result {
    let listed = output(Command::new("git").args([
        "ls-files",
        "-z",
        "--cached",
        "--others",
        "--exclude-standard",
    ]))?;
    for file in listed.split('\0').filter(|f| !f.is_empty()) {
        let Ok(content) = std::fs::read(root().join(file)) else {
            // Listed but deleted in the working tree.
            continue;
        };
        let target = tree.join(file);
        if std::fs::read(&target).is_ok_and(|existing| existing == content) {
            continue;
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&target, content).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(())
}

/// Where the oracle's driver and generators are; before the testing crate, `core/tests/oracle/`.
const DRIVER: &str = "testing/tests/oracle/";
const DRIVER_BEFORE_THE_TESTING_CRATE: &str = "core/tests/oracle/";

/// Puts the generators (`generate*.rs` of the driver) of `revision` into the copy's driver, from
/// wherever the driver was at that revision.
fn generators_of(revision: &str, tree: &Path) -> Result {
    for dir in [DRIVER, DRIVER_BEFORE_THE_TESTING_CRATE] {
        let listed = output(Command::new("git").args(["ls-tree", "--name-only", revision, dir]))?;
        let generators: Vec<&str> = listed.lines().filter(|f| f.contains("/generate")).collect();
        if generators.is_empty() {
            continue;
        }
        for file in generators {
            let content =
                output(Command::new("git").args(["show", &format!("{revision}:{file}")]))?;
            let target = tree.join(DRIVER).join(&file[dir.len()..]);
            std::fs::write(&target, content).map_err(|e| format!("{file}: {e}"))?;
        }
        return Ok(());
    }
    Err(format!(
        "{revision} has no generators in {DRIVER} or {DRIVER_BEFORE_THE_TESTING_CRATE}"
    ))
}

fn judge(
    mutant: &Mutant,
    tree: &Path,
    scratch: &Path,
    binary: &Path,
    found: &Path,
    corpus: bool,
) -> Result<Verdict> {
    let cargo_in_tree = |args: &[&str]| {
        let mut command = cargo();
        command
            .args(args)
            .current_dir(tree)
            .env("CARGO_TARGET_DIR", scratch.join("target"))
            .env("ORACLE_BIN", binary);
        command
    };
    let mut oracle = cargo_in_tree(&["test", "--package", TESTING, "--test", "oracle", "--"]);
    oracle
        .args(["--area", &mutant.areas, "--budget-as-full-run", "--found"])
        .arg(found)
        .args(CI_ARGUMENTS);
    let out = oracle
        .output()
        .map_err(|e| format!("could not start cargo: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !stdout.contains("\noracle: ") && !stdout.starts_with("oracle: ") {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let last: Vec<&str> = stderr.lines().rev().take(15).collect();
        return Ok(Verdict {
            oracle: Vec::new(),
            corpus: None,
            error: Some(format!(
                "the oracle did not run: {}",
                last.into_iter().rev().collect::<Vec<_>>().join("\n")
            )),
        });
    }
    let mut oracle = Vec::new();
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("oracle ") {
            // The real-world corpus' lines (`oracle real-world <kind> …`) are no area's.
            if let Some(area) =
                (rest.split_whitespace().next()).filter(|a| !a.ends_with(':') && *a != "real-world")
            {
                oracle.push((area.to_string(), None));
            }
        } else if let Some(rest) = line.trim().strip_prefix("first divergence at input ") {
            // `first divergence at input N, after S s`
            let mut parts = rest.split(", after ");
            let input = parts.next().and_then(|n| n.parse().ok());
            let seconds = (parts.next()).and_then(|s| s.trim_end_matches(" s").parse().ok());
            if let (Some((_, caught)), Some(input), Some(seconds)) =
                (oracle.last_mut(), input, seconds)
            {
                *caught = Some((input, seconds));
            }
        }
    }
    let corpus = if corpus {
        let status = cargo_in_tree(&["test", "--package", TESTING, "--test", "conformance"])
            .output()
            .map_err(|e| format!("could not start cargo: {e}"))?
            .status;
        Some(!status.success())
    } else {
        None
    };
    Ok(Verdict {
        oracle,
        corpus,
        error: None,
    })
}

fn report(mutants: &[Mutant], verdicts: &[Verdict]) -> Result {
    println!(
        "\nseeded mutants (`{MUTANTS}`), oracle with seed 1 and each area's share of CI's 165 s:"
    );
    let (mut caught, mut judged) = (0, 0);
    for (mutant, verdict) in mutants.iter().zip(verdicts) {
        if let Some(error) = &verdict.error {
            println!("  {:<44} NOT JUDGED: {error}", mutant.id);
            continue;
        }
        judged += 1;
        let by_oracle: Vec<String> = (verdict.oracle.iter())
            .map(|(area, caught)| match caught {
                Some((input, seconds)) => format!("{area}: input {input}, {seconds:.2} s"),
                None => format!("{area}: missed"),
            })
            .collect();
        let oracle_caught = verdict.oracle.iter().any(|(_, c)| c.is_some());
        let corpus = match verdict.corpus {
            Some(true) => "caught",
            Some(false) => "missed",
            None => "not run",
        };
        if oracle_caught || verdict.corpus == Some(true) {
            caught += 1;
        }
        println!(
            "  {:<44} {} | oracle {} | corpus {corpus}",
            mutant.id,
            if oracle_caught || verdict.corpus == Some(true) {
                "CAUGHT  "
            } else {
                "SURVIVED"
            },
            by_oracle.join("; ")
        );
    }
    println!("mutation score: {caught} of {judged} caught");
    if judged < mutants.len() {
        return Err(format!(
            "{} of the seeded mutants could not be judged",
            mutants.len() - judged
        ));
    }
    Ok(())
}
