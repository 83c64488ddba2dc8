//! Release builds of the two wasm products: the app (`dist/`) and the npm package
//! (`target/npm/shoot-policy/`).

use crate::{cargo, exec, root, target_dir, tools, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

mod glue;

/// wasm-opt's passes for every module: `-Oz`, then the control flow rebuilt by the relooper
/// (`--flatten --rereloop`) and shrunk again twice. On the npm module (round 34) this is 2.7 KB
/// gzip smaller than `-Oz` alone (478 208 against 480 911 B) for about 15 s more per module; the
/// tries are in docs/performance.md.
const WASM_OPT_PASSES: &[&str] = &["-Oz", "--flatten", "--rereloop", "-Oz", "-Oz"];

/// The features the Rust wasm32 target emits by default; wasm-opt must accept exactly these.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// How a crate becomes its `.wasm`.
enum Link {
    /// The app: a binary, built as the profile says.
    Binary,
    /// The npm package: a library, whose manifest makes an rlib too for the wasm tests that link
    /// it. A library built as both keeps its public functions visible to the link-time optimiser,
    /// which then keeps and calls what it would inline or drop in a cdylib alone: built alone, the
    /// module is 7 % smaller and 15 % faster. The link-time inliner gets a budget of 40, where
    /// `"z"` leaves it near zero; that is rustc's argument for this crate alone, so the app and
    /// the dependencies (already compiled for the app) are untouched. Round 22 of
    /// docs/performance-history.md has the measurements.
    LibraryAlone,
}

/// Compiles one crate for wasm32 with the size profile and returns the `.wasm` it produced: `artifact`
/// is the library name (underscores) or the binary name (as the package spells it).
fn build_wasm(package: &str, artifact: &str, link: Link) -> Result<PathBuf> {
    build_wasm_with(package, artifact, link, &[])
}

/// [`build_wasm`] with the package's `features` on.
fn build_wasm_with(
    package: &str,
    artifact: &str,
    link: Link,
    features: &[&str],
) -> Result<PathBuf> {
    tools::wasm_target()?;
    let mut command = cargo();
    command.args([
        match link {
            Link::Binary => "build",
            Link::LibraryAlone => "rustc",
        },
        "--profile",
        "wasm-release",
        "--target",
        tools::WASM_TARGET,
        "--package",
        package,
    ]);
    if !features.is_empty() {
        command.args(["--features", &features.join(",")]);
    }
    if let Link::Binary = link {
        // Leptos's type erasure: each view and reactive closure goes through one `AnyView` or
        // boxed function per output type instead of a copy of the rendering code per closure:
        // 40 KB gzip less of the app (docs/performance.md, round 33). A cfg of Leptos's crates, so
        // a flag for this target's build: the npm module's crates are compiled apart from these.
        command.env(
            "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
            "--cfg erase_components",
        );
    }
    if let Link::LibraryAlone = link {
        command.args(["--lib", "--crate-type", "cdylib"]);
        // The link-time inliner's budget: 5 keeps the npm module under its decided size
        // ceiling (40 was about 20 KB gzip larger and faster; docs/performance-history.md,
        // round 25).
        command.args(["--", "-C", "llvm-args=-inline-threshold=5"]);
    }
    exec(&mut command)?;
    Ok(target_dir()
        .join(tools::WASM_TARGET)
        .join("wasm-release")
        .join(format!("{artifact}.wasm")))
}

/// Generates the JavaScript bindings for one wasm-bindgen target and shrinks the module.
fn bind(wasm: &Path, target: &str, out_dir: &Path, out_name: &str, typescript: bool) -> Result {
    let bindgen = tools::wasm_bindgen()?;
    let node_bin = tools::node_tools()?;
    let mut command = Command::new(bindgen);
    command
        .arg(wasm)
        .args(["--target", target, "--out-name", out_name, "--out-dir"])
        .arg(out_dir);
    if !typescript {
        command.arg("--no-typescript");
    }
    exec(&mut command)?;
    if typescript {
        without_symbol_dispose(&out_dir.join(format!("{out_name}.d.ts")))?;
    }
    let module = out_dir.join(format!("{out_name}_bg.wasm"));
    exec(
        Command::new(node_bin.join("wasm-opt"))
            .args(WASM_OPT_PASSES)
            .args(["--strip-debug", "--strip-producers"])
            .args(WASM_FEATURES)
            .arg(&module)
            .arg("-o")
            .arg(&module),
    )
}

/// Drops `[Symbol.dispose]()` from the classes' declarations: it needs TypeScript's
/// `esnext.disposable` library, so a consumer compiling for ES2022 without `skipLibCheck` would
/// fail on the package's types. The glue still sets it where the engine has `Symbol.dispose`, and
/// `free()` stays declared.
fn without_symbol_dispose(declarations: &Path) -> Result {
    let read = std::fs::read_to_string(declarations)
        .map_err(|e| format!("{}: {e}", declarations.display()))?;
    let kept: String = (read.split_inclusive('\n'))
        .filter(|line| line.trim() != "[Symbol.dispose](): void;")
        .collect();
    std::fs::write(declarations, kept).map_err(|e| format!("{}: {e}", declarations.display()))
}

fn copy(from: &Path, to: &Path) -> Result {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("copy {} -> {}: {e}", from.display(), to.display()))
}

