// The editors with inputs as large as real CloudProfiles get, pasted as a person pastes (the
// clipboard, Ctrl+A, Ctrl+V): a landscape's CloudProfile pastes without freezing the page, a paste of
// 150 000 lines keeps the page responsive, the line numbers stay beside their lines at any scroll
// position, and "go to this line" shows the line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, openApp, paste, writeClipboard, pasteFromClipboard, clearEditor } from "./helpers.mjs";

/** A CloudProfile of `types` machine types, five lines each, about 5 MB at 30 000. */
function largeCloudProfile(types) {
  const lines = ["apiVersion: core.gardener.cloud/v1beta1", "kind: CloudProfile", "metadata:", "  name: large", "spec:", "  type: aws", "  machineTypes:"];
  for (let i = 0; i < types; i += 1) {
    const name = `m5.large-generation-${String(i).padStart(6, "0")}-with-a-long-descriptive-suffix`;
    lines.push(`  - name: ${name}`, `    cpu: "2"`, `    gpu: "0"`, `    memory: 8Gi`, `    usable: true`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * An aws CloudProfile as a large landscape keeps it (about 1.4 MB, 45 000 lines), in the shape of the
 * gallery's aws profile and the provider's documented one: eleven minors of Kubernetes with their
 * patches, four machine images of 84 versions each, 128 machine types, and the provider config's
 * AMI of every image version in 20 regions for two architectures, which is most of a real one.
 */
function landscapeCloudProfile() {
  const lines = ["apiVersion: core.gardener.cloud/v1beta1", "kind: CloudProfile", "metadata:", "  name: aws-landscape", "spec:", "  type: aws", "  kubernetes:", "    versions:"];
  for (let minor = 34; minor >= 24; minor -= 1) {
    for (let patch = 14; patch >= 0; patch -= 1) {
      lines.push(`    - version: 1.${minor}.${patch}`);
      if (minor === 34) lines.push("      classification: preview");
      else if (minor >= 32 && patch > 10) lines.push("      classification: supported");
      else lines.push("      classification: deprecated", `      expirationDate: "20${20 + Math.floor(minor / 2)}-0${1 + (patch % 9)}-15T23:59:59Z"`);
    }
  }
  const images = ["gardenlinux", "ubuntu", "suse-chost", "flatcar"];
  const regions = ["eu-central-1", "eu-west-1", "eu-west-2", "eu-west-3", "eu-north-1", "eu-south-1", "us-east-1", "us-east-2", "us-west-1", "us-west-2", "ca-central-1", "sa-east-1", "ap-south-1", "ap-northeast-1", "ap-northeast-2", "ap-northeast-3", "ap-southeast-1", "ap-southeast-2", "ap-southeast-3", "me-south-1"];
  const versions = (image) => Array.from({ length: 84 }, (_, i) => (image === "gardenlinux" ? `${1877 - i * 3}.${i % 7}.0` : `${1084 - i}.${i % 7}.0`));
  lines.push("  machineImages:");
  for (const image of images) {
    lines.push(`  - name: ${image}`, "    updateStrategy: minor", "    versions:");
    versions(image).forEach((version, i) => {
      lines.push(`    - version: ${version}`);
      if (i < 4) lines.push("      classification: supported");
      else lines.push("      classification: deprecated", `      expirationDate: "2027-${String(1 + (i % 12)).padStart(2, "0")}-28T23:59:59Z"`);
      lines.push("      cri:", "      - name: containerd", "      architectures:", "      - amd64", "      - arm64", `      kubeletVersionConstraint: ">= 1.${24 + (i % 8)}"`);
    });
  }
  lines.push("  machineTypes:");
  const families = [["m5", "amd64"], ["m5a", "amd64"], ["m6i", "amd64"], ["m6a", "amd64"], ["m7i", "amd64"], ["m6g", "arm64"], ["m7g", "arm64"], ["c5", "amd64"], ["c6i", "amd64"], ["c6g", "arm64"], ["r5", "amd64"], ["r6i", "amd64"], ["r6g", "arm64"], ["x2idn", "amd64"], ["g5", "amd64"], ["p4d", "amd64"]];
  const sizes = [["large", 2], ["xlarge", 4], ["2xlarge", 8], ["4xlarge", 16], ["8xlarge", 32], ["12xlarge", 48], ["16xlarge", 64], ["24xlarge", 96]];
  for (const [family, architecture] of families) {
    for (const [size, cpu] of sizes) {
      const memory = cpu * (family.startsWith("c") ? 2 : family.startsWith("r") || family.startsWith("x") ? 8 : 4);
      const gpu = family.startsWith("g") || family.startsWith("p") ? Math.max(1, cpu / 8) : 0;
      lines.push(`  - name: ${family}.${size}`, `    cpu: "${cpu}"`, `    gpu: "${gpu}"`, `    memory: ${memory}Gi`, `    architecture: ${architecture}`, "    usable: true");
    }
  }
  lines.push("  volumeTypes:", "  - name: gp3", "    class: standard", "    usable: true", "  - name: gp2", "    class: standard", "    usable: true", "  - name: io1", "    class: premium", "    usable: true");
  lines.push("  regions:");
  for (const region of regions) {
    lines.push(`  - name: ${region}`, "    zones:");
    for (const zone of ["a", "b", "c"]) lines.push(`    - name: ${region}${zone}`);
  }
  lines.push("  providerConfig:", "    apiVersion: aws.provider.extensions.gardener.cloud/v1alpha1", "    kind: CloudProfileConfig", "    machineImages:");
  let ami = 0x034fd8c3;
  for (const image of images) {
    lines.push(`    - name: ${image}`, "      versions:");
    for (const version of versions(image)) {
      lines.push(`      - version: ${version}`, "        regions:");
      for (const region of regions) {
        for (const architecture of ["amd64", "arm64"]) {
          ami = (ami * 1103515245 + 12345) >>> 0;
          lines.push(`        - name: ${region}`, `          ami: ami-${ami.toString(16).padStart(8, "0")}${(ami >>> 3).toString(16).padStart(9, "0")}`, `          architecture: ${architecture}`);
        }
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Starts recording the page's main-thread tasks over 50 ms (the Long Tasks API). */
async function recordLongTasks(page) {
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: Math.round(entry.duration) });
    }).observe({ type: "longtask" });
  });
}

/**
 * The shown line numbers of an editor (`element`, its `.editor`) that do not sit beside their line:
 * for each number in view, the textarea's line at the number's height (the browser's caret position
 * at that point) must be that number's line. Returns the misplaced ones and how many were checked.
 */
function misplacedNumbers(element) {
  const area = element.querySelector("textarea");
  const box = area.getBoundingClientRect();
  const walker = document.createTreeWalker(element.querySelector(".gutter"), NodeFilter.SHOW_TEXT);
  const misplaced = [];
  let checked = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let at = 0;
    for (const number of node.data.split("\n")) {
      if (number) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + number.length);
        const rect = range.getBoundingClientRect();
        const y = rect.top + rect.height / 2;
        // Numbers the gutter clips, and the textarea's padding and scrollbar, are not in view.
        if (y > box.top + 8 && y < box.bottom - 24) {
          const caret = document.caretPositionFromPoint(box.left + 40, y);
          const line = caret?.offsetNode === area ? area.value.slice(0, caret.offset).split("\n").length : null;
          if (line !== Number(number)) misplaced.push({ number: Number(number), line });
          checked += 1;
        }
      }
      at += number.length + 1;
    }
  }
  return { misplaced: misplaced.slice(0, 5), checked };
}

