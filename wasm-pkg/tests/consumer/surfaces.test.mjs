// The npm package and the CLI give the same report for the same inputs: `cargo xtask test` writes the
// CLI's JSON for the app's default example next to this file before running it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { analyze } from "shoot-policy";

const read = (name) => readFileSync(new URL(name, import.meta.url), "utf8");

/** Source names differ by surface (file paths in the CLI, editor labels here); nothing else may. */
function withoutSourceNames(value) {
  if (Array.isArray(value)) return value.map(withoutSourceNames);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "source")
        .map(([key, child]) => [key, withoutSourceNames(child)]),
    );
  }
  return value;
}

test("analyze equals the CLI's report --format json", () => {
  const fromCli = JSON.parse(read("./cli-report.json"));
  const fromPackage = analyze(
    { cloudProfile: read("./example-cloudprofile.yaml"), shoot: read("./example-shoot.yaml") },
    { now: "2026-11-22T00:00:00Z" },
  );
  assert.deepEqual(withoutSourceNames(fromPackage), withoutSourceNames(fromCli));
  assert.equal(fromPackage.timeline.events[0].to, "1.32.9");
  // The summary the app's card and the CLI's text show (cli/tests/surfaces.rs holds the text to it).
  assert.deepEqual(fromPackage.summary.facts, fromCli.summary.facts);
  assert.equal(fromPackage.summary.nextForcedUpdate.to, "1.32.9");
  const forced = fromPackage.summary.facts.find((fact) => fact.label === "Next forced update");
  assert.match(forced.text, /^Control plane 1\.31\.13 → 1\.32\.9 on 2026-11-22 21:00 UTC/);
});
