// A trap never poisons the package: the call that traps throws an Error that says what happened,
// and the next call runs on a fresh instance of the engine. The trap is a real one: an input of
// 4 GiB of text, inside limits raised to allow it, exhausts the engine's memory (a wasm32 module
// has at most 4 GiB) while the engine copies the text in.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { Analyzer, analyze } from "shoot-policy";
import { cloudProfile, shootObject } from "./fixtures.mjs";

const now = "2026-02-15T12:00:00Z";
// V8's longest string: 512 MiB of text, eight of which are 4 GiB less 192 bytes.
const text = "x".repeat(2 ** 29 - 24);
const exhausting = { objects: Array(8).fill(text) };
const raised = { now, limits: { maxBytes: 2 ** 32 - 1 } };

test("a call that exhausts the engine's memory throws an Error saying so; the next calls run on a fresh engine", () => {
  const analyzer = new Analyzer();
  assert.equal(analyzer.analyze({ cloudProfile, shoot: shootObject }, { now }).summary.nextForcedUpdate.to, "1.32.1");

  const started = performance.now();
  let thrown;
  try {
    analyzer.analyze(exhausting, raised);
  } catch (error) {
    thrown = error;
  }
  const trapped = performance.now() - started;
  assert.ok(thrown instanceof Error, `the call threw ${thrown}`);
  assert.match(
    thrown.message,
    /^the analysis engine stopped \(out of memory or an internal error\): RuntimeError: unreachable with \d+ MiB of memory in use; the next call starts a fresh engine$/,
  );
  assert.ok(thrown.cause instanceof WebAssembly.RuntimeError);

  const next = performance.now();
  // The same analyzer: in the trapped instance it was left mid-call ("recursive use of an object").
  assert.equal(analyzer.analyze({ cloudProfile, shoot: shootObject }, { now }).summary.nextForcedUpdate.to, "1.32.1");
  const recovered = performance.now() - next;
  // 512 MiB of text, more than the trapped instance had free: read in, then refused by the default limit.
  const refused = analyze({ objects: text }, { now });
  assert.deepEqual(
    refused.diagnostics.map((d) => d.message),
    ["536870888 bytes, more than the limit of 5242880 bytes (maxBytes)"],
  );
  // CommonJS consumers share the ES module's engine, fresh too.
  const required = createRequire(import.meta.url)("shoot-policy");
  assert.equal(required.analyze({ cloudProfile, shoot: shootObject }, { now }).summary.nextForcedUpdate.to, "1.32.1");
  console.log(
    `trap: ${thrown.message.match(/\d+ MiB/)[0]} used; the trapping call threw after ${Math.round(trapped)} ms, ` +
      `the next call (a fresh instance) took ${Math.round(recovered)} ms`,
  );
});

test("the engine's refusals of API misuse keep the instance, and say what was wrong", () => {
  const analyzer = new Analyzer();
  assert.throws(() => analyzer.analyze({ cloudProfile }, {}), { message: /^options\.now is required/ });
  assert.equal(analyzer.analyze({ cloudProfile, shoot: shootObject }, { now }).summary.nextForcedUpdate.to, "1.32.1");
});
