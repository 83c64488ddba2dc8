// The package through require() in CommonJS.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { analyze } = require("shoot-policy");

test("CommonJS consumers get the same analysis", () => {
  const report = analyze(
    { cloudProfile: "kind: CloudProfile\nmetadata: {name: p}\nspec: {kubernetes: {versions: [{version: 1.30.0, expirationDate: '2026-01-01T00:00:00Z'}]}}" },
    { now: "2026-01-02T00:00:00Z" },
  );
  assert.equal(report.versions.kubernetes[0].classification, "expired");
});
