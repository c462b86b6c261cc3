// Chromium through Playwright, as the rest of the e2e suite drives it.
import { chromium, type Page } from "@playwright/test";
import { quietFlags } from "../../scripts/chrome-flags.ts";
import { findHeadlessShell } from "../../scripts/find-browser.ts";
import type { Engine, EnginePage, Viewport } from "./engine.ts";
import { recordedProblems, watchPageScript } from "./page-watch.ts";

function wrap(page: Page): EnginePage {
  // Messages the browser itself prints (a failed request, a refused resource) reach only the
  // driver's console events, not the page's console object.
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
    setViewport: (viewport: Viewport) => page.setViewportSize(viewport),
    click: (selector) => page.click(selector),
    fill: (selector, value) => page.locator(selector).pressSequentially(value),
    evaluate: (fn, arg) => page.evaluate(fn, arg as never),
    screenshot: async (file) => void (await page.screenshot({ path: file })),
    problems: async () => [...(await page.evaluate(recordedProblems)), ...browserMessages],
    close: () => page.context().close(),
  };
}

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: findHeadlessShell(), args: quietFlags });
  return {
    name: "chromium",
    version: `Chromium ${browser.version()}`,
    newPage: async (viewport) => {
      const context = await browser.newContext({ viewport });
      await context.addInitScript({ content: watchPageScript });
      return wrap(await context.newPage());
    },
    close: () => browser.close(),
  };
}
