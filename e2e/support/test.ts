// The `test` every spec imports (never Playwright's own): Playwright's, plus pages loaded once per
// worker. All files share one set of worker fixtures, so Playwright runs them all in the same
// workers: a file whose worker fixtures differ gets workers of its own, each starting Node, the
// test files and a browser anew.
//
// The shared pages are for tests that only read them. A page load costs more than most checks on
// it (a new context, the load and, for the hydrated page, the islands' code), so a test that
// reads what the page shows, and never acts on it, takes the shared page instead of `page`. A test that clicks, types, scrolls or changes the viewport must not: it takes
// its own `page`, which Playwright gives each test fresh.
import { test as base, type Browser, type Page, type WorkerInfo } from "@playwright/test";
import { reportResourceErrors } from "./console-watch.ts";
import { hydrate } from "./page.ts";

type SharedPages = {
  /** The page as served, JavaScript off: what a crawler or a visitor without JavaScript gets. */
  staticPage: Page;
  /** The page as served, JavaScript on, before any intent: the islands not yet hydrated. */
  servedPage: Page;
  /** The page once a key press made it load and hydrate its islands. */
  hydratedPage: Page;
};

type Loaded = { javaScriptEnabled: boolean; hydrated: boolean };

/**
 * Gives `use` a page of its own context, with the project's device settings, loaded at `/` (and
 * hydrated if asked), and closes it when the worker ends.
 */
async function withSharedPage(
  browser: Browser,
  { project }: WorkerInfo,
  { javaScriptEnabled, hydrated }: Loaded,
  use: (page: Page) => Promise<void>,
): Promise<void> {
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
  if (hydrated) await hydrate(page);
  await use(page);
  await context.close();
}

const worker = { scope: "worker" } as const;

export const test = base.extend<object, SharedPages>({
  // Every page of a test's context prints a resource that failed to load as a console error.
  context: async ({ context }, use) => {
    await context.addInitScript(reportResourceErrors);
    await use(context);
  },
  staticPage: [
    ({ browser }, use, info) =>
      withSharedPage(browser, info, { javaScriptEnabled: false, hydrated: false }, use),
    worker,
  ],
  servedPage: [
    ({ browser }, use, info) =>
      withSharedPage(browser, info, { javaScriptEnabled: true, hydrated: false }, use),
    worker,
  ],
  hydratedPage: [
    ({ browser }, use, info) =>
      withSharedPage(browser, info, { javaScriptEnabled: true, hydrated: true }, use),
    worker,
  ],
});

export { expect } from "@playwright/test";
