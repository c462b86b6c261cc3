// An EnginePage over one WebKitWebDriver session (WebDriver classic). Without preload scripts,
// navigation returns at once (pageLoadStrategy "none") and the page watcher is installed by
// polling while the new document loads: the islands hydrate only after `load`, well after that.
import type { Browser } from "webdriverio";
import type { EnginePage, Viewport } from "./engine.ts";
import { recordedProblems, watchPageScript } from "./page-watch.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the watcher in the new document as soon as there is one; true once it has fully loaded. */
const watchNewDocument = `
  if (window.__engineLeaving) return false;
  ${watchPageScript}
  return document.readyState === "complete";`;

/** Scrolls the element into view unless a click at its center already reaches it; its center. */
function centerInView(selector: string): [number, number] | null {
  const element = document.querySelector(selector);
  if (!element) return null;
  const center = () => {
    const box = element.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2] as [number, number];
  };
  const hit = document.elementFromPoint(...center());
  if (!hit || !element.contains(hit)) {
    element.scrollIntoView({ block: "center", behavior: "instant" });
  }
  return center();
}

/**
 * Runs a polling script, giving it 2 s: an Execute Script sent while the page is being replaced
 * is sometimes never answered by WebKitGTK, while the next one is (docs/decisions/
 * 0011-webkit-execute-hang.md). A lost call counts as "not yet" and the caller polls again.
 */
async function poll(browser: Browser, script: string): Promise<boolean> {
  const call = browser.execute(script).then(Boolean);
  // A lost call fails only when the session ends; nobody is waiting for it by then.
  call.catch(() => undefined);
  return Promise.race([call, sleep(2000).then(() => false)]);
}

export function wrapWebKitSession(browser: Browser, scale: number): EnginePage {
  /** Polls `script` every 20 ms until it answers true; fails, saying where the page is, at 20 s. */
  const pollUntil = async (script: string, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!(await poll(browser, script))) {
      if (Date.now() > deadline) {
        const state: unknown = await browser.execute(
          "return [location.href, document.readyState, !!window.__engineLeaving];",
        );
        throw new Error(`${what} within 20 s: ${JSON.stringify(state)}`);
      }
      await sleep(20);
    }
  };
  const untilLoaded = () => pollUntil(watchNewDocument, "The page did not load");
  const leave = () => browser.execute("window.__engineLeaving = true;");

  const page: EnginePage = {
    goto: async (url) => {
      await leave();
      // Leave through a page of the same site rather than about:blank: a change of site makes
      // WebKitGTK lose a polling call far more often (0011-webkit-execute-hang.md). The page in
      // between is asked itself whether it is there: Get Current URL already names it while the
      // old page still shows.
      const between = new URL("/robots.txt", url).href;
      await browser.url(between);
      const arrived = `return location.href === ${JSON.stringify(between)} && document.readyState === "complete";`;
      await pollUntil(arrived, `The page did not leave for ${between}`);
      await leave();
      await browser.url(url);
      await untilLoaded();
    },
    reload: async () => {
      await leave();
      await browser.execute("setTimeout(() => location.reload(), 0);");
      await untilLoaded();
    },
    setViewport: async ({ width, height }: Viewport) => {
      // The window also holds a toolbar: size it, measure the page, correct by the difference.
      let size = [width * scale, height * scale];
      let actual: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await browser.setWindowSize(Math.round(size[0] ?? 0), Math.round(size[1] ?? 0));
        await sleep(100);
        actual = await browser.execute(() => [window.innerWidth, window.innerHeight]);
        const [shownWidth = 0, shownHeight = 0] = actual;
        if (shownWidth === width && shownHeight === height) return;
        size = [
          (size[0] ?? 0) + (width - shownWidth) * scale,
          (size[1] ?? 0) + (height - shownHeight) * scale,
        ];
      }
      throw new Error(`WebKit viewport is ${actual.join("×")}, not ${width}×${height}`);
    },
    click: async (selector) => {
      const center = await browser.execute(centerInView, selector);
      if (!center) throw new Error(`No element to click at ${selector}`);
      // Pointer input is in window pixels: with the page zoomed (phone width), CSS px × scale.
      const [x, y] = [Math.round(center[0] * scale), Math.round(center[1] * scale)];
      await browser.action("pointer").move({ x, y, origin: "viewport" }).down().up().perform();
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
