// The BUILT npm package's main entry in a real browser gives the same report as in Node. The
// package's Node report equals the CLI's JSON (wasm-pkg/tests/consumer/surfaces.test.mjs) and the
// CLI's equals the core's (cli/tests/surfaces.rs), so every surface shows the same findings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { browser, BASE_URL, openPage, withApp, loadExample } from "./helpers.mjs";

const typescript = createRequire(new URL("../../tools/package.json", import.meta.url))("typescript");

const root = new URL("../../", import.meta.url);
const packageDir = process.env.NPM_PACKAGE_DIR ?? fileURLToPath(new URL("target/npm/shoot-policy/", root));
const inNode = createRequire(import.meta.url)(`${packageDir}/node.cjs`);
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

test("the browsers' entry exports exactly the values the package's types declare (no initSync)", async () => {
  const declarations = `${packageDir}/index.d.ts`;
  const program = typescript.createProgram([declarations], { strict: true, noEmit: true, types: [], lib: ["lib.es2022.d.ts"] });
  const checker = program.getTypeChecker();
  const typed = checker
    .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(declarations)))
    .filter((symbol) => symbol.flags & typescript.SymbolFlags.Value)
    .map((symbol) => symbol.name)
    .sort();
  assert.ok(typed.includes("analyze") && !typed.includes("initSync"), `typed values: ${typed}`);
  const context = await browser.newContext();
  const { page } = await openPage(context, new URL("embed-host/", BASE_URL).href);
  const exported = await page.evaluate(async () => Object.keys(await import("/npm/shoot-policy/index.js")).sort());
  assert.deepEqual(exported, typed);
  await context.close();
});

// A trap never poisons the package: the call that traps rejects or throws an Error that says what
// happened, and the next call runs on a fresh instance, in the engine's worker and on the page's
// thread. The traps are real: inputs inside limits raised to allow them exhaust the engine's memory
// (a wasm32 module has at most 4 GiB).
const example = { cloudProfile: await read("cloudprofile.yaml"), shoot: await read("shoot.yaml") };
const STOPPED = /^the analysis engine stopped \(out of memory or an internal error\): RuntimeError: unreachable with \d+ MiB of memory in use; the next call starts a fresh engine$/;

test("a trap on the page's thread throws an Error saying so; the next calls, the same Analyzer's too, run on a fresh engine", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openPage(context, new URL("embed-host/", BASE_URL).href);
  const result = await page.evaluate(
    async ({ cloudProfile, shoot, now }) => {
      const { Analyzer, analyze } = await import("/npm/shoot-policy/index.js");
      const analyzer = new Analyzer();
      const forced = () => analyzer.analyze({ cloudProfile, shoot }, { now }).summary.nextForcedUpdate?.to ?? null;
      const before = forced();
      // V8's longest string: 512 MiB of text, eight of which are 4 GiB less 192 bytes, copied in.
      const text = "x".repeat(2 ** 29 - 24);
      const started = performance.now();
      let thrown = null;
      try {
        analyzer.analyze({ objects: Array(8).fill(text) }, { now, limits: { maxBytes: 2 ** 32 - 1 } });
      } catch (error) {
        thrown = { message: error.message, cause: error.cause?.constructor.name };
      }
      const trapped = performance.now() - started;
      // The same analyzer, which the trapped instance left mid-call; then 512 MiB of text, more
      // than the trapped instance had free, refused by the default limit.
      const after = forced();
      const refused = analyze({ objects: text }, { now }).diagnostics.map((d) => d.message);
      return { before, thrown, trapped, after, refused };
    },
    { ...example, now: NOW },
  );
  assert.ok(result.before, "the example has a forced update");
  assert.match(result.thrown?.message ?? "no error", STOPPED);
  assert.equal(result.thrown.cause, "RuntimeError");
  assert.equal(result.after, result.before);
  assert.deepEqual(result.refused, ["536870888 bytes, more than the limit of 5242880 bytes (maxBytes)"]);
  console.log(`trap on the page's thread: the call threw after ${Math.round(result.trapped)} ms`);
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("a trap in the engine's worker rejects with an Error saying so; the next request runs in a new worker", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openPage(context, new URL("embed-host/", BASE_URL).href);
  const workers = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  const pageScripts = [];
  page.on("request", (request) => pageScripts.push(new URL(request.url()).pathname));
  const result = await page.evaluate(
    async ({ cloudProfile, shoot, now }) => {
      // The app's and the explainer's way to the engine (engine.js), with the app's requests.
      const engine = await import("/npm/shoot-policy/engine.js");
      const request = (sources, options = {}) => ({ sources: sources.map(([name, text]) => ({ name, role: "auto", text })), options: { now, ...options } });
      const example = request([["CloudProfile", cloudProfile], ["Shoot", shoot]]);
      const forced = async () => JSON.parse(await engine.analyzeRequest(example)).summary.nextForcedUpdate?.to ?? null;
      const before = await forced();
      // 8 MiB of text, repeated by 510 YAML aliases: 4.28 GB (inside maxBytes as raised), which a
      // 4 GiB memory cannot hold beside the rest.
      const anchor = "x".repeat(8 * 2 ** 20);
      const aliases = `a: &a "${anchor}"\nb: [${Array(510).fill("*a").join(", ")}]\n`;
      const started = performance.now();
      let thrown = null;
      try {
        await engine.analyzeRequest(request([["Other objects", aliases]], { limits: { maxBytes: 2 ** 32 - 1 } }));
      } catch (error) {
        thrown = error.message;
      }
      const trapped = performance.now() - started;
      const after = await forced();
      return { before, thrown, trapped, after };
    },
    { ...example, now: NOW },
  );
  assert.ok(result.before, "the example has a forced update");
  assert.match(result.thrown ?? "no error", STOPPED);
  assert.equal(result.after, result.before);
  // The first worker ended with its memory; a second one answered. The page never ran the engine
  // itself (its entry, index.js, was never fetched).
  assert.deepEqual(workers.map((url) => new URL(url).pathname), ["/npm/shoot-policy/worker.js", "/npm/shoot-policy/worker.js"]);
  assert.ok(!pageScripts.includes("/npm/shoot-policy/index.js"), `the page fetched ${pageScripts}`);
  console.log(`trap in the worker: the request was rejected after ${Math.round(result.trapped)} ms`);
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});
