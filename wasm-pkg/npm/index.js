// Browsers and bundlers (Vite, webpack): the module initialises its WebAssembly once, on import.
import init from "./web/shoot_policy.js";

await init({ module_or_path: new URL("./web/shoot_policy_bg.wasm", import.meta.url) });

export * from "./web/shoot_policy.js";
