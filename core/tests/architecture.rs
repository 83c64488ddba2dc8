//! The crate's layering, held by reading its sources: `api/` (the objects as the API server
//! stores them) is the floor every policy area stands on, so it may use the crate's
//! infrastructure (decoding, documents, Go's conventions) but no policy area.

use std::path::Path;

/// The modules `api/` may use: reading documents and Go's and RFC 3339's conventions.
const INFRASTRUCTURE: &[&str] = &["api", "decode", "document", "golang", "rfc3339", "field"];

#[test]
fn the_api_module_uses_no_policy_area() {
    let api = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&api).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for (number, line) in text.lines().enumerate() {
            // Comments may name the areas that read a type.
            let code = line.split("//").next().unwrap_or_default();
            for (at, _) in code.match_indices("crate::") {
                let module: String = code[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !INFRASTRUCTURE.contains(&module.as_str()) {
                    let name = path.file_name().unwrap().to_string_lossy();
                    found.push(format!("api/{name}:{}: crate::{module}", number + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "api/ uses policy areas: {found:#?}");
}

/// Where the reader ends: these modules read documents (routing, syntax, defaulting, locating a
/// field for a diagnostic). The conformance runner, which reads its case files, is the
/// `shoot-policy-testing` crate's.
const READERS: &[&str] = &[
    "api/",
    "decode/",
    "document/",
    "defaults.rs",
    "locate.rs",
    "syntax.rs",
    "report/read.rs",
    "report/prepare.rs",
    "report/decoding.rs",
    "examples/",
];

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Above the reader, fields are read from the model (`crate::api`), never looked up in a JSON
/// document: no module holds a raw lookup.
#[test]
fn no_raw_json_lookups_above_the_reader() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for path in files {
        let name = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let is_test = name.ends_with("tests.rs") || name.contains("/tests/");
        if is_test || READERS.iter().any(|reader| name.starts_with(reader)) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // The code before the module's unit tests.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let lookups = [".pointer(", "text_at(", ".get(\""]
            .iter()
            .map(|pattern| code.matches(pattern).count())
            .sum::<usize>();
        if lookups > 0 {
            found.push(format!("{name}: {lookups} raw lookups"));
        }
    }
    assert!(
        found.is_empty(),
        "read these fields from the model (crate::api) instead: {found:#?}"
    );
}

/// The testing harness (the conformance runner, the oracle's driver) is the `shoot-policy-testing`
/// crate's: the library's API is the product's only, and the wasm packages never carry the runner.
#[test]
fn the_library_and_the_wasm_packages_hold_no_testing_harness() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    assert!(
        !root.join("core/src/conformance").exists() && !root.join("core/tests/oracle").exists(),
        "the conformance runner and the oracle's driver belong in testing/"
    );
    for package in ["core", "wasm-pkg", "web"] {
        let manifest = std::fs::read_to_string(root.join(package).join("Cargo.toml")).unwrap();
        assert!(
            !manifest.contains("shoot-policy-testing"),
            "{package}/Cargo.toml depends on the testing crate"
        );
    }
}
