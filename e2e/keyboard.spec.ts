// The page driven by keyboard alone: the skip link, a logical Tab order with a visible focus
// ring on every stop, the mobile menu (Escape, focus back to its toggle, no trap), in-page
// links, the registration form, the toasts and the video.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { enrollLink, navigation } from "../src/content/navigation.ts";
import { registrationToasts } from "../src/content/registration.ts";
import { sectionIds } from "../src/content/sections.ts";
import { video } from "../src/content/program.ts";
import { openPage, stubVideoPlayer, videoFrame, viewports, visitor } from "./support/a11y.ts";
import { fillRegistration } from "./support/registration.ts";

const TABBABLE =
  "a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex='-1'])";

/** Numbers every control a keyboard user should reach, in document order; returns the count. */
async function markTabStops(page: Page): Promise<number> {
  return page.locator(TABBABLE).evaluateAll((elements) => {
    const reachable = elements.filter((element) => {
      const control = element as HTMLElement & { disabled?: boolean };
      if (control.tabIndex < 0 || control.disabled) return false;
      if (element.closest("[inert], [aria-hidden='true'], [hidden]")) return false;
      if (element instanceof HTMLInputElement && element.type === "hidden") return false;
      return element.checkVisibility({ visibilityProperty: true });
    });
    reachable.forEach((element, index) => element.setAttribute("data-tab-stop", String(index)));
    return reachable.length;
  });
}

/** What has focus: its tab-stop number, and whether a focus indicator is drawn around it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    // Not hidden under the fixed header (WCAG 2.4.11): the browser scrolls focus into view.
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    const ringed = style.boxShadow !== "none";
    return {
      stop: element.getAttribute("data-tab-stop"),
      name: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40),
      indicated: outlined || ringed,
      visible: !!hit && (element.contains(hit) || hit.contains(element)),
    };
  });
}

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("Tab visits every control once, in page order, each in view with a focus ring", async ({
      page,
    }) => {
      await openPage(page);
      const count = await markTabStops(page);
      expect(count).toBeGreaterThan(20);
      const visited: (string | null)[] = [];
      for (let index = 0; index < count; index += 1) {
        await page.keyboard.press("Tab");
        const now = await focused(page);
        expect(now?.indicated, `focus ring on "${now?.name}" (${device})`).toBe(true);
        expect(now?.visible, `"${now?.name}" is not under the header (${device})`).toBe(true);
        visited.push(now?.stop ?? null);
      }
      expect(visited).toEqual(Array.from({ length: count }, (_, index) => String(index)));
    });

    test("the skip link comes first, shows itself and moves focus to the main content", async ({
      page,
    }) => {
      await openPage(page);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      const box = await skip.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(24);
      expect(box?.height).toBeGreaterThanOrEqual(24);
      await page.keyboard.press("Enter");
      await expect(page.locator(`#${sectionIds.main}`)).toBeFocused();
      await page.keyboard.press("Tab");
      const next = page.locator(":focus");
      expect(await next.evaluate((el) => !!el.closest("main"))).toBe(true);
    });
  });
}

test.describe("the mobile menu", () => {
  test.use({ viewport: viewports.phone });

  test("opens with Enter, closes on Escape and gives focus back to its toggle", async ({
    page,
  }) => {
    await openPage(page);
    const toggle = page.getByRole("button", { name: /menu/i });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: navigation[0]?.label })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("traps nothing: Tab moves on from its last link into the page", async ({ page }) => {
    await openPage(page);
    const toggle = page.getByRole("button", { name: /menu/i });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    const links = await menu.getByRole("link").count();
    for (let index = 0; index < links; index += 1) await page.keyboard.press("Tab");
    await expect(menu.getByRole("link").last()).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await page.locator(":focus").evaluate((el) => !!el.closest("main"))).toBe(true);
  });

  test("a link chosen with Enter closes the menu and lands on its section", async ({ page }) => {
    await openPage(page);
    const toggle = page.getByRole("button", { name: /menu/i });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await menu.getByRole("link", { name: enrollLink.label }).focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(`#${sectionIds.registration}`)).toBeFocused();
    await expect(page.locator(`#${sectionIds.registration}`)).toBeInViewport();
  });
});

test.describe("with the keyboard alone", () => {
  test.use({ viewport: viewports.desktop });

  test("a navigation link moves the view and the focus to its section", async ({ page }) => {
    await openPage(page);
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
    await link.focus();
    await page.keyboard.press("Enter");
    const target = page.locator(`#${sectionIds.curriculum}`);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`#${sectionIds.curriculum}$`));
  });

  test("a visitor can register: type, Space on consent, Enter on submit", async ({ page }) => {
    await openPage(page);
    await page.locator("#registration input[name=firstName]").focus();
    for (const value of Object.values(visitor)) {
      await page.keyboard.type(value);
      await page.keyboard.press("Tab");
    }
    const consent = page.locator("#registration input[name=consent]");
    await expect(consent).toBeFocused();
    await page.keyboard.press("Space");
    await expect(consent).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(page.locator("#registration button[type=submit]")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#registration").getByRole("status")).toContainText(/registered/i, {
      timeout: 10_000,
    });
  });

  test("F8 reaches the consent toast and Escape dismisses it", async ({ page }) => {
    await openPage(page);
    await fillRegistration(page, visitor, false);
    await page.locator("#registration button[type=submit]").focus();
    await page.keyboard.press("Enter");
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    const toast = region.locator("li");
    await expect(toast).toContainText(registrationToasts.consentRequired.title);
    await page.keyboard.press("F8");
    expect(await page.locator(":focus").evaluate((el) => !!el.closest("[role=region]"))).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(toast).toHaveCount(0);
  });

  test("Enter on the video poster loads the player and moves focus to it", async ({ page }) => {
    await stubVideoPlayer(page);
    await openPage(page);
    await page.getByRole("button", { name: video.playLabel }).focus();
    await page.keyboard.press("Enter");
    await expect(videoFrame(page)).toBeVisible();
    await expect(videoFrame(page)).toBeFocused();
  });
});
