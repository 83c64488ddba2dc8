// How the engine answers the app's analysis requests, in the worker (worker.js) and on the page's
// thread (engine.js) alike.

/**
 * The report for one request (the core's `AnalysisRequest`: `{ sources, options, testPanic }`, as the
 * app builds it) as JSON text, made by `analyzer` (an `Analyzer` of this package's initialised
 * module, which keeps the CloudProfile from one request to the next).
 */
export function reportFor(analyzer, request) {
  const { sources, options, testPanic } = request;
  // The options the app set: it writes unset ones as null, and names no areas.
  const given = Object.fromEntries(Object.entries(options).filter(([key, value]) => value !== null && key !== "areas"));
  return JSON.stringify(analyzer.analyzeRequest(sources, given, testPanic ?? undefined));
}
