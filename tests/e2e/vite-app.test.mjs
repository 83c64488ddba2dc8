// The package as the Gardener dashboard would use it: a fresh Vite + Vue app built on the packed
// tarball with Vite's defaults (wasm-pkg/tests/vite-app/, built by `cargo xtask test` into
// tools/.vite-app/dist and served under /vite-app/), under the CSP the package documents:
// `script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkConsumerApp } from "./consumer-app.mjs";

test("a Vite + Vue build: analyze imported lazily and the explainer, one engine, its worker bundled, no CSP violation", () =>
  checkConsumerApp("vite-app", async ({ page, workers, wasm }) => {
    // Only the cards asked for.
    assert.equal(await page.getByRole("region", { name: "Inputs" }).count(), 0);
    // Vite names the files after their sources.
    assert.match(workers[0].url(), /\/vite-app\/assets\/worker-[\w-]+\.js$/);
    const files = wasm.map((path) => path.replace(/-[\w-]+\.wasm$/, ".wasm"));
    assert.deepEqual(files, ["/vite-app/assets/app_bg.wasm", "/vite-app/assets/shoot_policy_bg.wasm"]);
  }));
