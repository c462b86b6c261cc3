import { registrationToasts } from "../src/content/registration.ts";
import {
  expect,
  fillRegistration,
  openRegistration,
  SEND_ROUTE,
  sendFailureLogs,
  student,
  submitButton,
  test,
  toasts,
} from "./support/registration.ts";
import type { Page } from "@playwright/test";

/** The consent toast is the quickest toast to raise: submit a filled form without consent. */
async function raiseConsentToast(page: Page) {
  await submitButton(page).click();
  await expect(toasts(page)).toContainText(registrationToasts.consentRequired.title);
}

test.beforeEach(async ({ page }) => {
  await openRegistration(page);
  await fillRegistration(page, student("toast"), false);
});

test.describe("with a failing send", () => {
  test.use({ expectedConsoleErrors: sendFailureLogs });

  test("a second toast replaces the first: one is shown at a time", async ({ page }) => {
    await page.route(SEND_ROUTE, (route) => route.fulfill({ status: 500, body: "error" }));
    await raiseConsentToast(page);
    await raiseConsentToast(page);
    await expect(toasts(page)).toHaveCount(1);

    await page.locator("#registration-consent").check();
    await submitButton(page).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText(registrationToasts.registrationError.title);
    await expect(toasts(page)).not.toContainText(registrationToasts.consentRequired.title);
  });
});

test("a toast uses the destructive style for errors", async ({ page }) => {
  await raiseConsentToast(page);
  await expect(toasts(page)).toHaveCSS("background-color", "rgb(220, 38, 38)");
  await expect(toasts(page)).toHaveCSS("color", "rgb(255, 255, 255)");
});

test("a toast dismisses itself after about 5 seconds and leaves the page", async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await raiseConsentToast(page);
  await page.clock.runFor(4900);
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(toasts(page)).toHaveCount(0);
});

test("the close button dismisses the toast", async ({ page }) => {
  await raiseConsentToast(page);
  await toasts(page).getByRole("button", { name: "Close notification" }).click();
  await expect(toasts(page)).toHaveCount(0);
});

test("a toast raised after one was closed with its button still dismisses itself", async ({
  page,
}) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await raiseConsentToast(page);
  await toasts(page).getByRole("button", { name: "Close notification" }).click();
  await expect(toasts(page)).toHaveCount(0);
  // Focus is back where the visitor was, not parked in the notifications (which pauses toasts).
  await expect(page.locator("#registration-consent")).toBeFocused();

  await raiseConsentToast(page);
  await page.clock.runFor(4900);
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(toasts(page)).toHaveCount(0);
});

test("a toast raised after one was closed with Escape still dismisses itself", async ({ page }) => {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await raiseConsentToast(page);
  await page.keyboard.press("F8");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(toasts(page)).toHaveCount(0);
  await expect(page.locator("#registration-consent")).toBeFocused();

  await raiseConsentToast(page);
  await page.clock.runFor(5100);
  await expect(toasts(page)).toHaveCount(0);
});

test("swiping a toast right by more than 50 px dismisses it; a shorter swipe does not", async ({
  page,
}) => {
  await raiseConsentToast(page);
  const box = await toasts(page).boundingBox();
  if (!box) throw new Error("The toast has no box to swipe.");
  const start = { x: box.x + 40, y: box.y + box.height / 2 };
  const swipe = async (distance: number) => {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + distance, start.y, { steps: 10 });
    await page.mouse.up();
  };

  await swipe(30);
  await expect(toasts(page)).toHaveCount(1);
  await swipe(120);
  await expect(toasts(page)).toHaveCount(0);

  // The hover and the drag paused the timers; the next toast is not paused by them.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await raiseConsentToast(page);
  await page.clock.runFor(5100);
  await expect(toasts(page)).toHaveCount(0);
});

test("F8 moves focus to the notifications", async ({ page }) => {
  // The toaster renders its viewport once hydrated; from then on F8 works.
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  await expect(region).toBeAttached();
  await page.keyboard.press("F8");
  const viewport = region.getByRole("list");
  await expect(viewport).toBeFocused();
});
