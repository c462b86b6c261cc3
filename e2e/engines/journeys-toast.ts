// Toasts time out after about 5 seconds (docs/spec-facts.md), also the one raised after an earlier toast
// was closed with its button; closing hands focus back to the form. One step covers both (the
// timer is the same): each 5 s wait costs every engine its 5 s. The first toast's own timeout is
// toast.spec.ts's, in Chromium. The step is part of the desktop registration visit
// (journeys-registration.ts).
import { expect } from "vitest";
import { notifications, registrationToasts } from "../../src/content/registration.ts";
import type { EnginePage } from "./engine.ts";
import {
  consentSelector,
  expectNoProblems,
  noToasts,
  toastShown,
  submitSelector,
  waitFor,
} from "./steps.ts";

const { title } = registrationToasts.consentRequired;

type ToastTimes = { shown?: number; gone?: number; closeClicked?: number };

/**
 * In the page: notes on the page's own clock when a toast appears and when the last one leaves,
 * so how long it stayed does not depend on how fast the driver polls on a busy machine. Page
 * functions are sent as text: no imports inside.
 */
function watchToastTimes(): void {
  const times: ToastTimes = {};
  Object.assign(window, { toastTimes: times });
  const count = () =>
    document.querySelectorAll('[role="region"][aria-label="Notifications (F8)"] li').length;
  let shown = count() > 0;
  document.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element | null)?.closest?.('[aria-label="Notifications (F8)"] button'))
        times.closeClicked ??= event.timeStamp;
    },
    { capture: true },
  );
  new MutationObserver(() => {
    const now = count() > 0;
    if (now && !shown) times.shown = performance.now();
    if (!now && shown) times.gone = performance.now();
    shown = now;
  }).observe(document.body, { childList: true, subtree: true });
}

const readToastTimes = () => (window as unknown as { toastTimes: ToastTimes }).toastTimes;

async function raiseToast(page: EnginePage): Promise<void> {
  await page.evaluate(watchToastTimes);
  await page.click(submitSelector);
  await waitFor(page, "the consent toast", toastShown, title);
}

/**
 * It leaves by itself (docs/spec-facts.md: after about 5 s), and not before 4 s. Timers never fire early,
 * so the lower bound is exact; a loaded runner may only make it late, hence the wide wait.
 */
async function expectAutoDismiss(page: EnginePage) {
  await waitFor(page, "the toast to dismiss itself", noToasts, undefined, 20_000);
  const { shown = NaN, gone = NaN } = await page.evaluate(readToastTimes);
  expect(gone - shown, "how long the toast stayed (ms)").toBeGreaterThanOrEqual(4000);
}

/**
 * On the form filled without consent, with no toast shown: a toast closed with its button goes at
 * once (clicked as soon as it shows: on a slow runner, anything in between may outlast its 5 s);
 * the next one dismisses itself. "At once" is timed on the page's clock, from the click to the
 * toast's removal, so a busy runner's slow driver does not count.
 */
export async function toastClosedThenNextDismissesItself(page: EnginePage) {
  await raiseToast(page);
  await page.click(
    `[aria-label="Notifications (F8)"] button[aria-label="${notifications.closeLabel}"]`,
  );
  await waitFor(page, "the closed toast to leave", noToasts, undefined, 20_000);
  const { closeClicked = NaN, gone = NaN } = await page.evaluate(readToastTimes);
  expect(gone - closeClicked, "from the close button's click to the toast gone (ms)").toBeLessThan(
    2000,
  );
  // Focus is back on the form, not parked in the notifications (which pauses toasts).
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(consentSelector.slice(1));
  await raiseToast(page);
  await expectAutoDismiss(page);
  await expectNoProblems(page);
}
