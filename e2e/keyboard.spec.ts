// The page driven by keyboard alone: the skip link, a logical Tab order with a visible focus
// ring on every stop, the mobile menu (Escape, focus back to its toggle, no trap), in-page
// links, the registration form, the toasts and the video.
//
// The tests are visits: one page goes from check to check, each old test now a step, because a
// page load and hydration cost more CPU than most of these checks. What only a fresh page's first
// Tab can show starts a visit: the skip link coming first, and the whole Tab order from the top
// (which, walking every control, has a page of its own at each width).
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

// A page of its own at each width: the walk must start from a fresh page's top, and it leaves
// focus on the last control.
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
  });
}

/** The skip link's check, which begins with a fresh page's first Tab: each visit opens with it. */
function skipLinkComesFirst(page: Page) {
  return test.step("the skip link comes first, shows itself and moves focus to the main content", async () => {
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
}

test.describe("the mobile menu", () => {
  test.use({ viewport: viewports.phone });

  test("at 375 px, after the skip link: Enter and Escape, a link chosen with Enter, no trap", async ({
    page,
  }) => {
    // Four checks on one page: a limit for a slow runner, not a wait.
    test.setTimeout(60_000);
    await openPage(page);
    await skipLinkComesFirst(page);
    const toggle = page.getByRole("button", { name: /menu/i });

    // Each step starts from the toggle, focused by script as the old tests did; from where the
    // step before left the page rather than from the top.
    await test.step("opens with Enter, closes on Escape and gives focus back to its toggle", async () => {
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

    await test.step("a link chosen with Enter closes the menu and lands on its section", async () => {
      await toggle.focus();
      await page.keyboard.press("Enter");
      const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      await menu.getByRole("link", { name: enrollLink.label }).focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(page.locator(`#${sectionIds.registration}`)).toBeFocused();
      await expect(page.locator(`#${sectionIds.registration}`)).toBeInViewport();
    });

    // Last, as it leaves the menu open; from the registration form rather than the top.
    await test.step("traps nothing: Tab moves on from its last link into the page", async () => {
      await toggle.focus();
      await page.keyboard.press("Enter");
      const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      const links = await menu.getByRole("link").count();
      for (let index = 0; index < links; index += 1) await page.keyboard.press("Tab");
      await expect(menu.getByRole("link").last()).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await page.locator(":focus").evaluate((el) => !!el.closest("main"))).toBe(true);
    });
  });
});

test.describe("with the keyboard alone", () => {
  test.use({ viewport: viewports.desktop });

  test("at 1280 px, after the skip link: a nav link, registering, the consent toast, the video", async ({
    page,
  }) => {
    // Five checks and a registration sent through the outbox on one page: a slow runner needs
    // more than 30 s. A limit, not a wait.
    test.setTimeout(90_000);
    // Answers only the player's address, which nothing before the video's step asks for.
    await stubVideoPlayer(page);
    await openPage(page);
    await skipLinkComesFirst(page);

    await test.step("a navigation link moves the view and the focus to its section", async () => {
      const link = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
      await link.focus();
      await page.keyboard.press("Enter");
      const target = page.locator(`#${sectionIds.curriculum}`);
      await expect(target).toBeFocused();
      await expect(target).toBeInViewport();
      await expect(page).toHaveURL(new RegExp(`#${sectionIds.curriculum}$`));
    });

    // The form is still untouched, as on a fresh page: typing starts from an empty field.
    await test.step("a visitor can register: type, Space on consent, Enter on submit", async () => {
      const firstName = page.locator("#registration input[name=firstName]");
      await expect(firstName).toHaveValue("");
      await firstName.focus();
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

    // After the registration the form is empty again with consent unchecked, as on a fresh
    // page, and no toast is shown: the consent toast is the only one.
    await test.step("F8 reaches the consent toast and Escape dismisses it", async () => {
      const region = page.getByRole("region", { name: "Notifications (F8)" });
      const toast = region.locator("li");
      await expect(toast).toHaveCount(0);
      await expect(page.locator("#registration input[name=consent]")).not.toBeChecked();
      await fillRegistration(page, visitor, false);
      await page.locator("#registration button[type=submit]").focus();
      await page.keyboard.press("Enter");
      await expect(toast).toContainText(registrationToasts.consentRequired.title);
      await page.keyboard.press("F8");
      expect(await page.locator(":focus").evaluate((el) => !!el.closest("[role=region]"))).toBe(
        true,
      );
      await page.keyboard.press("Tab");
      await page.keyboard.press("Escape");
      await expect(toast).toHaveCount(0);
    });

    await test.step("Enter on the video poster loads the player and moves focus to it", async () => {
      await page.getByRole("button", { name: video.playLabel }).focus();
      await page.keyboard.press("Enter");
      await expect(videoFrame(page)).toBeVisible();
      await expect(videoFrame(page)).toBeFocused();
    });
  });
});
