// axe-core over the app as people meet it: the default page, each gallery example, a bad paste, a
// webhook result, dark mode and a 360 px phone. A critical or serious violation fails the test;
// the others are printed, so they stay visible without blocking.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { browser, openApp, loadExample, setEditor } from "./helpers.mjs";

const axeSource = await readFile(process.env.AXE_CORE, "utf8");
const EXAMPLES = [
  "expired-forced-minor",
  "deprecated-auto-update",
  "blocked-forced-update",
  "webhook-blocks-hibernation",
  "in-place-pool",
  "lifecycle-profile",
];

/** The violations axe-core finds on the page as it is now, each as "rule (impact): selectors". */
async function violations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // The results settle after the worker answers; wait for the summary's figures.
  await page.waitForFunction(() => !document.querySelector("[aria-busy='true']"));
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
      count: v.nodes.length,
    }));
  });
  return found;
}

/** Fails on a critical or serious violation; prints the rest. */
function assertNoSerious(where, found) {
  const serious = found.filter((v) => v.impact === "critical" || v.impact === "serious");
  for (const v of found.filter((v) => !serious.includes(v))) {
    console.log(`# ${where}: ${v.impact} ${v.id} (${v.count}): ${v.targets.join(", ")}`);
  }
  assert.deepEqual(
    serious.map((v) => `${v.id} (${v.impact}, ${v.count}): ${v.help}: ${v.targets.join(" | ")}`),
    [],
    `${where}: axe-core found serious violations`,
  );
}

async function scan(contextOptions, body) {
  const context = await browser.newContext(contextOptions);
  const { page, pageErrors } = await openApp(context);
  await body(page);
  assert.deepEqual(pageErrors, []);
  await context.close();
}

for (const [name, options] of [
  ["light, 1400 px", { viewport: { width: 1400, height: 900 } }],
  ["dark, 1400 px", { viewport: { width: 1400, height: 900 }, colorScheme: "dark" }],
  ["light, 360 px", { viewport: { width: 360, height: 740 }, isMobile: true }],
]) {
  test(`axe-core: the default page and every example, ${name}`, () =>
    scan(options, async (page) => {
      assertNoSerious(`default page, ${name}`, await violations(page));
      for (const id of EXAMPLES) {
        await loadExample(page, id);
        assertNoSerious(`${id}, ${name}`, await violations(page));
      }
    }));
}

test("axe-core: a bad YAML paste and a webhook result, dark mode at 360 px", () =>
  scan({ viewport: { width: 360, height: 740 }, isMobile: true, colorScheme: "dark" }, async (page) => {
    await loadExample(page, "webhook-blocks-hibernation");
    await page.getByRole("region", { name: "Hibernation" }).getByText("Hibernation is not possible").waitFor();
    assertNoSerious("webhook result", await violations(page));
    await setEditor(page, "Shoot", "spec:\n  kubernetes: [unclosed\n");
    await page.getByRole("region", { name: "Summary" }).getByText("Input errors", { exact: true }).waitFor();
    assertNoSerious("bad YAML paste", await violations(page));
  }));

test("keyboard and phone: the skip link, a marker's tooltip, readable text, no sideways scroll", () =>
  scan({ viewport: { width: 360, height: 740 }, isMobile: true }, async (page) => {
    // The first Tab reaches the skip link; it moves the focus to the results and keeps the
    // address's fragment (which carries share links) empty.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to the results" });
    assert.ok(await skip.evaluate((link) => link === document.activeElement));
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement.id), "results");
    assert.equal(new URL(page.url()).hash, "");
    // A marker's tooltip opens on focus, closes with Escape and toggles with Enter; it stays on screen.
    const timeline = page.getByRole("region", { name: "Update timeline" });
    const marker = timeline.locator("svg.timeline .marker.force").first();
    await marker.focus();
    const tooltip = timeline.getByRole("tooltip");
    await tooltip.waitFor();
    await page.keyboard.press("Escape");
    await tooltip.waitFor({ state: "detached" });
    await page.keyboard.press("Enter");
    await tooltip.waitFor();
    const box = await tooltip.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box));
    // The chart is laid out for the phone's width: its labels keep a readable size.
    const label = await timeline.locator("svg.timeline .tick-label").first().boundingBox();
    assert.ok(label.height >= 9, `tick label ${label.height} px high`);
    // The webhook result, the widest content, does not make the page scroll sideways.
    await loadExample(page, "webhook-blocks-hibernation");
    await page.getByRole("region", { name: "Hibernation" }).getByText("Hibernation is not possible").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
  }));
