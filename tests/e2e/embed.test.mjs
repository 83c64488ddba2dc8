// The whole app embedded in another page through the BUILT npm package's `shoot-policy/embed`
// (target/npm/shoot-policy, served under /npm/shoot-policy/ by `cargo xtask test`). The host page
// (tests/e2e/embed-host/) has hostile styles: `* { color: red !important; font-size: 40px }`,
// `p { display: none }` and more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { browser, BASE_URL, openPage } from "./helpers.mjs";

const examples = new URL("../../core/src/examples/", import.meta.url);
const cloudProfile = await readFile(new URL("cloudprofile.yaml", examples), "utf8");
const shoot = await readFile(new URL("shoot.yaml", examples), "utf8");
const NOW = "2026-11-22T00:00:00Z";
const HOST_PAGE = new URL("embed-host/", BASE_URL).href;

async function openHostPage(context) {
  const opened = await openPage(context, HOST_PAGE);
  await opened.page.waitForFunction(() => window.shootPolicyEmbed !== undefined);
  return opened;
}

/** Computed styles of host elements that the app's stylesheet would change if it leaked. */
function hostStyles(page) {
  return page.evaluate(() => {
    const look = (selector, properties) => {
      const style = getComputedStyle(document.querySelector(selector));
      return Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]));
    };
    return {
      body: look("body", ["margin-top", "background-color", "font-family"]),
      button: look("#host-button", ["border-top-left-radius", "padding-top", "cursor", "background-color"]),
      badge: look("#host-badge", ["display", "font-weight", "border-top-left-radius"]),
      table: look("#host-table", ["border-collapse"]),
    };
  });
}

