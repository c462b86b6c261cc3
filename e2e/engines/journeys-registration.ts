// Visits through the registration form: the consent toast, a registration that reaches the real
// outbox, and a failed send that keeps what the visitor typed. A page load is the dearest step in
// every engine, so the two registrations begin with the page checks that need a fresh page
// (journeys-page.ts): on a phone, the load and the menu; on a desktop, a deep link to the form
// (the reloads at a fragment come last). The desktop visit also closes a toast and waits out the
// next (journeys-toast.ts) before it looks at the consent toast.
import { expect } from "vitest";
import type { StoredMessage } from "../../server/outbox/store.ts";
import {
  keptRegistration,
  registrationToasts,
  successBanner,
} from "../../src/content/registration.ts";
import { site } from "../../src/content/site.ts";
import type { RegistrationData } from "../../src/registration/registration-data.ts";
import { student } from "../support/student.ts";
import { leftOfVisitors, readBrowserStorage } from "../support/visitor-left.ts";
import type { EnginePage } from "./engine.ts";
import {
  deepLinkToRegistration,
  loadsInOrder,
  mobileMenu,
  reloadsAtFragment,
} from "./journeys-page.ts";
import { toastClosedThenNextDismissesItself } from "./journeys-toast.ts";
import {
  consentSelector,
  desktop,
  expectNoProblems,
  fieldNames,
  fillRegistration,
  isInteractive,
  type Journey,
  type JourneyContext,
  openInteractive,
  phone,
  screenshot,
  shownToasts,
  toastShown,
  sleep,
  submitSelector,
  waitFor,
} from "./steps.ts";

/** What a failed send legitimately prints: the browser's network line and the form's console.error. */
const sendFailureLogs = /^(console: |error: )(Failed to load resource|Registration failed: the )/;

/** Submits the filled form without consent: the consent toast, and focus on the checkbox. */
async function consentToast(page: EnginePage, context: JourneyContext, width: number) {
  await page.click(submitSelector);
  const { title, description } = registrationToasts.consentRequired;
  await waitFor(page, "the consent toast", toastShown, title);
  expect((await page.evaluate(shownToasts)).join("")).toContain(description);
  const colors = await page.evaluate(() => {
    const toast = document.querySelector('[aria-label="Notifications (F8)"] li');
    return toast && [getComputedStyle(toast).backgroundColor, getComputedStyle(toast).color];
  });
  expect(colors).toEqual(["rgb(220, 38, 38)", "rgb(255, 255, 255)"]);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(consentSelector.slice(1));
  await sleep(300); // the toast's fade-in is over
  await screenshot(page, context, width, "form-toast");
  await expectNoProblems(page);
}

async function outboxFor(siteUrl: string, email: string): Promise<StoredMessage[]> {
  const response = await fetch(`${siteUrl}/outbox/messages.json`);
  expect(response.ok).toBe(true);
  const messages = (await response.json()) as StoredMessage[];
  return messages.filter(
    ({ template_params: params }) => params.from_email === email || params.to_email === email,
  );
}

/** The success banner shows, and the admin's email and then the student's reached the outbox. */
async function expectRegistered(page: EnginePage, context: JourneyContext, data: RegistrationData) {
  await waitFor(
    page,
    "the success banner",
    (title) => document.querySelector("#registration [role=status]")?.textContent?.includes(title),
    successBanner.title,
  );
  const messages = await outboxFor(context.site, data.email);
  expect(messages.map((message) => message.template_params.to_email)).toEqual([
    site.email,
    data.email,
  ]);
  return messages;
}

/** Ticks consent on the filled form and submits: the admin's email, then the student's. */
async function registers(page: EnginePage, context: JourneyContext, data: RegistrationData) {
  await page.click(consentSelector);
  await page.click(submitSelector);
  const messages = await expectRegistered(page, context, data);
  expect(messages[0]?.template_params.subject).toBe("New Bootcamp Registration");
  await expectNoProblems(page);
}

/**
 * The connection drops as Register Now is pressed, then comes back: the registration is kept on
 * the device, the form says so, and the page sends it by itself on `online`, once, leaving
 * no lead and none of the visitor's details in storage. The drivers have no offline switch (the Chromium journey has one,
 * e2e/registration-kept.spec.ts), so the email client's requests fail here as they do offline
 * (an XHR error, status 0) until the test puts them back and the window hears `online`; what
 * runs is each engine's own localStorage, live region, event and Web Locks.
 */
