// Many Shoots against one CloudProfile: each report is analyze's for that Shoot, and the summary
// counts what the reports say.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze, analyzeFleet } from "shoot-policy";
import { cloudProfile, shootObject } from "./fixtures.mjs";

const now = "2026-02-15T12:00:00Z";
const upToDate = { ...shootObject, metadata: { name: "prod", namespace: "garden-team" }, spec: { ...shootObject.spec, kubernetes: { version: "1.32.1" } } };
const unreadable = "spec: [";

test("analyzeFleet gives each Shoot analyze's report and sums them up", () => {
  const fleet = analyzeFleet({ cloudProfile, shoots: [shootObject, upToDate, unreadable] }, { now });
  assert.deepEqual(fleet.reports.map((entry) => entry.shoot), ["dev", "prod", "Shoot #3"]);
  const alone = analyze({ cloudProfile, shoot: upToDate }, { now });
  assert.deepEqual(fleet.reports[1].report.timeline, alone.timeline);
  assert.deepEqual(fleet.reports[1].report.versions, alone.versions);

  const { summary } = fleet;
  assert.equal(summary.shoots, 3);
  assert.equal(summary.withInputErrors, 1);
  // 1.31.4 expires on 2026-03-01: only "dev" is forced to update, in its first window after that.
  assert.equal(summary.facingForcedUpdate, 1);
  assert.equal(summary.nextForcedUpdate.shoot, "dev");
  assert.equal(summary.nextForcedUpdate.from, "1.31.4");
  assert.ok(summary.nextForcedUpdate.windowBegin >= "2026-03-01T00:00:00Z", summary.nextForcedUpdate.windowBegin);
  assert.equal(Object.values(summary.statusLabels).reduce((a, b) => a + b, 0), 2);
});

test("analyzeFleet gives each Shoot of a List its own report", () => {
  const list = { apiVersion: "v1", kind: "List", items: [shootObject, upToDate] };
  const fleet = analyzeFleet({ cloudProfile, shoots: [list] }, { now });
  assert.deepEqual(fleet.reports.map((entry) => entry.shoot), ["dev", "prod"]);
  assert.equal(fleet.summary.shoots, 2);
  const alone = analyze({ cloudProfile, shoot: upToDate }, { now });
  assert.deepEqual(fleet.reports[1].report.timeline, alone.timeline);
  assert.deepEqual(fleet.reports[1].report.status, alone.status);
});

test("analyzeFleet refuses a fleet without its CloudProfile as API misuse", () => {
  assert.throws(() => analyzeFleet({ shoots: [] }, { now }), /cloudProfile/);
});

test("compareCloudProfiles names the Shoots a CloudProfile change moves, with old and new dates", async () => {
  const { compareCloudProfiles } = await import("shoot-policy");
  // 1.31.4 expires two weeks earlier: "dev" (on 1.31.4) is forced earlier, "prod" (1.32.1) not.
  const changed = cloudProfile.replace('expirationDate: "2026-03-01T00:00:00Z"', 'expirationDate: "2026-02-15T00:00:00Z"');
  assert.notEqual(changed, cloudProfile);
  const answer = compareCloudProfiles({ previousCloudProfile: cloudProfile, cloudProfile: changed, shoots: [shootObject, upToDate] }, { now: "2026-02-01T00:00:00Z" });
  assert.deepEqual(answer.summary, { compared: true, shoots: 2, affected: 1, unaffected: 1, withInputErrors: 0, firstInputError: null });
  assert.deepEqual(answer.affected.map((shoot) => shoot.shoot), ["dev"]);
  const forced = answer.affected[0].changes.find((change) => change.kind === "forcedUpdate");
  assert.equal(forced.before.version, "1.32.1");
  assert.ok(forced.before.at > "2026-03-01T00:00:00Z", forced.before.at);
  assert.ok(forced.after.at > "2026-02-15T00:00:00Z" && forced.after.at < "2026-02-17T00:00:00Z", forced.after.at);
  // The week the forced update comes to counts one more, the week it leaves one fewer.
  const mondayOf = (at) => {
    const day = new Date(at);
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return day.toISOString().slice(0, 10);
  };
  const week = (at) => answer.forcedPerWeek.find((entry) => entry.week === mondayOf(at));
  assert.equal(week(forced.after.at).count, week(forced.after.at).previous + 1);
  assert.equal(week(forced.before.at).count + 1, week(forced.before.at).previous);
  assert.throws(() => compareCloudProfiles({ cloudProfile, shoots: {} }, { now: "2026-02-01T00:00:00Z" }), /input.shoots: expected an array/);
});

test("compareCloudProfiles without a previous CloudProfile lists what the CloudProfile brings, with its progress", async () => {
  const { compareCloudProfiles } = await import("shoot-policy");
  const heard = [];
  const answer = compareCloudProfiles({ cloudProfile, shoots: [shootObject, upToDate] }, { now: "2026-02-01T00:00:00Z" }, (done, total) => heard.push([done, total]));
  assert.equal(answer.summary.compared, false);
  const dev = answer.affected.find((shoot) => shoot.shoot === "dev");
  const forced = dev.changes.find((change) => change.kind === "forcedUpdate");
  assert.equal(forced.before, null);
  assert.equal(forced.after.version, "1.32.1");
  assert.ok(answer.forcedPerWeek.every((entry) => entry.previous === null));
  assert.deepEqual(heard.at(-1), [2, 2]);
});