test("<shoot-policy-explainer> renders the app in a shadow root, styles isolated both ways", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openHostPage(context);
  const before = await hostStyles(page);
  // The hostile styles are in force on the host page.
  const hostTitle = await page.evaluate(() => {
    const style = getComputedStyle(document.getElementById("host-title"));
    return { color: style.color, fontSize: style.fontSize };
  });
  assert.deepEqual(hostTitle, { color: "rgb(255, 0, 0)", fontSize: "40px" });
  // The standalone app's saved input and a share link in the URL must both be ignored when embedded.
  const saved = JSON.stringify({ shoot: "kind: Shoot\nmetadata:\n  name: from-local-storage\n" });
  await page.evaluate((saved) => {
    localStorage.setItem("shoot-policy.inputs.v1", saved);
    location.hash = "s1.AAAA";
  }, saved);

  await page.evaluate(async ({ cloudProfile, shoot, now }) => {
    const explainer = document.createElement("shoot-policy-explainer");
    explainer.cloudProfile = cloudProfile;
    explainer.shoot = shoot;
    explainer.now = new Date(now);
    document.getElementById("explainers").append(explainer);
    await explainer.ready;
  }, { cloudProfile, shoot, now: NOW });

  const window = page.getByRole("region", { name: "Maintenance window" });
  await window.getByText("Effective window 21:00:00–21:45:00 UTC").waitFor();
  await window.getByText("Next window: 2026-11-22 21:00 UTC").waitFor();
  const objects = page.getByRole("region", { name: "Recognised objects" });
  await objects.getByText("Shoot payments (from Shoot)").waitFor();

  const placement = await page.evaluate(() => {
    const explainer = document.querySelector("shoot-policy-explainer");
    return {
      inShadow: explainer.shadowRoot.querySelector("section[aria-label='Maintenance window']") !== null,
      inLightDom: document.querySelectorAll("section, textarea").length,
    };
  });
  assert.deepEqual(placement, { inShadow: true, inLightDom: 0 });

  // The host page's styles do not reach inside: visible, not red, not 40px, rem not the page's.
  const inside = await page.evaluate(() => {
    const root = document.querySelector("shoot-policy-explainer").shadowRoot;
    const card = root.querySelector("section[aria-label='Maintenance window']");
    const paragraph = getComputedStyle(card.querySelector("p"));
    const heading = getComputedStyle(card.querySelector("h2"));
    return {
      cardDisplay: getComputedStyle(card).display,
      paragraphDisplay: paragraph.display,
      paragraphColorIsRed: paragraph.color === "rgb(255, 0, 0)",
      paragraphFontSize: paragraph.fontSize,
      paragraphLetterSpacing: paragraph.letterSpacing,
      paragraphTextTransform: paragraph.textTransform,
      headingVisibility: heading.visibility,
      headingFontSize: heading.fontSize,
      paragraphHeight: Math.round(card.querySelector("p").getBoundingClientRect().height),
    };
  });
  assert.deepEqual({ ...inside, paragraphHeight: inside.paragraphHeight > 0 && inside.paragraphHeight < 40 }, {
    cardDisplay: "block",
    paragraphDisplay: "block",
    paragraphColorIsRed: false,
    paragraphFontSize: "16px",
    paragraphLetterSpacing: "normal",
    paragraphTextTransform: "none",
    headingVisibility: "visible",
    headingFontSize: "16.8px", // 1.05rem of the app's 16px, not of the page's 40px
    paragraphHeight: true,
  });

  // The app's styles do not reach out.
  assert.deepEqual(await hostStyles(page), before);

  // Nothing read from or written to the standalone app's state; the URL left alone.
  const state = await page.evaluate(() => ({
    storage: Object.fromEntries(Object.entries(localStorage)),
    hash: location.hash,
  }));
  assert.deepEqual(state, { storage: { "shoot-policy.inputs.v1": saved }, hash: "#s1.AAAA" });
  assert.equal(await page.getByText("share link").count(), 0);
  assert.equal(await page.getByRole("button", { name: "Share link" }).count(), 0);

  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("changing the explainer's properties updates the result", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openHostPage(context);
  await page.evaluate(async ({ cloudProfile, shoot, now }) => {
    const explainer = document.createElement("shoot-policy-explainer");
    Object.assign(explainer, { cloudProfile, shoot, now });
    document.getElementById("explainers").append(explainer);
    await explainer.ready;
  }, { cloudProfile, shoot, now: NOW });
  const window = page.getByRole("region", { name: "Maintenance window" });
  await window.getByText("Effective window 21:00:00–21:45:00 UTC").waitFor();

  const moved = shoot
    .replace("name: payments", "name: payments-early")
    .replace("begin: 220000+0100", "begin: 030000+0000")
    .replace("end: 230000+0100", "end: 040000+0000");
  assert.notEqual(moved, shoot);
  await page.evaluate((moved) => {
    document.querySelector("shoot-policy-explainer").shoot = moved;
  }, moved);
  await window.getByText("Effective window 03:00:00–03:45:00 UTC").waitFor();
  await page.getByRole("region", { name: "Recognised objects" }).getByText("Shoot payments-early (from Shoot)").waitFor();
  assert.equal(await page.evaluate(() => document.querySelector("shoot-policy-explainer").shoot.includes("payments-early")), true);

  await page.evaluate(() => {
    document.querySelector("shoot-policy-explainer").now = "2027-06-01T00:00:00Z";
  });
  await window.getByText("Next window: 2027-06-01 03:00 UTC").waitFor();

  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("mount() renders into any element; the full view has the editors; update() and unmount() work; plain objects are accepted", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openHostPage(context);
  await page.evaluate(async ({ cloudProfile, shoot, now }) => {
    const target = document.createElement("div");
    target.id = "mounted";
    document.getElementById("explainers").append(target);
    const seed = { apiVersion: "core.gardener.cloud/v1beta1", kind: "Seed", metadata: { name: "aws-eu1" } };
    window.handle = window.shootPolicyEmbed.mount(target, { cloudProfile, shoot, objects: [seed], now: new Date(now) }, { view: "full" });
    await window.handle.ready;
  }, { cloudProfile, shoot, now: NOW });
  const window = page.getByRole("region", { name: "Maintenance window" });
  await window.getByText("Next window: 2026-11-22 21:00 UTC").waitFor();
  const objects = page.getByRole("region", { name: "Recognised objects" });
  await objects.getByText("Seed aws-eu1 (from Other objects)").waitFor();
  assert.equal(await page.evaluate(() => document.getElementById("mounted").shadowRoot !== null), true);

  // Only the given input changes; the others stay.
  await page.evaluate(() => window.handle.update({ now: "2027-06-01T00:00:00Z" }));
  await window.getByText("Next window: 2027-06-01 21:00 UTC").waitFor();
  await objects.getByText("Seed aws-eu1 (from Other objects)").waitFor();

  // A problem's link puts the cursor into the editor inside the shadow root.
  await page.evaluate(() => window.handle.update({ shoot: "kind: Shoot\nmetadata:\n  name: [oops\n" }));
  const problem = page.locator(".editor-problems button").first();
  await problem.waitFor();
  await problem.click();
  assert.equal(await page.evaluate(() => document.getElementById("mounted").shadowRoot.activeElement?.id), "editor-shoot");

  await page.evaluate(() => window.handle.unmount());
  assert.equal(await page.getByRole("region", { name: "Maintenance window" }).count(), 0);
  assert.equal(await page.evaluate(() => document.getElementById("mounted").shadowRoot.childElementCount), 0);

  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("a Shoot page's explainer: only the cards asked for, the host's theme, one engine beside analyze", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openHostPage(context);
  const wasm = new Set();
  page.on("request", (request) => {
    if (request.url().endsWith(".wasm")) wasm.add(new URL(request.url()).pathname);
  });
  page.on("worker", (worker) => worker.on("request", (request) => {
    if (request.url().endsWith(".wasm")) wasm.add(new URL(request.url()).pathname);
  }));
  const result = await page.evaluate(async ({ cloudProfile, shoot, now }) => {
    // The dashboard's own use of the npm entry, beside the explainer.
    const { analyze } = await import("/npm/shoot-policy/index.js");
    const report = analyze({ cloudProfile, shoot }, { now });
    const target = document.createElement("div");
    document.getElementById("explainers").append(target);
    const handle = window.shootPolicyEmbed.mount(target, { cloudProfile, shoot, now }, { view: ["summary", "timeline"], theme: "dark" });
    const rendered = await handle.ready;
    const typo = document.createElement("div");
    document.getElementById("explainers").append(typo);
    const refused = await window.shootPolicyEmbed.mount(typo, { shoot }, { view: "timline" }).ready;
    let unknownKey = null;
    try {
      window.shootPolicyEmbed.mount(document.createElement("div"), { shoot }, { thme: "dark" });
    } catch (error) {
      unknownKey = error.message;
    }
    const root = target.shadowRoot.querySelector(".shoot-policy-root");
    return {
      forced: report.summary.nextForcedUpdate?.to ?? null,
      rendered,
      refused,
      typoText: typo.shadowRoot.textContent,
      unknownKey,
      theme: root.dataset.theme,
      background: getComputedStyle(root.querySelector(".card")).backgroundColor,
    };
  }, { cloudProfile, shoot, now: NOW });
  assert.equal(result.rendered, true);
  assert.equal(result.refused, false);
  assert.match(result.typoText, /unknown view `timline`/);
  assert.match(result.unknownKey, /settings: unknown key `thme`/);
  assert.equal(result.theme, "dark");
  // The dark palette's card colour (web/static/style.css), whatever the OS's scheme.
  assert.equal(result.background, "rgb(22, 27, 34)");
  const summary = page.getByRole("region", { name: "Summary" });
  // The handle was dropped: the explainer stays, whatever the garbage collector does.
  await page.requestGC();
  await summary.waitFor();
  await page.getByRole("region", { name: "Update timeline" }).waitFor();
  // Only the cards asked for: no editors, no other card.
  assert.equal(await page.getByRole("region", { name: "Maintenance window" }).count(), 0);
  assert.equal(await page.getByRole("region", { name: "Inputs" }).count(), 0);
  assert.equal(await page.getByRole("region", { name: "Validation" }).count(), 0);
  // The same forced update in the card as in the npm entry's report.
  assert.ok(result.forced, "the example has a forced update");
  await summary.getByText(result.forced, { exact: false }).first().waitFor();
  // One engine: the npm module, used by analyze and by the explainer's worker; the app's own
  // module only renders.
  assert.deepEqual([...wasm].sort(), ["/npm/shoot-policy/app/app_bg.wasm", "/npm/shoot-policy/web/shoot_policy_bg.wasm"]);
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

// The explainer checks its inputs as `mount()` and `analyze()` do, and says what is wrong on the
// element instead of showing a forecast for something else. Each test acts as a page author does:
// HTML with attributes, properties set from the page's script.

/** What the element shows about its inputs, and whether the cards are there. */
function explainerState(page, selector) {
  return page.evaluate(async (selector) => {
    const element = document.querySelector(selector);
    const ready = await element.ready;
    const root = element.shadowRoot;
    const visibleCard = [...root.querySelectorAll("section[aria-label]")].some((card) => card.getClientRects().length > 0);
    return {
      ready,
      error: element.error?.message ?? null,
      errorType: element.error?.constructor.name ?? null,
      alert: root.querySelector("[role=alert]")?.textContent ?? null,
      status: root.querySelector("[role=status].notice")?.textContent ?? null,
      visibleCard,
    };
  }, selector);
}

test("an invalid attribute in the page's HTML is an error on the element, as mount() throws it; mending it shows the app", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openHostPage(context);
  await page.evaluate(({ cloudProfile, shoot, now }) => {
    // The page's HTML, then its script.
    document.getElementById("explainers").innerHTML = '<shoot-policy-explainer id="blue" view="maintenanceWindow" theme="blue"></shoot-policy-explainer>';
    Object.assign(document.getElementById("blue"), { cloudProfile, shoot, now });
  }, { cloudProfile, shoot, now: NOW });
  const refused = await explainerState(page, "#blue");
  assert.deepEqual(refused, {
    ready: false,
    error: '<shoot-policy-explainer>: the attribute theme="blue" must be one of "auto", "light", "dark"',
    errorType: "TypeError",
    alert: 'shoot-policy could not start: <shoot-policy-explainer>: the attribute theme="blue" must be one of "auto", "light", "dark"',
    status: null,
    visibleCard: false,
  });
  // mount() refuses the same theme with the same words.
  const thrown = await page.evaluate(() => {
    try {
      window.shootPolicyEmbed.mount(document.createElement("div"), {}, { theme: "blue" });
    } catch (error) {
      return `${error.constructor.name}: ${error.message}`;
    }
    return null;
  });
  assert.equal(thrown, 'TypeError: shoot-policy mount: theme must be one of "auto", "light", "dark"');

  await page.evaluate(() => document.getElementById("blue").setAttribute("theme", "dark"));
  await page.getByRole("region", { name: "Maintenance window" }).getByText("Next window: 2026-11-22 21:00 UTC").waitFor();
  const mended = await explainerState(page, "#blue");
  assert.deepEqual({ ready: mended.ready, error: mended.error, alert: mended.alert }, { ready: true, error: null, alert: null });

  // An input written as an attribute is never read: said, not ignored.
  await page.evaluate(() => {
    document.getElementById("explainers").insertAdjacentHTML("beforeend", '<shoot-policy-explainer id="attribute" now="2026-11-22T00:00:00Z"></shoot-policy-explainer>');
  });
  const attribute = await explainerState(page, "#attribute");
  assert.equal(attribute.ready, false);
  assert.equal(attribute.error, "<shoot-policy-explainer>: the attribute now is not read: set the element's `now` property (explainer.now = …)");
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("a `now` that is not an instant is an error on the element, not a forecast at the browser's clock", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openHostPage(context);
  const place = async (now) => {
    await page.evaluate(({ cloudProfile, shoot, now }) => {
      document.getElementById("explainers").replaceChildren();
      const explainer = document.createElement("shoot-policy-explainer");
      explainer.id = "explainer";
      explainer.setAttribute("view", "maintenanceWindow");
      explainer.cloudProfile = cloudProfile;
      explainer.shoot = shoot;
      explainer.now = now;
      document.getElementById("explainers").append(explainer);
    }, { cloudProfile, shoot, now });
    return explainerState(page, "#explainer");
  };
  const yesterday = await place("yesterday");
  assert.deepEqual(yesterday, {
    ready: false,
    error: '<shoot-policy-explainer>: now: "yesterday" is not an RFC 3339 instant such as "2026-01-01T00:00:00Z"',
    errorType: "TypeError",
    alert: '<shoot-policy-explainer>: now: "yesterday" is not an RFC 3339 instant such as "2026-01-01T00:00:00Z"',
    status: null,
    visibleCard: false,
  });
  const millis = Date.parse(NOW);
  const epoch = await place(millis);
  assert.equal(epoch.ready, false);
  assert.equal(
    epoch.error,
    `<shoot-policy-explainer>: now: expected a Date or an RFC 3339 string such as "2026-01-01T00:00:00Z", got the number ${millis} (for epoch milliseconds pass new Date(${millis}))`,
  );
  assert.equal(epoch.visibleCard, false);
  const local = await place("2026-11-22T00:00:00");
  assert.match(local.error, /"2026-11-22T00:00:00" has no time zone: end it with Z for UTC or an offset such as \+01:00, or pass a Date$/);
  const outOfRange = await place("2026-02-30T00:00:00Z");
  assert.match(outOfRange.error, /"2026-02-30T00:00:00Z" is not an RFC 3339 instant: a field is out of range$/);

  // The page mends it: the forecast is for the instant given.
  await page.evaluate((millis) => {
    document.getElementById("explainer").now = new Date(millis);
  }, millis);
  await page.getByRole("region", { name: "Maintenance window" }).getByText("Next window: 2026-11-22 21:00 UTC").waitFor();
  const mended = await explainerState(page, "#explainer");
  assert.deepEqual({ ready: mended.ready, error: mended.error, alert: mended.alert, visibleCard: mended.visibleCard }, { ready: true, error: null, alert: null, visibleCard: true });
  // And breaks it again after the app runs: the cards go, the error is said.
  await page.evaluate(() => {
    document.getElementById("explainer").now = "tomorrow";
  });
  const broken = await explainerState(page, "#explainer");
  assert.deepEqual({ error: broken.error, visibleCard: broken.visibleCard }, {
    error: '<shoot-policy-explainer>: now: "tomorrow" is not an RFC 3339 instant such as "2026-01-01T00:00:00Z"',
    visibleCard: false,
  });

  // mount() the same: handle.error and ready false; an update with a valid now shows the app.
  const mounted = await page.evaluate(async ({ cloudProfile, shoot }) => {
    const target = document.createElement("div");
    target.id = "mounted";
    document.getElementById("explainers").append(target);
    const handle = window.shootPolicyEmbed.mount(target, { cloudProfile, shoot, now: "yesterday" }, { view: "maintenanceWindow" });
    const refused = { ready: await handle.ready, error: handle.error?.message };
    handle.update({ now: "2027-06-01T00:00:00Z" });
    return { refused, ready: await handle.ready, error: handle.error };
  }, { cloudProfile, shoot });
  assert.deepEqual(mounted, {
    refused: { ready: false, error: 'shoot-policy mount: now: "yesterday" is not an RFC 3339 instant such as "2026-01-01T00:00:00Z"' },
    ready: true,
    error: null,
  });
  await page.locator("#mounted").getByText("Next window: 2027-06-01 21:00 UTC").waitFor();
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("a Shoot set under a misspelt property is said on the element, with 'No Shoot given'; the right property shows the Shoot", async () => {
  const context = await browser.newContext();
  const { page, foreign, pageErrors } = await openHostPage(context);
  await page.evaluate(({ cloudProfile, shoot, now }) => {
    const explainer = document.createElement("shoot-policy-explainer");
    explainer.id = "typo";
    explainer.setAttribute("view", "summary objects");
    document.getElementById("explainers").append(explainer);
    explainer.cloudProfile = cloudProfile;
    explainer.shot = shoot;
    explainer.now = now;
  }, { cloudProfile, shoot, now: NOW });
  const typo = await explainerState(page, "#typo");
  assert.deepEqual(typo, {
    ready: false,
    error: "<shoot-policy-explainer>: `shot` is not an input of the explainer; did you mean `shoot`? It takes cloudProfile, shoot, previousShoot, objects, now",
    errorType: "TypeError",
    alert: "<shoot-policy-explainer>: `shot` is not an input of the explainer; did you mean `shoot`? It takes cloudProfile, shoot, previousShoot, objects, now",
    status: "No Shoot given: the explainer's `shoot` input is empty, so it says nothing about a cluster. Give it the Shoot's YAML or JSON text, or the object the Gardener API returns.",
    visibleCard: false,
  });

  await page.evaluate(() => {
    const explainer = document.getElementById("typo");
    explainer.shoot = explainer.shot;
    delete explainer.shot;
    explainer.update();
  });
  await page.getByRole("region", { name: "Recognised objects" }).getByText("Shoot payments (from Shoot)").waitFor();
  const mended = await explainerState(page, "#typo");
  assert.deepEqual({ ready: mended.ready, error: mended.error, alert: mended.alert, status: mended.status }, { ready: true, error: null, alert: null, status: null });

  // No Shoot at all (only the CloudProfile): the cards show what the CloudProfile says, and the
  // element says that no Shoot was given.
  await page.evaluate(({ cloudProfile, now }) => {
    const explainer = document.createElement("shoot-policy-explainer");
    explainer.id = "profile-only";
    explainer.setAttribute("view", "versions");
    Object.assign(explainer, { cloudProfile, now });
    document.getElementById("explainers").append(explainer);
  }, { cloudProfile, now: NOW });
  const profileOnly = await explainerState(page, "#profile-only");
  assert.equal(profileOnly.ready, true);
  assert.equal(profileOnly.error, null);
  assert.match(profileOnly.status, /^No Shoot given/);
  assert.equal(profileOnly.visibleCard, true);
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
});
