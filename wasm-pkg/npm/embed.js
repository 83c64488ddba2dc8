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

/** RFC 3339 as chrono's `parse_from_rfc3339` reads it (the engine's `now`): `T`, `t` or a space between date and time. */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const EXAMPLE_INSTANT = '"2026-01-01T00:00:00Z"';

/** Why `text` is not an RFC 3339 instant, as the main entry's `analyze` says it; null when it is one. */
function instantProblem(text) {
  const parts = RFC3339.exec(text);
  if (!parts) {
    if (RFC3339.test(`${text}Z`)) {
      return `${JSON.stringify(text)} has no time zone: end it with Z for UTC or an offset such as +01:00, or pass a Date`;
    }
    return `${JSON.stringify(text)} is not an RFC 3339 instant such as ${EXAMPLE_INSTANT}`;
  }
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number);
  const [offsetHours, offsetMinutes] = [parts[8], parts[9]].map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const outOfRange =
    month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59;
  return outOfRange ? `${JSON.stringify(text)} is not an RFC 3339 instant: a field is out of range` : null;
}

/** The evaluation time as RFC 3339 text, empty for the browser's clock; throws a TypeError that names `who` for anything else. */
function timeText(now, who) {
  if (now === undefined || now === null) return "";
  const refuse = (why) => new TypeError(`${who}: now: ${why}`);
  if (Object.prototype.toString.call(now) === "[object Date]") {
    if (Number.isNaN(now.getTime())) throw refuse("an invalid Date");
    return now.toISOString();
  }
  if (typeof now === "string") {
    const problem = instantProblem(now);
    if (problem) throw refuse(problem);
    return now;
  }
  if (typeof now === "number") {
    throw refuse(`expected a Date or an RFC 3339 string such as ${EXAMPLE_INSTANT}, got the number ${now} (for epoch milliseconds pass new Date(${now}))`);
  }
  throw refuse(`expected a Date or an RFC 3339 string such as ${EXAMPLE_INSTANT}, got ${typeof now}`);
}

/** What the module's `mount_explainer` and `update` take (web/src/embed.rs); throws a TypeError for an invalid `now`. */
function inputsJson(options, who) {
  const evaluationTime = timeText(options.now, who);
  return JSON.stringify({
    cloudProfile: documentText(options.cloudProfile),
    shoot: documentText(options.shoot),
    previousShoot: documentText(options.previousShoot),
    objects: documentText(options.objects),
    evaluationTime,
  });
}

