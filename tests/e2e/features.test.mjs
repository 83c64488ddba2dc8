// Share link, secret warning, problem navigation, exports, narrow screens.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, openApp, setEditor, loadExample } from "./helpers.mjs";

test("a share link restores the input in a fresh browser context", async () => {
  const first = await browser.newContext();
  const { page } = await openApp(first);
  await loadExample(page, "in-place-pool", "2027-01-01T00:00:00Z");
  await setEditor(page, "Shoot", (await page.getByLabel("Shoot", { exact: true }).inputValue()).replace("name: edge", "name: shared-edge"));
  await page.getByRole("button", { name: "Share link" }).click();
  const link = await page.getByLabel("Share link", { exact: true }).inputValue();
  assert.match(link, /#s1\.[A-Za-z0-9_-]+$/);
  const expected = {};
  for (const label of ["CloudProfile", "Shoot", "Previous Shoot", "Other objects", "Evaluation time"]) {
    expected[label] = await page.getByLabel(label, { exact: true }).inputValue();
  }
  await first.close();

  const second = await browser.newContext();
  const { page: fresh, foreign } = await openApp(second, link);
  await fresh.getByRole("status").getByText("Loaded the input from the share link.").waitFor();
  for (const [label, value] of Object.entries(expected)) {
    assert.equal(await fresh.getByLabel(label, { exact: true }).inputValue(), value, label);
  }
  // The fragment is dropped from the address bar, so a reload shows later edits, not the link.
  assert.equal(new URL(fresh.url()).hash, "");
  await setEditor(fresh, "Other objects", "# edited after opening the link\n");
  await fresh.reload();
  await fresh.getByRole("region", { name: "Summary" }).waitFor();
  assert.equal(await fresh.getByLabel("Other objects", { exact: true }).inputValue(), "# edited after opening the link\n");
  assert.deepEqual(foreign, []);
  await second.close();
});

test("the share button warns before putting secrets into a link", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  await setEditor(page, "Other objects", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n  password: hunter2\n");
  await page.getByRole("button", { name: "Share link" }).click();
  const warning = page.getByRole("alertdialog", { name: "Possible secrets" });
  await warning.getByText("Other objects: an object of kind Secret").waitFor();
  await warning.getByText('Other objects: a value for "password"').waitFor();
  assert.equal(await page.getByLabel("Share link", { exact: true }).count(), 0);
  await warning.getByRole("button", { name: "Cancel" }).click();
  assert.equal(await warning.count(), 0);
  // Focus goes back to the button that opened the panel, and on into the link once it exists.
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);
  assert.equal(await focused(), "Share link");
  await page.getByRole("button", { name: "Share link" }).click();
  await page.getByRole("button", { name: "Create link anyway" }).click();
  assert.match(await page.getByLabel("Share link", { exact: true }).inputValue(), /#s1\./);
  assert.equal(await focused(), "Share link");
  assert.equal(await page.evaluate(() => document.activeElement.tagName), "INPUT");
  // Escape closes the panel and gives the focus back to the button.
  await page.keyboard.press("Escape");
  assert.equal(await page.getByLabel("Share link", { exact: true }).count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.tagName), "BUTTON");
  await context.close();
});

test("a reload says the evaluation time is kept from the last visit", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const time = page.getByLabel("Evaluation time", { exact: true });
  await time.fill("2027-01-01T00:00:00Z");
  await page.reload();
  await page.getByRole("region", { name: "Summary" }).waitFor();
  await page.getByRole("status").getByText("The evaluation time is set to 2027-01-01T00:00:00Z (kept from your last visit", { exact: false }).waitFor();
  // Back at now, the next reload has nothing to tell.
  await page.getByRole("button", { name: "now", exact: true }).click();
  await page.reload();
  await page.getByRole("region", { name: "Summary" }).waitFor();
  assert.equal(await page.getByText("The evaluation time is set to").count(), 0);
  await context.close();
});

