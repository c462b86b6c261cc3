// The page as a whole: reading it top to bottom logs nothing (a hydration mismatch would), and
// from 320 px to 1920 px nothing scrolls sideways, mobile menu open or not.
import { expect, test } from "@playwright/test";
import { watchConsole } from "./support/console-watch.ts";
import { horizontalOverflow, openHydratedPage, scrollThroughPage, widths } from "./support/page.ts";

for (const width of [widths.phone, widths.desktop]) {
  test(`reading the whole page at ${width} px logs no error or warning`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const problems = watchConsole(page);
    await openHydratedPage(page);
    await scrollThroughPage(page);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.waitForTimeout(200);
    expect(problems).toEqual([]);
  });
}

for (const width of [widths.smallest, widths.phone, 768, 1024, widths.desktop, widths.widest]) {
  test(`nothing scrolls sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openHydratedPage(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await scrollThroughPage(page);
    expect(await horizontalOverflow(page)).toBe(0);
    const toggle = page.getByRole("button", { name: /menu/i });
    if (await toggle.isVisible()) {
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(await horizontalOverflow(page)).toBe(0);
    }
  });
}
