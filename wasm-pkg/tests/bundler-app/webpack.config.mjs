// webpack 5 with its defaults for a browser app: nothing the package needs configured (its wasm
// files and its worker are found through `new URL(…, import.meta.url)`).
import { fileURLToPath } from "node:url";

export default {
  mode: "production",
  entry: "./src/main.js",
  output: { path: fileURLToPath(new URL("./dist/", import.meta.url)), filename: "main.js", clean: true },
};
