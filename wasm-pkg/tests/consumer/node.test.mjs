// The package as an ES module in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Analyzer, analyze, version } from "shoot-policy";
import { cloudProfile, shootObject } from "./fixtures.mjs";

test("classifies versions at the given instant, from YAML text and a plain object", () => {
  const report = analyze({ cloudProfile, shoot: shootObject }, { now: "2026-04-01T00:00:00Z" });
  assert.deepEqual(
    report.versions.kubernetes.map((v) => [v.version, v.classification]),
    [["1.32.1", "supported"], ["1.31.4", "expired"]],
  );
  assert.equal(report.maintenanceWindow.begin, "22:00:00");
  assert.equal(report.maintenanceWindow.end, "22:45:00");
  assert.equal(report.maintenanceWindow.nextBegin, "2026-04-01T22:00:00Z");
  assert.deepEqual(report.objects.map((o) => o.role), ["cloudProfile", "shoot"]);
});

test("a CloudProfile passed again, edited, or as an object is read for what it holds", () => {
  const now = "2026-04-01T00:00:00Z";
  const versions = (report) => (report.versions?.kubernetes ?? []).map((v) => v.version);
  const first = analyze({ cloudProfile, shoot: shootObject }, { now });
  assert.deepEqual(analyze({ cloudProfile, shoot: shootObject }, { now }), first);
  const edited = cloudProfile.replace("1.32.1", "1.32.2");
  assert.deepEqual(versions(analyze({ cloudProfile: edited }, { now })), ["1.32.2", "1.31.4"]);
  assert.deepEqual(versions(analyze({ cloudProfile }, { now })), ["1.32.1", "1.31.4"]);
  const asObject = {
    kind: "CloudProfile",
    metadata: { name: "aws" },
    spec: { kubernetes: { versions: [{ version: "1.33.0" }] } },
  };
  assert.deepEqual(versions(analyze({ cloudProfile: asObject }, { now })), ["1.33.0"]);
  assert.deepEqual(versions(analyze({ cloudProfile: null, shoot: shootObject }, { now })), []);
  // Any other JSON value is read as its JSON text; what is not JSON is API misuse, named by its place.
  const fromNumber = analyze({ cloudProfile: 42 }, { now });
  assert.deepEqual(fromNumber.diagnostics.map((d) => [d.source, d.field]), [["CloudProfile", "kind"]]);
  assert.throws(() => analyze({ cloudProfile: Symbol("profile") }, { now }), {
    name: "Error",
    message: /^input\.cloudProfile: invalid type: symbol/,
  });
});

test("an Analyzer gives analyze's reports, keeps the CloudProfile between calls, and picks areas", () => {
  const now = "2026-04-01T00:00:00Z";
  const analyzer = new Analyzer();
  const input = { cloudProfile, shoot: shootObject };
  const first = analyzer.analyze(input, { now });
  assert.deepEqual(first, analyze(input, { now }));
  assert.deepEqual(analyzer.analyze(input, { now }), first);
  // An edited CloudProfile is read again; the same text after it too.
  const edited = cloudProfile.replace("1.32.1", "1.32.2");
  const versions = (report) => report.versions.kubernetes.map((v) => v.version);
  assert.deepEqual(versions(analyzer.analyze({ ...input, cloudProfile: edited }, { now })), ["1.32.2", "1.31.4"]);
  assert.deepEqual(analyzer.analyze(input, { now }), first);
  // `areas` computes those parts only, as the one-part functions do.
  const part = analyzer.analyze(input, { now, areas: ["validation"] });
  assert.deepEqual(part.validation, first.validation);
  assert.equal(part.versions, null);
  assert.equal(part.maintenanceWindow, null);
  // Two analyzers share nothing.
  const other = new Analyzer();
  assert.deepEqual(versions(other.analyze({ cloudProfile: edited }, { now })), ["1.32.2", "1.31.4"]);
  assert.deepEqual(versions(analyzer.analyze({ cloudProfile }, { now })), ["1.32.1", "1.31.4"]);
  other.free();
  analyzer.free();
});

test("a Date works as now", () => {
  const report = analyze({ cloudProfile }, { now: new Date("2026-02-01T00:00:00Z") });
  assert.equal(report.versions.kubernetes[1].classification, "deprecated");
});

test("broken input comes back as diagnostics with line and column", () => {
  const report = analyze({ shoot: "kind: Shoot\nspec:\n  kubernetes: [1," }, { now: new Date() });
  assert.equal(report.diagnostics.length, 1);
  const [problem] = report.diagnostics;
  assert.equal(problem.severity, "error");
  assert.equal(problem.source, "Shoot");
  assert.ok(problem.line >= 3, `line ${problem.line}`);
});

test("misuse throws an Error that names the place in JavaScript's terms", () => {
  assert.throws(() => analyze({ cloudProfile }, {}), { name: "Error", message: /options\.now is required/ });
  assert.throws(() => analyze({ cloudProfile }, { now: "tomorrow" }), /not an RFC 3339 instant/);
  assert.throws(() => analyze({ cloudProfile }, { now: "2026-01-01T00:00:00" }), {
    message: 'options.now: "2026-01-01T00:00:00" has no time zone: end it with Z for UTC or an offset such as +01:00, or pass a Date',
  });
  // A misspelt key is refused, not ignored: the error names it and the key meant.
  assert.throws(() => analyze({ cloudprofile: cloudProfile }, { now: new Date() }), {
    message: "input.cloudprofile is not a key input takes; did you mean cloudProfile? It takes cloudProfile, shoot, previousShoot, objects",
  });
  assert.throws(() => analyze({ cloudProfile }, { now: new Date(), featureGate: {} }), {
    message: "options.featureGate is not a key options takes; did you mean featureGates? It takes now, until, featureGates, limits, areas",
  });
  assert.throws(() => analyze({ cloudProfile }, { now: new Date(), areas: ["timelin"] }), {
    message: "options.areas: expected an array of versions, maintenance, timeline, validation, rollout, hibernation, status, cleanup, scheduling, migration",
  });
  assert.throws(() => analyze({ cloudProfile }, { now: new Date(), limits: { maxByte: 1 } }), /did you mean maxBytes\?/);
  assert.throws(() => analyze(null, { now: new Date() }), {
    message: "input: expected an object such as { cloudProfile, shoot }, got null",
  });
  assert.throws(() => analyze([cloudProfile], { now: new Date() }), /got an array$/);
  assert.throws(() => analyze({ cloudProfile }, "2026-01-01T00:00:00Z"), {
    message: "options: expected an object such as { now: new Date() }, got string",
  });
});

test("version comes from Cargo", () => {
  assert.match(version(), /^\d+\.\d+\.\d+/);
});
