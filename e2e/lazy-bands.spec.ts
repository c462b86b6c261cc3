// The bands below the fold are laid out only as they come near the view (content-visibility in
// styles.css), until something needs true positions: then every band is (src/lib/lazy-bands.ts),
// and what the visitor sees stays where it was.
import { expect, test, type Page } from "@playwright/test";
import { contactSection } from "../src/content/contact.ts";
import { menuLabels, navigation } from "../src/content/navigation.ts";
import { sectionIds } from "../src/content/sections.ts";
import { BANDS_LAID_OUT } from "../src/lib/lazy-bands.ts";
import { boxOf, widths } from "./support/page.ts";

test.use({ viewport: { width: widths.phone, height: 800 } });

// The attribute is set, and the stylesheet's rule, which names it on its own, lets go of every band.
const allLaidOut = (page: Page) =>
  page.evaluate(
    (name) =>
      document.documentElement.hasAttribute(name) &&
      [...document.querySelectorAll("main > section + section")].every(
        (band) => getComputedStyle(band).contentVisibility === "visible",
      ),
    BANDS_LAID_OUT,
  );
const contactHeading = (page: Page) =>
  page.getByRole("heading", { level: 2, name: contactSection.title });

test("a page opened at its top lays out the bands near the view only", async ({ page }) => {
  await page.goto("/", { waitUntil: "load" });
  expect(await allLaidOut(page)).toBe(false);
  const bands = await page.evaluate(() =>
    [...document.querySelectorAll("main > section + section")].map((band) => ({
      lazy: getComputedStyle(band).contentVisibility,
      // Skipped: its contents are neither laid out nor painted.
      shown: band.querySelector("h2")?.checkVisibility({ contentVisibilityAuto: true }),
    })),
  );
  expect(bands.length).toBeGreaterThan(5);
  expect(bands.every((band) => band.lazy === "auto")).toBe(true);
  expect(bands.at(-1)?.shown).toBe(false);
});

test("the first Tab lays out every band before focus moves", async ({ page }) => {
  await page.goto("/", { waitUntil: "load" });
  await page.keyboard.press("Tab");
  expect(await allLaidOut(page)).toBe(true);
});

test("an in-page link lays out every band and lands its heading below the header", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/", { waitUntil: "load" });
  const header = await boxOf(page.locator("header").first());
  await page.getByRole("button", { name: menuLabels.open }).click();
  const contact = navigation.find((link) => link.href === `#${sectionIds.contact}`);
  await page
    .getByRole("navigation", { name: "Mobile" })
    .getByRole("link", { name: contact?.label })
    .click();
  expect(await allLaidOut(page)).toBe(true);
  const { y } = await boxOf(contactHeading(page));
  expect(y).toBeGreaterThanOrEqual(header.height);
  expect(y).toBeLessThan(header.height + 80);
});

test("a visit that starts at a fragment lays out every band at once", async ({ page }) => {
  await page.goto(`/#${sectionIds.contact}`, { waitUntil: "load" });
  expect(await allLaidOut(page)).toBe(true);
  await expect(contactHeading(page)).toBeInViewport();
  const header = await boxOf(page.locator("header").first());
  expect((await boxOf(contactHeading(page))).y).toBeGreaterThanOrEqual(header.height);
});

test("a reload keeps the visitor where they had scrolled", async ({ page }) => {
  await page.goto("/", { waitUntil: "load" });
  // Scrolled the visitor's way, band by band, until the contact heading is in view.
  while ((await boxOf(contactHeading(page))).y > 400) {
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  const before = (await boxOf(contactHeading(page))).y;
  await page.reload({ waitUntil: "load" });
  expect(await allLaidOut(page)).toBe(true);
  await expect
    .poll(async () => Math.round((await boxOf(contactHeading(page))).y))
    .toBe(Math.round(before));
});

test("printing lays out every band by itself", async ({ page }) => {
  await page.goto("/", { waitUntil: "load" });
  // Both prints in the web font, so that only the bands' layout could tell them apart.
  await page.waitForFunction(() =>
    [...document.fonts].some(
      (face) => face.family.includes("Inter Variable") && face.status === "loaded",
    ),
  );
  const printedPages = async () =>
    ((await page.pdf({ format: "A4" })).toString("latin1").match(/\/Type\s*\/Page\b/g) ?? [])
      .length;
  const lazy = await printedPages();
  expect(await allLaidOut(page)).toBe(false);
  // A skipped band would print as its 50rem estimate, and the page count would differ.
  await page.evaluate((name) => document.documentElement.setAttribute(name, ""), BANDS_LAID_OUT);
  expect(lazy).toBeGreaterThan(1);
  expect(lazy).toBe(await printedPages());
});
