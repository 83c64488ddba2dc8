// The per-area functions compute one part of the report with the same core call as `analyze`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze, hibernation, rollTriggers, statusLabel, timeline, validate } from "shoot-policy";
import { blockingWebhook, poolShoot, shootObject } from "./fixtures.mjs";

const now = "2026-04-01T00:00:00Z";

test("hibernation names the blocking webhook, its rule and a fix", () => {
  const report = hibernation({ shoot: shootObject, objects: [blockingWebhook] }, { now });
  const { webhooks } = report.hibernation;
  assert.equal(webhooks.hibernationPossible.status, "False");
  assert.equal(webhooks.hibernationPossible.reason, "ProblematicWebhooks");
  const [blocker] = webhooks.problematicWebhooks;
  assert.equal(blocker.configuration, "policy-agent");
  assert.equal(blocker.rule, "criticalResources");
  assert.ok(blocker.fixes.some((fix) => fix.failurePolicy === "Ignore"));
  assert.equal(report.validation.problems.length, 0, "other areas are not computed");
  assert.equal(report.maintenanceNow, null);
});

test("rollTriggers tells which change rolls the nodes", () => {
  const report = rollTriggers(
    { previousShoot: poolShoot("m5.large", "1592.1.0"), shoot: poolShoot("m5.xlarge", "1592.1.0") },
    { now },
  );
  assert.equal(report.rollTriggers.workers["pool-a"].update, "rolling");
  assert.deepEqual(report.rollTriggers.workers["pool-a"].causes, [".spec.provider.workers[].machine.type"]);
  assert.ok(report.rolloutShapes["pool-a"]);
});

test("validate and analyze agree on the validation problems", () => {
  const input = {
    cloudProfile: "kind: CloudProfile\nmetadata: {name: p}\nspec:\n  kubernetes:\n    versions: [{version: 1.31.4}, {version: '1.32'}]\n",
  };
  const alone = validate(input, { now });
  const all = analyze(input, { now });
  assert.ok(alone.validation.problems.length > 0);
  assert.deepEqual(alone.validation, all.validation);
});

test("statusLabel explains the label and the error codes", () => {
  const shoot = {
    ...shootObject,
    status: {
      lastOperation: { type: "Reconcile", state: "Failed", progress: 40, lastUpdateTime: "2026-03-30T10:00:00Z" },
      lastErrors: [{ description: "credentials invalid", codes: ["ERR_INFRA_UNAUTHENTICATED"] }],
    },
  };
  const report = statusLabel({ shoot }, { now });
  assert.equal(report.status.label.label, "unhealthy");
  assert.equal(report.status.errorCodes[0].code, "ERR_INFRA_UNAUTHENTICATED");
  assert.equal(report.status.errorCodes[0].known, true);
});

test("timeline lists the forced update with its window and the node impact", () => {
  const cloudProfile = {
    kind: "CloudProfile",
    metadata: { name: "p" },
    spec: {
      kubernetes: {
        versions: [{ version: "1.32.1" }, { version: "1.31.4", expirationDate: "2026-05-01T00:00:00Z" }],
      },
      machineImages: [],
    },
  };
  const shoot = { ...shootObject, spec: { ...shootObject.spec, maintenance: { ...shootObject.spec.maintenance, autoUpdate: { kubernetesVersion: false } } } };
  const report = timeline({ cloudProfile, shoot }, { now, until: "2027-01-01T00:00:00Z" });
  const [event] = report.timeline.events;
  assert.equal(event.windowBegin, "2026-05-01T22:00:00Z");
  assert.equal(event.windowEnd, "2026-05-01T22:45:00Z");
  assert.deepEqual([event.from, event.to, event.reason], ["1.31.4", "1.32.1", "force"]);
  assert.equal(report.timeline.finalState.kubernetesVersion, "1.32.1");
});

test("featureGates reach Gardener's validation", () => {
  const cloudProfile = `kind: CloudProfile
metadata: {name: p}
spec:
  type: aws
  kubernetes:
    versions:
    - version: 1.32.0
      lifecycle: [{classification: supported}]
`;
  const lifecycleProblems = (report) =>
    report.validation.problems.filter((p) => p.detail.includes("VersionClassificationLifecycle"));
  assert.ok(lifecycleProblems(validate({ cloudProfile }, { now })).length > 0);
  const enabled = validate({ cloudProfile }, { now, featureGates: { VersionClassificationLifecycle: true } });
  assert.equal(lifecycleProblems(enabled).length, 0);
});
