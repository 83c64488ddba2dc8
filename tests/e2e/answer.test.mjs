// The first screen's answer as a user meets it: the example picker names what is loaded, the
// Status card leads with plain words, and the hibernation answer stays short, on a laptop and on a
// phone, with the real webhooks people run (the gallery's, and Gatekeeper's as its Helm chart
// installs them with `Fail` policies).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { withApp, loadExample, setEditor, paste, fact } from "./helpers.mjs";

test("an editor whose text does not read says so to assistive technology, and points at why", () =>
  withApp(async (page) => {
    const shoot = page.getByLabel("Shoot", { exact: true });
    assert.equal(await shoot.getAttribute("aria-invalid"), "false");
    const text = await shoot.inputValue();
    // A flow sequence left open on line 3: the YAML does not read.
    await paste(page, "Shoot", "apiVersion: core.gardener.cloud/v1beta1\nkind: Shoot\nmetadata: {name: [broken\n");
    await page.waitForFunction(() => document.querySelector("textarea[aria-label=Shoot]").getAttribute("aria-invalid") === "true");
    const described = await shoot.getAttribute("aria-describedby");
    const why = page.locator(`[id="${described}"]`);
    assert.match(await why.textContent(), /line \d+, column \d+: /);
    // The whole text back: valid again.
    await paste(page, "Shoot", text);
    await page.waitForFunction(() => document.querySelector("textarea[aria-label=Shoot]").getAttribute("aria-invalid") === "false");
  }));

/** The text the example picker shows. */
const picked = (page) =>
  page.getByLabel("Example", { exact: true }).evaluate((select) => select.selectedOptions[0]?.textContent ?? "");

test("picker: names the loaded example, reads Examples once the input is edited, and again after a reset", () =>
  withApp(async (page) => {
    // A first visit loads the default example.
    assert.equal(await picked(page), "Expired Kubernetes version forced to the next minor");
    const picker = page.getByLabel("Example", { exact: true });
    await picker.focus();
    await picker.selectOption("webhook-blocks-hibernation");
    assert.equal(await picked(page), "Webhook blocking hibernation");
    // An edit makes the input no example's.
    const shoot = page.getByLabel("Shoot", { exact: true });
    await shoot.focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("# edited\n");
    await page.waitForFunction(() => document.querySelector("select[aria-label=Example]").selectedOptions[0]?.textContent === "Examples");
    await page.getByRole("button", { name: "Reset to example" }).click();
    assert.equal(await picked(page), "Expired Kubernetes version forced to the next minor");
    // The same example can be chosen again after an edit.
    await page.keyboard.press("Tab");
    await shoot.focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("# edited\n");
    await page.waitForFunction(() => document.querySelector("select[aria-label=Example]").selectedOptions[0]?.textContent === "Examples");
    await picker.selectOption("expired-forced-minor");
    assert.equal(await picked(page), "Expired Kubernetes version forced to the next minor");
    assert.doesNotMatch(await shoot.inputValue(), /# edited/);
  }));

test("status card: the first words are plain, the label and the rule that decided it follow", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const card = page.getByRole("region", { name: "Shoot status" });
    const lead = card.locator("p").first();
    assert.equal(await lead.textContent(), "Healthy: the last operation succeeded and every health check passes.");
    await card.getByText("shoot.gardener.cloud/status: healthy").waitFor();
    // One failing check: the lead names it in words.
    const shoot = await page.getByLabel("Shoot", { exact: true }).inputValue();
    await setEditor(page, "Shoot", shoot.replace(/(- type: EveryNodeReady\n\s+status: )"True"/, '$1"False"'));
    await card.getByText("shoot.gardener.cloud/status: unhealthy").waitFor();
    assert.equal(await lead.textContent(), "Unhealthy: a health check fails (every node ready).");
    // The derivation is there for who asks for it.
    const how = card.locator("details", { hasText: "How Gardener decides" });
    await how.locator("summary").click();
    await how.locator("dt", { hasText: "Deciding conditions" }).waitFor();
  }));

// Gatekeeper's webhooks (open-policy-agent/gatekeeper, charts/gatekeeper) with the chart's
// `validatingWebhookFailurePolicy: Fail` and `mutatingWebhookFailurePolicy: Fail`, as clusters that
// enforce their policies set them.
const GATEKEEPER = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: gatekeeper-validating-webhook-configuration
  labels: {gatekeeper.sh/system: "yes"}
webhooks:
- name: validation.gatekeeper.sh
  admissionReviewVersions: ["v1", "v1beta1"]
  clientConfig:
    service: {name: gatekeeper-webhook-service, namespace: gatekeeper-system, path: /v1/admit}
  failurePolicy: Fail
  matchPolicy: Exact
  namespaceSelector:
    matchExpressions:
    - {key: admission.gatekeeper.sh/ignore, operator: DoesNotExist}
    - {key: kubernetes.io/metadata.name, operator: NotIn, values: [gatekeeper-system]}
  rules:
  - apiGroups: ["*"]
    apiVersions: ["*"]
    operations: [CREATE, UPDATE]
    resources: ["*", "pods/ephemeralcontainers", "pods/exec", "pods/log", "pods/eviction", "pods/portforward", "pods/proxy", "pods/attach", "pods/binding", "deployments/scale", "replicasets/scale", "statefulsets/scale", "replicationcontrollers/scale", "services/proxy", "nodes/proxy", "services/status"]
  sideEffects: None
  timeoutSeconds: 3