test("a real paste of a landscape's 1.4 MB CloudProfile does not freeze the page", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const text = landscapeCloudProfile();
  const lineCount = text.split("\n").length;
  assert.ok(text.length > 1_300_000 && lineCount > 45_000, `${text.length} bytes, ${lineCount} lines`);
  const editor = page.getByLabel("CloudProfile", { exact: true });
  const before = await editor.inputValue();
  await writeClipboard(page, text);
  await recordLongTasks(page);
  const started = Date.now();
  await pasteFromClipboard(page, "CloudProfile");
  const pasted = Date.now() - started;
  assert.equal(await editor.inputValue(), text);
  // The app settled: the report of the pasted profile is shown.
  await page.getByRole("region", { name: "Recognised objects" }).getByText("CloudProfile aws-landscape").waitFor({ timeout: 120_000 });
  await page.locator("#results[aria-busy='false']").waitFor({ timeout: 120_000 });
  const reported = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const tasks = (await page.evaluate(() => window.longTasks)).map((task) => task.duration);
  const longest = Math.max(0, ...tasks);

  // For comparison: the same paste into a plain, empty textarea with the editor's attributes.
  const plain = await context.newPage();
  await plain.setContent('<textarea aria-label="Plain" wrap="off" spellcheck="false" style="white-space: pre"></textarea>');
  await recordLongTasks(plain);
  await pasteFromClipboard(plain, "Plain");
  assert.equal((await plain.getByLabel("Plain").inputValue()).length, text.length);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const plainLongest = Math.max(0, ...(await plain.evaluate(() => window.longTasks)).map((task) => task.duration));

  console.log(`paste of ${text.length} bytes, ${lineCount} lines (clipboard, Ctrl+A, Ctrl+V): keys handled after ${pasted} ms, report shown after ${reported} ms; main-thread tasks over 50 ms: ${JSON.stringify(tasks)}; a plain textarea's longest task for the same paste: ${plainLongest} ms`);
  // The target is a printed verdict, as timing targets are; the test fails far above it (the
  // browser's own paste, line by line, took 20 s in one task).
  console.log(`target: the longest main-thread task of a ${(text.length / 1e6).toFixed(1)} MB, ${lineCount}-line paste ≤ 200 ms: ${longest <= 200 ? "met" : "MISSED"} (${longest} ms)`);
  assert.ok(longest <= 1000, `the paste blocked the page for ${longest} ms in one task`);

  // What the paste shows is right: the numbers beside the lines, at the end too.
  const body = page.locator(".editor").filter({ has: editor });
  await editor.evaluate((area) => { area.scrollTop = area.scrollHeight; });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  const numbers = await body.evaluate(misplacedNumbers);
  assert.ok(numbers.checked >= 20, JSON.stringify(numbers));
  assert.deepEqual(numbers.misplaced, []);

  // Selecting all of it stays quick (with a closed <details> on the page, Chromium took about a
  // second for 5 000 lines, and minutes for these).
  await recordLongTasks(page);
  await page.keyboard.press("Control+A");
  await new Promise((resolve) => setTimeout(resolve, 500));
  const selecting = Math.max(0, ...(await page.evaluate(() => window.longTasks)).map((task) => task.duration));
  console.log(`select all of the pasted text: longest main-thread task ${selecting} ms`);
  assert.ok(selecting <= 1000, `selecting all blocked the page for ${selecting} ms`);
  assert.equal(await editor.evaluate((area) => area.selectionEnd - area.selectionStart), text.length);

  // Ctrl+Z brings back the text the paste replaced, as after any paste, and the app follows.
  await page.keyboard.press("Control+Z");
  assert.equal(await editor.inputValue(), before);
  await page.getByRole("region", { name: "Recognised objects" }).getByText("CloudProfile aws (from CloudProfile)").waitFor();
  await context.close();
});

