// Minimal reproduction of a WebKitGTK WebDriver defect (docs/decisions/0011-webkit-execute-hang.md):
// an Execute Script sent while the page commits a new document sometimes never answers.
// Usage: npx tsx e2e/engines/repro/webkit-execute-during-navigation.ts [rounds] [via]
//   via = "blank" (navigate to about:blank between pages, as the journeys once did), "site"
//   (a page of the same site in between) or "fresh" (a new session each time, navigating from
//   its first, empty page). Needs webkit2gtk-driver and xvfb.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { remote } from "webdriverio";
import { findMiniBrowser } from "../webkit.ts";
import { freePort } from "../../support/free-port.ts";
import { startXvfb } from "../xvfb.ts";

const rounds = Number(process.argv[2] ?? 100);
const via = process.argv[3] ?? "blank";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const site = createServer((req, res) => {
  res.setHeader("Content-Type", "text/html");
  res.end(`<!doctype html><title>${req.url}</title><p>${"text ".repeat(2000)}</p>`);
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
// REPRO_SITE=http://127.0.0.1:4173 loads that site's page instead (GDK_DPI_SCALE=2 zooms it).
const base = process.env.REPRO_SITE ?? `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

const { display, stop: stopXvfb } = await startXvfb();
const port = await freePort();
const driver = spawn("WebKitWebDriver", [`--port=${port}`], {
  env: { ...process.env, DISPLAY: display },
  stdio: "ignore",
  detached: true,
});
try {
  for (
    let tries = 0;
    !(await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 100) throw new Error("no WebKitWebDriver");
    await sleep(100);
  }
  const newSession = () =>
    remote({
      hostname: "127.0.0.1",
      port,
      logLevel: "error",
      capabilities: {
        browserName: "MiniBrowser",
        pageLoadStrategy: "none",
        "wdio:enforceWebDriverClassic": true,
        "webkitgtk:browserOptions": { binary: findMiniBrowser(), args: ["--automation"] },
      } as WebdriverIO.Capabilities,
    });
  let browser = await newSession();
  let hangs = 0;
  for (let round = 1; round <= rounds; round++) {
    if (via === "fresh") {
      // A new session each round: the one navigation from the session's first, empty page.
      await browser.deleteSession().catch(() => undefined);
      browser = await newSession();
    } else {
      await browser.url(via === "blank" ? "about:blank" : `${base}/between`);
      await sleep(50);
    }
    await browser.url(`${base}/?round=${round}`);
    // Poll as a test waits for the new document: every 20 ms, each call given 10 s to answer.
    for (let poll = 0; poll < 25; poll++) {
      const answer = await Promise.race([
        browser.execute("return document.readyState").then(
          () => "answered",
          () => "failed",
        ),
        sleep(10_000).then(() => "silent"),
      ]);
      if (answer === "silent") {
        hangs++;
        // Does the session still answer the next call while that one is lost?
        const next = await Promise.race([
          browser.execute("return document.readyState"),
          sleep(10_000).then(() => "silent too"),
        ]);
        console.log(
          `round ${round}, poll ${poll}: Execute Script did not answer in 10 s; the next call: ${String(next)}`,
        );
        break;
      }
      await sleep(20);
    }
  }
  console.log(`${hangs} of ${rounds} navigations (via ${via}) left an Execute Script unanswered`);
  await browser.deleteSession().catch(() => undefined);
} finally {
  if (driver.pid) process.kill(-driver.pid, "SIGKILL");
  stopXvfb();
  site.close();
}
