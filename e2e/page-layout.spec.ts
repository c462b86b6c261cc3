// The page as a whole: from 320 px to 1920 px nothing scrolls sideways, mobile menu open or not,
// and reading it top to bottom logs nothing (a hydration mismatch would). One page per width
// serves both checks: a page load and hydration cost more than the checks themselves.
import { expect, test } from "./support/test.ts";
import { watchConsole } from "./support/console-watch.ts";
import { horizontalOverflow, openHydratedPage, scrollThroughPage, widths } from "./support/page.ts";

for (const width of [widths.smallest, widths.phone, 768, 1024, widths.desktop, widths.widest]) {
  test(`nothing scrolls sideways at ${width} px, and reading the whole page logs no error or warning`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const problems = watchConsole(page);
    await openHydratedPage(page);
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
    expect(problems).toEqual([]);
  });
}
