import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { quietFlags } from "./scripts/chrome-flags.ts";
import { findHeadlessShell } from "./scripts/find-browser.ts";

// The browser journeys run against the built site (`npm run build`) served by the real server,
// with an outbox folder of their own. E2E_PORT lets two checkouts test side by side.
const port = Number(process.env.E2E_PORT ?? 4310);
export const e2eOutboxDir = path.resolve(".cache", `e2e-outbox-${port}`);

export default defineConfig({
  testDir: "e2e",
  // Its own folder, which Playwright empties at start: the engine journeys run beside it and
  // keep their screenshots in test-results/engines/.
  outputDir: "test-results/e2e",
  fullyParallel: true,
  // Three on a 2-core runner: a journey waits on its browser, its server or its route far more
  // than it computes (with two, the cores stood idle much of the run), and the longest
  // files come first alphabetically (a11y), so no worker idles at the end behind one of them.
  workers: 3,
  // No retries: a test that fails once has found something (a defect or a flake to fix).
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  // A limit, never a wait: a passing expectation returns as soon as the page gets there. Ten
  // seconds let a busy, slow runner finish what takes two on an idle one (a registration: the
  // email client's first load and two sends the outbox writes to disk).
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    // Chromium's headless shell: a third of the full browser's CPU per page load. The full
    // browser runs the Chromium engine journeys (npm run test:engines) and the benchmark.
    launchOptions: {
      executablePath: findHeadlessShell(),
      args: quietFlags,
    },
    // A failed test keeps its trace (every action with its locator and timing, the console and
    // the network), the page's accessibility tree at the failure (error-context.md) and a
    // screenshot. Neither the screencast nor the DOM before and after every action: recorded for
    // every test, they cost a fifth and a sixth of the suite's CPU time (27 s of 172 s here).
    // `npx playwright test --trace on` records everything for a test under investigation.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "tsx server/start.ts",
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      OUTBOX_DIR: e2eOutboxDir,
      DIST_DIR: process.env.DIST_DIR ?? "dist",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