test("a share link too long to travel safely is flagged", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  // Text that compresses badly, as a large real CloudProfile's many versions and dates do.
  let noise = "";
  for (let i = 0; noise.length < 40_000; i++) noise += `# ${(i * 2654435761 % 4294967296).toString(36)} ${Math.sin(i).toString(36).slice(2, 12)}\n`;
  await setEditor(page, "Other objects", noise);
  await page.getByRole("button", { name: "Share link" }).click();
  const link = await page.getByLabel("Share link", { exact: true }).inputValue();
  assert.ok(link.length > 8_000, String(link.length));
  await page.getByRole("group", { name: "Share" }).getByText(`This link is ${link.length} characters long`, { exact: false }).waitFor();
  await context.close();
});

test("a damaged share link is reported and the saved input is kept", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  await setEditor(page, "Other objects", "# mine\n");
  const { page: opened } = await openApp(context, page.url().split("#")[0] + "#s1.AAAA");
  await opened.getByRole("status").getByText("The share link could not be read", { exact: false }).waitFor();
  assert.equal(await opened.getByLabel("Other objects", { exact: true }).inputValue(), "# mine\n");
  await context.close();
});

test("clicking an input error puts the cursor on its line", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const text = "kind: Shoot\nmetadata:\n  name: [oops\n";
  await setEditor(page, "Shoot", text);
  const problem = page.locator(".editor-problems button").first();
  await problem.waitFor();
  const line = Number((await problem.textContent()).match(/line (\d+)/)[1]);
  await problem.click();
  const state = await page.evaluate(() => ({
    id: document.activeElement.id,
    start: document.activeElement.selectionStart,
  }));
  assert.equal(state.id, "editor-shoot");
  const expectedStart = text.split("\n").slice(0, line - 1).join("\n").length + (line > 1 ? 1 : 0);
  assert.equal(state.start, expectedStart);
  await context.close();
});

test("exports: JSON report, Markdown summary and iCal download without leaving the page", async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const { page, foreign } = await openApp(context);
  await setEditor(page, "Evaluation time", "2026-11-22T00:00:00Z");
  // The same update is forced at the real clock too: wait for the date of the evaluation time.
  await page.getByRole("region", { name: "Summary" }).getByText("1.31.13 → 1.32.9", { exact: false }).waitFor();
  await page.getByRole("region", { name: "Summary" }).getByText("2026-11-22", { exact: false }).first().waitFor();
  const read = async (name) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name }).click()]);
    const stream = await download.createReadStream();
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
  };
  const json = await read("Download JSON report");
  assert.equal(json.name, "shoot-policy-report.json");
  assert.equal(JSON.parse(json.text).maintenanceNow.kubernetes.to, "1.32.9");
  const markdown = await read("Download Markdown summary");
  assert.match(markdown.text, /^### shoot-policy: Shoot `garden-team-a\/payments`/);
  assert.match(markdown.text, /\| 2026-11-22 21:00 UTC \| Control plane \| 1\.31\.13 → 1\.32\.9 \(force\)/);
  const calendar = await read("Download calendar (iCal)");
  assert.match(calendar.text, /^BEGIN:VCALENDAR\r\n/);
  assert.match(calendar.text, /DTSTART:20261122T210000Z/);
  assert.deepEqual(foreign, []);
  await context.close();
});

test("works on a 360 px wide screen without horizontal scrolling", async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const { page } = await openApp(context);
  await page.getByRole("region", { name: "Update timeline" }).locator("svg.timeline").waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page is ${width}px wide`);
  await context.close();
});

test("every control is reachable with the keyboard", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const reached = new Set();
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press("Tab");
    reached.add(await page.evaluate(() => document.activeElement.getAttribute("aria-label") || document.activeElement.textContent.trim().slice(0, 40)));
  }
  for (const name of ["Example", "Reset to example", "Share link", "Evaluation time", "+1 month", "CloudProfile", "Shoot"]) {
    assert.ok(reached.has(name), `${name} not reached by Tab: ${[...reached].join(" | ")}`);
  }
  await context.close();
});