fn fresh_dir(dir: &Path) -> Result {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

/// `wasm` bound by `bind` into `target/<name>`, done again only when the module changed since:
/// wasm-opt takes most of a minute, and `cargo xtask test` ships each module twice (the app in
/// `dist/` and the npm package).
fn bound_once(wasm: &Path, name: &str, bind: impl FnOnce(&Path) -> Result) -> Result<PathBuf> {
    let bound = target_dir().join(name);
    let stamp_file = bound.join("built-from");
    let metadata = std::fs::metadata(wasm).map_err(|e| format!("{}: {e}", wasm.display()))?;
    let modified = metadata
        .modified()
        .ok()
        .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
        .unwrap_or_default();
    // The passes too: a module bound with other passes is not this one.
    let stamp = format!(
        "{} {} {} {}",
        wasm.display(),
        metadata.len(),
        modified.as_nanos(),
        WASM_OPT_PASSES.join(" ")
    );
    if std::fs::read_to_string(&stamp_file).is_ok_and(|built_from| built_from == stamp) {
        return Ok(bound);
    }
    fresh_dir(&bound)?;
    bind(&bound)?;
    std::fs::write(&stamp_file, stamp).map_err(|e| e.to_string())?;
    Ok(bound)
}

/// The app's module with its glue (`app.js`, `app_bg.wasm`): the UI only, which renders the reports
/// the engine sends.
fn bound_app() -> Result<PathBuf> {
    let wasm = build_wasm("shoot-policy-web", "shoot-policy-web", Link::Binary)?;
    bound_once(&wasm, "app-bound", |dir| {
        bind(&wasm, "web", dir, "app", false)
    })
}

/// The engine: the npm package's module with its glue for browsers and bundlers
/// (`shoot_policy.js`, `shoot_policy_bg.wasm`, their types).
fn bound_engine() -> Result<PathBuf> {
    bound_engine_with(&[])
}

/// The npm package's module, linked alone, with its `features` on.
fn engine_wasm(features: &[&str]) -> Result<PathBuf> {
    build_wasm_with(
        "shoot-policy-wasm",
        "shoot_policy_wasm",
        Link::LibraryAlone,
        features,
    )
}

/// [`bound_engine`] with the package's `features` on, bound apart from the plain one.
fn bound_engine_with(features: &[&str]) -> Result<PathBuf> {
    let wasm = engine_wasm(features)?;
    let name = match features {
        [] => "engine-bound".to_string(),
        _ => format!("engine-bound-{}", features.join("-")),
    };
    bound_once(&wasm, &name, |dir| {
        bind(&wasm, "web", dir, "shoot_policy", true)
    })
}

/// Copies the files of `from` but its stamp into `to`, which is created.
fn copy_bound(from: &Path, to: &Path) -> Result {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().expect("directory entries have names");
        if name != "built-from" {
            copy(&path, &to.join(name))?;
        }
    }
    Ok(())
}

