// `shoot-policy/embed`: the shoot-policy app inside another page, in a shadow root.

/** One object as the caller holds it: YAML/JSON text, or a plain object as the Gardener API returns it. */
export type ExplainerDocument = string | object;

/** The explainer's inputs; every one is optional, like the app's editors. */
export interface ExplainerInputs {
  cloudProfile?: ExplainerDocument | null;
  shoot?: ExplainerDocument | null;
  /** The Shoot before a change, for roll triggers. */
  previousShoot?: ExplainerDocument | null;
  /** Webhook configurations, Seeds, a Project: one document (text may hold several) or a list of them. */
  objects?: ExplainerDocument | ExplainerDocument[] | null;
  /**
   * The evaluation time: a Date or RFC 3339 text with a time zone. Absent (undefined or null): the
   * browser's clock, as in the app. Anything else (`"yesterday"`, epoch milliseconds) is an error
   * on the element, not a forecast at another instant.
   */
  now?: Date | string | null;
}

/** A card of the app, by the name `view` takes. */
export type ExplainerCard =
  | "summary"
  | "maintenanceWindow"
  | "timeline"
  | "versions"
  | "status"
  | "validation"
  | "rollTriggers"
  | "hibernation"
  | "scheduling"
  | "migration"
  | "cleanup"
  | "objects"
  | "exports";

/** How the explainer looks, beside its inputs. */
export interface ExplainerSettings {
  /**
   * What is shown: `"results"` (every card, no editors; the default), `"full"` (the whole app with
   * its editors and time control), one card or a list of cards.
   */
  view?: "full" | "results" | ExplainerCard | ExplainerCard[];
  /** `"auto"` (the OS's colour scheme; the default), `"light"` or `"dark"`. */
  theme?: "auto" | "light" | "dark";
}

/** A mounted explainer. */
export interface ExplainerHandle {
  /**
   * Resolves to `true` when the app is rendered, to `false` when it could not start or an input is
   * in error (the element then says why, and `error` holds the reason). It never rejects. An update
   * that mends the inputs starts the app and sets a new `ready`.
   */
  readonly ready: Promise<boolean>;
  /**
   * Why the app is not shown: an invalid input (`now`), or the app could not start; null while it
   * is shown.
   */
  readonly error: unknown;
  /**
   * Changes the given inputs (the others stay) and the theme; the app shows the new result. Replaces
   * what the user typed into the app's editors since: the host page owns the input. Call it with the
   * same objects after changing them in place.
   */
  update(changes: ExplainerInputs & Pick<ExplainerSettings, "theme">): void;
  /** Removes the app from the element and frees it. */
  unmount(): void;
}

/**
 * Renders the app into `element`'s shadow root (an open one is attached if it has none) and returns
 * at once; the modules are loaded on the first mount. Unknown keys throw a TypeError naming them.
 */
export function mount(element: Element, inputs?: ExplainerInputs, settings?: ExplainerSettings): ExplainerHandle;

/**
 * `<shoot-policy-explainer>`: the app as a custom element; its inputs are properties, and the
 * attributes `view` (`"results"`, `"full"` or card names separated by spaces) and `theme` set what
 * `mount`'s settings set.
 */
export class ShootPolicyExplainerElement extends HTMLElement implements ExplainerInputs {
  cloudProfile?: ExplainerDocument | null;
  shoot?: ExplainerDocument | null;
  previousShoot?: ExplainerDocument | null;
  objects?: ExplainerDocument | ExplainerDocument[] | null;
  now?: Date | string | null;
  /** Resolves to whether the app rendered; undefined while the element is not in a document. Never rejects. */
  readonly ready: Promise<boolean> | undefined;
  /**
   * Why the app is not shown: an invalid attribute (`theme="blue"`), an input set under a misspelt
   * name (`explainer.shot = …`), an invalid `now`, or a failed start; null while it is shown.
   */
  readonly error: unknown;
  /** Renders the inputs again, after the host changed one of its objects in place. */
  update(): void;
}

/** The tag registered on import: `shoot-policy-explainer`. */
export const EXPLAINER_TAG: "shoot-policy-explainer";

/**
 * Registers the explainer under another tag name and returns its class (the registered class if the
 * name is taken already).
 */
export function defineExplainer(tagName?: string): typeof ShootPolicyExplainerElement;

declare global {
  interface HTMLElementTagNameMap {
    "shoot-policy-explainer": ShootPolicyExplainerElement;
  }
}
