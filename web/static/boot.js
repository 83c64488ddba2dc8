// Loads the app's WebAssembly module. Kept out of index.html so the Content-Security-Policy can forbid
// inline scripts.
import init from "./pkg/app.js";

init({ module_or_path: new URL("./pkg/app_bg.wasm", import.meta.url) }).catch((error) => {
  document.body.textContent = `shoot-policy could not start: ${error}`;
});
