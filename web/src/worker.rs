//! The analysis runs in a Web Worker, so that the page never freezes: a large CloudProfile with a
//! long timeline takes far longer than a frame. The worker is a second instance of this same module
//! (`web/worker/analysis-worker.js`); the page sends it the sources and options as JSON and gets the
//! core's Report back as JSON, which it reads into the same types (a round trip the core tests).
//! The page builds the view models from the report itself, exactly as the synchronous path does.
//!
//! The page that loads the module names the worker script in `shootPolicyWorkerUrl` (boot.js and
//! the npm package's embed.js). Without it, or where the host's policy forbids workers, the
//! analysis runs on the page's thread as before.
//!
//! Only the newest request's answer is shown; answers to older ones are dropped. A panic in the
//! worker ends that worker: the page is told the panic's message and the next request starts a new
//! worker, with the input untouched.

// Natively the module's shared half is exercised only by its tests; the browser half uses it.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use crate::inputs::Inputs;
use serde::{Deserialize, Serialize};
use shoot_policy::decode::FromValue;
use shoot_policy::report::{AnalyzeOptions, Source};

/// What the page asks the worker.
#[derive(Debug, Serialize, Deserialize, FromValue)]
#[serde(rename_all = "camelCase")]
pub struct WorkerRequest {
    pub sources: Vec<Source>,
    pub options: AnalyzeOptions,
    /// The test-only trigger of `recovery`, read on the page (workers have no localStorage).
    #[serde(default)]
    pub test_panic: bool,
}

/// The worker's side: one analysis, JSON in and out. A panic here is reported by the page.
pub fn answer(request_json: &str) -> Result<String, String> {
    let request: WorkerRequest = shoot_policy::decode::from_json(request_json.as_bytes())
        .map_err(|e| format!("unreadable request: {e}"))?;
    if request.test_panic {
        panic!("{}", crate::recovery::TEST_PANIC_MESSAGE);
    }
    let report = crate::KEPT_PROFILE
        .with_borrow_mut(|kept| kept.analyze(&request.sources, &request.options));
    serde_json::to_string(&report).map_err(|e| format!("the report does not serialise: {e}"))
}

/// The request for the analysis of `inputs` at the evaluation instant `now`.
pub fn request_for(
    inputs: &Inputs,
    now: chrono::DateTime<chrono::Utc>,
    test_panic: bool,
) -> String {
    let request = WorkerRequest {
        sources: inputs.sources(),
        options: AnalyzeOptions::at(now),
        test_panic,
    };
    serde_json::to_string(&request).expect("a request serialises")
}

#[cfg(target_arch = "wasm32")]
pub use browser::request_analysis;

