// The app's analysis, off the page's thread: a second instance of the app's own module, whose
// exported `analyze_in_worker` takes a request and answers with the report, both as JSON. Shipped
// beside app.js (dist/pkg/ and the npm package's app/), so the relative imports hold in both.
//
// A panic aborts this instance: the page is told with the panic's message (the module's panic hook
// leaves it in `shootPolicyPanic`), terminates this worker and starts a new one for the next request.

import init, { analyze_in_worker } from "./app.js";

const ready = init({ module_or_path: new URL("./app_bg.wasm", import.meta.url) });

self.onmessage = async ({ data: { id, request } }) => {
  try {
    await ready;
    self.postMessage({ id, report: analyze_in_worker(request) });
  } catch (error) {
    self.postMessage({ id, error: self.shootPolicyPanic ?? `the analysis worker failed: ${error}` });
  }
};
