//! Surviving a panic. On wasm a panic aborts the module: every later call into it traps. So the
//! panic hook tells the page (an event `shoot-policy-panic` on `window`), and `static/boot.js`
//! replaces the dead module with a fresh instance, after leaving the panic message in
//! sessionStorage. The new instance starts from the saved input (nothing typed is lost) with the
//! analysis paused, so the input that caused the panic does not cause it again at once; the user
//! sees the message and chooses when to analyse again.
//!
//! Test-only triggers: with `shoot-policy.test-panic` set to `1` in localStorage every analysis
//! panics (in the analysis worker, which the page replaces: see `worker.rs`); set to `page`, the
//! page's own thread panics when it shows a report. Nothing in the app sets them; the end-to-end
//! tests of the recovery do.

const CRASH_KEY: &str = "shoot-policy.crash";
#[cfg(target_arch = "wasm32")]
const TEST_PANIC_KEY: &str = "shoot-policy.test-panic";

/// Reports every panic to the page before the module aborts, tagged with the instance's
/// generation (set by boot.js) so that a late panic of a replaced instance is not taken for one
/// of the current instance.
pub fn install_panic_hook() {
    let generation = generation();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.to_string();
        web_sys::console::error_1(&message.as_str().into());
        announce(&message, generation);
    }));
}

/// The message of the panic the previous instance died of; read once.
pub fn take_crash_message() -> Option<String> {
    let storage = crate::persist::session()?;
    let message = crate::persist::read(&storage, CRASH_KEY);
    let _ = storage.remove_item(CRASH_KEY);
    message
}

/// What the analysis panics with when a test asks it to.
pub const TEST_PANIC_MESSAGE: &str = "test panic: localStorage shoot-policy.test-panic is set";

/// Whether a test asked every analysis to panic (`1`), wherever it runs: in the analysis worker
/// (`worker.rs`), or on the page where there is no worker.
pub fn test_panic_requested() -> bool {
    test_panic_value().as_deref() == Some("1")
}

/// Whether a test asked the page's own thread to panic when it shows a report (`page`): the
/// module's restart by boot.js, which a panic in the worker does not need.
pub fn page_test_panic_requested() -> bool {
    test_panic_value().as_deref() == Some("page")
}

#[cfg(target_arch = "wasm32")]
fn test_panic_value() -> Option<String> {
    // Embedded, the storage is the host page's: the app reads none of it.
    if crate::embed::loaded_by_embedder() {
        return None;
    }
    crate::persist::local()?.get_item(TEST_PANIC_KEY).ok()?
}

/// Native builds (the app's unit tests) have no browser storage to ask.
#[cfg(not(target_arch = "wasm32"))]
fn test_panic_value() -> Option<String> {
    None
}

#[cfg(target_arch = "wasm32")]
fn generation() -> f64 {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"shootPolicyGeneration".into()).ok())
        .and_then(|g| g.as_f64())
        .unwrap_or(0.0)
}

#[cfg(not(target_arch = "wasm32"))]
fn generation() -> f64 {
    0.0
}

#[cfg(target_arch = "wasm32")]
fn announce(message: &str, generation: f64) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let detail = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&detail, &"message".into(), &message.into());
    let _ = js_sys::Reflect::set(&detail, &"generation".into(), &generation.into());
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail);
    if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict("shoot-policy-panic", &init) {
        let _ = window.dispatch_event(&event);
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn announce(_message: &str, _generation: f64) {}
