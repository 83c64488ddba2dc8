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
