// How the engine answers the app's analysis requests, in the worker (worker.js) and on the page's
// thread (engine.js) alike.

/**
 * The report for one request (the core's `AnalysisRequest`: `{ sources, options, testPanic }`, as the
 * app builds it) as JSON text, made by the module `engine` (this package's, initialised).
 */
export function reportFor(engine, request) {
  const { sources, options, testPanic } = request;
  // The options the app set: it writes unset ones as null, and names no areas.
  const given = Object.fromEntries(Object.entries(options).filter(([key, value]) => value !== null && key !== "areas"));
  return JSON.stringify(engine.analyzeRequest(sources, given, testPanic ?? undefined));
}
