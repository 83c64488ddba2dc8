// Each gallery example, loaded as a user would, shows the dates, versions, causes and blockers the
// core computes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { withApp, loadExample, fact, copyWith } from "./helpers.mjs";

test("expired version: forced to the next minor in the next window, on the timeline", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    await fact(page, "Next forced update")
      .getByText("Control plane 1.31.13 → 1.32.9 on 2026-11-22 21:00 UTC (in 21 hours)")
      .waitFor();
    const matrix = page.getByRole("region", { name: "Version matrix" });
    await matrix.locator("tr", { hasText: "1.32.9" }).getByText("forced-update target for control plane").waitFor();
    const timeline = page.getByRole("region", { name: "Update timeline" });
    // The events by window: each change, and once what the window's run does to the nodes.
    const window = timeline.locator(".event-list > li", { hasText: "2026-11-22 21:00 UTC" });
    await window.getByText(
      "Control plane: 1.31.13 → 1.32.9 (force): Kubernetes version expired - force update required"
    ).waitFor();
    assert.equal(await window.locator("div.muted").count(), 1);
    assert.match(await window.locator("div.muted").textContent(), /^Nodes, in this window's run: Rolling update of /);
    // The marker's tooltip opens on keyboard focus and on hover.
    const marker = timeline.locator("svg.timeline .marker.force").first();
    await marker.focus();
    const tooltip = timeline.getByRole("tooltip");
    await tooltip.getByText("1.31.13 → 1.32.9").waitFor();
    assert.match(await tooltip.textContent(), /force.*2026-11-22 21:00 UTC.*expired/s);
    await marker.blur();
    await tooltip.waitFor({ state: "detached" });
    await marker.hover();
    await tooltip.waitFor();
    assert.equal(await timeline.locator("svg.timeline .today").count(), 1);
    assert.match(await fact(page, "Status").textContent(), /^Healthy: the last operation succeeded/);
  }));

test("deprecated version with auto-update: the latest patch in the next window", () =>
  withApp(async (page) => {
    await loadExample(page, "deprecated-auto-update");
    await fact(page, "Next automatic update")
      .getByText("Control plane 1.32.8 → 1.32.9 on 2026-11-22 21:00 UTC (in 21 hours)")
      .waitFor();
    // The general pool's image expires on 2027-01-31: the timeline forces it in the next window.
    assert.match(await fact(page, "Next forced update").textContent(), /^Pool general image gardenlinux 1592\.14\.0 → \S+ on 2027-0[12]-\d\d 21:00 UTC/);
  }));

test("no consecutive minor: the forced update is blocked and says why", () =>
  withApp(async (page) => {
    await loadExample(page, "blocked-forced-update");
    // One story: since when it fails, why, and that nothing succeeds within the forecast.
    const blocked = fact(page, "Next forced update");
    await blocked.getByText("Control plane stays on 1.30.14, which expired on 2026-09-30: the forced update fails from", { exact: false }).waitFor();
    assert.match(await blocked.textContent(), /because the CloudProfile lists no 1\.31 version .*no update succeeds before \d{4}-\d\d-\d\d/);
    // Gardener's own message is behind a details toggle.
    const message = blocked.locator("details.gardener-message");
    assert.equal(await message.locator("summary").textContent(), "Gardener's message");
    assert.match(await message.textContent(), /No suitable version found in CloudProfile/);
    await page.getByRole("region", { name: "Update timeline" }).locator("svg.timeline .marker.blocked").waitFor();
  }));

