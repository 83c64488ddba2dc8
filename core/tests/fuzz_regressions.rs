//! Replays every input saved under `fuzz/regressions/<target>/` (crashes the fuzzers found, fixed
//! since) and the seed inputs under `fuzz/seeds/<target>/` through the fuzz targets' own code. CI
//! runs this; the fuzzers themselves run with `cargo xtask fuzz --seconds N`.

mod fuzz_harness;

use std::path::Path;

#[test]
fn every_saved_fuzz_input_runs_without_a_panic() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut replayed = 0;
    for (target, run) in fuzz_harness::TARGETS {
        for kind in ["regressions", "seeds"] {
            let Ok(entries) = std::fs::read_dir(fuzz.join(kind).join(target)) else {
                continue;
            };
            for entry in entries {
                let path = entry.unwrap().path();
                let data = std::fs::read(&path).unwrap();
                eprintln!("{}", path.display());
                run(&data);
                replayed += 1;
            }
        }
    }
    assert!(
        replayed > 0,
        "no saved fuzz inputs under {}",
        fuzz.display()
    );
    eprintln!("{replayed} saved fuzz inputs replayed");
}

/// The seeds that are the app's examples stay equal to them, so a changed example is fuzzed as it
/// is now: `document/` holds every example file, `analyze/<id>` every gallery example as the
/// analyze target reads it (CloudProfile, Shoot, previous Shoot and other objects, NUL-separated),
/// and `roll_triggers/<id>` each one with a previous Shoot. Other seeds in these folders are written
/// by hand. `UPDATE_FUZZ_SEEDS=1 cargo test -p shoot-policy --test fuzz_regressions` rewrites them.
#[test]
fn the_example_seeds_are_the_examples() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seeds = root.join("../fuzz/seeds");
    let mut expected: Vec<(std::path::PathBuf, Vec<u8>)> = Vec::new();
    for entry in std::fs::read_dir(root.join("src/examples")).unwrap() {
        let path = entry.unwrap().path();
        if path
            .extension()
            .is_some_and(|extension| extension == "yaml")
        {
            let name = path.file_name().unwrap();
            expected.push((
                seeds.join("document").join(name),
                std::fs::read(&path).unwrap(),
            ));
        }
    }
    for example in shoot_policy::examples::GALLERY {
        let joined = example.texts().join("\0").into_bytes();
        if !example.previous_shoot.is_empty() {
            expected.push((seeds.join("roll_triggers").join(example.id), joined.clone()));
        }
        expected.push((seeds.join("analyze").join(example.id), joined));
    }
    let update = std::env::var_os("UPDATE_FUZZ_SEEDS").is_some();
    let mut stale = Vec::new();
    for (path, bytes) in &expected {
        if std::fs::read(path).ok().as_ref() != Some(bytes) {
            if update {
                std::fs::write(path, bytes).unwrap();
            } else {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "fuzz seeds differ from the examples (rewrite them with UPDATE_FUZZ_SEEDS=1): {stale:?}"
    );
}
