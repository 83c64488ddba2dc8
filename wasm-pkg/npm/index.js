// Browsers and bundlers (Vite, webpack; esbuild with the README's recipe): the engine is fetched,
// compiled and instantiated once, on import. After a trap the next call runs on a fresh instance of
// the compiled module (api.js).
import { createGlue } from "./web/shoot_policy.js";
import { loadEngine } from "./api.js";

const engine = await loadEngine(createGlue, new URL("./web/shoot_policy_bg.wasm", import.meta.url));

export const { Analyzer, analyze, analyzeFleet, compareCloudProfiles, hibernation, maintenance, rollTriggers, statusLabel, timeline, validate, version } = engine;