/// The files through which the app reaches the engine, as the npm package ships them beside its
/// `web/` module: the engine client, its worker, the main entry (the engine on the page's thread
/// where no worker starts) and the functions over the engine's instance that both use.
const ENGINE_SCRIPTS: &[&str] = &["engine.js", "worker.js", "request.js", "index.js", "api.js"];

/// Rewrites the text file at `path` with `change`.
fn rewrite(path: &Path, change: impl FnOnce(&str) -> Result<String>) -> Result {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let changed = change(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::write(path, changed).map_err(|e| format!("{}: {e}", path.display()))
}

/// The engine's glue for browsers and bundlers, copied from `bound` into `web`, as `createGlue()`
/// (see [`glue`]): api.js makes a fresh instance with it after a trap.
fn copy_engine_glue(bound: &Path, web: &Path) -> Result {
    copy_bound(bound, web)?;
    rewrite(&web.join("shoot_policy.js"), glue::web_factory)
}

/// Builds the app into `dist/`: `index.html`, its static files, `app/` (the UI's module) and the
/// engine laid out as in the npm package (`web/` and [`ENGINE_SCRIPTS`]), so one layout serves both.
pub fn dist() -> Result<PathBuf> {
    let dist = root().join("dist");
    let app = bound_app()?;
    let engine = bound_engine()?;
    fresh_dir(&dist)?;
    copy_bound(&app, &dist.join("app"))?;
    copy_engine_glue(&engine, &dist.join("web"))?;
    for name in ENGINE_SCRIPTS {
        copy(&root().join("wasm-pkg/npm").join(name), &dist.join(name))?;
    }
    copy(&root().join("index.html"), &dist.join("index.html"))?;
    let statics = root().join("web/static");
    for entry in std::fs::read_dir(&statics).map_err(|e| format!("{}: {e}", statics.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if let Some(name) = path.file_name() {
            copy(&path, &dist.join(name))?;
        }
    }
    eprintln!("app built into {}", dist.display());
    Ok(dist)
}

/// The workspace version, which the npm package carries.
fn workspace_version() -> Result<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).map_err(|e| e.to_string())?;
    manifest
        .lines()
        .find_map(|line| line.strip_prefix("version = "))
        .map(|v| v.trim_matches('"').to_string())
        .ok_or_else(|| "no version in the workspace Cargo.toml".to_string())
}

/// Builds the npm package into `target/npm/shoot-policy/`, ready for `npm pack`.
pub fn npm() -> Result<PathBuf> {
    npm_package(&[])
}

/// The npm package with `benchParseOnly` (the wasm-pkg feature `bench`), for `cargo xtask bench`
/// alone: `cargo xtask npm`, the tests and the size check build the package without it.
pub fn npm_for_bench() -> Result<PathBuf> {
    npm_package(&["bench"])
}

