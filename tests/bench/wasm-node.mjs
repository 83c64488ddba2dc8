// The wasm measurements in Node, against the built npm package. `cargo xtask bench` runs it with the
// package path and the generated inputs' directory. Prints `bench <workload> wasm-node <median> ms`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const [packageDir, inputsDir, exampleProfilePath, exampleShootPath] = process.argv.slice(2);
const require = createRequire(import.meta.url);
// The Node.js entry (node.cjs): the bench build's engine also has `benchParseOnly`.
const { Analyzer, analyzeFleet, benchParseOnly } = require(`${packageDir}/node.cjs`);
const now = "2026-11-22T00:00:00Z";

function median(runs, work) {
  work();
  const timings = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    work();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return timings[Math.floor(runs / 2)];
}

const example = {
  cloudProfile: readFileSync(exampleProfilePath, "utf8"),
  shoot: readFileSync(exampleShootPath, "utf8"),
};
const large = {
  cloudProfile: readFileSync(`${inputsDir}/large-cloudprofile.yaml`, "utf8"),
  shoot: readFileSync(`${inputsDir}/large-shoot.yaml`, "utf8"),
};
const fleet = JSON.parse(readFileSync(`${inputsDir}/fleet-shoots.json`, "utf8"));
const native = JSON.parse(readFileSync(`${inputsDir}/native.json`, "utf8"));
const figures = {};
function record(name, runs, work) {
  figures[name] = median(runs, work);
  console.log(`bench ${name} wasm-node ${figures[name].toFixed(3)} ms`);
}

// An `Analyzer` keeps the CloudProfile of the last call while it stays the same, as it does while a
// user edits the Shoot; the `-profile-changed` figures give every call a CloudProfile text of its
// own (a comment line differs), so everything is read again, as after an edit of the CloudProfile.
const analyzer = new Analyzer();
const kept = (input, options) => analyzer.analyze(input, options);
const timeline = (input, options) => kept(input, { ...options, areas: ["timeline"] });
let edits = 0;
const changedProfile = (input) => ({ ...input, cloudProfile: `${input.cloudProfile}\n# edit ${(edits += 1)}\n` });
// V8 optimises hot wasm functions in the background: warm up before the first series.
const warmUpUntil = performance.now() + 1000;
while (performance.now() < warmUpUntil) kept(changedProfile(example), { now });
record("example", 51, () => kept(example, { now }));
record("example-profile-changed", 51, () => kept(changedProfile(example), { now }));
// The floor: each input read into the engine's documents and nothing else, the string's crossing
// into wasm included, as `analyze` pays it for every text it is given.
const parseOnly = (input) => () => Object.values(input).forEach((text) => benchParseOnly(text));
record("parse-only-example", 51, parseOnly(example));
record("large", 5, () => kept(large, { now }));
record("large-profile-changed", 5, () => kept(changedProfile(large), { now }));
record("parse-only-large", 11, parseOnly(large));
record("timeline-10y", 3, () => timeline(large, { now, until: "2036-11-22T00:00:00Z" }));
record("timeline-10y-profile-changed", 3, () => timeline(changedProfile(large), { now, until: "2036-11-22T00:00:00Z" }));
let forced = 0;
const analyzeTheFleet = () => {
  forced = analyzeFleet({ cloudProfile: example.cloudProfile, shoots: fleet }, { now }).summary.facingForcedUpdate;
};
// The first fleet call of a module, as a dashboard's page makes it: the module's memory grows to
// what the call needs, and a wasm module's memory never shrinks. Node counts it as `external`.
let started = performance.now();
analyzeTheFleet();
console.log(`bench fleet-10k-first-call wasm-node ${(performance.now() - started).toFixed(3)} ms`);
console.log(`bench fleet-10k-memory wasm-node ${(process.memoryUsage().external / 1e6).toFixed(1)} MB`);
record("fleet-10k", 1, analyzeTheFleet);
console.log(`fleet-10k summary: ${forced} of ${fleet.length} Shoots face a forced update`);
// Everything read on every call, as `parse-only` reads it: the ratios, in wasm.
for (const [name, floor] of [
  ["example-profile-changed", "parse-only-example"],
  ["large-profile-changed", "parse-only-large"],
]) {
  console.log(`ratio ${name}/${floor} wasm-node ${(figures[name] / figures[floor]).toFixed(1)}`);
}
// The native figures read every input on every call, as the `-profile-changed` ones do.
for (const [name, nativeName] of [
  ["parse-only-example", "parse-only-example"],
  ["parse-only-large", "parse-only-large"],
  ["example-profile-changed", "example"],
  ["large-profile-changed", "large"],
  ["timeline-10y-profile-changed", "timeline-10y"],
  ["fleet-10k", "fleet-10k"],
]) {
  if (native[nativeName]) console.log(`ratio ${name} wasm-node/native ${(figures[name] / native[nativeName]).toFixed(1)}`);
}
console.log(`target fleet-10k < 1 s (wasm-node): ${figures["fleet-10k"] < 1000 ? "met" : "MISSED"}`);
