// Run before the browser tests: makes sure a Chromium exists. On Debian as root with none
// found, installs Debian's `chromium` package (browsers cannot be downloaded by Playwright here).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findBrowser } from "./find-browser.ts";

const found = findBrowser();
if (found) {
  console.log(`Browser: ${found}`);
} else {
  const isRoot = process.getuid?.() === 0;
  if (!existsSync("/etc/debian_version") || !isRoot) {
    console.error(
      "No Chromium found. Install one (Debian: apt-get install chromium) or set CHROME_PATH.",
    );
    process.exit(1);
  }
  console.log(
    "No Chromium found: installing Debian's chromium package (apt-get install chromium)…",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  const installed = findBrowser();
  if (!installed) {
    console.error("Installed chromium, but still found no browser.");
    process.exit(1);
  }
  console.log(`Browser: ${installed}`);
}
