// Journeys through the registration form: the consent toast, a registration that reaches the
// real outbox, and a failed send that keeps what the visitor typed.
import { expect } from "vitest";
import type { StoredMessage } from "../../server/outbox/store.ts";
import { registrationToasts, successBanner } from "../../src/content/registration.ts";
import { site } from "../../src/content/site.ts";
import { student } from "../support/student.ts";
import type { EnginePage } from "./engine.ts";
import {
  consentSelector,
  desktop,
  expectNoProblems,
  fieldNames,
  fillRegistration,
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

async function consentToast(page: EnginePage, context: JourneyContext, width: number) {
  await openInteractive(page, `${context.site}/`);
  await fillRegistration(page, student("consent"), false);
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

async function registers(page: EnginePage, context: JourneyContext) {
  const data = student(`${context.engine}-happy`);
  await openInteractive(page, `${context.site}/`);
  await fillRegistration(page, data);
  await page.click(submitSelector);
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
  expect(messages[0]?.template_params.subject).toBe("New Bootcamp Registration");
  await expectNoProblems(page);
}

export const registrationJourneys: Journey[] = [
  {
    name: "submitting without consent shows the consent toast",
    viewport: desktop,
    run: (page, context) => consentToast(page, context, desktop.width),
  },
  {
    name: "submitting without consent shows the consent toast",
    viewport: phone,
    run: (page, context) => consentToast(page, context, phone.width),
  },
  {
    name: "a registration puts exactly two emails in the outbox",
    viewport: desktop,
    run: registers,
  },
  { name: "a registration puts exactly two emails in the outbox", viewport: phone, run: registers },
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
