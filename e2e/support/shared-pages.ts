// Pages loaded once per worker for tests that only read them. A page load costs more than most
// checks on it (a new context, the load and, for the hydrated page, the islands' code: about half
// a second of CPU), so a test that reads what the page shows, and never acts on it, takes the
// shared page instead of `page`. A test that clicks, types, scrolls or changes the viewport must
// not: it takes its own `page`, which Playwright gives each test fresh.
import { test as base, type Browser, type Page, type WorkerInfo } from "@playwright/test";
import { hydrate } from "./page.ts";

type SharedPages = {
  /** The page as served, JavaScript off: what a crawler or a visitor without JavaScript gets. */
  staticPage: Page;
  /** The page as served, JavaScript on, before any intent: the islands not yet hydrated. */
  servedPage: Page;
  /** The page once a key press made it load and hydrate its islands. */
  hydratedPage: Page;
};

/** A page of its own context, with the project's device settings, loaded at `/`. */
async function loadShared(
  browser: Browser,
  { project }: WorkerInfo,
  javaScriptEnabled: boolean,
): Promise<Page> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    javaScriptEnabled,
  });
  const page = await context.newPage();
  await page.goto("/");
  return page;
}

export const test = base.extend<object, SharedPages>({
  staticPage: [
    async ({ browser }, use, workerInfo) => {
      const page = await loadShared(browser, workerInfo, false);
      await use(page);
      await page.context().close();
    },
    { scope: "worker" },
  ],
  servedPage: [
    async ({ browser }, use, workerInfo) => {
      const page = await loadShared(browser, workerInfo, true);
      await use(page);
      await page.context().close();
    },
    { scope: "worker" },
  ],
  hydratedPage: [
    async ({ browser }, use, workerInfo) => {
      const page = await loadShared(browser, workerInfo, true);
      await hydrate(page);
      await use(page);
      await page.context().close();
    },
    { scope: "worker" },
  ],
});

export { expect } from "@playwright/test";
