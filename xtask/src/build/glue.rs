//! wasm-bindgen's JavaScript glue of the npm package's engine, rewritten as a function that makes a
//! glue with an instance of its own each time it is called (`createGlue`).
//!
//! The glue as wasm-bindgen writes it holds one instance for the life of the page (or the Node.js
//! process). A trap (out of memory, a panic: Rust aborts on wasm) stops that instance in the middle
//! of a call, with what the call held never freed and its state half-written, so later calls fail
//! too. `api.js` (the package's functions) then drops the glue and makes another from the same
//! compiled module; each glue keeps its own instance, memory views and finalizers, so an object of
//! the dead instance that the garbage collector finalizes later never frees memory of the new one.
//!
//! The rewriting checks every line it relies on, so a wasm-bindgen update that changes the glue
//! fails the build instead of shipping a broken package.

use crate::Result;

/// What both glues get inside their function: `release`, which drops the instance after a trap
/// (the memory goes with it, and a finalizer that runs later frees nothing), and `memoryBytes`.
fn release_functions(cached_views: &[String]) -> String {
    let mut text = String::from(
        "\n/** Drops this glue's instance after a trap (added by `cargo xtask npm`). */\n\
         function release() {\n    \
         wasm = new Proxy({}, { get: () => () => {} });\n    \
         wasmInstance = undefined;\n",
    );
    for view in cached_views {
        text.push_str(&format!("    {view} = null;\n"));
    }
    text.push_str(
        "}\n\n\
         /** The size of the instance's memory in bytes (added by `cargo xtask npm`). */\n\
         function memoryBytes() {\n    \
         return wasmInstance === undefined ? 0 : wasm.memory.buffer.byteLength;\n\
         }\n",
    );
    text
}

/// The names of the glue's cached views of the memory (`let cachedUint8ArrayMemory0 = null;`).
fn cached_views(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.strip_prefix("let "))
        .filter_map(|rest| rest.strip_suffix(" = null;"))
        .filter(|name| name.starts_with("cached") && name.contains("Memory"))
        .map(str::to_string)
        .collect()
}

/// Removes the one line equal to `line`, failing when there is none or more than one.
fn remove_line(text: &str, line: &str, what: &str) -> Result<String> {
    let count = text.lines().filter(|l| *l == line).count();
    if count != 1 {
        return Err(format!(
            "{what}: expected one line `{line}`, found {count} (wasm-bindgen's glue changed)"
        ));
    }
    Ok(text
        .split_inclusive('\n')
        .filter(|l| l.trim_end_matches('\n') != line)
        .collect())
}

fn require_line(text: &str, line: &str, what: &str) -> Result {
    if text.lines().any(|l| l == line) {
        Ok(())
    } else {
        Err(format!(
            "{what}: expected a line `{line}` (wasm-bindgen's glue changed)"
        ))
    }
}

/// Drops wasm-bindgen's `@ts-self-types` comment: the rewritten file no longer matches those
/// declarations (the package's types are `index.d.ts`).
fn without_self_types(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|line| !line.starts_with("/* @ts-self-types="))
        .collect()
}

/// The glue of wasm-bindgen's `web` target as an ES module exporting `createGlue()`, which returns
/// `{ exports, init, initSync, module, memoryBytes, release }`: `exports` are the glue's own
/// exports (the class and the functions), `init` and `initSync` instantiate as wasm-bindgen's do,
/// and `module()` is the compiled module, to instantiate again.
pub fn web_factory(glue: &str) -> Result<String> {
    const WHAT: &str = "web glue";
    let text = remove_line(
        &without_self_types(glue),
        "export { initSync, __wbg_init as default };",
        WHAT,
    )?;
    require_line(&text, "let wasmModule, wasmInstance, wasm;", WHAT)?;
    let mut names = Vec::new();
    let mut body = String::new();
    for line in text.split_inclusive('\n') {
        let declared = ["export class ", "export function "]
            .iter()
            .find_map(|prefix| line.strip_prefix(prefix).map(|rest| (prefix, rest)));
        match declared {
            Some((prefix, rest)) => {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                    .collect();
                names.push(name);
                body.push_str(&prefix["export ".len()..]);
                body.push_str(rest);
            }
            None if line.starts_with("export ") || line.starts_with("import ") => {
                return Err(format!(
                    "{WHAT}: an unexpected module statement `{}` (wasm-bindgen's glue changed)",
                    line.trim_end()
                ));
            }
            None => body.push_str(line),
        }
    }
    if !names.iter().any(|name| name == "Analyzer") {
        return Err(format!("{WHAT}: no `export class Analyzer`"));
    }
    Ok(format!(
        "// wasm-bindgen's glue (target web) as a function that makes a glue with its own instance:\n\
         // written by `cargo xtask npm` (xtask/src/build/glue.rs), read by api.js.\n\
         export function createGlue() {{\n\
         {body}{release}\n\
         return {{\n    \
         exports: {{ {exports} }},\n    \
         init: __wbg_init,\n    \
         initSync,\n    \
         module: () => wasmModule,\n    \
         memoryBytes,\n    \
         release,\n\
         }};\n\
         }}\n",
        release = release_functions(&cached_views(&text)),
        exports = names.join(", "),
    ))
}

