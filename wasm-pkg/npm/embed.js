// `shoot-policy/embed`: the shoot-policy app inside another page (the Gardener dashboard): its
// result cards (or some of them, or the whole app with its editors).
//
// The app renders into a shadow root with its own stylesheet, so the page's styles and the app's do
// not meet. The host page owns the input: the app reads neither its localStorage state nor the URL,
// and saves nothing. Its WebAssembly modules (the app's, which renders, and the package's engine)
// are fetched on the first mount, not on import, so importing this module costs nothing until an
// explainer is shown.

import initApp, { mount_explainer } from "./app/app.js";
import appStylesheetText from "./app/style.js";
import * as engine from "./engine.js";

/** The tag `<shoot-policy-explainer>` registers under on import. */
export const EXPLAINER_TAG = "shoot-policy-explainer";

/** The inputs, named like the app's editors and like `analyze` of the main entry. */
const INPUT_KEYS = ["cloudProfile", "shoot", "previousShoot", "objects", "now"];

/** The class of the element in the shadow root that the app is mounted in (see xtask/src/shadow_css.rs). */
const ROOT_CLASS = "shoot-policy-root";

let appLoading;

/** Loads and starts the app's module once. */
function loadApp() {
  // Read by the module's `main` (web/src/embed.rs): do not start the standalone app on this page.
  globalThis.shootPolicyEmbedding = true;
  // The app's module only renders: it analyses with this package's engine (engine.js), in a
  // worker, the same WebAssembly module that `analyze` of the main entry uses.
  globalThis.shootPolicyEngine ??= engine;
  engine.warmUp();
  appLoading ??= initApp({ module_or_path: new URL("./app/app_bg.wasm", import.meta.url) });
  return appLoading;
}

let sharedStylesheet;

/** The app's stylesheet, as one constructable sheet that every explainer's shadow root adopts. */
function adoptStylesheet(shadowRoot) {
  if ("adoptedStyleSheets" in shadowRoot && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    if (!sharedStylesheet) {
      sharedStylesheet = new CSSStyleSheet();
      sharedStylesheet.replaceSync(appStylesheetText);
    }
    if (!shadowRoot.adoptedStyleSheets.includes(sharedStylesheet)) {
      shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sharedStylesheet];
    }
    return;
  }
  // Browsers without constructable stylesheets: a <style> element inside the shadow root.
  if (!shadowRoot.querySelector("style[data-shoot-policy]")) {
    const style = document.createElement("style");
    style.dataset.shootPolicy = "";
    style.textContent = appStylesheetText;
    shadowRoot.prepend(style);
  }
}

/** One input as the app's editor text: YAML/JSON text as given, objects as indented JSON. */
function documentText(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  // JSON is YAML; several documents are separated as in a multi-document YAML file.
  if (Array.isArray(value)) return value.map(documentText).join("\n---\n");
  return JSON.stringify(value, null, 2);
}

/** The evaluation time as RFC 3339 text; empty means the browser's clock. */
function timeText(now) {
  if (now === undefined || now === null || now === "") return "";
  if (now instanceof Date) return Number.isNaN(now.getTime()) ? "Invalid Date" : now.toISOString();
  return String(now);
}

/** What the module's `mount_explainer` and `update` take (web/src/embed.rs). */
function inputsJson(options) {
  return JSON.stringify({
    cloudProfile: documentText(options.cloudProfile),
    shoot: documentText(options.shoot),
    previousShoot: documentText(options.previousShoot),
    objects: documentText(options.objects),
    evaluationTime: timeText(options.now),
  });
}

/**
 * The mounted explainers. A host may drop the handle `mount` returns; the app must stay until it is
 * unmounted, not until the garbage collector frees the module's object (which unmounts it).
 */
const mounted = new Set();

/** The settings of `mount`, beside the inputs. */
const SETTING_KEYS = ["view", "theme"];
const THEMES = ["auto", "light", "dark"];

/** Throws a TypeError naming `place`'s first key that is not `known`. */
function checkKeys(value, known, place) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`shoot-policy mount: ${place} must be an object`);
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new TypeError(`shoot-policy mount: ${place}: unknown key \`${key}\`; expected one of ${known.join(", ")}`);
    }
  }
}

/** `view` as the list of names the module takes: "results" (every card) unless given. */
function viewNames(view) {
  if (view === undefined || view === null) return ["results"];
  const names = Array.isArray(view) ? view : [view];
  if (names.length === 0 || names.some((name) => typeof name !== "string")) {
    throw new TypeError('shoot-policy mount: view must be "full", "results", a card\'s name or a list of card names');
  }
  return names.map(String);
}

function checkTheme(theme) {
  if (theme !== undefined && theme !== null && !THEMES.includes(theme)) {
    throw new TypeError(`shoot-policy mount: theme must be one of ${THEMES.map((t) => `"${t}"`).join(", ")}`);
  }
}

/** The theme on the app's root: the OS's colour scheme (`auto`) unless the host chose one. */
function applyTheme(container, theme) {
  if (theme === "light" || theme === "dark") container.dataset.theme = theme;
  else delete container.dataset.theme;
}

/**
 * Renders the app into `element`'s shadow root (made open if the element has none) and returns a
 * handle at once; the app appears when its modules have loaded (`handle.ready`). `settings.view`
 * chooses what is shown: "results" (every card, the default), "full" (the whole app with its
 * editors), a card's name ("summary", "timeline", ...) or a list of them; `settings.theme` is
 * "auto" (the OS's colour scheme, the default), "light" or "dark".
 */
