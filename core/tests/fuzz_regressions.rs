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
