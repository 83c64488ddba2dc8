// Shared set-up of the end-to-end tests: Debian's Chromium driven by playwright-core, a fresh
// context per test, and a record of every request that leaves the app's origin.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

const { chromium } = await import(pathToFileURL(process.env.PLAYWRIGHT_CORE).href);
export const BASE_URL = process.env.BASE_URL;
const origin = new URL(BASE_URL).origin;

export let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM,
    args: process.env.CHROMIUM_FLAGS.split(" ").filter((f) => f !== "--headless"),
    headless: true,
  });
});
after(async () => browser?.close());

/** A fresh page with the app, once it shows its summary. */
export async function openApp(context, url = BASE_URL) {
  const opened = await openPage(context, url);
  await opened.page.getByRole("region", { name: "Summary" }).waitFor();
  return opened;
}

/**
 * Runs `body` on a fresh page with the app (in a context made with `contextOptions`), then checks
 * that nothing left the origin and nothing threw.
 */
export async function withApp(body, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  const { page, foreign, pageErrors } = await openApp(context);
  await body(page);
  assert.deepEqual(foreign, []);
  assert.deepEqual(pageErrors, []);
  await context.close();
}

/** A fresh page; every request that leaves the origin is recorded (data: URLs never leave), and every uncaught error. */
export async function openPage(context, url) {
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto(url);
  return { page, ...watched };
}

/** Records, from now on, `page`'s requests that leave the origin (data: URLs never leave) and its uncaught errors. */
export function watchPage(page) {
  const foreign = [];
  page.on("request", (request) => {
    const address = request.url();
    if (!address.startsWith(origin) && !address.startsWith("data:")) foreign.push(address);
  });
  const pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  return { foreign, pageErrors };
}

/**
 * Replaces the editor's text as a person pastes: the text on the clipboard, the editor focused, then
 * Ctrl+A and Ctrl+V on the keyboard (the browser's own paste, with its clipboard and input events).
 */
export async function paste(page, label, text) {
  await writeClipboard(page, text);
  await pasteFromClipboard(page, label);
  // The paste landed whole (a failed clipboard write would leave the old text, or part of it).
  const pasted = await page.getByLabel(label, { exact: true }).evaluate((area) => area.value.length);
  assert.equal(pasted, text.length, `the paste into ${label}`);
}

/** Puts `text` on the clipboard from the page, as a copy elsewhere would. Clipboard access is granted
 * to the page's origin here: contexts are made in many places. */
export async function writeClipboard(page, text) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
  await page.evaluate((text) => navigator.clipboard.writeText(text), text);
}

/**
 * Clicks a Copy button as a person does (the page in front, so the browser lets it write the
 * clipboard), waits for the outcome it announces next to itself and returns what the clipboard holds.
 * The announcement is read as soon as it appears, so a failed copy shows its own message here.
 */
export async function copyWith(page, button) {
  await page.bringToFront();
  await button.click();
  const outcome = button.locator("xpath=following-sibling::*[@role='status'][1]");
  await outcome.filter({ hasText: /\S/ }).waitFor();
  assert.equal(await outcome.textContent(), "Copied");
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Focuses the editor and pastes what the clipboard holds over its whole text: Ctrl+A, Ctrl+V. */
export async function pasteFromClipboard(page, label) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Control+V");
}

/** Empties the editor as a person does: Ctrl+A, then Delete. */
export async function clearEditor(page, label) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
}

/** Small texts, entered as typing enters them (Playwright's fill: the text selected, the new one inserted). */
export async function setEditor(page, label, text) {
  await page.getByLabel(label, { exact: true }).fill(text);
}

/** Loads a gallery example and sets the evaluation time. */
export async function loadExample(page, id, time = "2026-11-22T00:00:00Z") {
  await page.getByLabel("Example", { exact: true }).selectOption(id);
  await setEditor(page, "Evaluation time", time);
}

/** The summary fact with the given label (its value text). */
export function fact(page, label) {
  return page.getByRole("region", { name: "Summary" }).locator(".fact", { has: page.locator("dt", { hasText: label }) }).locator("dd");
}