/** Whether an input is empty: nothing given, or blank text. */
function absent(value) {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
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
 * "auto" (the OS's colour scheme, the default), "light" or "dark". An invalid `now` is an error on
 * the element (`handle.error`, and `ready` resolves to false): the app is not shown with another
 * clock than the one asked for.
 */
export function mount(element, inputs = {}, settings = {}) {
  return mountExplainer(element, inputs, settings, "shoot-policy mount").handle;
}

/**
 * `mount`, naming `who` in its errors; `fatal` (an error of the element's attributes) is shown
 * instead of the app. Returns the handle and `setProblem`, with which the element reports an error
 * of its own (a misspelt property) in the same place.
 */
function mountExplainer(element, inputs, settings, who, fatal = null) {
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
  // What the explainer says about its inputs, above the app (which is mounted into `appHost`).
  const notices = document.createElement("div");
  const appHost = document.createElement("div");
  container.append(notices, appHost);
  shadowRoot.append(container);

  const current = pick(inputs);
  let explainer = null;
  let unmounted = false;
  let starting = false;
  let startError = fatal;
  let problem = null;

  /** Shows the notices for the current inputs; returns the app's inputs, or null when they are in error. */
  function render() {
    let json = null;
    let inputError = problem;
    if (!inputError) {
      try {
        json = inputsJson(current, who);
      } catch (error) {
        inputError = error;
      }
    }
    const error = startError ?? inputError;
    handle.error = error;
    const shown = [];
    if (startError) shown.push(["crash", "alert", `shoot-policy could not start: ${startError?.message ?? startError}`]);
    else if (inputError) shown.push(["crash", "alert", inputError.message]);
    if (!startError && absent(current.shoot)) {
      shown.push(["notice warning", "status", "No Shoot given: the explainer's `shoot` input is empty, so it says nothing about a cluster. Give it the Shoot's YAML or JSON text, or the object the Gardener API returns."]);
    }
    notices.replaceChildren(
      ...shown.map(([className, role, text]) => {
        const paragraph = document.createElement("p");
        paragraph.className = className;
        paragraph.setAttribute("role", role);
        paragraph.textContent = text;
        return paragraph;
      }),
    );
    // Not `hidden` alone: the app's stylesheet may set `display` on its elements.
    appHost.style.display = error === null ? "" : "none";
    return error === null ? json : null;
  }

  /** Loads the app and mounts it with the current inputs: resolves to whether it is shown. */
  function start() {
    starting = true;
    // Never rejects: a page (or a test under jsdom, which runs no WebAssembly app) carries on, and
    // the element says why the app is missing.
    return loadApp()
      .then(() => {
        starting = false;
        if (unmounted) return true;
        const json = render();
        // The inputs became invalid while the app loaded: it starts once they are valid again.
        if (json === null) return false;
        explainer = mount_explainer(appHost, json, view);
        mounted.add(explainer);
        return true;
      })
      .catch((error) => {
        starting = false;
        startError = error;
        if (!unmounted) render();
        console.error("shoot-policy: the explainer could not start:", error);
        return false;
      });
  }

  /** Shows the current inputs: the app updated, started, or kept hidden while they are in error. */
  function refresh() {
    if (unmounted) return;
    const json = render();
    if (json === null) return;
    if (explainer) {
      try {
        explainer.update(json);
      } catch (error) {
        // Only a module that died of a panic throws here; the explainer already says so (embed.rs),
        // and the host page's own code should carry on.
        console.error("shoot-policy: the explainer could not update:", error);
      }
    } else if (!starting && !startError) {
      handle.ready = start();
    }
  }

  const handle = {
    /** Why the app is not shown: an invalid input, or the app could not start; otherwise null. */
    error: null,
    ready: null,
    update(changes = {}) {
      checkKeys(changes, [...INPUT_KEYS, "theme"], "update");
      if (Object.hasOwn(changes, "theme")) {
        checkTheme(changes.theme);
        applyTheme(container, changes.theme);
      }
      Object.assign(current, pick(changes));
      refresh();
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
  handle.ready = render() === null ? Promise.resolve(false) : start();
  const setProblem = (error) => {
    if (error === problem || (error && problem && error.message === problem.message)) return;
    problem = error;
    refresh();
  };
  return { handle, setProblem };
}

/** The known inputs among `options` (own properties only, so `{ shoot: undefined }` clears the Shoot). */
function pick(options) {
  const picked = {};
  for (const key of INPUT_KEYS) if (Object.hasOwn(options, key)) picked[key] = options[key];
  return picked;
}

/** How the element names itself in its errors. */
const ELEMENT = "<shoot-policy-explainer>";

/** The input `key` may be a misspelling of (`shot`, `cloudprofile`, `Now`), or null. */
function misspeltInput(key) {
  const name = key.toLowerCase();
  return INPUT_KEYS.find((input) => editDistance(name, input.toLowerCase()) <= (input.length > 4 ? 2 : 1)) ?? null;
}

/** Levenshtein distance, for the few short names above. */
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * An input the page set under another name: an own property of the element (the inputs are
 * accessors of its class) that looks like one, which the explainer would never read. Properties
 * frameworks keep on elements (`_vei`, `__reactProps$…`) start with `_` and are left alone.
 */
function misspeltProperty(element) {
  for (const key of Object.keys(element)) {
    if (key.startsWith("_") || INPUT_KEYS.includes(key)) continue;
    const meant = misspeltInput(key);
    if (meant) {
      return new TypeError(`${ELEMENT}: \`${key}\` is not an input of the explainer; did you mean \`${meant}\`? It takes ${INPUT_KEYS.join(", ")}`);
    }
  }
  return null;
}

// Outside a browser (server-side rendering, tests in Node) there is no HTMLElement to extend; the
// element class then exists but is never registered.
const ElementBase = globalThis.HTMLElement ?? class {};

/**
 * `<shoot-policy-explainer>`: the app as a custom element. Its inputs are properties (the same as
 * `mount`'s options); setting one updates the app. Its settings are the attributes `view` and
 * `theme`. What `mount` refuses with a TypeError (an invalid attribute, an input set under a
 * misspelt name, an invalid `now`) is an error on the element: `error` holds it, the element shows
 * it, and `ready` resolves to false.
 */
export class ShootPolicyExplainerElement extends ElementBase {
  #options = {};
  #handle = null;
  #setProblem = null;
  #checkQueued = false;

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
    if (!this.#handle) this.#mount();
  }

  static get observedAttributes() {
    return ["view", "theme"];
  }

  /** Mounts the app with the current inputs and attributes, or shows why it cannot. */
  #mount() {
    let settings;
    let fatal = null;
    try {
      settings = { view: this.#view(), theme: this.#theme() };
      this.#checkInputAttributes();
    } catch (error) {
      settings = {};
      fatal = error;
    }
    ({ handle: this.#handle, setProblem: this.#setProblem } = mountExplainer(this, this.#options, settings, ELEMENT, fatal));
    this.#setProblem(misspeltProperty(this));
    // A page sets the properties right after it appends the element, too.
    this.#checkSoon();
  }

  /** Looks for misspelt properties once the page's current script has run. */
  #checkSoon() {
    if (this.#checkQueued) return;
    this.#checkQueued = true;
    queueMicrotask(() => {
      this.#checkQueued = false;
      this.#setProblem?.(misspeltProperty(this));
    });
  }

  /** `view`: "results", "full", or card names separated by spaces or commas. */
  #view() {
    const names = (this.getAttribute("view") ?? "").split(/[\s,]+/).filter(Boolean);
    return names.length ? names : undefined;
  }

  /** `theme`: absent (or empty) for "auto"; any other value must be a theme. */
  #theme() {
    const theme = this.getAttribute("theme");
    if (theme === null || theme === "") return undefined;
    if (!THEMES.includes(theme)) {
      throw new TypeError(`${ELEMENT}: the attribute theme="${theme}" must be one of ${THEMES.map((t) => `"${t}"`).join(", ")}`);
    }
    return theme;
  }

  /** An attribute named like an input (HTML lowercases it): the inputs are properties, never read from attributes. */
  #checkInputAttributes() {
    for (const attribute of this.getAttributeNames()) {
      const input = INPUT_KEYS.find((key) => key.toLowerCase() === attribute);
      if (input) {
        throw new TypeError(`${ELEMENT}: the attribute ${attribute} is not read: set the element's \`${input}\` property (explainer.${input} = …)`);
      }
    }
  }

  attributeChangedCallback(name) {
    if (!this.#handle) return;
    let theme;
    try {
      theme = this.#theme();
    } catch {
      theme = null;
    }
    if (name === "theme" && theme !== null && this.#handle.error === null) {
      this.#handle.update({ theme });
    } else {
      // Another set of parts, or an attribute in error or mended: mount again with the same inputs.
      this.#handle.unmount();
      this.#mount();
    }
  }

  /**
   * Renders the current inputs again: for a host that changed one of the objects it gave in place
   * (a property set to another object updates the app by itself).
   */
  update() {
    this.#setProblem?.(misspeltProperty(this));
    this.#handle?.update(this.#options);
  }

  disconnectedCallback() {
    this.#handle?.unmount();
    this.#handle = null;
    this.#setProblem = null;
  }

  /** Resolves to true when the app is rendered, false when it could not start or an input is in
   * error (undefined while the element is not in a document); it never rejects. */
  get ready() {
    return this.#handle?.ready;
  }

  /** Why the app is not shown (an invalid attribute or input, a misspelt property, a failed start); otherwise null. */
  get error() {
    return this.#handle?.error ?? null;
  }

  #set(key, value) {
    this.#options[key] = value;
    this.#handle?.update({ [key]: value });
    if (this.#handle) this.#checkSoon();
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
