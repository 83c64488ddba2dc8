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
