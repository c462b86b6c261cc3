// Finds the Chromiums of the browser tests and the benchmark.
// - findBrowser: the full browser, as visitors run it: CHROME_PATH, else the system Chromium,
//   else Playwright's own build where one is installed. The benchmark, the Chromium engine
//   journeys and the tests of what only the full browser has (autofill) use it.
// - findHeadlessShell: Chromium's headless shell (Debian's chromium-headless-shell), the same
//   Blink and V8 without the browser's UI and compositor: the Playwright suite runs on it, as
//   Playwright itself runs headless tests, at a third of the CPU per page load (decision 0013).
//   CHROME_HEADLESS_SHELL_PATH picks another; without one the suite uses the full browser.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const systemCandidates = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

export const headlessShellPackage = "chromium-headless-shell";

export function findBrowser(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const system = systemCandidates.find((candidate) => existsSync(candidate));
  if (system) return system;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here.
  }
  return undefined;
}

export function findHeadlessShell(): string | undefined {
  const candidates = [process.env.CHROME_HEADLESS_SHELL_PATH, "/usr/bin/chromium-headless-shell"];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? findBrowser();
}
