// The engine's worker, off the page's thread, for the app and `shoot-policy/embed` (engine.js starts
// it, and ends it after an error such as a trap): it answers a request with the report as JSON text
// (request.js) or the error's message. A fleet request (the app's Fleet view, in a worker of its own)
// is answered likewise, after messages with its progress.

import { createGlue } from "./web/shoot_policy.js";
import { loadEngine } from "./api.js";
import { fleetFor, reportFor } from "./request.js";

const ready = loadEngine(createGlue, new URL("./web/shoot_policy_bg.wasm", import.meta.url));
ready.catch(() => {}); // each request below gets the error
// One analyzer: an editor's requests mostly bring the same CloudProfile.
let analyzer;

self.onmessage = async ({ data: { id, request, fleet } }) => {
  try {
    const engine = await ready;
    analyzer ??= new engine.Analyzer();
    const progress = (done, total) => self.postMessage({ id, progress: [done, total] });
    self.postMessage({ id, report: fleet ? fleetFor(engine, fleet, progress) : reportFor(analyzer, request) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : `the analysis failed: ${error}` });
  }
};
