// Shared steps of the registration journeys: a page whose console is watched, the form, and
// the outbox of the server under test (the real one, via /outbox/messages.json).
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { StoredMessage } from "../../server/outbox/store.ts";
import { successBanner } from "../../src/content/registration.ts";
import { LEDGER_KEY, type RegistrationData } from "../../src/registration/registration-data.ts";

export { expect };
import { openHydratedPage } from "./page.ts";
import { test as base } from "./test.ts";
import { leftOfVisitors, readBrowserStorage } from "./visitor-left.ts";
export { student } from "./student.ts";

export const SEND_ROUTE = "**/outbox/api/v1.0/email/send";

/** What a failed send legitimately prints: the browser's network line and our console.error. */
export const sendFailureLogs = /^(Failed to load resource|Registration failed: the )/;

type Fixtures = { expectedConsoleErrors: RegExp | null; consoleErrors: string[] };

/** Every journey fails on a console error, page error or resource error it did not expect. */
export const test = base.extend<Fixtures>({
  expectedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      const unexpected = errors.filter((error) => !expectedConsoleErrors?.test(error));
      expect(unexpected, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens the page and waits until the islands, the registration form among them, hydrated. */
export async function openRegistration(page: Page) {
  await openHydratedPage(page);
}

export const field = (page: Page, name: keyof RegistrationData | "consent") =>
  page.locator(`#registration [name="${name}"]`);

export const submitButton = (page: Page) =>
  page.locator("#registration").getByRole("button", { name: /register now|sending/i });

export async function fillRegistration(page: Page, data: RegistrationData, consent = true) {
  for (const name of ["firstName", "lastName", "email", "phone"] as const) {
    await field(page, name).fill(data[name]);
  }
  if (consent) await field(page, "consent").check();
}

/**
 * Fills the form and ticks consent as the browser's autofill or a restored form does, with no
 * event that would start the page's code: a press after it is the visitor's first act.
 */
export const fillWithNoEvent = (page: Page, data: RegistrationData) =>
  page.evaluate((data) => {
    for (const [name, value] of Object.entries(data)) {
      const input = document.querySelector<HTMLInputElement>(`#registration [name="${name}"]`);
      if (input) input.value = value;
    }
    const consent = document.querySelector<HTMLInputElement>('#registration [name="consent"]');
    if (consent) consent.checked = true;
  }, data);

export async function expectValuesKept(page: Page, data: RegistrationData) {
  for (const name of ["firstName", "lastName", "email", "phone"] as const) {
    await expect(field(page, name)).toHaveValue(data[name]);
  }
  await expect(field(page, "consent")).toBeChecked();
}

/** A message as the outbox keeps it (and /outbox/messages.json returns it). */
export type OutboxMessage = StoredMessage;

/** The outbox messages of one student (sent to or from their address), in arrival order. */
export async function outboxMessagesFor(
  request: APIRequestContext,
  email: string,
): Promise<OutboxMessage[]> {
  const response = await request.get("/outbox/messages.json");
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as OutboxMessage[];
  return messages.filter(
    ({ template_params: params }) => params.from_email === email || params.to_email === email,
  );
}

/** The form's success banner, once it shows. */
export const banner = (page: Page) =>
  page.getByRole("status").filter({ hasText: successBanner.title });

export const toasts = (page: Page) =>
  page.getByRole("region", { name: "Notifications (F8)" }).getByRole("listitem");

/** localStorage's key of the registrations waiting on the device (registration-data.ts). */
export { LEDGER_KEY };

/** All the ledger keeps: its entry and the presses under keys of their own, one text. */
export const keptText = (page: Page) =>
  page.evaluate(
    (prefix) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => localStorage.getItem(key))
        .join("\n"),
    LEDGER_KEY,
  );

/**
 * Nothing of the visitors stays in the browser: no lead, none of their details
 * (support/visitor-left.ts), no cookie (httpOnly ones too, which the page cannot read).
 */
export async function expectNothingOfVisitorKept(page: Page, ...visitors: RegistrationData[]) {
  const left = leftOfVisitors(await page.evaluate(readBrowserStorage), visitors);
  expect(left, "what the browser keeps of the visitor").toEqual([]);
  expect(await page.context().cookies()).toEqual([]);
}

/**
 * The form's note of a kept registration holding `text`, as shown: the live region always holds
 * the first-paint script's words too, hidden by CSS until a press is kept before the code ran.
 */
export const keptNote = (page: Page, text: string) =>
  page
    .locator('#registration [aria-live="polite"]')
    .getByText(text, { exact: true })
    .filter({ visible: true });

/** A lead an earlier visit kept (8 days ago unless said), in the ledger's format, for the next load. */
export async function keepExpiredLead(page: Page, form: RegistrationData, daysAgo = 8) {
  await page.evaluate(
    ({ key, form, daysAgo }) => {
      const lead = {
        reference: "X7QM2K",
        at: Date.now() - daysAgo * 86_400_000,
        form,
        honeypot: "",
        delivered: [],
        // da573b0's format had this too: its pages read the lead as an expired one, not damaged.
        inFlight: [],
      };
      localStorage.setItem(key, JSON.stringify({ v: 1, leads: [lead], done: [] }));
    },
    { key: LEDGER_KEY, form, daysAgo },
  );
}