test("a fail-closed pod webhook blocks hibernation, with the fix", () =>
  withApp(async (page) => {
    await loadExample(page, "webhook-blocks-hibernation");
    const card = page.getByRole("region", { name: "Hibernation" });
    await card.getByText("Hibernation is not possible").waitFor();
    assert.match(await fact(page, "Hibernation").textContent(),
      /^not possible: Gardener refuses to hibernate the Shoot: the webhook policy-agent\/pods\.policy-agent\.example\.com/);
    // A line per webhook: its name, what it intercepts, the recommended fix; why behind its toggle.
    const line = card.getByRole("list", { name: "Blocking webhooks" }).locator(":scope > li");
    assert.equal(await line.count(), 1);
    const summary = line.locator("summary").first();
    assert.match(await summary.textContent(),
      /^pods\.policy-agent\.example\.com intercepts v1 pods · Fix: Leave out kube-system and Gardener's objects \(namespaceSelector, objectSelector\)$/);
    await summary.click();
    await line.getByText("ValidatingWebhookConfiguration policy-agent", { exact: true }).waitFor();
    assert.match(await line.locator(".webhook-details p").nth(1).textContent(), /^Intercepts v1 pods.*failurePolicy Fail/);
    assert.match(await line.locator(".webhook-details p").nth(2).textContent(), /^Recommended fix: Add to namespaceSelector\.matchExpressions/);
    // Every other fix of the webhook, in the same toggle: the failure policy and timeout, as a patch alone.
    assert.equal(
      await line.locator(".fix-patch pre code").first().textContent(),
      "webhooks:\n- name: pods.policy-agent.example.com\n  failurePolicy: Ignore\n  timeoutSeconds: 15\n"
    );
    assert.equal(await line.locator(".fix-patch figcaption").first().textContent(),
      "Set failurePolicy: Ignore and set timeoutSeconds: 15 (or lower)");
    // One patch for the configuration, one toggle away, its command on its own line, each with a
    // Copy button that puts exactly that text on the clipboard.
    const patches = card.locator("details.fix-patches");
    await patches.locator("summary").first().click();
    const patch = patches.locator(".fix-patch").first();
    assert.equal(await patch.locator("figcaption").textContent(), "ValidatingWebhookConfiguration policy-agent: 1 webhook");
    const command = "kubectl patch validatingwebhookconfiguration policy-agent --patch-file fix.yaml";
    assert.equal(await patch.locator(".command code").textContent(), command);
    const yaml = await patch.locator("pre code").textContent();
    assert.match(yaml, /^webhooks:\n- name: pods\.policy-agent\.example\.com\n  namespaceSelector:\n/);
    assert.doesNotMatch(yaml, /kubectl|failurePolicy/);
    assert.equal(await copyWith(page, patch.getByRole("button", { name: "Copy the kubectl command" })), command);
    assert.equal(await copyWith(page, patch.getByRole("button", { name: "Copy fix.yaml" })), yaml);
    // The remediator's preview for the same configuration, closed until asked for.
    const remediation = card.locator("details.remediation");
    assert.equal(await remediation.getAttribute("open"), null);
    await remediation.getByText("Gardener's webhook remediation (preview)").click();
    const remediated = remediation.locator("li", { hasText: "ValidatingWebhookConfiguration policy-agent would be changed:" });
    await remediated.getByText('timeoutSeconds of webhook "pods.policy-agent.example.com" was set to 15').waitFor();
  }, { permissions: ["clipboard-read", "clipboard-write"] }));

test("an AutoInPlaceUpdate pool is updated in place, with the changed field and its values", () =>
  withApp(async (page) => {
    await loadExample(page, "in-place-pool");
    const card = page.getByRole("region", { name: "Roll triggers" });
    const pool = card.locator("li", { hasText: "bare-metal: in-place update" });
    await pool.waitFor();
    assert.match(await pool.textContent(), /changed: \.spec\.provider\.workers\[bare-metal\]\.machine\.image\.version: 1877\.3\.0 → 1877\.5\.0/);
    assert.match(await fact(page, "Validation problems").textContent(), /^none found by the checks shoot-policy runs \(\d+ of Gardener's \d+ groups of validation rules\); only the API server's dry run/);
  }));

test("lifecycle profile: deprecated now, forced after expiry when travelling six months ahead", () =>
  withApp(async (page) => {
    await loadExample(page, "lifecycle-profile");
    const matrix = page.getByRole("region", { name: "Version matrix" });
    await matrix.locator("tr", { hasText: "1.32.10" }).getByText("deprecated").waitFor();
    // Deprecated now; the update timeline forces 1.33.6 in the first window after the expiry.
    await fact(page, "Next forced update").getByText("Control plane 1.32.10 → 1.33.6 on 2027-03-01 20:00 UTC").waitFor();
    // The CloudProfile's lifecycles need a feature gate that is off by default: each problem links
    // to the line of its field.
    const validation = page.getByRole("region", { name: "Validation" });
    const link = validation.getByRole("button").first();
    const line = Number((await link.textContent()).match(/^CloudProfile, line (\d+)$/)[1]);
    await link.click();
    const selected = await page.evaluate(() => {
      const area = document.activeElement;
      return { id: area.id, text: area.value.slice(area.selectionStart, area.selectionEnd) };
    });
    assert.equal(selected.id, "editor-cloudprofile");
    assert.match(selected.text, /^\s*lifecycle:$/);
    const profile = await page.getByLabel("CloudProfile", { exact: true }).inputValue();
    assert.match(profile.split("\n")[line - 1], /lifecycle:/);
    await page.getByRole("button", { name: "+6 months" }).click();
    assert.equal(await page.getByLabel("Evaluation time", { exact: true }).inputValue(), "2027-05-22T00:00:00Z");
    await fact(page, "Next forced update").getByText("Control plane 1.32.10 → 1.33.6 on 2027-05-22 20:00 UTC").waitFor();
    await matrix.locator("tr", { hasText: "1.32.10" }).getByText("expired").waitFor();
    await page.getByLabel("Pick evaluation time (UTC)").fill("2027-02-10T08:30");
    assert.equal(await page.getByLabel("Evaluation time", { exact: true }).inputValue(), "2027-02-10T08:30:00Z");
    await page.getByRole("button", { name: "+1 month" }).click();
    assert.equal(await page.getByLabel("Evaluation time", { exact: true }).inputValue(), "2027-03-10T08:30:00Z");
    await page.getByRole("button", { name: "now", exact: true }).click();
    assert.equal(await page.getByLabel("Evaluation time", { exact: true }).inputValue(), "");
  }));
