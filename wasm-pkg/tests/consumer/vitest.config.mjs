import { defineConfig } from "vitest/config";

// The Gardener dashboard's test setup: Vite, jsdom, a frozen clock.
export default defineConfig({
  test: { environment: "jsdom", include: ["dashboard.test.mjs"] },
});
