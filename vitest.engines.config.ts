// `npm run test:engines`: the cross-engine journeys (e2e/engines/) in Firefox and WebKit, one file
// per engine, side by side (each journey waits on its browser far more than it computes), against
// the built site served by the real server. ENGINE=firefox (or webkit) runs only that one.
// (Chromium runs them as part of the Playwright suite, npm run test:e2e.)
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["e2e/engines/**/*.engines.ts"],
    // One build with photos of people, shared by both engines.
    globalSetup: ["e2e/engines/photo-site.setup.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    // A limit: a journey is one visit through several steps. The longest (the desktop registration
    // visit) takes about 20 s here in WebKitGTK (it draws in software), so a runner three times
    // slower and busy may need a minute or two.
    testTimeout: 180_000,
    // As the Playwright suite: no retries; a journey that fails once has found something.
    retry: 0,
    // WebKit's launch may take two tries at each of its two sessions (e2e/engines/webkit.ts).
    hookTimeout: 150_000,
    reporters: ["verbose", "./e2e/engines/summary-reporter.ts"],
  },
});
