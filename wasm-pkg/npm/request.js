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

/**
 * The app's Fleet view for one request (`{ previousCloudProfile, cloudProfile, shoots, options }`:
 * texts, the Shoots one text, and the options the app set) as JSON text: the `ProfileChangeReport`
 * of `engine` (this package's initialised module); `onProgress(done, total)` hears of the Shoots
 * analysed.
 */
export function fleetFor(engine, request, onProgress) {
  const { previousCloudProfile, cloudProfile, shoots, options } = request;
  const input = { previousCloudProfile: previousCloudProfile ?? null, cloudProfile, shoots: [shoots] };
  return JSON.stringify(engine.compareCloudProfiles(input, options, onProgress));
}
