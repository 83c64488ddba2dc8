// The wasm measurements in Node, against the built npm package. `cargo xtask bench` runs it with the
// package path and the generated inputs' directory. Prints `bench <workload> wasm-node <median> ms`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const [packageDir, inputsDir, exampleProfilePath, exampleShootPath] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { analyze } = require(`${packageDir}/node/shoot_policy.js`);
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
for (const [name, input, runs] of [["example", example, 51], ["large", large, 5]]) {
  console.log(`bench ${name} wasm-node ${median(runs, () => analyze(input, { now })).toFixed(3)} ms`);
}