/// The glue of wasm-bindgen's `nodejs` target as a CommonJS module whose `module.exports` is
/// `createGlue()`, which returns `{ exports, module, memoryBytes, release }`. The module is
/// compiled once, from the web build's `.wasm` file (both targets bind the same module), and
/// instantiated anew by each call.
pub fn node_factory(glue: &str) -> Result<String> {
    const WHAT: &str = "nodejs glue";
    let mut text = without_self_types(glue);
    for line in [
        "const wasmPath = `${__dirname}/shoot_policy_bg.wasm`;",
        "const wasmBytes = require('fs').readFileSync(wasmPath);",
        "const wasmModule = new WebAssembly.Module(wasmBytes);",
    ] {
        text = remove_line(&text, line, WHAT)?;
    }
    require_line(
        &text,
        "let wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());",
        WHAT,
    )?;
    require_line(&text, "let wasm = wasmInstance.exports;", WHAT)?;
    require_line(&text, "exports.Analyzer = Analyzer;", WHAT)?;
    if let Some(line) = text
        .lines()
        .find(|line| line.contains("module.exports") || line.starts_with("import "))
    {
        return Err(format!(
            "{WHAT}: an unexpected module statement `{line}` (wasm-bindgen's glue changed)"
        ));
    }
    Ok(format!(
        "// wasm-bindgen's glue (target nodejs) as a function that makes a glue with its own instance:\n\
         // written by `cargo xtask npm` (xtask/src/build/glue.rs), read by api.cjs.\n\
         const wasmPath = `${{__dirname}}/../web/shoot_policy_bg.wasm`;\n\
         /** The module, compiled on the first call; every glue instantiates it anew. */\n\
         let compiled;\n\
         module.exports = function createGlue() {{\n\
         compiled ??= new WebAssembly.Module(require('fs').readFileSync(wasmPath));\n\
         const wasmModule = compiled;\n\
         const exports = {{}};\n\
         {text}{release}\n\
         return {{ exports, module: () => wasmModule, memoryBytes, release }};\n\
         }};\n",
        release = release_functions(&cached_views(&text)),
    ))
}

/// `api.js` (an ES module without imports) as CommonJS for the Node.js entries: its exported
/// functions become `module.exports`.
pub fn commonjs_of(module: &str) -> Result<String> {
    let mut names = Vec::new();
    let mut text = String::new();
    for line in module.split_inclusive('\n') {
        let declared = ["export function ", "export async function "]
            .iter()
            .find_map(|prefix| line.strip_prefix(prefix).map(|rest| (prefix, rest)));
        if let Some((prefix, rest)) = declared {
            names.push(
                rest.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect::<String>(),
            );
            text.push_str(&prefix["export ".len()..]);
            text.push_str(rest);
        } else if line.starts_with("export ") || line.starts_with("import ") {
            return Err(format!(
                "api.js: only `export function` can be made CommonJS, not `{}`",
                line.trim_end()
            ));
        } else {
            text.push_str(line);
        }
    }
    Ok(format!(
        "// api.js as CommonJS, written by `cargo xtask npm`.\n{text}\nmodule.exports = {{ {} }};\n",
        names.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WEB: &str = "/* @ts-self-types=\"./shoot_policy.d.ts\" */\n\
        export class Analyzer {\n}\n\
        export function analyze(input, options) {\n    return wasm.analyze(input, options);\n}\n\
        let cachedUint8ArrayMemory0 = null;\n\
        let wasmModule, wasmInstance, wasm;\n\
        function initSync(module) {}\n\
        async function __wbg_init(module_or_path) {}\n\
        export { initSync, __wbg_init as default };\n";

    #[test]
    fn the_web_glue_becomes_a_function_returning_its_exports() {
        let factory = web_factory(WEB).unwrap();
        assert!(factory.contains("export function createGlue() {\n"));
        assert!(factory.contains("\nclass Analyzer {\n"));
        assert!(factory.contains("\nfunction analyze(input, options) {\n"));
        assert!(factory.contains("exports: { Analyzer, analyze },"));
        assert!(factory.contains("    cachedUint8ArrayMemory0 = null;\n"));
        assert!(!factory.contains("@ts-self-types"));
        assert_eq!(factory.matches("export ").count(), 1);
    }

    #[test]
    fn a_changed_glue_is_refused() {
        let changed = WEB.replace("let wasmModule, wasmInstance, wasm;", "let wasm;");
        assert!(web_factory(&changed).is_err());
        let reexport = WEB.replace("export class", "export * from \"./x.js\";\nexport class");
        assert!(web_factory(&reexport).is_err());
    }

    #[test]
    fn the_node_glue_becomes_a_function_compiling_the_module_once() {
        let glue = "/* @ts-self-types=\"./shoot_policy.d.ts\" */\n\
            class Analyzer {}\nexports.Analyzer = Analyzer;\n\
            let cachedDataViewMemory0 = null;\n\
            const wasmPath = `${__dirname}/shoot_policy_bg.wasm`;\n\
            const wasmBytes = require('fs').readFileSync(wasmPath);\n\
            const wasmModule = new WebAssembly.Module(wasmBytes);\n\
            let wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());\n\
            let wasm = wasmInstance.exports;\n\
            wasm.__wbindgen_start();\n";
        let factory = node_factory(glue).unwrap();
        assert!(factory.contains("module.exports = function createGlue() {\n"));
        assert!(factory.contains("const wasmPath = `${__dirname}/../web/shoot_policy_bg.wasm`;"));
        assert!(!factory.contains("wasmBytes"));
        assert!(factory.contains("    cachedDataViewMemory0 = null;\n"));
        assert!(node_factory(&glue.replace("const wasmBytes", "let wasmBytes")).is_err());
    }

    #[test]
    fn api_functions_become_commonjs_exports() {
        let module = "// x\nexport function engineApi(a) {\n  return a;\n}\nfunction helper() {}\n\
                      export async function load() {}\n";
        let cjs = commonjs_of(module).unwrap();
        assert!(cjs.contains("\nfunction engineApi(a) {\n"));
        assert!(cjs.contains("\nasync function load() {}\n"));
        assert!(cjs.ends_with("module.exports = { engineApi, load };\n"));
        assert!(commonjs_of("import x from \"y\";\n").is_err());
    }
}