export function mount(element, inputs = {}, settings = {}) {
  if (typeof Element === "undefined" || !(element instanceof Element)) {
    throw new TypeError("shoot-policy mount: element must be a DOM Element");
  }
  checkKeys(inputs, INPUT_KEYS, "inputs");
  checkKeys(settings, SETTING_KEYS, "settings");
  const view = viewNames(settings.view);
  checkTheme(settings.theme);
  const shadowRoot = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  adoptStylesheet(shadowRoot);
  const container = document.createElement("div");
  container.className = ROOT_CLASS;
  applyTheme(container, settings.theme);
  shadowRoot.append(container);

  const current = pick(inputs);
  let explainer = null;
  let unmounted = false;
  const handle = {
    /** Set when the app could not start; the element shows it too. */
    error: null,
    ready: null,
    update(changes = {}) {
      checkKeys(changes, [...INPUT_KEYS, "theme"], "update");
      if (Object.hasOwn(changes, "theme")) {
        checkTheme(changes.theme);
        applyTheme(container, changes.theme);
      }
      Object.assign(current, pick(changes));
      if (!explainer || unmounted) return;
      try {
        explainer.update(inputsJson(current));
      } catch (error) {
        // Only a module that died of a panic throws here; the explainer already says so (embed.rs),
        // and the host page's own code should carry on.
        console.error("shoot-policy: the explainer could not update:", error);
      }
    },
    unmount() {
      if (unmounted) return;
      unmounted = true;
      if (explainer) {
        mounted.delete(explainer);
        explainer.unmount();
        explainer.free();
        explainer = null;
      }
      container.remove();
    },
  };
  // Never rejects: a page (or a test under jsdom, which runs no WebAssembly app) carries on, and
  // the element says why the app is missing.
  handle.ready = loadApp()
    .then(() => {
      if (unmounted) return true;
      explainer = mount_explainer(container, inputsJson(current), view);
      mounted.add(explainer);
      return true;
    })
    .catch((error) => {
      handle.error = error;
      container.setAttribute("role", "alert");
      container.textContent = `shoot-policy could not start: ${error?.message ?? error}`;
      console.error("shoot-policy: the explainer could not start:", error);
      return false;
    });
  return handle;
}

/** The known inputs among `options` (own properties only, so `{ shoot: undefined }` clears the Shoot). */
function pick(options) {
  const picked = {};
  for (const key of INPUT_KEYS) if (Object.hasOwn(options, key)) picked[key] = options[key];
  return picked;
}

// Outside a browser (server-side rendering, tests in Node) there is no HTMLElement to extend; the
// element class then exists but is never registered.
const ElementBase = globalThis.HTMLElement ?? class {};

/**
 * `<shoot-policy-explainer>`: the app as a custom element. Its inputs are properties (the same as
 * `mount`'s options); setting one updates the app.
 */
export class ShootPolicyExplainerElement extends ElementBase {
  #options = {};
  #handle = null;

  constructor() {
    super();
    this.attachShadow({ mode: "open" });
  }

  connectedCallback() {
    // Properties set before the element was upgraded sit on the instance and hide the accessors.
    for (const key of INPUT_KEYS) {
      if (Object.hasOwn(this, key)) {
        const value = this[key];
        delete this[key];
        this[key] = value;
      }
    }
    if (!this.#handle) {
      this.#handle = mount(this, this.#options, { view: this.#view(), theme: this.#theme() });
    }
  }

  static get observedAttributes() {
    return ["view", "theme"];
  }

  /** `view`: "results", "full", or card names separated by spaces or commas. */
  #view() {
    const names = (this.getAttribute("view") ?? "").split(/[\s,]+/).filter(Boolean);
    return names.length ? names : undefined;
  }

  #theme() {
    const theme = this.getAttribute("theme");
    return THEMES.includes(theme) ? theme : undefined;
  }

  attributeChangedCallback(name) {
    if (!this.#handle) return;
    if (name === "theme") {
      this.#handle.update({ theme: this.#theme() });
    } else {
      // Another set of parts: mount again with the same inputs.
      this.#handle.unmount();
      this.#handle = mount(this, this.#options, { view: this.#view(), theme: this.#theme() });
    }
  }

  /**
   * Renders the current inputs again: for a host that changed one of the objects it gave in place
   * (a property set to another object updates the app by itself).
   */
  update() {
    this.#handle?.update(this.#options);
  }

  disconnectedCallback() {
    this.#handle?.unmount();
    this.#handle = null;
  }

  /** Resolves to true when the app is rendered, false when it could not start (undefined while the
   * element is not in a document); it never rejects. */
  get ready() {
    return this.#handle?.ready;
  }

  #set(key, value) {
    this.#options[key] = value;
    this.#handle?.update({ [key]: value });
  }

  // One accessor per input (a static block may use the private fields).
  static {
    for (const key of INPUT_KEYS) {
      Object.defineProperty(this.prototype, key, {
        get() {
          return this.#options[key];
        },
        set(value) {
          this.#set(key, value);
        },
        configurable: true,
        enumerable: true,
      });
    }
  }
}

/**
 * Registers the explainer under `tagName` (a fresh subclass, since one class can only be registered
 * once) and returns its class; returns the registered class if the name is taken already.
 */
export function defineExplainer(tagName = EXPLAINER_TAG) {
  const registry = globalThis.customElements;
  if (!registry) throw new Error("shoot-policy defineExplainer: this environment has no customElements");
  const existing = registry.get(tagName);
  if (existing) return existing;
  const element = class extends ShootPolicyExplainerElement {};
  registry.define(tagName, element);
  return element;
}

// `<shoot-policy-explainer>` works after a plain import, unless the page registered the name itself.
if (globalThis.customElements && !globalThis.customElements.get(EXPLAINER_TAG)) defineExplainer();
