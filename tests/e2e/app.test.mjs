// End-to-end tests of the built app in Debian's Chromium, driven by playwright-core (never a
// downloaded browser). `cargo xtask test` serves dist/ on loopback and sets BASE_URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, BASE_URL, openApp, setEditor } from "./helpers.mjs";

test("the default example shows a result computed by the core", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openApp(context);
  for (const label of ["CloudProfile", "Shoot", "Previous Shoot", "Other objects", "Evaluation time"]) {
    assert.equal(await page.getByLabel(label, { exact: true }).count(), 1, label);
  }
  await setEditor(page, "Evaluation time", "2026-11-22T00:00:00Z");
  const matrix = page.getByRole("region", { name: "Version matrix" });
  const row = matrix.locator("tr", { hasText: "1.31.13" });
  await row.getByText("expired").waitFor();
  const window = page.getByRole("region", { name: "Maintenance window" });
  await window.getByText("Effective window 21:00:00–21:45:00 UTC").waitFor();
  await window.getByText("Next window: 2026-11-22 21:00 UTC").waitFor();
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("bad YAML shows the error at its line, and reload keeps the input", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  // A list item where the mapping expects a key: the parser stops at the dash (line 4, column 3).
  const bad = "kind: Shoot\nmetadata:\n  name: s\n  - x\nspec: {}\n";
  await setEditor(page, "Shoot", bad);
  // The problems are a list in a polite live region, read out once typing pauses.
  const problems = page.locator(".editor-problems[aria-live='polite']");
  const problem = problems.locator("li").first();
  await problem.waitFor();
  assert.equal(await problem.textContent(), "line 4, column 3: did not find expected key");
  const editor = page.locator(".editor").filter({ has: page.getByLabel("Shoot", { exact: true }) });
  assert.equal(await page.locator(".gutter .line.error").count(), 1);
  const marked = editor.locator(".gutter .line.error");
  assert.equal((await marked.textContent()).trim(), "4");
  // The marked number is the Shoot gutter's fourth line, beside the line with the dash.
  assert.equal(await marked.evaluate(linesAbove), 3);
  assert.equal(bad.split("\n")[3], "  - x");
  // The other cards say why they are empty, and nothing reads as "accepted".
  await page.getByRole("region", { name: "Update timeline" }).getByText("No timeline while the input has errors").waitFor();
  await page.getByRole("region", { name: "Summary" }).getByText("not checked where the input has errors").waitFor();
  await page.getByRole("region", { name: "Validation" }).getByText("Not checked where the input has errors").waitFor();
  await page.reload();
  await page.getByRole("region", { name: "Summary" }).waitFor();
  assert.equal(await page.getByLabel("Shoot", { exact: true }).inputValue(), bad);
  await page.getByRole("button", { name: "Reset to example" }).click();
  assert.match(await page.getByLabel("Shoot", { exact: true }).inputValue(), /name: payments/);
  await context.close();
});

test("user text renders as text, never as markup", async () => {
  const context = await browser.newContext();
  const { page, pageErrors } = await openApp(context);
  let dialogs = 0;
  page.on("dialog", async (dialog) => { dialogs += 1; await dialog.dismiss(); });
  await setEditor(page, "Shoot", "kind: Shoot\nmetadata:\n  name: <img src=x onerror=alert(1)>\n");
  const objects = page.getByRole("region", { name: "Recognised objects" });
  await objects.getByText("Shoot <img src=x onerror=alert(1)> (from Shoot)").waitFor();
  assert.equal(await page.locator("section.results img").count(), 0);
  assert.equal(dialogs, 0);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("the Content-Security-Policy forbids inline script", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const response = await page.request.get(BASE_URL);
  const policy = response.headers()["content-security-policy"];
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.match(policy, /connect-src 'self'/);
  const executed = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__inlineRan = true";
    document.body.append(script);
    return window.__inlineRan === true;
  });
  assert.equal(executed, false);
  await context.close();
});

/** Sets the test-only panic trigger (web/src/recovery.rs), edits the Shoot, and checks that the
 * panic's message is shown, the input kept, and the analysis resumes on request. */
async function survivesPanic(trigger) {
  const context = await browser.newContext();
  const { page, pageErrors } = await openApp(context);
  const shoot = page.getByLabel("Shoot", { exact: true });
  const edited = `${await shoot.inputValue()}# typed just before the crash\n`;
  await page.evaluate((value) => localStorage.setItem("shoot-policy.test-panic", value), trigger);
  await setEditor(page, "Shoot", edited);
  const alert = page.getByRole("alert").filter({ hasText: "The analysis stopped on an internal error" });
  await alert.waitFor();
  assert.match(await alert.locator("pre").textContent(), /test panic: localStorage shoot-policy.test-panic is set/);
  assert.equal(await page.getByLabel("Shoot", { exact: true }).inputValue(), edited);
  await page.evaluate(() => localStorage.removeItem("shoot-policy.test-panic"));
  await page.getByRole("button", { name: "Analyse again" }).click();
  await alert.waitFor({ state: "detached" });
  await page.getByRole("region", { name: "Maintenance window" }).getByText("Effective window 21:00:00–21:45:00 UTC").waitFor();
  await context.close();
  return pageErrors;
}

test("a panic in the analysis worker is survived: a new worker, the input kept, analysis resumed on request", async () => {
  const pageErrors = await survivesPanic("1");
  // The page's own module never trapped: only the worker died.
  assert.ok(!pageErrors.some((error) => /unreachable/.test(error)), `the page trapped: ${pageErrors}`);
});

test("a panic on the page is survived: a fresh module, the input kept, analysis resumed on request", async () => {
  const pageErrors = await survivesPanic("page");
  assert.ok(pageErrors.some((error) => /unreachable/.test(error)), `the module trapped: ${pageErrors}`);
});

test("edits are analysed in a Web Worker, once typing pauses, not on the page's thread", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const window = page.getByRole("region", { name: "Maintenance window" });
  await window.getByText("Effective window 21:00:00–21:45:00 UTC").waitFor();
  // The engine's worker (the npm package's module) starts with the page.
  const isAnalysisWorker = (w) => w.url().endsWith("/worker.js");
  const worker = page.workers().find(isAnalysisWorker) ?? (await page.waitForEvent("worker", { predicate: isAnalysisWorker }));
  assert.ok(worker, `workers: ${page.workers().map((w) => w.url())}`);
  await worker.evaluate(() => {
    const answer = self.onmessage;
    self.requestsSeen = 0;
    self.onmessage = (event) => {
      self.requestsSeen += 1;
      return answer(event);
    };
  });
  const shoot = page.getByLabel("Shoot", { exact: true });
  const edited = (await shoot.inputValue()).replace(/name: payments\b/, "name: invoices");
  assert.notEqual(edited, await shoot.inputValue());
  await setEditor(page, "Shoot", edited);
  const deadline = Date.now() + 10_000;
  while ((await worker.evaluate(() => self.requestsSeen)) === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await window.getByText("Effective window 21:00:00–21:45:00 UTC").waitFor();
  // Playwright's fill sends an input event per line: like fast typing, it is analysed once.
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(await worker.evaluate(() => self.requestsSeen), 1);
  await context.close();
});

/** How many gutter lines are above `marked` in its gutter. */
function linesAbove(marked) {
  const gutter = marked.closest(".gutter");
  const style = getComputedStyle(gutter);
  const top = marked.getBoundingClientRect().top - gutter.getBoundingClientRect().top - parseFloat(style.paddingTop) + gutter.scrollTop;
  return Math.round(top / parseFloat(style.lineHeight));
}
