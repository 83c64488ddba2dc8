// `shoot-policy/embed`: the whole shoot-policy app inside another page, in a shadow root.

/** One object as the caller holds it: YAML/JSON text, or a plain object as the Gardener API returns it. */
export type ExplainerDocument = string | Record<string, unknown>;

/** The explainer's inputs; every one is optional, like the app's editors. */
export interface ExplainerInputs {
  cloudProfile?: ExplainerDocument | null;
  shoot?: ExplainerDocument | null;
  /** The Shoot before a change, for roll triggers. */
  previousShoot?: ExplainerDocument | null;
  /** Webhook configurations, Seeds, a Project: one document (text may hold several) or a list of them. */
  objects?: ExplainerDocument | ExplainerDocument[] | null;
  /** The evaluation time: a Date or RFC 3339 text. Absent: the browser's clock, as in the app. */
  now?: Date | string | null;
}

/** A mounted explainer. */
export interface ExplainerHandle {
  /** Settles when the app is rendered; rejects when its WebAssembly module cannot be loaded. */
  readonly ready: Promise<void>;
  /**
   * Changes the given inputs (the others stay); the app shows the new result. Replaces what the user
   * typed into the app's editors since: the host page owns the input.
   */
  update(changes: ExplainerInputs): void;
  /** Removes the app from the element and frees it. */
  unmount(): void;
}

/**
 * Renders the whole app into `element`'s shadow root (an open one is attached if it has none) and
 * returns at once; the module is loaded on the first mount.
 */
export function mount(element: Element, options?: ExplainerInputs): ExplainerHandle;

/** `<shoot-policy-explainer>`: the app as a custom element; its inputs are properties. */
export class ShootPolicyExplainerElement extends HTMLElement implements ExplainerInputs {
  cloudProfile?: ExplainerDocument | null;
  shoot?: ExplainerDocument | null;
  previousShoot?: ExplainerDocument | null;
  objects?: ExplainerDocument | ExplainerDocument[] | null;
  now?: Date | string | null;
  /** Settles when the app is rendered; undefined while the element is not in a document. */
  readonly ready: Promise<void> | undefined;
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
