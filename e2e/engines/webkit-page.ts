// An EnginePage over one WebKitWebDriver session (WebDriver classic). Without preload scripts,
// navigation returns at once (pageLoadStrategy "none") and the page watcher is installed by
// polling while the new document loads: the islands hydrate only after `load`, well after that.
import type { Browser } from "webdriverio";
import type { EnginePage, Viewport } from "./engine.ts";
import { recordedProblems, watchPageScript } from "./page-watch.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the watcher in the new document as soon as there is one; true once it has fully loaded. */
const watchNewDocument = `
  if (location.href === "about:blank" || window.__engineLeaving) return false;
  ${watchPageScript}
  return document.readyState === "complete";`;

export function wrapWebKitSession(browser: Browser, scale: number): EnginePage {
  const untilLoaded = async () => {
    for (let waited = 0; !(await browser.execute(watchNewDocument)); waited += 20) {
      if (waited > 20_000) throw new Error("The page did not load within 20 s");
      await sleep(20);
    }
  };
  const leave = () => browser.execute("window.__engineLeaving = true;");

  const page: EnginePage = {
    goto: async (url) => {
      await leave();
      await browser.url("about:blank");
      while ((await browser.execute("return location.href")) !== "about:blank") await sleep(20);
      await browser.url(url);
      await untilLoaded();
    },
    reload: async () => {
      await leave();
      await browser.execute("setTimeout(() => location.reload(), 0);");
      await untilLoaded();
    },
    setViewport: async ({ width, height }: Viewport) => {
      // The window holds a toolbar; size it, measure the page, and correct once by the difference.
      await browser.setWindowSize(width * scale, height * scale);
      const inner = await browser.execute(() => [window.innerWidth, window.innerHeight]);
      const [innerWidth = width, innerHeight = height] = inner;
      await browser.setWindowSize(
        (2 * width - innerWidth) * scale,
        (2 * height - innerHeight) * scale,
      );
      const actual = await browser.execute(() => [window.innerWidth, window.innerHeight]);
      if (actual[0] !== width || actual[1] !== height) {
        throw new Error(`WebKit viewport is ${actual.join("×")}, not ${width}×${height}`);
      }
    },
    click: async (selector) => {
      const element = await browser.$(selector);
      await element.scrollIntoView({ block: "center" });
      await element.click();
    },
    fill: async (selector, value) => {
      await (await browser.$(selector)).addValue(value);
    },
    evaluate: (fn, arg) => browser.execute(fn as never, arg) as never,
    screenshot: async (file) => void (await browser.saveScreenshot(file)),
    problems: () => browser.execute(recordedProblems),
    close: async () => undefined,
  };
  return page;
}
