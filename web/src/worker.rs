//! The analysis runs in the engine: the npm package's WebAssembly module, not this one, so that a
//! page that uses both the app and `analyze` loads the engine once, and this module only renders.
//! The page that loads this module (boot.js, or the npm package's embed.js) puts the engine client
//! (`wasm-pkg/npm/engine.js`) in the global `shootPolicyEngine`. The client analyses in a Web Worker,
//! so that the page never freezes on a large CloudProfile, and on the page's thread where no worker
//! can start.
//!
//! The page sends the sources and options ([`AnalysisRequest`], as a JavaScript object with its JSON's
//! field names) and gets the core's Report back as JSON, which it reads into the same types (a round
//! trip the tests below hold). Only the
//! newest request's answer is shown; answers to older ones are dropped. A panic in the engine ends
//! that worker: the page is told the panic's message, the next request starts a new worker, and
//! the input is untouched.

// Natively the module's shared half is exercised only by its tests; the browser half uses it.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use crate::inputs::Inputs;
use shoot_policy::report::{AnalysisRequest, AnalyzeOptions};

/// The request for the analysis of `inputs` at the evaluation instant `now`.
pub fn request_for(
    inputs: &Inputs,
    now: chrono::DateTime<chrono::Utc>,
    test_panic: bool,
) -> AnalysisRequest {
    AnalysisRequest {
        sources: inputs.sources(),
        options: AnalyzeOptions::at(now),
        test_panic: test_panic.then(|| crate::recovery::TEST_PANIC_MESSAGE.to_string()),
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::request_analysis;

/// Natively (the app's unit tests) the core analyses at once.
#[cfg(not(target_arch = "wasm32"))]
pub fn request_analysis(
    inputs: Inputs,
    now: chrono::DateTime<chrono::Utc>,
    deliver: impl FnOnce(Result<crate::Analysis, String>) + 'static,
) {
    deliver(Ok(crate::run_analysis(&inputs, now)));
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::request_for;
    use crate::inputs::Inputs;
    use crate::{analysis_from_report, recovery, Analysis};
    use chrono::{DateTime, Utc};
    use shoot_policy::report::AnalysisRequest;
    use shoot_policy::report::Report;
    use std::cell::Cell;
    use wasm_bindgen::prelude::*;

    /// The global in which the page puts the engine client.
    const ENGINE: &str = "shootPolicyEngine";

    thread_local! {
        /// The id of the newest request: only its answer is delivered.
        static NEWEST: Cell<u32> = const { Cell::new(0) };
    }

    /// Analyses `inputs` at `now` in the engine and calls `deliver` with the result, or with the
    /// engine's message when it failed (a panic), unless a newer request was made meanwhile.
    pub fn request_analysis(
        inputs: Inputs,
        now: DateTime<Utc>,
        deliver: impl FnOnce(Result<Analysis, String>) + 'static,
    ) {
        let id = NEWEST.with(|newest| {
            let id = newest.get().wrapping_add(1);
            newest.set(id);
            id
        });
        let request = request_for(&inputs, now, recovery::test_panic_requested());
        let promise = match send(&request) {
            Ok(promise) => promise,
            Err(message) => return deliver(Err(message)),
        };
        leptos::task::spawn_local(async move {
            let answer = wasm_bindgen_futures::JsFuture::from(promise).await;
            if NEWEST.with(Cell::get) != id {
                return; // a newer request replaced this one
            }
            let outcome = match answer {
                Ok(answer) => answer
                    .as_string()
                    .ok_or_else(|| "the engine sent no report".to_string())
                    .and_then(|json| {
                        shoot_policy::decode::from_json::<Report>(json.as_bytes())
                            .map(|report| analysis_from_report(report, json.into(), now))
                            .map_err(|e| format!("the engine's report is unreadable: {e}"))
                    }),
                Err(error) => Err(error
                    .dyn_ref::<js_sys::Error>()
                    .map(|error| String::from(error.message()))
                    .or_else(|| error.as_string())
                    .unwrap_or_else(|| "the engine failed".to_string())),
            };
            deliver(outcome);
        });
    }

    /// The request as the JavaScript object `engine.js` takes: the field names of
    /// [`AnalysisRequest`]'s JSON, and the texts as JavaScript strings. Writing a pasted
    /// CloudProfile of 4 MB into JSON took a tenth of a second; a string crosses at once.
    fn to_js(request: &AnalysisRequest) -> Result<JsValue, String> {
        let set = |object: &js_sys::Object, key: &str, value: &JsValue| {
            js_sys::Reflect::set(object, &key.into(), value)
                .map(|_| ())
                .map_err(|e| format!("the request could not be built: {e:?}"))
        };
        let sources = js_sys::Array::new();
        for source in &request.sources {
            let entry = js_sys::Object::new();
            let role = serde_json::to_value(source.role).map_err(|e| e.to_string())?;
            set(&entry, "name", &source.name.as_str().into())?;
            set(&entry, "role", &role.as_str().unwrap_or("auto").into())?;
            set(&entry, "text", &source.text.as_str().into())?;
            sources.push(&entry);
        }
        let object = js_sys::Object::new();
        set(&object, "sources", &sources)?;
        let options = serde_json::to_string(&request.options).map_err(|e| e.to_string())?;
        let options = js_sys::JSON::parse(&options).map_err(|e| format!("{e:?}"))?;
        set(&object, "options", &options)?;
        if let Some(message) = &request.test_panic {
            set(&object, "testPanic", &message.as_str().into())?;
        }
        Ok(object.into())
    }

    /// Hands the request to the engine client; its promise settles with the report's JSON.
    fn send(request: &AnalysisRequest) -> Result<js_sys::Promise, String> {
        let request = to_js(request)?;
        let missing = || format!("no analysis engine: the page must set `{ENGINE}` (engine.js)");
        let engine = js_sys::Reflect::get(&js_sys::global(), &ENGINE.into())
            .ok()
            .filter(|engine| engine.is_object())
            .ok_or_else(missing)?;
        let analyze = js_sys::Reflect::get(&engine, &"analyzeRequest".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or_else(missing)?;
        let answer = analyze
            .call1(&engine, &request)
            .map_err(|e| format!("the engine refused the request: {e:?}"))?;
        answer
            .dyn_into::<js_sys::Promise>()
            .map_err(|_| "the engine did not answer with a promise".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::examples::DEFAULT;
    use shoot_policy::report::{Analyzer, Report};

    /// What the engine does with a request (wasm-pkg's `analyzeRequest`): the request read as its
    /// JSON reads, its report written as JSON and read as the page reads it.
    fn through_the_engine(request: &AnalysisRequest) -> Report {
        let request = serde_json::to_string(request).unwrap();
        let request: AnalysisRequest = shoot_policy::decode::from_json(request.as_bytes()).unwrap();
        let report = Analyzer::new().analyze(&request.sources, &request.options);
        let json = serde_json::to_string(&report).unwrap();
        shoot_policy::decode::from_json::<Report>(json.as_bytes()).unwrap()
    }

    #[test]
    fn the_engine_answers_with_the_report_the_page_would_compute() {
        let inputs = Inputs::from_example(&DEFAULT);
        let now = "2026-11-22T00:00:00Z".parse().unwrap();
        let from_engine = through_the_engine(&request_for(&inputs, now, false));
        let here = crate::run_analysis(&inputs, now).report;
        assert_eq!(
            serde_json::to_value(from_engine).unwrap(),
            serde_json::to_value(here).unwrap()
        );
    }

    #[test]
    fn a_test_panic_is_asked_of_the_engine_with_its_message() {
        let inputs = Inputs::from_example(&DEFAULT);
        let request = request_for(&inputs, chrono::DateTime::UNIX_EPOCH, true);
        assert_eq!(
            request.test_panic.as_deref(),
            Some(crate::recovery::TEST_PANIC_MESSAGE)
        );
    }
}
