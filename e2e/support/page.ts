// Shared steps of the page and navigation journeys.
import type { Locator, Page } from "@playwright/test";

export const widths = { smallest: 320, phone: 375, desktop: 1280, widest: 1920 } as const;

/** Every island has been taken over by React (src/island-handover.tsx marks each container). */
export function islandsHydrated(): boolean {
  const islands = document.querySelectorAll("[data-island]");
  return islands.length > 0 && [...islands].every((island) => island.hasAttribute("data-hydrated"));
}

/**
 * Shows the intent that makes the page load its islands (lib/before-hydration.ts), the way a visitor
 * does: a key press (Shift, which does nothing else), and waits until every island hydrated.
 */
export async function hydrate(page: Page): Promise<void> {
  await page.keyboard.press("Shift");
  await page.waitForFunction(islandsHydrated);
}

/** Opens the page and makes it interactive, as a visitor's first key press does. */
export async function openHydratedPage(page: Page, url = "/"): Promise<void> {
  await page.goto(url);
  await hydrate(page);
}

/**
 * Scrolls from top to bottom in viewport-sized steps, as a visitor reading the page would. Each
 * step waits for two animation frames, by which time the page has answered the scroll (its
 * observers run in the frame after the scroll), and the walk ends once every shown image (each
 * has been in view, so asked for) has loaded or failed: the page's own events, never a sleep.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      );
    const step = Math.round(window.innerHeight * 0.8);
    for (let top = step; top < document.documentElement.scrollHeight + step; top += step) {
      window.scrollTo({ top, behavior: "instant" });
      await frames();
    }
  });
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || !image.checkVisibility()),
  );
}

/** The page is no wider than the viewport: nothing scrolls sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** An element's box; fails the test, rather than returning null, when it has none. */
export async function boxOf(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not rendered`);
  return box;
}

/**
 * Waits until the page has stopped scrolling: no change of scrollY for 100 ms of frames (longer
 * than the smooth scroll's near-still first and last frames), rather than a fixed sleep.
 */
export async function waitForScrollToRest(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = window.scrollY;
        let since = performance.now();
        const frame = (now: number) => {
          if (window.scrollY !== last) [last, since] = [window.scrollY, now];
          if (now - since >= 100) resolve(true);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}
