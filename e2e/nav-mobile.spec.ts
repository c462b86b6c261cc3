// The mobile menu at 375 px: the hamburger opens it; any link, Enroll Now or Escape closes it
// (Escape hands focus back to the toggle); the links still land on their sections.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { enrollLink, navigation } from "../src/content/navigation.ts";
import { sectionIds } from "../src/content/sections.ts";
import { boxOf, openHydratedPage, waitForScrollToRest, widths } from "./support/page.ts";

test.use({ viewport: { width: widths.phone, height: 812 } });

const toggle = (page: Page) => page.getByRole("button", { name: /menu/i });
// A CSS locator, not a role: the closed menu is hidden, and roles only find what is shown.
const menu = (page: Page) => page.locator("nav[aria-label=Mobile]");

async function openMenu(page: Page) {
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect(menu(page)).toBeVisible();
}

async function expectClosed(page: Page) {
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(menu(page)).toBeHidden();
}

test("on a phone the links hide behind a hamburger that names what it does", async ({ page }) => {
  await openHydratedPage(page);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(toggle(page)).toHaveAccessibleName("Open menu");
  const menuId = (await menu(page).getAttribute("id")) ?? "";
  expect(menuId).not.toBe("");
  await expect(toggle(page)).toHaveAttribute("aria-controls", menuId);
  await expectClosed(page);
  const box = await toggle(page).boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
});

test("the hamburger opens the menu with every link and Enroll Now, and closes it again", async ({
  page,
}) => {
  await openHydratedPage(page);
  await openMenu(page);
  await expect(toggle(page)).toHaveAccessibleName("Close menu");
  await expect(menu(page).getByRole("link")).toHaveText([
    ...navigation.map((link) => link.label),
    enrollLink.label,
  ]);
  // The panel opens below the bar, inside the viewport.
  const [bar, panel] = [await boxOf(toggle(page)), await boxOf(menu(page))];
  expect(panel.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  expect(panel.y + panel.height).toBeLessThanOrEqual(812);
  await toggle(page).click();
  await expectClosed(page);
});

for (const link of navigation) {
  test(`choosing "${link.label}" closes the menu and lands on its section`, async ({ page }) => {
    await openHydratedPage(page);
    await openMenu(page);
    await menu(page).getByRole("link", { name: link.label }).click();
    await expectClosed(page);
    const section = page.locator(link.href);
    await expect(section).toBeFocused();
    await waitForScrollToRest(page);
    const heading = await boxOf(section.locator("h2"));
    const header = await boxOf(page.getByRole("banner"));
    expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(section.locator("h2")).toBeInViewport();
  });
}

test("Enroll Now in the menu closes it and scrolls to the registration form", async ({ page }) => {
  await openHydratedPage(page);
  await openMenu(page);
  await menu(page).getByRole("link", { name: enrollLink.label }).click();
  await expectClosed(page);
  await expect(page.locator(`#${sectionIds.registration}`)).toBeFocused();
  await waitForScrollToRest(page);
  await expect(page.locator(`#${sectionIds.registration} h2`).first()).toBeInViewport();
});

test("Escape closes the menu and gives focus back to the toggle", async ({ page }) => {
  await openHydratedPage(page);
  await openMenu(page);
  await menu(page).getByRole("link").first().focus();
  await page.keyboard.press("Escape");
  await expectClosed(page);
  await expect(toggle(page)).toBeFocused();
});

test("the desktop layout shows the links in the bar and no hamburger", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await openHydratedPage(page);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(
    navigation.map((link) => link.label),
  );
  await expect(toggle(page)).toBeHidden();
  // One line: the bar keeps its height with the brand, four links and Enroll Now.
  const bar = await boxOf(page.getByRole("banner"));
  expect(bar.height).toBeLessThanOrEqual(73);
});
