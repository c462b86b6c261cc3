// WebKitGTK: Debian's MiniBrowser driven through WebKitWebDriver with webdriverio. We start the
// driver ourselves on a free port and connect to it, so webdriverio never looks for (or downloads)
// a driver. MiniBrowser needs an X display (Xvfb), and its window has a minimum width of 447 px,
// wider than a phone; GDK_DPI_SCALE zooms the page instead, so at scale 2 a 750 px window holds a
// layout viewport of exactly 375 CSS px (the screenshot is then 2× like a phone's). Each scale is
// its own driver process and session, kept for the whole run.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync } from "node:fs";
import path from "node:path";
import { remote } from "webdriverio";
import type { Engine, Viewport } from "./engine.ts";
import { freePort } from "../support/free-port.ts";
import { wrapWebKitSession } from "./webkit-page.ts";
import { startXvfb } from "./xvfb.ts";

const libDir = "/usr/lib/x86_64-linux-gnu";

export function findMiniBrowser(): string | undefined {
  const fromEnv = process.env.MINIBROWSER_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const dirs = existsSync(libDir)
    ? readdirSync(libDir).filter((dir) => /^webkit2?gtk-/.test(dir))
    : [];
  return dirs.map((dir) => `${libDir}/${dir}/MiniBrowser`).find((file) => existsSync(file));
}

/** Page zoom for a viewport: 2 where the window could not be that narrow at 1. */
const scaleFor = (viewport: Viewport) => (viewport.width < 600 ? 2 : 1);

/** How long a new WebDriver session (MiniBrowser started and connected) may take. */
const SESSION_START_MS = 20_000;

async function startSession(binary: string, display: string, scale: number) {
  // Once in the 46 launches of 23 CI runs (a loaded runner), WebKitWebDriver started MiniBrowser and
  // then never answered the new-session request (it had 120 s). So a session that has not started
  // within 20 s (it takes one or two) is stopped, its processes killed, and started once more from nothing; the driver's
  // own log of the failed try is kept in test-results/engines/ and named on the console.
  try {
    return await startSessionOnce(binary, display, scale, "first");
  } catch (error) {
    console.warn(`WebKit session (scale ${scale}) did not start, starting a new one:`, error);
    return await startSessionOnce(binary, display, scale, "second");
  }
}

async function startSessionOnce(binary: string, display: string, scale: number, attempt: string) {
  const port = await freePort();
  const env = {
    ...process.env,
    DISPLAY: display,
    GDK_DPI_SCALE: String(scale),
    // There is no GPU here: WebKit's default paints with Skia's GPU backend on Mesa's software
    // OpenGL (llvmpipe); Skia's own CPU backend draws the same for two thirds of the cycles.
    WEBKIT_SKIA_ENABLE_CPU_RENDERING: "1",
    // Classic scrollbars (gtk-settings/gtk-3.0/settings.ini): an overlay one fading out after each
    // load redraws unpaced under Xvfb, 3.5 s of CPU a page.
    XDG_CONFIG_HOME: path.join(import.meta.dirname, "gtk-settings"),
  };
  const logDir = path.resolve("test-results/engines");
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `webkitwebdriver-scale-${scale}-${attempt}.log`);
  const log = openSync(logFile, "w");
  // A process group of its own, so stopping it also stops the MiniBrowser and WebKit processes
  // it started, even when the session could not be ended cleanly.
  const driver = spawn("WebKitWebDriver", [`--port=${port}`], {
    env,
    stdio: ["ignore", log, log],
    detached: true,
  });
  closeSync(log);
  const stopDriver = () => {
    try {
      if (driver.pid) process.kill(-driver.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  for (let tries = 0; ; tries += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 100) {
      stopDriver();
      throw new Error("WebKitWebDriver did not start (apt-get install webkit2gtk-driver)");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const starting = remote({
    hostname: "127.0.0.1",
    port,
    // WDIO_LOG_LEVEL=info WDIO_LOG_DIR=… writes every WebDriver command to a file, to see where
    // a journey waits.
    logLevel: (process.env.WDIO_LOG_LEVEL as "info" | undefined) ?? "error",
    ...(process.env.WDIO_LOG_DIR
      ? { outputDir: path.join(process.env.WDIO_LOG_DIR, `scale-${scale}`) }
      : {}),
    capabilities: {
      browserName: "MiniBrowser",
      // Navigation returns at once, so the page watcher gets in before the islands hydrate.
      pageLoadStrategy: "none",
      "wdio:enforceWebDriverClassic": true,
      "webkitgtk:browserOptions": { binary, args: ["--automation"] },
    } as WebdriverIO.Capabilities,
  });
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no session after ${SESSION_START_MS / 1000} s`)),
      SESSION_START_MS,
    );
  });
  const browser = await Promise.race([starting, hung])
    .catch((error: unknown) => {
      stopDriver();
      // The request of a hung start fails once its driver is gone: nothing is waiting for it.
      starting.catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${reason} (WebKitWebDriver's log: ${logFile})`);
    })
    .finally(() => clearTimeout(timer));
  return {
    browser,
    stop: async () => {
      await browser.deleteSession().catch(() => undefined);
      stopDriver();
    },
  };
}

export async function launchWebKit(): Promise<Engine> {
  const binary = findMiniBrowser();
  if (!binary)
    throw new Error(
      "No MiniBrowser found: apt-get install webkit2gtk-driver, or set MINIBROWSER_PATH.",
    );
  const { display, stop: stopXvfb } = process.env.WEBKIT_DISPLAY
    ? { display: process.env.WEBKIT_DISPLAY, stop: () => undefined }
    : await startXvfb();
  const sessions = new Map<number, ReturnType<typeof startSession>>();
  const session = (scale: number) => {
    if (!sessions.has(scale)) sessions.set(scale, startSession(binary, display, scale));
    return sessions.get(scale) as ReturnType<typeof startSession>;
  };
  // Both sessions start here, one after the other, within the launch's time limit rather than
  // a journey's; whatever started is stopped if either fails.
  const stopAll = async () => {
    for (const started of sessions.values())
      await started.then(
        (s) => s.stop(),
        () => undefined,
      );
    stopXvfb();
  };
  try {
    await session(1);
    await session(2);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const version = spawnSync(binary, ["--version"], {
    env: { ...process.env, DISPLAY: display },
    timeout: 10_000,
  });
  return {
    name: "webkit",
    version: `MiniBrowser, ${version.stdout.toString().trim() || "WebKitGTK"}`,
    newPage: async (viewport) => {
      const scale = scaleFor(viewport);
      const page = wrapWebKitSession((await session(scale)).browser, scale);
      await page.setViewport(viewport);
      return page;
    },
    close: stopAll,
  };
}