/// Natively (the app's unit tests) the analysis runs at once.
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
    use super::{answer, request_for};
    use crate::inputs::Inputs;
    use crate::{analysis_from_report, recovery, run_analysis, Analysis};
    use chrono::{DateTime, Utc};
    use shoot_policy::report::Report;
    use std::cell::{Cell, RefCell};
    use wasm_bindgen::prelude::*;
    use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

    /// How long after the first result the worker is started for the edits to come.
    const WORKER_WARM_UP_DELAY: std::time::Duration = std::time::Duration::from_millis(500);

    /// The global in which the page names the worker script.
    const WORKER_URL: &str = "shootPolicyWorkerUrl";
    /// The global in which a panicking worker leaves its message for analysis-worker.js.
    const PANIC_MESSAGE: &str = "shootPolicyPanic";

    /// The worker's entry: the report for one request, both as JSON.
    #[wasm_bindgen]
    pub fn analyze_in_worker(request_json: &str) -> Result<String, JsError> {
        install_worker_panic_hook();
        answer(request_json).map_err(|message| JsError::new(&message))
    }

    fn install_worker_panic_hook() {
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        INSTALLED.call_once(|| {
            std::panic::set_hook(Box::new(|info| {
                let message = info.to_string();
                let _ = js_sys::Reflect::set(
                    &js_sys::global(),
                    &PANIC_MESSAGE.into(),
                    &message.as_str().into(),
                );
            }))
        });
    }

    /// What the page keeps of its worker.
    struct Client {
        worker: Worker,
        _on_message: Closure<dyn FnMut(MessageEvent)>,
        _on_error: Closure<dyn FnMut(web_sys::Event)>,
    }

    /// The request whose answer is awaited: its id, inputs and instant, and what to do with it.
    struct Pending {
        id: u32,
        inputs: Inputs,
        now: DateTime<Utc>,
        deliver: Box<dyn FnOnce(Result<Analysis, String>)>,
    }

    thread_local! {
        static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
        static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
        static NEXT_ID: Cell<u32> = const { Cell::new(0) };
        /// Set when a worker could not even load (a host page's policy may forbid workers).
        static UNAVAILABLE: Cell<bool> = const { Cell::new(false) };
        /// Set when the first worker starts; replacing a crashed one does not clear it.
        static WORKER_EVER_STARTED: Cell<bool> = const { Cell::new(false) };
    }

    /// Analyses `inputs` at `now` in the worker and calls `deliver` with the result, or with the
    /// message of a panic in the worker. Without a worker the analysis runs here, at once.
    pub fn request_analysis(
        inputs: Inputs,
        now: DateTime<Utc>,
        deliver: impl FnOnce(Result<Analysis, String>) + 'static,
    ) {
        let test_panic = recovery::test_panic_requested();
        if !WORKER_EVER_STARTED.with(Cell::get) && !test_panic {
            // The first analysis, at load, runs here: this module is compiled and ready, while a
            // worker would first fetch and compile its own copy, and the first result would wait
            // for that. The worker starts a little later, once the first result is on screen (its
            // compilation would compete with that rendering), to be ready for the first edit.
            deliver(Ok(run_analysis(&inputs, now)));
            leptos::prelude::set_timeout(
                || {
                    let _ = worker();
                },
                WORKER_WARM_UP_DELAY,
            );
            return;
        }
        let Some(worker) = worker() else {
            deliver(Ok(run_analysis(&inputs, now)));
            return;
        };
        let id = NEXT_ID.with(|next| {
            let id = next.get().wrapping_add(1);
            next.set(id);
            id
        });
        let request = request_for(&inputs, now, test_panic);
        PENDING.with(|pending| {
            *pending.borrow_mut() = Some(Pending {
                id,
                inputs,
                now,
                deliver: Box::new(deliver),
            })
        });
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"id".into(), &id.into());
        let _ = js_sys::Reflect::set(&message, &"request".into(), &request.into());
        if worker.post_message(&message).is_err() {
            if let Some(pending) = take_pending(id) {
                (pending.deliver)(Ok(run_analysis(&pending.inputs, pending.now)));
            }
        }
    }

    /// The running worker, started when there is none; `None` where the page names no worker script
    /// or the browser refuses to start one.
    fn worker() -> Option<Worker> {
        if UNAVAILABLE.with(Cell::get) {
            return None;
        }
        if let Some(worker) = CLIENT.with(|c| c.borrow().as_ref().map(|c| c.worker.clone())) {
            return Some(worker);
        }
        let url = js_sys::Reflect::get(&js_sys::global(), &WORKER_URL.into())
            .ok()?
            .as_string()?;
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        WORKER_EVER_STARTED.with(|started| started.set(true));
        let worker = Worker::new_with_options(&url, &options).ok()?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(receive);
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_| fall_back_to_the_page());
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        CLIENT.with(|c| {
            *c.borrow_mut() = Some(Client {
                worker: worker.clone(),
                _on_message: on_message,
                _on_error: on_error,
            })
        });
        Some(worker)
    }

    /// The worker script did not load (analysis-worker.js catches everything else): analyse on the
    /// page from now on, starting with the request that waits.
    fn fall_back_to_the_page() {
        UNAVAILABLE.with(|unavailable| unavailable.set(true));
        if let Some(client) = CLIENT.with(|c| c.borrow_mut().take()) {
            client.worker.terminate();
        }
        if let Some(pending) = PENDING.with(|p| p.borrow_mut().take()) {
            (pending.deliver)(Ok(run_analysis(&pending.inputs, pending.now)));
        }
    }

    fn take_pending(id: u32) -> Option<Pending> {
        PENDING.with(|pending| {
            let mut pending = pending.borrow_mut();
            if pending.as_ref().is_some_and(|p| p.id == id) {
                pending.take()
            } else {
                None
            }
        })
    }

    /// An answer from the worker: the report of the newest request, or a failure, which ends the
    /// worker (a panicked module cannot run again).
    fn receive(event: MessageEvent) {
        let data = event.data();
        let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).ok();
        let id = field("id").and_then(|id| id.as_f64()).unwrap_or(-1.0);
        if let Some(error) = field("error").and_then(|e| e.as_string()) {
            if let Some(worker) = CLIENT.with(|c| c.borrow_mut().take()) {
                worker.worker.terminate();
            }
            if let Some(pending) = take_pending(id as u32) {
                (pending.deliver)(Err(error));
            }
            return;
        }
        let Some(pending) = take_pending(id as u32) else {
            return; // an answer to a request that a newer one replaced
        };
        let report = field("report")
            .and_then(|r| r.as_string())
            .ok_or_else(|| "the analysis worker sent no report".to_string())
            .and_then(|json| {
                shoot_policy::decode::from_json::<Report>(json.as_bytes())
                    .map_err(|e| format!("the worker's report is unreadable: {e}"))
            });
        (pending.deliver)(
            report.map(|report| analysis_from_report(&pending.inputs, report, pending.now)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shoot_policy::examples::DEFAULT;
    use shoot_policy::report::Report;

    #[test]
    fn the_worker_answers_with_the_report_the_page_would_compute() {
        let inputs = Inputs::from_example(&DEFAULT);
        let now = "2026-11-22T00:00:00Z".parse().unwrap();
        let answer = answer(&request_for(&inputs, now, false)).unwrap();
        let from_worker: Report = serde_json::from_str(&answer).unwrap();
        let here = crate::run_analysis(&inputs, now).report;
        assert_eq!(
            serde_json::to_value(from_worker).unwrap(),
            serde_json::to_value(here).unwrap()
        );
    }

    #[test]
    fn an_unreadable_request_is_an_error_not_a_panic() {
        assert!(answer("{").unwrap_err().starts_with("unreadable request: "));
    }
}