async function keptWhileOffline(page: EnginePage, context: JourneyContext, data: RegistrationData) {
  await page.evaluate(() => {
    const send = XMLHttpRequest.prototype.send;
    Object.assign(window, { reconnect: () => (XMLHttpRequest.prototype.send = send) });
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest) {
      setTimeout(() => this.dispatchEvent(new ProgressEvent("error")));
    };
  });
  await fillRegistration(page, data);
  await page.click(submitSelector);
  await waitFor(
    page,
    "the note that the registration waits",
    // As shown: the live region always holds the first-paint script's words too, hidden by CSS
    // until a press is kept before the code ran.
    (text) =>
      [...document.querySelectorAll('#registration [aria-live="polite"]:not([role]) p')].some(
        (note) => note.textContent === text && note.getClientRects().length > 0,
      ),
    keptRegistration.waiting,
  );
  // The ledger's entry and its presses' keys (registration-data.ts), spelled out for the engine.
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("kept-registrations"))
      .map((key) => localStorage.getItem(key))
      .join(),
  );
  expect(kept).toContain(data.email);
  expect(await outboxFor(context.site, data.email)).toEqual([]);
  await page.evaluate(() => {
    (window as unknown as { reconnect: () => void }).reconnect();
    window.dispatchEvent(new Event("online"));
  });
  await expectRegistered(page, context, data);
  expect(leftOfVisitors(await page.evaluate(readBrowserStorage), [data])).toEqual([]);
  await expectNoProblems(page, sendFailureLogs);
}

/** The form's four fields and the consent box, as the page holds them. */
const formState = (names: readonly string[]) => ({
  values: names.map(
    (name) => (document.querySelector(`#registration [name="${name}"]`) as HTMLInputElement).value,
  ),
  consent: (document.querySelector("#registration-consent") as HTMLInputElement).checked,
});

/**
 * Typed and ticked before the form's code ran (held back by the code gate): React takes the
 * fields over without writing a value into them (issue 37: "nothing the visitor puts in a field
 * is taken back"), and Register Now, the first act after it, registers once.
 */
async function typedBeforeTheCode(page: EnginePage, context: JourneyContext) {
  const data = student(`${context.engine}-before-code`);
  const { codeGate } = context;
  codeGate.hold();
  try {
    await page.goto(`${codeGate.base}/`);
    await fillRegistration(page, data);
    expect(await page.evaluate(isInteractive), "nothing hydrated while held").toBe(false);
  } finally {
    codeGate.release();
  }
  await waitFor(page, "the islands to hydrate", isInteractive);
  expect(await page.evaluate(formState, [...fieldNames])).toEqual({
    values: fieldNames.map((name) => data[name]),
    consent: true,
  });
  await page.click(submitSelector);
  await expectRegistered(page, context, data);
  await expectNoProblems(page);
}

export const registrationJourneys: Journey[] = [
  {
    name: "a deep link to #registration becomes interactive with no touch (the form is in view); a toast closed with its button goes, and the next one dismisses itself after about 5 s; submitting without consent shows the consent toast; ticking consent, the registration puts exactly two emails in the outbox; reloading at a fragment becomes interactive, every time",
    viewport: desktop,
    run: async (page, context) => {
      const data = student(`${context.engine}-${desktop.width}`);
      await deepLinkToRegistration(page, context);
      await fillRegistration(page, data, false);
      // The toasts' timing first: each toast below shows only once the last has gone.
      await toastClosedThenNextDismissesItself(page);
      await consentToast(page, context, desktop.width);
      await registers(page, context, data);
      await reloadsAtFragment(page);
    },
  },
  {
    name: "loads with no error, every section in order; the mobile menu opens, and a link closes it and lands on its section; submitting without consent shows the consent toast; ticking it, the registration puts exactly two emails in the outbox; a registration as the connection drops is kept and sent once it returns",
    viewport: phone,
    run: async (page, context) => {
      const data = student(`${context.engine}-${phone.width}`);
      await loadsInOrder(page, context, phone.width);
      await mobileMenu(page);
      await fillRegistration(page, data, false);
      await consentToast(page, context, phone.width);
      await registers(page, context, data);
      await keptWhileOffline(page, context, student(`${context.engine}-offline`));
    },
  },
  {
    name: "typed and ticked before the page's code arrived: the values and the consent box survive hydration, and Register Now registers once",
    viewport: phone,
    run: typedBeforeTheCode,
  },
  {
    name: "a failed send shows the error and keeps the values",
    viewport: desktop,
    run: async (page, context) => {
      const data = student(`${context.engine}-failed`);
      await openInteractive(page, `${context.failingSite}/`);
      await fillRegistration(page, data);
      await page.click(submitSelector);
      const { title, description } = registrationToasts.registrationError;
      await waitFor(page, "the error toast", toastShown, title);
      expect((await page.evaluate(shownToasts)).join("")).toContain(description);
      const values = await page.evaluate(
        (names) =>
          names.map(
            (name) =>
              (document.querySelector(`#registration [name="${name}"]`) as HTMLInputElement).value,
          ),
        [...fieldNames],
      );
      expect(values).toEqual(fieldNames.map((name) => data[name]));
      expect(
        await page.evaluate(
          (selector) => (document.querySelector(selector) as HTMLInputElement).checked,
          consentSelector,
        ),
      ).toBe(true);
      await waitFor(
        page,
        "the submit button to be enabled again",
        (selector) => !(document.querySelector(selector) as HTMLButtonElement).disabled,
        submitSelector,
      );
      await expectNoProblems(page, sendFailureLogs);
    },
  },
];