fn npm_package(features: &[&str]) -> Result<PathBuf> {
    let package = target_dir().join("npm/shoot-policy");
    let engine = bound_engine_with(features)?;
    let wasm = engine_wasm(features)?;
    fresh_dir(&package)?;
    copy_engine_glue(&engine, &package.join("web"))?;
    bind(&wasm, "nodejs", &package.join("node"), "shoot_policy", true)?;
    share_the_web_module(&package)?;
    rewrite(&package.join("node/shoot_policy.js"), glue::node_factory)?;
    // The package is ESM ("type": "module"); the Node build is CommonJS and must say so.
    std::fs::write(
        package.join("node/package.json"),
        "{\"type\": \"commonjs\"}\n",
    )
    .map_err(|e| e.to_string())?;
    declarations(&package)?;
    add_embeddable_app(&package.join("app"))?;
    let template = root().join("wasm-pkg/npm");
    for entry in std::fs::read_dir(&template).map_err(|e| format!("{}: {e}", template.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().expect("directory entries have names");
        if name == "package.json" {
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            let text = text.replace("0.0.0-cargo", &workspace_version()?);
            std::fs::write(package.join(name), text).map_err(|e| e.to_string())?;
        } else {
            copy(&path, &package.join(name))?;
        }
    }
    // The Node.js entries use api.js as CommonJS.
    let api = std::fs::read_to_string(template.join("api.js")).map_err(|e| e.to_string())?;
    std::fs::write(package.join("node/api.cjs"), glue::commonjs_of(&api)?)
        .map_err(|e| e.to_string())?;
    eprintln!("npm package built into {}", package.display());
    Ok(package)
}

/// The package's declarations, `index.d.ts`: the API as wasm-bindgen declares it for Node.js, which
/// is the browsers' without the initialisation functions (the entries initialise the engine
/// themselves, and their declarations need the DOM's types). The glues' own declarations go: the
/// glues are functions now (see [`glue`]).
fn declarations(package: &Path) -> Result {
    let api = package.join("node/shoot_policy.d.ts");
    let text = std::fs::read_to_string(&api).map_err(|e| format!("{}: {e}", api.display()))?;
    let header = "// The types of `shoot-policy` (every entry: browsers, bundlers, Node.js), generated from the\n\
                  // Rust types by `cargo xtask npm`.\n";
    std::fs::write(package.join("index.d.ts"), format!("{header}{text}"))
        .map_err(|e| e.to_string())?;
    for file in [
        "node/shoot_policy.d.ts",
        "node/shoot_policy_bg.wasm.d.ts",
        "web/shoot_policy.d.ts",
        "web/shoot_policy_bg.wasm.d.ts",
    ] {
        std::fs::remove_file(package.join(file)).map_err(|e| format!("{file}: {e}"))?;
    }
    Ok(())
}

/// The Node.js glue loads the browser glue's module file instead of its own copy: both targets bind
/// the same module to byte-identical files (checked here), so the package ships 1 MB less. The
/// glue's path is set by [`glue::node_factory`].
fn share_the_web_module(package: &Path) -> Result {
    let (web, node) = (
        package.join("web/shoot_policy_bg.wasm"),
        package.join("node/shoot_policy_bg.wasm"),
    );
    let read = |path: &Path| std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
    if read(&web)? != read(&node)? {
        return Err("the web and nodejs targets bound different modules; ship both".to_string());
    }
    std::fs::remove_file(&node).map_err(|e| e.to_string())
}

/// The whole app for embedding in another page (`shoot-policy/embed`): the web crate's module with
/// its glue (the engine is the package's own, reached through engine.js), and its stylesheet rewritten for a shadow root as a JavaScript module (a bundler or a
/// browser imports it without a CSS loader, and it becomes a constructable stylesheet).
fn add_embeddable_app(app_dir: &Path) -> Result {
    copy_bound(&bound_app()?, app_dir)?;
    let css_path = root().join("web/static/style.css");
    let css =
        std::fs::read_to_string(&css_path).map_err(|e| format!("{}: {e}", css_path.display()))?;
    let module = format!(
        "// Generated by `cargo xtask npm` from web/static/style.css for a shadow root.\n\
         export default {};\n",
        js_string(&crate::shadow_css::for_shadow_root(&css))
    );
    std::fs::write(app_dir.join("style.js"), module).map_err(|e| e.to_string())
}

/// A JavaScript string literal holding `text`.
fn js_string(text: &str) -> String {
    let mut literal = String::with_capacity(text.len() + 2);
    literal.push('"');
    for c in text.chars() {
        match c {
            '"' => literal.push_str("\\\""),
            '\\' => literal.push_str("\\\\"),
            '\n' => literal.push_str("\\n"),
            c if u32::from(c) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                literal.push_str(&format!("\\u{:04x}", u32::from(c)))
            }
            c => literal.push(c),
        }
    }
    literal.push('"');
    literal
}

#[cfg(test)]
mod tests {
    use super::js_string;

    #[test]
    fn javascript_string_literals_escape_what_they_must() {
        assert_eq!(
            js_string("a \"b\" \\ c\nd\te\u{2028}"),
            r#""a \"b\" \\ c\nd\u0009e\u2028""#
        );
    }
}
