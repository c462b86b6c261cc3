// Whatever way a visitor moves through the page, what they land on stays where they landed: no
// band changes height after the view got there (decision 0004: the page lays every band out at
// the first paint, so none is estimated and later corrected). Each check reads a position right
// after the move and again once the page has rendered a few more frames.
//
// The moves are one visit, each a step, because a page context and its worker's share cost more
// CPU than most checks. Every move still begins on a page loaded for it, as a fresh visit: a new
// document (by way of about:blank, so that even the text fragment is a load and not a jump within
// the page before), at the top, nothing below the fold looked at yet, and with the browser's
// cache off, as on a first visit: a cached font or image would be there at the first paint and
// hide a band laid out again when it arrives.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { contactSection } from "../src/content/contact.ts";
import { curriculumSection, featuresSection } from "../src/content/program.ts";
import { instructorsSection, testimonialsSection } from "../src/content/people.ts";
import { boxOf, islandsHydrated, waitForScrollToRest, widths } from "./support/page.ts";

test.use({ viewport: { width: widths.desktop, height: 800 } });

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });
const top = async (page: Page, name: string) => Math.round((await boxOf(heading(page, name))).y);

/** Lets the page render ten more frames: a band laid out late moves what is below it by then. */
const frames = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let left = 10;
        const next = () => (--left === 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );

/**
 * After a move that is also the visitor's first sign of intent (a scroll, a wheel, a key): the
 * page's code arrives and hydrates, which reads the layout (scroll-spy), then ten more frames.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(islandsHydrated);
  await frames(page);
}

const headerHeight = async (page: Page) => (await boxOf(page.locator("header").first())).height;

/**
 * Loads `url` as a new document, as a visitor arriving would; it begins at the top unless a
 * fragment points below.
 */
async function visitAfresh(page: Page, url = "/"): Promise<void> {
  await page.goto("about:blank");
  await page.goto(url, { waitUntil: "load" });
  const [navigation, scrollY] = await page.evaluate(() => [
    (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
      ?.type,
    window.scrollY,
  ]);
  expect(navigation, "a new navigation").toBe("navigate");
  if (!url.includes("#")) expect(scrollY, "at the top").toBe(0);
}

test("a scroll, a fling, keys, a text fragment, a reload and history: the view stays", async ({
  page,
}) => {
  // Eight fresh loads, a reload and history, each followed by moves and frames: about 9 s here,
  // so more than 30 s on a runner three times slower. A limit, not a wait.
  test.setTimeout(90_000);
  // DevTools' "Disable cache" (the suite runs in Chromium): every load fetches everything anew.
  const devTools = await page.context().newCDPSession(page);
  await devTools.send("Network.enable");
  const useCache = (on: boolean) =>
    devTools.send("Network.setCacheDisabled", { cacheDisabled: !on });
  await useCache(false);

  await test.step("one instant scroll straight to any band (a scrollbar drag, a fling) stays there", async () => {
    for (const title of [
      featuresSection.title,
      curriculumSection.title,
      instructorsSection.title,
      testimonialsSection.title,
      contactSection.title,
    ]) {
      // A fresh visit each time: nothing below the fold has been looked at yet.
      await visitAfresh(page);
      const header = await headerHeight(page);
      // Where the heading is on the page at first paint, as a visitor dragging the scrollbar aims.
      await page.evaluate(
        ([name, offset]) => {
          const target = [...document.querySelectorAll("h2")].find((h) => h.textContent === name);
          const at = (target?.getBoundingClientRect().top ?? 0) + window.scrollY - offset;
          window.scrollTo({ top: at, behavior: "instant" });
        },
        [title, header] as const,
      );
      const landed = await top(page, title);
      expect(landed, title).toBe(Math.round(header));
      await settle(page);
      expect(await top(page, title), title).toBe(landed);
    }
  });

  await test.step("a large wheel fling, Page Down and End land where they land", async () => {
    await visitAfresh(page);
    const moves: [string, () => Promise<void>][] = [
      ["wheel", () => page.mouse.wheel(0, 5000)],
      ["Page Down", () => page.keyboard.press("PageDown")],
      ["End", () => page.keyboard.press("End")],
    ];
    await page.mouse.move(640, 400);
    for (const [move, act] of moves) {
      await act();
      // The browser animates these moves: where they land is where the view comes to rest.
      await waitForScrollToRest(page);
      const scrolled = await page.evaluate(() => window.scrollY);
      const landed = await top(page, contactSection.title);
      await settle(page);
      expect(await page.evaluate(() => window.scrollY), move).toBe(scrolled);
      expect(await top(page, contactSection.title), move).toBe(landed);
    }
  });

  await test.step("a search result's text-fragment link lands on its text and stays there", async () => {
    const words = instructorsSection.intro;
    await visitAfresh(page, `/#:~:text=${encodeURIComponent(words)}`);
    const text = page.getByText(words, { exact: true });
    await expect(text).toBeInViewport();
    const landed = Math.round((await boxOf(text)).y);
    await frames(page);
    expect(Math.round((await boxOf(text)).y)).toBe(landed);
  });

  await test.step("a reload, and back and forward, put the visitor back where they were", async () => {
    await visitAfresh(page);
    // A reload and the history move as a browser does, its cache on.
    await useCache(true);
    await page.evaluate(() => window.scrollTo({ top: 3000, behavior: "instant" }));
    const landed = await top(page, testimonialsSection.title);
    await page.reload({ waitUntil: "load" });
    await expect.poll(() => top(page, testimonialsSection.title)).toBe(landed);
    await frames(page);
    expect(await top(page, testimonialsSection.title)).toBe(landed);

    await page.goto("/outbox", { waitUntil: "load" });
    await page.goBack({ waitUntil: "load" });
    await expect.poll(() => top(page, testimonialsSection.title)).toBe(landed);
    await page.goForward({ waitUntil: "load" });
    await page.goBack({ waitUntil: "load" });
    await expect.poll(() => top(page, testimonialsSection.title)).toBe(landed);
  });
});
