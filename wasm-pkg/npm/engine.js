// The analysis engine of the app and of `shoot-policy/embed`: this package's WebAssembly module (the
// one `analyze` uses), so a page that uses both loads the engine once. The app's own module only
// renders; it sends each analysis here as a request and gets the report back as JSON.
//
// Analyses run in a Web Worker (worker.js), so the page never freezes on a large input. The worker
// is written as `new Worker(new URL("./worker.js", import.meta.url), { type: "module" })`, which Vite,
// webpack 5 and esbuild bundle as a worker entry with its imports, without a `data:` URL. Where no
// worker can start (no Worker, or a policy forbids it), the analysis runs on the page's thread, in the
// instance the main entry (index.js) initialises.

import { fleetFor, reportFor } from "./request.js";

let worker = null;
let workerUnavailable = typeof Worker !== "function";
let nextId = 0;
/** Requests sent to the current worker and not yet answered, by id. */
const waiting = new Map();

/** A new worker, or null where none can start. Written once, for the bundlers that look for it. */
function newWorker() {
  try {
    return new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "shoot-policy engine" });
  } catch {
    workerUnavailable = true;
    return null;
  }
}

function startWorker() {
  const started = newWorker();
  if (!started) return null;
  started.onmessage = ({ data: { id, report, error } }) => {
    const request = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) {
      // After a trap, say, end the worker and its memory: the next request starts a new one.
      endWorker(started, error);
      request?.reject(new Error(error));
    } else {
      request?.resolve(report);
    }
  };
  // worker.js answers every request, failures included; an error event means the worker itself did
  // not load. Then every analysis, starting with those waiting, runs on the page.
  started.onerror = (event) => {
    event.preventDefault();
    workerUnavailable = true;
    const retried = [...waiting.values()];
    waiting.clear();
    endWorker(started);
    for (const request of retried) analyzeOnPage(request.request).then(request.resolve, request.reject);
  };
  return started;
}

function endWorker(ended, error) {
  if (worker !== ended) return;
  ended.terminate();
  worker = null;
  // Requests behind the one that failed were never answered.
  for (const request of waiting.values()) request.reject(new Error(error ?? "the analysis worker stopped"));
  waiting.clear();
}

let pageAnalyzer;

async function analyzeOnPage(request) {
  pageAnalyzer ??= import("./index.js").then((engine) => new engine.Analyzer());
  return reportFor(await pageAnalyzer, request);
}

/** The Fleet view on the page's thread, where no worker starts. */
async function fleetOnPage(request, onProgress) {
  return fleetFor(await import("./index.js"), request, onProgress);
}

/**
 * The report for one analysis request (an object, see `AnalysisRequest` in the core) as JSON text.
 * Rejects with the engine's message when the analysis failed.
 */
export function analyzeRequest(request) {
  if (!workerUnavailable) worker ??= startWorker();
  if (!worker) return analyzeOnPage(request);
  nextId += 1;
  const id = nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { request, resolve, reject });
    worker.postMessage({ id, request });
  });
}

/** Starts the worker ahead of the first request, so that its module compiles while the page loads. */
export function warmUp() {
  if (!workerUnavailable) worker ??= startWorker();
}

/** The fleet request being answered: its worker's `cancel`. */
let fleetJob = null;

/**
 * The app's Fleet view for one request (`{ previousCloudProfile, cloudProfile, shoots, options }`)
 * as JSON text; `onProgress(done, total)` hears of the Shoots analysed. It runs in a worker of its
 * own, so single analyses are not kept waiting behind 10 000 Shoots. A newer fleet request ends the
 * older one's worker (its promise rejects), and every worker ends with its answer: the memory a
 * large fleet took, which a WebAssembly module never gives back, goes with it.
 */
export function fleetRequest(request, onProgress) {
  fleetJob?.();
  const started = workerUnavailable ? null : newWorker();
  if (!started) return fleetOnPage(request, onProgress);
  return new Promise((resolve, reject) => {
    const end = () => {
      started.terminate();
      if (fleetJob === cancel) fleetJob = null;
    };
    const cancel = () => {
      end();
      reject(new Error("replaced by a newer fleet request"));
    };
    fleetJob = cancel;
    started.onmessage = ({ data: { progress, report, error } }) => {
      if (progress) return onProgress(...progress);
      end();
      if (error !== undefined) reject(new Error(error));
      else resolve(report);
    };
    started.onerror = (event) => {
      event.preventDefault();
      end();
      workerUnavailable = true;
      fleetOnPage(request, onProgress).then(resolve, reject);
    };
    started.postMessage({ id: 0, fleet: request });
  });
}
