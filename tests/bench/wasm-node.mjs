// The wasm measurements in Node, against the built npm package. `cargo xtask bench` runs it with the
// package path and the generated inputs' directory. Prints `bench <workload> wasm-node <median> ms`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const [packageDir, inputsDir, exampleProfilePath, exampleShootPath] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { analyze, analyzeFleet, timeline } = require(`${packageDir}/node/shoot_policy.js`);
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

record("example", 51, () => analyze(example, { now }));
record("large", 5, () => analyze(large, { now }));
record("timeline-10y", 3, () => timeline(large, { now, until: "2036-11-22T00:00:00Z" }));
let forced = 0;
record("fleet-10k", 1, () => {
  forced = analyzeFleet({ cloudProfile: example.cloudProfile, shoots: fleet }, { now }).summary.facingForcedUpdate;
});
console.log(`fleet-10k summary: ${forced} of ${fleet.length} Shoots face a forced update`);
for (const name of Object.keys(figures)) {
  if (native[name]) console.log(`ratio ${name} wasm-node/native ${(figures[name] / native[name]).toFixed(1)}`);
}
console.log(`target fleet-10k < 1 s (wasm-node): ${figures["fleet-10k"] < 1000 ? "met" : "MISSED"}`);
