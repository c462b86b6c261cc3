// The toasts (docs/spec-facts.md), in one visit: a page load and hydration cost more CPU than all the
// checks on a toast, so each check goes on from the page the previous one left, and each old
// test is a step that names itself when it fails. A toast leaves nothing behind but the paused
// timers that toast-focus.ts lifts, and the steps that follow the closes and the swipe check
// exactly that: their toasts still dismiss themselves.
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

/** On the page's standing clock: a new toast is still there at 4.9 s and gone by 5.1 s. */
async function expectNextToastDismissesItself(page: Page) {
  await raiseConsentToast(page);
  await page.clock.runFor(4900);
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(200);
  await expect(toasts(page)).toHaveCount(0);
}

// The last step fails a send on purpose; the steps before it must print no error at all (checked
// where the failing send begins).
test.use({ expectedConsoleErrors: sendFailureLogs });

test("toasts: F8, the destructive style, closing, swiping, dismissing themselves, one at a time", async ({
  page,
  consoleErrors,
}) => {
  // Eight checks of what were eight tests: up to 5 s here on a busy machine, so a runner three
  // times slower and as busy comes near the default 30 s. A limit, not a wait.
  test.setTimeout(60_000);
  await openRegistration(page);
  await fillRegistration(page, student("toast"), false);

  // Real time first, as these checks had it: each toast below is closed before the clock is
  // installed, so no timer of the page's own clock is left running beside Playwright's.
  await test.step("F8 moves focus to the notifications", async () => {
    // The toaster renders its viewport once hydrated; from then on F8 works.
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    await expect(region).toBeAttached();
    await page.keyboard.press("F8");
    const viewport = region.getByRole("list");
    await expect(viewport).toBeFocused();
  });

  await test.step("a toast uses the destructive style for errors", async () => {
    await raiseConsentToast(page);
    await expect(toasts(page)).toHaveCSS("background-color", "rgb(220, 38, 38)");
    await expect(toasts(page)).toHaveCSS("color", "rgb(255, 255, 255)");
  });

  await test.step("the close button dismisses the toast", async () => {
    // A toast of its own, as before: it replaces the last one.
    await raiseConsentToast(page);
    await toasts(page).getByRole("button", { name: "Close notification" }).click();
    await expect(toasts(page)).toHaveCount(0);
  });

  await test.step("swiping a toast right by more than 50 px dismisses it; a shorter swipe does not", async () => {
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

    // The hover and the drag paused the timers; the next toast is not paused by them. From here
    // on the page's clock stands still, and only runFor moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await expectNextToastDismissesItself(page);
  });

  // After a close and a swipe instead of on a fresh page: any pause they left would show here.
  await test.step("a toast dismisses itself after about 5 seconds and leaves the page", async () => {
    await expectNextToastDismissesItself(page);
  });

  await test.step("a toast raised after one was closed with its button still dismisses itself", async () => {
    await raiseConsentToast(page);
    await toasts(page).getByRole("button", { name: "Close notification" }).click();
    await expect(toasts(page)).toHaveCount(0);
    // Focus is back where the visitor was, not parked in the notifications (which pauses toasts).
    await expect(page.locator("#registration-consent")).toBeFocused();

    await expectNextToastDismissesItself(page);
  });

  await test.step("a toast raised after one was closed with Escape still dismisses itself", async () => {
    await raiseConsentToast(page);
    await page.keyboard.press("F8");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(toasts(page)).toHaveCount(0);
    await expect(page.locator("#registration-consent")).toBeFocused();

    await expectNextToastDismissesItself(page);
  });

  // On the standing clock instead of real time: the first toast cannot have dismissed itself,
  // so one toast left means the second replaced it.
  await test.step("a second toast replaces the first: one is shown at a time", async () => {
    expect(consoleErrors, "console errors before the failing send").toEqual([]);
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
