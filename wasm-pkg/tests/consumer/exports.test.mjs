// Every value the package's types declare exists in each Node.js entry, and nothing more: a function
// declared but missing (such as `initSync`, which wasm-bindgen declares for browsers) would compile
// and then fail at run time. tests/e2e/package.test.mjs checks the browsers' entry likewise.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import ts from "typescript";
import * as esm from "shoot-policy";

const require = createRequire(import.meta.url);

/** The names of the values (not the types) that the package's declarations export. */
function typedValues() {
  const declarations = require.resolve("shoot-policy/package.json").replace(/package\.json$/, "index.d.ts");
  const program = ts.createProgram([declarations], { strict: true, noEmit: true, types: [], lib: ["lib.es2022.d.ts"] });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(declarations));
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => symbol.flags & ts.SymbolFlags.Value)
    .map((symbol) => symbol.name)
    .sort();
}

test("the types declare exactly the values each Node.js entry exports", () => {
  const typed = typedValues();
  assert.ok(typed.includes("analyze") && typed.includes("Analyzer"), `typed values: ${typed}`);
  assert.ok(!typed.includes("initSync"), "initSync is declared");
  assert.deepEqual(Object.keys(esm).sort(), typed, "import");
  assert.deepEqual(Object.keys(require("shoot-policy")).sort(), typed, "require");
});
