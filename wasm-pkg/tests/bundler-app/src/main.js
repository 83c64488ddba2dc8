// A Shoot page as the package's README shows it: the engine imported lazily, when the page first
// needs a report, and the explainer's summary and timeline (the embed entry costs nothing until it
// mounts). Bundled by webpack and by esbuild (see package.json); tests/e2e/bundlers.test.mjs loads it.
import { mount } from "shoot-policy/embed";
// The consumer tests' fixtures (copied beside this file by `cargo xtask e2e`): a CloudProfile as
// text and a Shoot as the API returns it.
import { cloudProfile, shootObject } from "./fixtures.mjs";

/** The dashboard's tests freeze the clock; so does this page. */
const now = "2026-02-15T12:00:00Z";

async function showNextForcedUpdate() {
  const { analyze } = await import("shoot-policy");
  const { nextForcedUpdate } = analyze({ cloudProfile, shoot: shootObject }, { now }).summary;
  document.getElementById("next-forced").textContent = nextForcedUpdate
    ? `${nextForcedUpdate.to} at ${nextForcedUpdate.windowBegin}`
    : "none";
}

showNextForcedUpdate().catch((error) => {
  document.getElementById("next-forced").textContent = `failed: ${error.message}`;
});

const handle = mount(document.getElementById("explainer"), { cloudProfile, shoot: shootObject, now }, { view: ["summary", "timeline"] });
// For the browser test.
window.explainerHandle = handle;
handle.ready.then((rendered) => {
  document.body.dataset.explainerReady = String(rendered);
});
