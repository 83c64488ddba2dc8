// Node.js, ES modules: re-exports the CommonJS build, which loads its WebAssembly synchronously.
export * from "./node/shoot_policy.js";
