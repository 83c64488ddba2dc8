// The screenshots in docs/ (README and docs/app.md): skipped unless SCREENSHOTS names the folder
// to write them into, so a test run never changes the tree. Taken with the clock of the examples
// (2026-11-22), so they change only when the app's look or results do:
//   SCREENSHOTS=docs cargo xtask e2e tests/e2e/screenshots.test.mjs
import { test } from "node:test";
import { join } from "node:path";
import { browser, openApp, loadExample } from "./helpers.mjs";

const folder = process.env.SCREENSHOTS;
const settled = (page) => page.waitForFunction(() => !document.querySelector("[aria-busy='true']"));

async function shoot(viewport, name, prepare) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: viewport.width < 500 });
  const { page } = await openApp(context);
  await prepare(page);
  await settled(page);
  await page.screenshot({ path: join(folder, name), type: "png" });
  await context.close();
}

test("screenshots for the docs", { skip: !folder && "SCREENSHOTS is not set" }, async () => {
  const wide = { width: 1400, height: 900 };
  await shoot(wide, "screenshot.png", (page) => loadExample(page, "expired-forced-minor"));
  await shoot(wide, "screenshot-blocked.png", async (page) => {
    await loadExample(page, "blocked-forced-update");
    await settled(page);
    await page.getByRole("region", { name: "Update timeline" }).scrollIntoViewIfNeeded();
  });
  await shoot(wide, "screenshot-webhook-fix.png", async (page) => {
    await loadExample(page, "webhook-blocks-hibernation");
    await page.getByRole("region", { name: "Hibernation" }).getByText("Hibernation is not possible").waitFor();
    await page.getByRole("region", { name: "Hibernation" }).evaluate((card) => card.scrollIntoView());
  });
  await shoot({ width: 360, height: 740 }, "screenshot-phone.png", async (page) => {
    await loadExample(page, "expired-forced-minor");
    await settled(page);
    await page.getByRole("region", { name: "Update timeline" }).evaluate((card) => card.scrollIntoView());
  });
});