test("a 150 000-line paste keeps the page responsive; numbers stay aligned; go to line shows it", async () => {
  const context = await browser.newContext();
  const { page } = await openApp(context);
  const text = largeCloudProfile(30_000);
  assert.ok(text.split("\n").length > 150_000);
  await writeClipboard(page, text);
  await recordLongTasks(page);
  const editor = page.getByLabel("CloudProfile", { exact: true });
  const started = Date.now();
  await pasteFromClipboard(page, "CloudProfile");
  assert.equal((await editor.inputValue()).length, text.length);
  // The paste's own task (the browser lays out the new text, and the app's paste handler runs in
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

  // The numbers stay beside their lines wherever the textarea scrolls.
  const body = page.locator(".editor").filter({ has: editor });
  for (const fraction of [0.25, 0.5, 0.999]) {
    const scrolled = await editor.evaluate((area, fraction) => {
      area.scrollTop = (area.scrollHeight - area.clientHeight) * fraction;
      return area.scrollTop;
    }, fraction);
    assert.ok(scrolled > 0);
    // The gutter follows the scroll event, which the browser sends before its next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    const numbers = await body.evaluate(misplacedNumbers);
    assert.ok(numbers.checked >= 20, `at ${fraction}: ${JSON.stringify(numbers)}`);
    assert.deepEqual(numbers.misplaced, [], `at ${fraction}`);
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
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  const shown = await body.evaluate((element, line) => {
    const area = element.querySelector("textarea");
    // The laid-out height of a line (Chromium rounds each line to 1/64 px, which adds up over
    // 100 000 lines), not the computed line-height.
    const lineHeight = area.scrollHeight / area.value.split("\n").length;
    const top = (line - 1) * lineHeight;
    const selected = area.value.slice(area.selectionStart, area.selectionEnd);
    return { visible: top >= area.scrollTop && top < area.scrollTop + area.clientHeight, selected, marked: element.querySelector(".gutter .line.error")?.textContent.trim() };
  }, line);
  assert.ok(shown.visible, JSON.stringify(shown));
  assert.equal(shown.selected, lines[line - 1]);
  // The line's number is marked, and beside it.
  assert.equal(shown.marked, String(line));
  const numbers = await body.evaluate(misplacedNumbers);
  assert.deepEqual(numbers.misplaced, []);
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
  // A reload brings back the input saved before, and says why.
  await page.reload();
  await page.getByRole("region", { name: "Summary" }).waitFor();
  await page.getByRole("status").getByText(/Your last input \(1\d\.\d MB\) was too large for this browser's storage, so this is the input saved before it\./).waitFor();
  assert.equal(await page.getByLabel("Other objects", { exact: true }).inputValue(), "");
  // Said once: the next reload has nothing to tell.
  await page.reload();
  await page.getByRole("region", { name: "Summary" }).waitFor();
  assert.equal(await page.getByText("Your last input").count(), 0);
  await paste(page, "Other objects", padding);
  await notice.waitFor();
  // Back under the quota, the notice goes.
  await clearEditor(page, "Other objects");
  await notice.waitFor({ state: "detached" });
  await context.close();
});
