// The mobile menu at 375 px: the hamburger opens it; any link, Enroll Now or Escape closes it
// (Escape hands focus back to the toggle); the links still land on their sections.
//
// The tests are visits: one page goes from check to check, each old test now a step, because a
// page load and hydration cost more CPU than most of these checks. The desktop layout keeps a
// page of its own, loaded at its width.
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

test("the menu on a phone: closed, opened, each link chosen in turn, Enroll Now and Escape", async ({
  page,
}) => {
  // Eight checks, five of them with a smooth scroll: a slow runner needs more than 30 s. A limit,
  // not a wait.
  test.setTimeout(90_000);
  await openHydratedPage(page);

  await test.step("on a phone the links hide behind a hamburger that names what it does", async () => {
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

  // The last step only read the page: it is as loaded, at the top with the menu closed.
  await test.step("the hamburger opens the menu with every link and Enroll Now, and closes it again", async () => {
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

  // Each link from where the last one landed (the first from the top, as before): the menu opens
  // over a scrolled page, and focus and the view move on from another section.
  for (const link of navigation) {
    await test.step(`choosing "${link.label}" closes the menu and lands on its section`, async () => {
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

  // From the Contact section: back up the page to the form.
  await test.step("Enroll Now in the menu closes it and scrolls to the registration form", async () => {
    await openMenu(page);
    await menu(page).getByRole("link", { name: enrollLink.label }).click();
    await expectClosed(page);
    await expect(page.locator(`#${sectionIds.registration}`)).toBeFocused();
    await waitForScrollToRest(page);
    await expect(page.locator(`#${sectionIds.registration} h2`).first()).toBeInViewport();
  });

  // From the registration section instead of the top.
  await test.step("Escape closes the menu and gives focus back to the toggle", async () => {
    await openMenu(page);
    await menu(page).getByRole("link").first().focus();
    await page.keyboard.press("Escape");
    await expectClosed(page);
    await expect(toggle(page)).toBeFocused();
  });
});

// A page of its own, loaded at a desktop width as a desktop visitor's is.
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
