// Firefox (Debian's firefox-esr) over WebDriver BiDi with puppeteer-core, which never downloads a
// browser: it runs the executable it is given.
import { existsSync } from "node:fs";
import puppeteer, { type Page } from "puppeteer-core";
import type { Engine, EnginePage, Viewport } from "./engine.ts";
import { recordedProblems, watchPageScript } from "./page-watch.ts";

const candidates = ["/usr/bin/firefox-esr", "/usr/bin/firefox"];

export function findFirefox(): string | undefined {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return candidates.find((candidate) => existsSync(candidate));
}

/**
 * Sets the page's viewport. puppeteer sends the screen orientation with it, a command Firefox ESR
 * 140 does not know (unknown command emulation.setScreenOrientationOverride): there the size is
 * still set, so the orientation's refusal is let go once the page shows the new size.
 */
async function setViewport(page: Page, viewport: Viewport): Promise<void> {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    if (!String(error).includes("setScreenOrientationOverride")) throw error;
    await page.waitForFunction(
      (width, height) => window.innerWidth === width && window.innerHeight === height,
      { timeout: 5000 },
      viewport.width,
      viewport.height,
    );
  }
}

function wrap(page: Page): EnginePage {
  let browserMessages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") browserMessages.push(`console: ${message.text()}`);
  });
  return {
    goto: async (url) => {
      browserMessages = [];
      await page.goto("about:blank");
      await page.goto(url);
    },
    reload: async () => {
      browserMessages = [];
      await page.reload();
    },
    setViewport: (viewport) => setViewport(page, viewport),
    click: (selector) => page.click(selector),
    fill: (selector, value) => page.type(selector, value),
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => never, arg),
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    problems: async () => [...(await page.evaluate(recordedProblems)), ...browserMessages],
    close: () => page.close(),
  };
}

export async function launchFirefox(): Promise<Engine> {
  const executablePath = findFirefox();
  if (!executablePath)
    throw new Error("No Firefox found: apt-get install firefox-esr, or set FIREFOX_PATH.");
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath,
    headless: true,
  });
  return {
    name: "firefox",
    version: (await browser.version()).replace("/", " "),
    newPage: async (viewport) => {
      const page = await browser.newPage();
      await setViewport(page, viewport);
      await page.evaluateOnNewDocument(watchPageScript);
      return wrap(page);
    },
    close: () => browser.close(),
  };
}
