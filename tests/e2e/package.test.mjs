// The BUILT npm package's main entry in a real browser gives the same report as in Node. The
// package's Node report equals the CLI's JSON (wasm-pkg/tests/consumer/surfaces.test.mjs) and the
// CLI's equals the core's (cli/tests/surfaces.rs), so every surface shows the same findings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { browser, BASE_URL, openPage, withApp, loadExample } from "./helpers.mjs";

const root = new URL("../../", import.meta.url);
const packageDir = process.env.NPM_PACKAGE_DIR ?? fileURLToPath(new URL("target/npm/shoot-policy/", root));
const inNode = createRequire(import.meta.url)(`${packageDir}/node/shoot_policy.js`);
const examples = new URL("core/src/examples/", root);
const read = (name) => readFile(new URL(name, examples), "utf8");
const NOW = "2026-11-22T00:00:00Z";

const cases = {
  "the default example": { cloudProfile: await read("cloudprofile.yaml"), shoot: await read("shoot.yaml") },
  "a webhook that blocks hibernation": {
    cloudProfile: await read("cloudprofile.yaml"),
    shoot: await read("shoot.yaml"),
    objects: await read("webhooks.yaml"),
  },
  "an in-place pool with its previous Shoot": {
    cloudProfile: await read("cloudprofile-inplace.yaml"),
    shoot: await read("shoot-inplace.yaml"),
    previousShoot: await read("shoot-inplace-previous.yaml"),
  },
};

for (const [name, input] of Object.entries(cases)) {
  test(`npm package in Chromium equals the package in Node: ${name}`, async () => {
    const context = await browser.newContext();
    const { page, foreign, pageErrors } = await openPage(context, new URL("embed-host/", BASE_URL).href);
    const fromBrowser = await page.evaluate(
      async ({ input, now }) => {
        const shootPolicy = await import("/npm/shoot-policy/index.js");
        return JSON.stringify(shootPolicy.analyze(input, { now }));
      },
      { input, now: NOW },
    );
    const fromNode = JSON.stringify(inNode.analyze(input, { now: NOW }));
    const report = JSON.parse(fromBrowser);
    assert.ok(report.objects.length >= 2, "the objects were recognised");
    assert.deepEqual(report, JSON.parse(fromNode));
    assert.deepEqual(foreign, []);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
}

// The app's Validation card lists the validation families the package reports, group by group and
// state by state, as the CLI's text does (cli/tests/surfaces.rs).
const GROUPS = ["ValidateCloudProfile", "ShootMutator", "ValidateShoot", "ValidateShootCreate", "ValidateShootUpdate", "ShootValidator"];
const STATES = {
  checked: "checked",
  partlyChecked: "checked in part",
  notApplicable: "not applicable here",
  needsObjects: "needs objects not given",
  notModelled: "not modelled",
};

test("the app's Validation card lists the package's validation families", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor", NOW);
    const { scope } = inNode.analyze(cases["the default example"], { now: NOW }).validation;
    assert.ok(scope.length > 100, "every family is reported");
    const expected = GROUPS.flatMap((group) =>
      Object.entries(STATES).flatMap(([state, words]) => {
        const items = scope
          .filter((family) => family.group === group && family.state === state)
          .map((family) => (family.note ? `${family.id} (${family.note})` : family.id));
        return items.length ? [`${words}: ${items.join(", ")}`] : [];
      }),
    );
    const card = page.getByRole("region", { name: "Validation" });
    await card.locator("details.validation-scope > summary").click();
    const shown = await card.locator("details.validation-scope li:not(.group)").allTextContents();
    assert.deepEqual(shown, expected);
  }));
