// The plain Shoot page (wasm-pkg/tests/bundler-app/) bundled by webpack 5 with its defaults and by
// esbuild with the package README's recipe, which `cargo xtask e2e` ran word for word: each bundle
// loads, analyses on the page and in the engine's worker, and keeps the page's CSP.
import { test } from "node:test";
import { checkConsumerApp } from "./consumer-app.mjs";

test("a webpack 5 build: analyze imported lazily and the explainer, one engine, its worker bundled, no CSP violation", () =>
  checkConsumerApp("webpack-app"));

test("an esbuild build with the README's recipe: analyze imported lazily and the explainer, one engine, its worker bundled, no CSP violation", () =>
  checkConsumerApp("esbuild-app"));
