// The consumer apps (built by `cargo xtask e2e` on the packed tarball: tools/.vite-app,
// tools/.webpack-app, tools/.esbuild-app) as a visitor meets them: the Shoot page loads, shows the
// next forced update from `analyze` and the explainer's cards, its engine's worker analyses, nothing
// breaks the page's CSP (`script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'`), and the page's
// weight (its JavaScript and WebAssembly, gzip -9) is printed.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { browser, BASE_URL, watchPage } from "./helpers.mjs";

/**
 * Opens the app served under `/<prefix>/`, checks what every consumer app must do, then runs
 * `more({ page, workers, wasm })` (`wasm`: the paths of the WebAssembly files fetched) and returns
 * the page's weight.
 */
export async function checkConsumerApp(prefix, more = async () => {}) {
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
  // Every script and module the page and its worker fetch, by path.
  const fetched = new Set();
  const record = (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(m?js|wasm)$/.test(pathname)) fetched.add(pathname);
  };
  page.on("request", record);
  const workers = [];
  page.on("worker", (worker) => {
    workers.push(worker);
    fetched.add(new URL(worker.url()).pathname);
    worker.on("request", record);
  });
  const { pageErrors, foreign } = watchPage(page);
  await page.goto(new URL(`${prefix}/`, BASE_URL).href);

  // `analyze`: 1.31.4 expires on 2026-03-01, so the first window after it forces 1.32.1.
  await page.locator("#next-forced").getByText("1.32.1 at 2026-03-01T22:00:00Z").waitFor();
  await page.waitForFunction(() => document.body.dataset.explainerReady !== undefined);
  assert.equal(await page.evaluate(() => document.body.dataset.explainerReady), "true");
  // The explainer's summary says the same, from the engine in its worker.
  await page.getByRole("region", { name: "Summary" }).getByText("1.32.1", { exact: false }).first().waitFor();
  await page.getByRole("region", { name: "Update timeline" }).waitFor();

  // The worker is a script of the app's own origin, under the app's path (no data: or blob: URL),
  // and it analyses.
  assert.equal(workers.length, 1, `workers: ${workers.map((w) => w.url())}`);
  const workerUrl = new URL(workers[0].url());
  assert.equal(workerUrl.origin, new URL(BASE_URL).origin);
  assert.match(workerUrl.pathname, new RegExp(`^/${prefix}/.+\\.js$`));
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

  // One engine: the page's `analyze` and the worker fetch the same module; the app's own module only
  // renders. Two WebAssembly files in all.
  const wasm = [...fetched].filter((path) => path.endsWith(".wasm")).sort();
  assert.equal(wasm.length, 2, `WebAssembly fetched: ${wasm}`);
  await more({ page, workers, wasm });

  assert.deepEqual(violations, []);
  assert.deepEqual(await page.evaluate(() => window.cspViolations ?? []), []);
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(foreign, []);
  await context.close();

  const weight = await pageWeight(fetched);
  console.log(
    `page weight ${prefix}: JavaScript ${weight.js} B + WebAssembly ${weight.wasm} B = ${weight.js + weight.wasm} B gzip -9 ` +
      `(${fetched.size} files: ${[...fetched].sort().join(", ")})`,
  );
  return weight;
}

/** The gzip -9 sizes of the JavaScript and WebAssembly files at `paths`, fetched again from the server. */
async function pageWeight(paths) {
  const weight = { js: 0, wasm: 0 };
  for (const path of paths) {
    const response = await fetch(new URL(path, BASE_URL));
    assert.ok(response.ok, `${path}: ${response.status}`);
    const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    weight[path.endsWith(".wasm") ? "wasm" : "js"] += size;
  }
  return weight;
}
