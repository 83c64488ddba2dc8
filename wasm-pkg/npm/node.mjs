// Node.js, ES modules: the CommonJS entry's engine (one instance for both).
import engine from "./node.cjs";

export const { Analyzer, analyze, analyzeFleet, compareCloudProfiles, hibernation, maintenance, rollTriggers, statusLabel, timeline, validate, version } = engine;
