// Run before the browser tests: makes sure the Chromiums of the tests exist (scripts/find-browser.ts):
// the full browser and its headless shell. On Debian as root with either missing, installs it from
// Debian's packages (browsers cannot be downloaded by Playwright here).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findBrowser, findHeadlessShell, headlessShellPackage } from "./find-browser.ts";

const shellFound = () => findHeadlessShell() !== findBrowser();
const missing = [
  ...(findBrowser() ? [] : ["chromium"]),
  ...(shellFound() ? [] : [headlessShellPackage]),
];

if (missing.length) {
  const isRoot = process.getuid?.() === 0;
  if (!existsSync("/etc/debian_version") || !isRoot) {
    if (!findBrowser()) {
      console.error(
        "No Chromium found. Install one (Debian: apt-get install chromium) or set CHROME_PATH.",
      );
      process.exit(1);
    }
    console.warn(
      `No Chromium headless shell (Debian: apt-get install ${headlessShellPackage}): the suite runs on the full browser, slower.`,
    );
  } else {
    console.log(`Installing Debian's ${missing.join(" and ")} (apt-get install)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "inherit", env });
    if (!findBrowser() || !shellFound()) {
      console.error(`Installed ${missing.join(" and ")}, but still found no browser.`);
      process.exit(1);
    }
  }
}
console.log(`Browsers: ${findHeadlessShell()} (the suite), ${findBrowser()} (the full browser)`);
