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

const LEFT_OUT = "left out of the npm package for its size; the CLI checks it";

/**
 * The package is built without the core's `complete-validation` families (docs/performance.md): its
 * scope lists them as left out where the CLI checks them, and the validation fact counts fewer
 * checked families. Everything else must be equal.
 */
function withoutLeftOutFamilies(report, leftOut) {
  const copy = structuredClone(report);
  copy.validation.scope = copy.validation.scope.filter((family) => !leftOut.has(family.id));
  for (const fact of copy.summary.facts) {
    if (fact.label === "Validation problems") fact.text = fact.text.replace(/\(\d+ of Gardener's \d+ groups of validation rules\)/, "(…)");
  }
  return copy;
}

test("analyze equals the CLI's report --format json", () => {
  const fromCli = JSON.parse(read("./cli-report.json"));
  const fromPackage = analyze(
    { cloudProfile: read("./example-cloudprofile.yaml"), shoot: read("./example-shoot.yaml") },
    { now: "2026-11-22T00:00:00Z" },
  );
  const scopeOf = (report, id) => report.validation.scope.find((family) => family.id === id);
  // The families whose state differs: each is left out of the package, or checked there only in
  // the part every build has (the feature gates), and the CLI models it.
  const leftOut = new Set(
    fromPackage.validation.scope
      .filter((family) => JSON.stringify(family) !== JSON.stringify(scopeOf(fromCli, family.id)))
      .map((family) => family.id),
  );
  assert.ok(leftOut.has("networking"));
  for (const id of leftOut) {
    const inPackage = scopeOf(fromPackage, id);
    assert.ok(inPackage.note === LEFT_OUT || inPackage.state === "partlyChecked", id);
    assert.notEqual(scopeOf(fromCli, id).state, "notModelled", id);
  }
  assert.deepEqual(
    withoutSourceNames(withoutLeftOutFamilies(fromPackage, leftOut)),
    withoutSourceNames(withoutLeftOutFamilies(fromCli, leftOut)),
  );
  assert.equal(fromPackage.timeline.events[0].to, "1.32.9");
  // The summary the app's card and the CLI's text show (cli/tests/surfaces.rs holds the text to it).
  assert.deepEqual(
    withoutLeftOutFamilies(fromPackage, leftOut).summary.facts,
    withoutLeftOutFamilies(fromCli, leftOut).summary.facts,
  );
  assert.equal(fromPackage.summary.nextForcedUpdate.to, "1.32.9");
  const forced = fromPackage.summary.facts.find((fact) => fact.label === "Next forced update");
  assert.match(forced.text, /^Control plane 1\.31\.13 → 1\.32\.9 on 2026-11-22 21:00 UTC/);
});
