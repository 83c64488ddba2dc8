// The engine's worker: an instance of this package's WebAssembly module off the page's thread, for
// the app and `shoot-policy/embed` (engine.js starts it). It takes an analysis request and answers
// with the report as JSON text (request.js).
//
// A panic aborts the module instance; the message its panic hook left in `shootPolicyPanic` is sent
// instead of a report, and engine.js ends this worker and starts another for the next request.

import init, * as engine from "./web/shoot_policy.js";
import { reportFor } from "./request.js";

const ready = init({ module_or_path: new URL("./web/shoot_policy_bg.wasm", import.meta.url) });
// The worker's one analyzer: an editor's requests mostly bring the same CloudProfile.
let analyzer;

self.onmessage = async ({ data: { id, request } }) => {
  try {
    await ready;
    analyzer ??= new engine.Analyzer();
    self.postMessage({ id, report: reportFor(analyzer, request) });
  } catch (error) {
    self.postMessage({ id, error: self.shootPolicyPanic ?? `the analysis failed: ${error}` });
  }
};
