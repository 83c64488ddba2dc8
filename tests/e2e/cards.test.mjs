// The status, version-eligibility and migration content of the result cards, as the core computes it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { withApp, loadExample, setEditor } from "./helpers.mjs";

test("status card: label with its derivation and the next operation of the default example", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const card = page.getByRole("region", { name: "Shoot status" });
    await card.getByText("shoot.gardener.cloud/status: healthy").waitFor();
    await card.getByText("Next operation: Reconcile").waitFor();
    const derivation = card.locator("dl.derivation");
    assert.equal(await derivation.locator("dt", { hasText: "Rule" }).locator("xpath=following-sibling::dd[1]").textContent(), "decided by the conditions");
    assert.equal(await derivation.locator("dt", { hasText: "Last operation" }).locator("xpath=following-sibling::dd[1]").textContent(), "Reconcile Succeeded");
  }));

test("status card: an error code of status.lastErrors is explained", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const shoot = page.getByLabel("Shoot", { exact: true });
    const text = await shoot.inputValue();
    // The example's `status:` is its last block, so the entry can be appended.
    await setEditor(page, "Shoot", `${text}  lastErrors:\n  - description: quota\n    codes: [ERR_INFRA_QUOTA_EXCEEDED]\n`);
    const card = page.getByRole("region", { name: "Shoot status" });
    const code = card.locator(".error-codes li", { hasText: "ERR_INFRA_QUOTA_EXCEEDED" });
    await code.waitFor();
    await code.getByText("A quota of the infrastructure account (for example CPUs, addresses or volumes) is used up.").waitFor();
    assert.match(await code.textContent(), /not retried \(the operation fails\)/);
    assert.equal(await card.locator("dl.derivation dt", { hasText: "Last errors" }).locator("xpath=following-sibling::dd[1]").textContent(), "1");
  }));

test("version matrix: every version a forced update may select, not only the target", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const matrix = page.getByRole("region", { name: "Version matrix" });
    // The target 1.32.9 and the other version of the consecutive minor, 1.32.8.
    for (const version of ["1.32.9", "1.32.8"]) {
      assert.equal(await matrix.locator("tr", { hasText: version }).first().locator("td.eligible").textContent(),
        "forced update of control plane", version);
    }
    assert.equal(await matrix.locator("tr", { hasText: "1.33.5" }).first().locator("td.eligible").textContent(), "");
    // The arm pool's gardenlinux 1877.3.0 may be auto-updated to 1877.5.0.
    assert.match(await matrix.locator("tr", { hasText: "1877.5.0" }).first().locator("td.eligible").textContent(),
      /auto update of pool arm/);
  }));

test("migration card: shown only for a pending migration, with the readiness of the given Seeds", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const card = page.getByRole("region", { name: "Control-plane migration" });
    assert.equal(await card.count(), 0);
    const shoot = await page.getByLabel("Shoot", { exact: true }).inputValue();
    await setEditor(page, "Shoot", `${shoot.replace("\nspec:\n", "\nspec:\n  seedName: eu-2\n")}  seedName: eu-1\n`);
    await card.getByText("The control plane moves from Seed eu-1 to Seed eu-2. Responsible now: eu-1; next operation: Migrate.").waitFor();
    await card.getByText("Paste the Seed(s) eu-1 and eu-2 under Other objects", { exact: false }).waitFor();
    const seed = (name, version) =>
      `apiVersion: core.gardener.cloud/v1beta1\nkind: Seed\nmetadata: {name: ${name}}\nstatus:\n  gardener: {version: ${version}}\n`;
    await setEditor(page, "Other objects", `${seed("eu-1", "v1.120.0")}---\n${seed("eu-2", "v1.119.0")}`);
    await card.getByText(
      "ReadyForMigration = False (DestinationSeedUnready): observing Gardener version not up to date (v1.119.0/v1.120.0). The controller checks again after 5 s."
    ).waitFor();
    await card.getByText("After a successful Migrate, Seed eu-2 runs Restore.").waitFor();
  }));

test("seed scheduling card: the Seed the scheduler picks, and why not the others", () =>
  withApp(async (page) => {
    await loadExample(page, "expired-forced-minor");
    const card = page.getByRole("region", { name: "Seed scheduling" });
    assert.equal(await card.count(), 0);
    const seed = (name, region, extra = "") =>
      `apiVersion: core.gardener.cloud/v1beta1\nkind: Seed\nmetadata: {name: ${name}}\nspec:\n  provider: {type: aws, region: ${region}}\n${extra}`;
    await setEditor(page, "Other objects", [
      seed("eu-1", "eu-central-1", "  taints: [{key: seed.gardener.cloud/protected}]\n"),
      seed("eu-2", "eu-central-1"),
      seed("us-1", "us-east-1"),
    ].join("---\n"));
    await card.getByText("Candidate seeds: eu-2").waitFor();
    await card.getByText("The scheduler picks: eu-2").waitFor();
    await card.getByText("eu-1: shoot does not tolerate the seed's taints").waitFor();
  }));
