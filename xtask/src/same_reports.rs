//! `cargo xtask same-reports [REV]`: whether the working tree's `analyze` gives, byte for byte, the
//! reports of revision REV (default `HEAD`) for the inputs of `core/examples/report_dump.rs`. For
//! changes meant to keep every result: faster paths, refactorings.

use crate::{cargo, exec, output, root, target_dir, Result};
use std::path::Path;
use std::process::Command;

/// The dump program and the inputs it generates, taken from the working tree into the other
/// revision so both sides analyse the same inputs the same way.
const SHARED_FILES: [&str; 2] = [
    "core/examples/report_dump.rs",
    "core/benches/support/generators.rs",
];

pub fn run(base: &str) -> Result {
    let dir = target_dir().join("same-reports");
    let tree = dir.join("tree");
    add_worktree(&tree, base)?;
    let base_dump = copy_shared_files(&tree).and_then(|()| dump(&tree, &dir.join("target")));
    remove_worktree(&tree);
    let base_dump = base_dump?;
    let new_dump = dump(&root(), &target_dir())?;
    compare(base, &base_dump, &new_dump)
}

fn copy_shared_files(tree: &Path) -> Result {
    for file in SHARED_FILES {
        let to = tree.join(file);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::copy(root().join(file), &to).map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(())
}

/// The dump of the tree at `tree`, built into `target`.
fn dump(tree: &Path, target: &Path) -> Result<String> {
    output(
        cargo()
            .args(["run", "--quiet", "--release", "--package", "shoot-policy"])
            .args(["--example", "report_dump"])
            .env("CARGO_TARGET_DIR", target)
            .current_dir(tree),
    )
}

/// A detached worktree of `base` at `tree`, replacing a stale one.
pub fn add_worktree(tree: &Path, base: &str) -> Result {
    remove_worktree(tree);
    exec(
        Command::new("git")
            .args(["worktree", "add", "--detach"])
            .arg(tree)
            .arg(base),
    )
}

pub fn remove_worktree(tree: &Path) {
    if tree.exists() {
        // Best effort: a stale tree from an interrupted run is replaced.
        let _ = Command::new("git")
            .args(["worktree", "remove", "--force"])
            .arg(tree)
            .current_dir(root())
            .status();
        let _ = std::fs::remove_dir_all(tree);
    }
    let _ = Command::new("git")
        .args(["worktree", "prune"])
        .current_dir(root())
        .status();
}

/// Compares two dumps report by report and names the first that differs.
fn compare(base: &str, base_dump: &str, new_dump: &str) -> Result {
    let reports = |dump: &str| -> Vec<(String, String)> {
        let lines: Vec<&str> = dump.lines().collect();
        (lines.chunks(2))
            .map(|pair| (pair[0].to_string(), pair.get(1).unwrap_or(&"").to_string()))
            .collect()
    };
    let (before, after) = (reports(base_dump), reports(new_dump));
    if before.len() != after.len() {
        return Err(format!(
            "{} reports at {base}, {} in the working tree",
            before.len(),
            after.len()
        ));
    }
    let differing: Vec<&str> = (before.iter().zip(&after))
        .filter(|(old, new)| old != new)
        .map(|((label, _), _)| label.as_str())
        .collect();
    match differing.first() {
        None => {
            println!(
                "same reports: all {} reports equal those at {base}",
                after.len()
            );
            Ok(())
        }
        Some(first) => Err(format!(
            "{} of {} reports differ from those at {base}, the first: {first}",
            differing.len(),
            after.len()
        )),
    }
}
