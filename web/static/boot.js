// Loads the app's WebAssembly module, and replaces it with a fresh instance when it panics (a
// panic aborts a wasm module: every later call into it would trap). Kept out of index.html so the
// Content-Security-Policy can forbid inline scripts.
//
// The app's panic hook dispatches `shoot-policy-panic` with the message and the generation of the
// instance that panicked. We keep the message in sessionStorage for the new instance to show, empty
// the page (the dead instance's listeners go with it) and import the glue module again under a new
// URL, which gives a new module instance. The input is safe in localStorage. A late panic of a
// replaced instance is ignored; more than three crashes within a minute stop the restarts.

import * as engine from "./engine.js";

const wasm = new URL("./app/app_bg.wasm", import.meta.url);
// The app's module renders; the analysis runs in the engine (the npm package's module, in a worker),
// which the app reaches through this global (web/src/worker.rs). Its module compiles meanwhile.
window.shootPolicyEngine = engine;
engine.warmUp();
const crashes = [];
let generation = 0;
let restartPending = false;

async function start() {
  generation += 1;
  window.shootPolicyGeneration = generation;
  const glue = await import(generation === 1 ? "./app/app.js" : `./app/app.js?instance=${generation}`);
  await glue.default({ module_or_path: wasm });
}

function launch() {
  start().catch((error) => {
    // A panic while starting also rejects the start; the restart is already on its way then.
    if (!restartPending) document.body.textContent = `shoot-policy could not start: ${error}`;
  });
}

function restart({ message, generation: crashed }) {
  if (restartPending || crashed !== generation) return;
  restartPending = true;
  const now = Date.now();
  crashes.push(now);
  while (now - crashes[0] > 60_000) crashes.shift();
  try {
    sessionStorage.setItem("shoot-policy.crash", JSON.stringify(String(message)));
  } catch {
    // Without sessionStorage the new instance starts without the message; the input is kept anyway.
  }
  // Let the trap that follows the panic hook unwind first.
  setTimeout(() => {
    restartPending = false;
    document.body.replaceChildren();
    if (crashes.length > 3) {
      generation += 1; // whatever the dead instance does next is ignored
      document.body.textContent = `shoot-policy stopped after repeated internal errors: ${message}. Your input is kept; reload to try again.`;
      return;
    }
    launch();
  }, 0);
}

window.addEventListener("shoot-policy-panic", (event) => restart(event.detail));
launch();
