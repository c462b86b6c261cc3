// The page as a whole: from 320 px to 1920 px nothing scrolls sideways, mobile menu open or not,
// and reading it top to bottom logs nothing (a hydration mismatch would). One load per width
// serves both checks: a page load and hydration cost more than the checks themselves.
//
// The six widths are one visit, each a step: one page, resized and then loaded afresh at each
// width. A resize alone would not do: the islands hydrate once, at the width they were loaded at,
// and a mismatch or a layout that only a load at a given width shows would go unseen. A load in
// the same page is a load at that width like a first one (a new document, at the top, its islands
// hydrated anew once a key is pressed), the console watched from the first; only the browser's
// cache is warm. Measured here: a load and hydration in a new context about 0.38 s of CPU, in the
// same page 0.19 s.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { watchConsole } from "./support/console-watch.ts";
import { horizontalOverflow, hydrate, scrollThroughPage, widths } from "./support/page.ts";

/**
 * Loads the page afresh at `width` and makes it interactive. The load is checked to be a new
 * navigation, not a reload, and to start at the top (a reload would restore the scroll).
 */
async function openHydratedPageAt(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/");
  expect(
    await page.evaluate(() => [
      (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
        ?.type,
      window.scrollY,
    ]),
    "a new navigation, at the top",
  ).toEqual(["navigate", 0]);
  await hydrate(page);
}

test("from 320 to 1920 px: nothing scrolls sideways and reading the page logs nothing", async ({
  page,
}) => {
  // Six loads, each hydrated and read to the bottom: about 10 s here, so more than 30 s on a
  // runner three times slower. A limit, not a wait.
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  for (const width of [widths.smallest, widths.phone, 768, 1024, widths.desktop, widths.widest]) {
    await test.step(`nothing scrolls sideways at ${width} px, and reading the whole page logs no error or warning`, async () => {
      await openHydratedPageAt(page, width);
      expect(await horizontalOverflow(page)).toBe(0);
      await scrollThroughPage(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      const toggle = page.getByRole("button", { name: /menu/i });
      if (await toggle.isVisible()) {
        await toggle.click();
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
        expect(await horizontalOverflow(page)).toBe(0);
      }
      // Every problem since the first load: any from an earlier width failed its own step.
      expect(problems).toEqual([]);
    });
  }
});
