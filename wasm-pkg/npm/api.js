// The package's functions over one instance of the engine (this package's WebAssembly module) at a
// time, for every entry: index.js and worker.js in browsers, node.cjs (as node/api.cjs) in Node.js.
//
// A trap stops an instance in the middle of a call: out of memory, or a panic (Rust aborts on
// wasm). What the call held is never freed and its state is half-written, so later calls would
// fail too, until the page is reloaded. Here the call that trapped throws an Error that says what
// happened, and the next call runs on a fresh instance of the same compiled module. Each instance
// has a glue of its own (`createGlue`, which `cargo xtask npm` makes of wasm-bindgen's glue), so
// an object of a dead instance that is finalized later frees nothing in the new one.

/** The message a panic left (the panic hook in wasm-pkg/src/lib.rs), taken once. */
function takePanicMessage() {
  const message = globalThis.shootPolicyPanic;
  delete globalThis.shootPolicyPanic;
  return typeof message === "string" ? message : null;
}

/**
 * Whether `error` ended a call in the middle: a trap (`WebAssembly.RuntimeError`), the engine's
 * stack overflowing (`RangeError`), or any other exception that unwound through the module. What
 * the engine refuses (misuse of the API) it returns as a plain `Error`, and the instance is sound.
 */
function stoppedBy(error) {
  return !(error instanceof Error) || error.constructor !== Error;
}

/**
 * The package's functions and its `Analyzer` class over the engine: `first` is a glue with its
 * instance (see createGlue), `next()` makes another after a trap.
 */
export function engineApi(first, next) {
  let glue = first;
  const current = () => (glue ??= next());

  /** The error the caller gets for `error`, thrown by a call into `engine`. */
  function settle(engine, error) {
    if (!stoppedBy(error)) return error;
    const panic = takePanicMessage();
    const megabytes = Math.round(engine.memoryBytes() / 2 ** 20);
    if (glue === engine) glue = null;
    engine.release();
    const message = panic
      ? `the analysis engine stopped on an internal error: ${panic}; the next call starts a fresh engine`
      : `the analysis engine stopped (out of memory or an internal error): ${error} with ${megabytes} MiB of memory in use; the next call starts a fresh engine`;
    return new Error(message, { cause: error });
  }

  const api = {};
  for (const [name, value] of Object.entries(first.exports)) {
    if (name === "Analyzer" || typeof value !== "function") continue;
    api[name] = {
      [name](...args) {
        const engine = current();
        try {
          return engine.exports[name](...args);
        } catch (error) {
          throw settle(engine, error);
        }
      },
    }[name];
  }

  /**
   * Analyses one after another that share what they can: the CloudProfile of the last call is read
   * again only when a call brings another. After a trap it reads its next CloudProfile again, in
   * the fresh instance.
   */
  class Analyzer {
    #engine = null;
    #inner = null;

    /** Calls `method` of this analyzer's object in the current instance, made anew after a trap. */
    #call(method, args) {
      const engine = current();
      try {
        if (this.#engine !== engine) {
          this.#inner = new engine.exports.Analyzer();
          this.#engine = engine;
        }
        return this.#inner[method](...args);
      } catch (error) {
        throw settle(engine, error);
      }
    }

    /** `analyze`, keeping the CloudProfile for the next call. */
    analyze(input, options) {
      return this.#call("analyze", [input, options]);
    }

    /** The app's requests (request.js); not part of the package's API. */
    analyzeRequest(sources, options, testPanic) {
      return this.#call("analyzeRequest", [sources, options, testPanic]);
    }

    /** Frees the kept CloudProfile at once; the analyzer may be used again. */
    free() {
      if (this.#inner && this.#engine === glue) this.#inner.free();
      this.#inner = null;
      this.#engine = null;
    }
  }
  if (Symbol.dispose) Analyzer.prototype[Symbol.dispose] = Analyzer.prototype.free;
  api.Analyzer = Analyzer;
  return api;
}

/**
 * Fetches and compiles the engine at `url` (browsers and bundlers) and returns `engineApi` over it;
 * after a trap, a fresh instance is made of the compiled module at once, without a fetch.
 */
export async function loadEngine(createGlue, url) {
  const first = createGlue();
  try {
    await first.init({ module_or_path: url });
  } catch (error) {
    throw new Error(
      `shoot-policy could not load its engine from ${url}: ${error?.message ?? error}. A bundler that does not ` +
        "follow `new URL(…, import.meta.url)` (esbuild) must copy the package's web/shoot_policy_bg.wasm there: see the package's README",
      { cause: error },
    );
  }
  const compiled = first.module();
  return engineApi(first, () => {
    const glue = createGlue();
    glue.initSync({ module: compiled });
    return glue;
  });
}
