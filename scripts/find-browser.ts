// Finds a Chromium for the browser tests and the benchmark: CHROME_PATH, else the system
// Chromium, else Playwright's own build where one is installed.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const systemCandidates = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

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