- name: check-ignore-label.gatekeeper.sh
  admissionReviewVersions: ["v1", "v1beta1"]
  clientConfig:
    service: {name: gatekeeper-webhook-service, namespace: gatekeeper-system, path: /v1/admitlabel}
  failurePolicy: Fail
  matchPolicy: Exact
  namespaceSelector:
    matchExpressions:
    - {key: kubernetes.io/metadata.name, operator: NotIn, values: [gatekeeper-system]}
  rules:
  - apiGroups: [""]
    apiVersions: ["*"]
    operations: [CREATE, UPDATE]
    resources: [namespaces]
  sideEffects: None
  timeoutSeconds: 3
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: gatekeeper-mutating-webhook-configuration
  labels: {gatekeeper.sh/system: "yes"}
webhooks:
- name: mutation.gatekeeper.sh
  admissionReviewVersions: ["v1", "v1beta1"]
  clientConfig:
    service: {name: gatekeeper-webhook-service, namespace: gatekeeper-system, path: /v1/mutate}
  failurePolicy: Fail
  matchPolicy: Exact
  namespaceSelector:
    matchExpressions:
    - {key: admission.gatekeeper.sh/ignore, operator: DoesNotExist}
    - {key: kubernetes.io/metadata.name, operator: NotIn, values: [gatekeeper-system]}
  reinvocationPolicy: Never
  rules:
  - apiGroups: ["*"]
    apiVersions: ["*"]
    operations: [CREATE, UPDATE]
    resources: ["*", "pods/ephemeralcontainers"]
  sideEffects: None
  timeoutSeconds: 1
`;

/** Loads the webhook example, with Gatekeeper's webhooks added when `gatekeeper` is set; the Hibernation card. */
async function hibernationCard(page, gatekeeper) {
  await loadExample(page, "webhook-blocks-hibernation");
  const card = page.getByRole("region", { name: "Hibernation" });
  if (gatekeeper) {
    const objects = await page.getByLabel("Other objects", { exact: true }).inputValue();
    await setEditor(page, "Other objects", `${objects}---\n${GATEKEEPER}`);
    await card.getByText("gatekeeper-validating-webhook-configuration", { exact: false }).first().waitFor({ state: "attached" });
  }
  await card.getByText("Hibernation is not possible", { exact: false }).waitFor();
  return card;
}

const cardHeight = (card) => card.evaluate((el) => Math.round(el.getBoundingClientRect().height));

for (const [width, limit] of [[1400, 700], [390, 1200]]) {
  for (const gatekeeper of [false, true]) {
    const what = gatekeeper ? "the gallery's and Gatekeeper's webhooks" : "the gallery's webhook";
    test(`hibernation at ${width} px with ${what}: a line per webhook, details behind toggles, no sideways scroll`, () =>
      withApp(async (page) => {
        const card = await hibernationCard(page, gatekeeper);
        const height = await cardHeight(card);
        console.log(`hibernation card at ${width} px with ${what}: ${height} px`);
        const list = card.getByRole("list", { name: "Blocking webhooks" });
        const lines = list.locator(":scope > li");
        const count = await lines.count();
        assert.ok(count >= (gatekeeper ? 3 : 1), `${count} blocking webhooks`);
        for (let i = 0; i < count; i++) {
          const summary = lines.nth(i).locator("summary").first();
          const text = await summary.textContent();
          // Name, what it intercepts, the one recommended fix.
          assert.match(text, /intercepts .+ · Fix: /i, text);
          // Nothing of the line lies beyond the card's right edge.
          const [box, cardBox] = [await summary.boundingBox(), await card.boundingBox()];
          assert.ok(box.x + box.width <= cardBox.x + cardBox.width + 0.5, `${text}: ${JSON.stringify(box)}`);
          // The results column is about 750 px wide at 1 400 px: at most two lines of text there.
          if (width === 1400) assert.ok(box.height < 2.2 * 22, `two lines at most at ${width} px: ${text}, ${box.height} px`);
        }
        // The page does not scroll sideways.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll");
        // Closed by default: each webhook's reasons, the patches, Gardener's remediation preview.
        assert.equal(await card.locator("details[open]").count(), 0);
        assert.ok(height <= limit, `${height} px > ${limit} px`);
        // A user opens the first webhook's details with the keyboard and finds why it blocks.
        const first = lines.first().locator("summary").first();
        await first.focus();
        await page.keyboard.press("Enter");
        await lines.first().getByText("would block", { exact: false }).first().waitFor();
        // ...and the patch, with its Copy button.
        const patches = card.locator("details", { hasText: "Fix: one patch per configuration" });
        await patches.locator("summary").first().click();
        await patches.getByRole("button", { name: /Copy/ }).first().waitFor();
      }, { viewport: { width, height: 900 } }));
  }
}

test("hibernation and status cards with every toggle open: axe finds no violation, at 390 px", () =>
  withApp(async (page) => {
    const card = await hibernationCard(page, true);
    // Open each toggle as a user does, outer ones first (a webhook's line holds its fixes).
    for (const region of [card, page.getByRole("region", { name: "Shoot status" })]) {
      for (let closed = region.locator("details:not([open]) > summary"); await closed.count() > 0;) {
        await closed.first().click();
      }
    }
    await page.evaluate(await readFile(process.env.AXE_CORE, "utf8"));
    const found = await page.evaluate(async () =>
      (await window.axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`));
    assert.deepEqual(found, []);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll with the toggles open");
  }, { viewport: { width: 390, height: 900 } }));

