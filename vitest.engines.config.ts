// `npm run test:engines`: the cross-engine journeys (e2e/engines/), one engine after another,
// against the built site served by the real server. ENGINE=firefox (or chromium, webkit; a
// comma-separated list) runs only those.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/engines/**/*.engines.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    // As the Playwright suite (playwright.config.ts): on CI a journey gets one more try, so a
    // browser that hangs once on a loaded 2-core runner does not fail the run; a real defect
    // fails both tries.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    reporters: ["verbose", "./e2e/engines/summary-reporter.ts"],
  },
});
