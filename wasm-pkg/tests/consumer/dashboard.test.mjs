import { describe, it, expect, beforeEach, afterEach, vi } from "vitest";
import { analyze } from "shoot-policy";
import { cloudProfile, shootObject } from "./fixtures.mjs";

describe("shoot-policy in a dashboard-style component test", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-02-15T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("evaluates at the frozen clock when given new Date()", () => {
    const report = analyze({ cloudProfile, shoot: shootObject }, { now: new Date() });
    expect(report.versions.kubernetes.find((v) => v.version === "1.31.4").classification).toBe("deprecated");
    expect(report.maintenanceWindow.nextBegin).toBe("2026-02-15T22:00:00Z");
  });

  it("renders nothing user-controlled as markup: names stay text", () => {
    const shoot = { ...shootObject, metadata: { name: "<img src=x onerror=alert(1)>" } };
    const report = analyze({ shoot }, { now: new Date() });
    document.body.textContent = report.objects[0].name;
    expect(document.querySelector("img")).toBeNull();
    expect(document.body.textContent).toBe("<img src=x onerror=alert(1)>");
  });
});

describe("the explainer in a dashboard-style component test (jsdom)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-02-15T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("mounts without failing the run: ready settles, the element says what it shows, unmount cleans up", async () => {
    const { mount, EXPLAINER_TAG } = await import("shoot-policy/embed");
    const element = document.createElement("div");
    document.body.append(element);
    const handle = mount(element, { cloudProfile, shoot: shootObject, now: new Date() }, { view: "summary", theme: "dark" });
    // Under jsdom the app's module may or may not start; either way `ready` resolves, never rejects.
    const rendered = await handle.ready;
    expect(typeof rendered).toBe("boolean");
    console.log(`jsdom: the explainer ${rendered ? "rendered" : `did not start: ${handle.error}`}`);
    const root = element.shadowRoot.querySelector(".shoot-policy-root");
    expect(root.dataset.theme).toBe("dark");
    if (!rendered) expect(root.textContent).toMatch(/^shoot-policy could not start: /);
    handle.unmount();
    expect(element.shadowRoot.querySelector(".shoot-policy-root")).toBeNull();
    expect(customElements.get(EXPLAINER_TAG)).toBeDefined();
  });

  it("refuses an unknown setting at once, naming it", async () => {
    const { mount } = await import("shoot-policy/embed");
    expect(() => mount(document.createElement("div"), { shoot: shootObject }, { theme: "sepia" })).toThrow(/theme must be one of/);
    expect(() => mount(document.createElement("div"), { shot: shootObject })).toThrow(/unknown key `shot`/);
  });
});
