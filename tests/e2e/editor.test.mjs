// The editors with inputs as large as real CloudProfiles get: a paste of 150 000 lines keeps the page
// responsive, the line numbers stay beside their lines at any scroll position, and "go to this line"
// shows the line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, openApp, paste } from "./helpers.mjs";

/** A CloudProfile of `types` machine types, five lines each, about 5 MB at 30 000. */
function largeCloudProfile(types) {
  const lines = ["apiVersion: core.gardener.cloud/v1beta1", "kind: CloudProfile", "metadata:", "  name: large", "spec:", "  type: aws", "  machineTypes:"];
  for (let i = 0; i < types; i += 1) {
    const name = `m5.large-generation-${String(i).padStart(6, "0")}-with-a-long-descriptive-suffix`;
    lines.push(`  - name: ${name}`, `    cpu: "2"`, `    gpu: "0"`, `    memory: 8Gi`, `    usable: true`);
  }
  return `${lines.join("\n")}\n`;
}

test("a 150 000-line paste keeps the page responsive; numbers stay aligned; go to line shows it", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const text = largeCloudProfile(30_000);
  assert.ok(text.split("\n").length > 150_000);
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: Math.round(entry.duration) });
    }).observe({ type: "longtask" });
  });
  const editor = page.getByLabel("CloudProfile", { exact: true });
  const started = Date.now();
  await paste(page, "CloudProfile", text);
  // The paste's own task (the browser lays out the new text, and the app's input handler runs in
  // it) ends here; what follows must never block the page for long.
  const pasteEnd = await page.evaluate(() => performance.now());
  // The result of the new input arrives (the analysis runs in the worker).
  await page.getByRole("region", { name: "Recognised objects" }).getByText("CloudProfile large").waitFor({ timeout: 120_000 });
  const elapsed = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const longTasks = await page.evaluate(() => window.longTasks);
  const after = longTasks.filter((task) => task.start >= pasteEnd).map((task) => task.duration);
  const during = longTasks.filter((task) => task.start < pasteEnd).map((task) => task.duration);
  console.log(`paste of ${text.length} bytes, ${text.split("\n").length} lines: result after ${elapsed} ms; main-thread tasks over 50 ms: the paste's ${JSON.stringify(during)}, after it ${JSON.stringify(after)}`);
  // The target (issue 33: no task over 200 ms after the paste) is a printed verdict, as timing
  // targets are; the test fails only far above it (one element per gutter line took seconds).
  const worst = Math.max(0, ...after);
  console.log(`target: no main-thread task over 200 ms after the paste: ${worst < 200 ? "met" : "MISSED"} (${worst} ms)`);
  assert.ok(worst < 1000, `a main-thread task after the paste took ${worst} ms`);

  // The gutter follows the textarea wherever it scrolls.
  const body = page.locator(".editor").filter({ has: editor });
  for (const fraction of [0.25, 0.5, 0.999]) {
    const aligned = await body.evaluate((element, fraction) => {
      const area = element.querySelector("textarea");
      area.scrollTop = (area.scrollHeight - area.clientHeight) * fraction;
      area.dispatchEvent(new Event("scroll"));
      const gutter = element.querySelector(".gutter");
      return { area: area.scrollTop, gutter: gutter.scrollTop };
    }, fraction);
    assert.ok(aligned.area > 0);
    assert.equal(aligned.gutter, aligned.area, `at ${fraction}`);
  }

  // A bad line deep in the text: its problem's link scrolls the textarea to it.
  const lines = text.split("\n");
  lines[120_000] = "  - name: [unclosed";
  await paste(page, "CloudProfile", lines.join("\n"));
  const problem = body.locator(".editor-problems button").first();
  await problem.waitFor({ timeout: 120_000 });
  const line = Number((await problem.textContent()).match(/line (\d+)/)[1]);
  assert.ok(line > 100_000, await problem.textContent());
  await body.evaluate((element) => {
    element.querySelector("textarea").scrollTop = 0;
  });
  await problem.click();
  const shown = await body.evaluate((element, line) => {
    const area = element.querySelector("textarea");
    // The laid-out height of a line (Chromium rounds each line to 1/64 px, which adds up over
    // 100 000 lines), not the computed line-height.
    const lineHeight = area.scrollHeight / area.value.split("\n").length;
    const top = (line - 1) * lineHeight;
    return { visible: top >= area.scrollTop && top < area.scrollTop + area.clientHeight, gutter: element.querySelector(".gutter").scrollTop, area: area.scrollTop };
  }, line);
  assert.ok(shown.visible, JSON.stringify(shown));
  assert.equal(shown.gutter, shown.area);
  await context.close();
});

test("an input too large to keep or analyse says so: the storage notice and the size error in the summary", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  // 11 MB: over the engine's 5 MiB limit and over any browser's localStorage quota.
  const padding = `# ${"padding ".repeat(12)}\n`.repeat(110_000);
  await paste(page, "Other objects", padding);
  const notice = page.getByRole("status").filter({ hasText: "too large for the browser's storage" });
  await notice.waitFor();
  assert.match(await notice.textContent(), /This input \(1\d\.\d MB\)/);
  const summary = page.getByRole("region", { name: "Summary" });
  await summary.getByText(/all inputs together: \d+ bytes, more than the limit of 5242880 bytes/).waitFor();
  // Back under the quota, the notice goes.
  await paste(page, "Other objects", "");
  await notice.waitFor({ state: "detached" });
  await context.close();
});
