// The package as the Gardener dashboard would use it: a fresh Vite + Vue app built on the packed
// tarball with Vite's defaults (wasm-pkg/tests/vite-app/, built by `cargo xtask test` into
// tools/.vite-app/dist and served under /vite-app/), under the CSP the package documents:
// `script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, BASE_URL, watchPage } from "./helpers.mjs";

test("a Vite + Vue build: analyze and the explainer, one engine, its worker bundled, no CSP violation", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window.cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const wasm = new Set();
  const workers = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".wasm")) wasm.add(new URL(request.url()).pathname);
  });
  page.on("worker", (worker) => {
    workers.push(worker);
    worker.on("request", (request) => {
      if (request.url().endsWith(".wasm")) wasm.add(new URL(request.url()).pathname);
    });
  });
  const { pageErrors, foreign } = watchPage(page);
  await page.goto(new URL("vite-app/", BASE_URL).href);

  // The composable's analyze: 1.31.4 expires on 2026-03-01, so the first window after it forces 1.32.1.
  await page.locator("#next-forced").getByText("1.32.1 at 2026-03-01T22:00:00Z").waitFor();
  await page.waitForFunction(() => document.body.dataset.explainerReady !== undefined);
  assert.equal(await page.evaluate(() => document.body.dataset.explainerReady), "true");
  // The explainer's summary says the same, from the engine in its worker.
  const summary = page.getByRole("region", { name: "Summary" });
  await summary.getByText("1.32.1", { exact: false }).first().waitFor();
  await page.getByRole("region", { name: "Update timeline" }).waitFor();
  assert.equal(await page.getByRole("region", { name: "Inputs" }).count(), 0);

  // The worker is a bundled script of the app's own origin, not a data: URL, and it analyses.
  assert.equal(workers.length, 1, `workers: ${workers.map((w) => w.url())}`);
  assert.match(workers[0].url(), /\/vite-app\/assets\/worker-[\w-]+\.js$/);
  await workers[0].evaluate(() => {
    const answer = self.onmessage;
    self.requestsSeen = 0;
    self.onmessage = (event) => {
      self.requestsSeen += 1;
      return answer(event);
    };
  });
  await page.evaluate(() => window.explainerHandle.update({ now: "2026-06-01T00:00:00Z" }));
  const deadline = Date.now() + 10_000;
  while ((await workers[0].evaluate(() => self.requestsSeen)) === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(await workers[0].evaluate(() => self.requestsSeen), 1);

  // One engine: the page's analyze and the explainer's worker use the same module file; the app's
  // own module only renders.
  const files = [...wasm].map((path) => path.replace(/-[\w-]+\.wasm$/, ".wasm")).sort();
  assert.deepEqual(files, ["/vite-app/assets/app_bg.wasm", "/vite-app/assets/shoot_policy_bg.wasm"]);

  assert.deepEqual(violations, []);
  assert.deepEqual(await page.evaluate(() => window.cspViolations ?? []), []);
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(foreign, []);
  await context.close();
});