/** The lines a laid-out element's text falls into, as the browser broke it. */
const renderedLines = (locator) =>
  locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const lines = [];
    let [top, line] = [null, ""];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest("details")) continue;
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (top !== null && rect.top > top + 2) {
          lines.push(line);
          line = "";
        }
        top = rect.top;
        line += node.data[i];
      }
    }
    lines.push(line);
    return lines;
  });

for (const width of [1400, 390]) {
  test(`summary at ${width} px: a webhook's name breaks at a dot, a slash or a hyphen, a date never`, () =>
    withApp(async (page) => {
      await hibernationCard(page, true);
      const hibernation = fact(page, "Hibernation");
      const facts = page.getByRole("region", { name: "Summary" }).locator(".fact dd");
      for (let i = 0; i < (await facts.count()); i++) {
        const lines = await renderedLines(facts.nth(i));
        for (let k = 0; k + 1 < lines.length; k++) {
          const [end, next] = [lines[k], lines[k + 1]];
          // Every break falls where a reader breaks a name: a space, after a slash or a hyphen, before a dot.
          assert.ok(/[ /-]$/.test(end) || /^[ .]/.test(next), `broken mid-word: ${JSON.stringify(lines)}`);
          // Dates are whole: no line ends inside one.
          assert.doesNotMatch(end, /\b\d{4}-(\d{2}-)?$/, `a date broken: ${JSON.stringify(lines)}`);
        }
      }
      assert.ok((await renderedLines(hibernation)).join("").includes("mutation.gatekeeper.sh"));
    }, { viewport: { width, height: 900 } }));
}

// The aws example CloudProfile with the `patch` image update strategy, and a pool on a gardenlinux
// version the CloudProfile does not list: its forced update finds no target, so the pool stays on it.
const profileWithPatchStrategy = async (page) => (await page.getByLabel("CloudProfile", { exact: true }).inputValue()).replace("updateStrategy: minor", "updateStrategy: patch");

test("timeline: a version the CloudProfile does not list is named, and no label runs into a marker", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const legend = page.locator(".legend");
    assert.doesNotMatch(await legend.textContent(), /not in this CloudProfile/);
    await paste(page, "CloudProfile", await profileWithPatchStrategy(page));
    const shoot = await page.getByLabel("Shoot", { exact: true }).inputValue();
    await paste(page, "Shoot", shoot.replace("version: 1877.3.0", "version: 1400.1.0"));
    await legend.getByText("not in this CloudProfile").waitFor();
    const grey = page.locator("svg.timeline rect.segment.not-in-profile");
    assert.equal(await grey.locator("title").first().textContent(), "1400.1.0 (not in this CloudProfile)");
    // Version labels, markers and the "today" label do not overlap one another.
    const boxes = await page.locator("svg.timeline").evaluate((svg) =>
      [...svg.querySelectorAll("text.segment-label, text.today-label, g.marker")].map((element) => {
        const box = element.getBoundingClientRect();
        return { what: element.textContent || element.getAttribute("aria-label"), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }));
    assert.ok(boxes.some((box) => box.what === "1400.1.0"), JSON.stringify(boxes));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        assert.ok(!overlap, `${a.what} overlaps ${b.what}`);
      }
    }
  }, { viewport: { width: 1400, height: 900 } }));

test("roll triggers: a change that rolls no pool is listed as seen, not left out", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const shoot = await page.getByLabel("Shoot", { exact: true }).inputValue();
    // The Shoot as it was, then the user's change: a larger maxSurge and a later hibernation.
    await paste(page, "Previous Shoot", shoot);
    await paste(page, "Shoot", shoot.replace("maxSurge: 1", "maxSurge: 2").replace('"00 19 * * 1,2,3,4,5"', '"00 20 * * 1,2,3,4,5"'));
    const card = page.getByRole("region", { name: "Roll triggers" });
    await card.getByText("general: no node update").waitFor();
    const seen = card.locator("ul.without-roll > li");
    await seen.first().waitFor();
    const items = await seen.allTextContents();
    assert.ok(items.some((item) => item.startsWith("changed: .spec.provider.workers[general].maxSurge: 1 → 2")), JSON.stringify(items));
    assert.ok(items.some((item) => item.startsWith("changed: .spec.hibernation.schedules")), JSON.stringify(items));
    // The Summary names the first and counts the rest.
    assert.match(await fact(page, "Roll triggers").textContent(), /no pool's nodes are replaced or updated by this change/);
  }));
