// Toasts time out after about 5 seconds (SPEC.md §9), also the one raised after an earlier toast
// was closed with its button; closing hands focus back to the form.
import { expect } from "vitest";
import { notifications, registrationToasts } from "../../src/content/registration.ts";
import { student } from "../support/student.ts";
import type { EnginePage } from "./engine.ts";
import {
  consentSelector,
  desktop,
  expectNoProblems,
  fillRegistration,
  type Journey,
  openInteractive,
  noToasts,
  shownToasts,
  toastShown,
  sleep,
  submitSelector,
  waitFor,
} from "./steps.ts";

const { title } = registrationToasts.consentRequired;

async function raiseToast(page: EnginePage): Promise<number> {
  await page.click(submitSelector);
  const raised = Date.now();
  await waitFor(page, "the consent toast", toastShown, title);
  return raised;
}

/** Still shown 4 s after it was raised, gone within 8 s (SPEC.md: about 5 s). */
async function expectAutoDismiss(page: EnginePage, raised: number) {
  await sleep(raised + 4000 - Date.now());
  expect(await page.evaluate(shownToasts), "still shown after 4 s").toHaveLength(1);
  await waitFor(
    page,
    "the toast to dismiss itself",
    noToasts,
    undefined,
    raised + 8000 - Date.now(),
  );
}

export const toastJourneys: Journey[] = [
  {
    name: "a toast dismisses itself after about 5 seconds",
    viewport: desktop,
    run: async (page, context) => {
      await openInteractive(page, `${context.site}/`);
      await fillRegistration(page, student("toast"), false);
      await expectAutoDismiss(page, await raiseToast(page));
      await expectNoProblems(page);
    },
  },
  {
    name: "after one is closed with its button, the next toast still dismisses itself",
    viewport: desktop,
    run: async (page, context) => {
      await openInteractive(page, `${context.site}/`);
      await fillRegistration(page, student("toast-close"), false);
      await raiseToast(page);
      await page.click(
        `[aria-label="Notifications (F8)"] button[aria-label="${notifications.closeLabel}"]`,
      );
      await waitFor(page, "the closed toast to leave", noToasts, undefined, 2000);
      // Focus is back on the form, not parked in the notifications (which pauses toasts).
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(consentSelector.slice(1));
      await expectAutoDismiss(page, await raiseToast(page));
      await expectNoProblems(page);
    },
  },
];
