// The paths of issue 37's table, one journey each: a registration is kept on the device from the
// press, sent exactly once whatever the order of presses, tabs, answers and connection, and a
// later visitor on the same device never sees a detail of it (docs/decisions/0017-registration-
// ledger.md). Each journey failed on da573b0, the code before the ledger: its comment says how.
import type { BrowserContext, Page, Route } from "@playwright/test";
import { phoneViewport, throttle } from "../scripts/bench/throttled-phone.ts";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import { emailInstead, keptRegistration, registrationToasts } from "../src/content/registration.ts";
import type { RegistrationData } from "../src/registration/registration-data.ts";
import { hydrate, islandsHydrated } from "./support/page.ts";
import {
  banner,
  expect,
  expectNothingOfVisitorKept,
  expectValuesKept,
  field,
  fillRegistration,
  keepExpiredLead,
  keptNote,
  keptText,
  outboxMessagesFor,
  SEND_ROUTE,
  student,
  submitButton,
  test,
  toasts,
} from "./support/registration.ts";

/** A send that fails, and code that cannot be fetched offline, print these; nothing else may. */
const EXPECTED_ERRORS =
  /^(Failed to load resource|Registration failed: the |The page's interactive code could not be loaded)/;
test.use({ expectedConsoleErrors: EXPECTED_ERRORS });

const ADMIN = registrationEmailCopy.admin.subject;
const STUDENT = registrationEmailCopy.student.subject;
/** The code the loader fetches: the islands', the shared chunk and the sender (not the loader). */
const PAGE_CODE = /\/assets\/(islands|registration)-[\w-]+\.js(\?|$)/;
/** From the press to the banner, a page may load React, hydrate and load the sender first. */
const AFTER_CODE_ARRIVES = { timeout: 20_000 };

/** Console errors of a page other than the test's own `page` (its fixture watches that one). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return () => expect(errors.filter((error) => !EXPECTED_ERRORS.test(error))).toEqual([]);
}

const ledgerText = keptText;

/** The subjects of the messages to or from `email`, in order. */
const subjectsFor = async (page: Page, email: string) =>
  (await outboxMessagesFor(page.request, email)).map(({ template_params: p }) => p.subject);

/**
 * Exactly one registration reached the team: the admin email, then the confirmation. Polled until
 * both arrived and no lead waits on the device any more (nothing is left to send), then once more,
 * so a second admin email sent meanwhile is seen.
 */
async function expectRegisteredOnce(page: Page, data: RegistrationData) {
  await expect
    .poll(() => subjectsFor(page, data.email), AFTER_CODE_ARRIVES)
    .toEqual([ADMIN, STUDENT]);
  await expect.poll(async () => (await ledgerText(page)).includes('"form"')).toBe(false);
  expect(await subjectsFor(page, data.email)).toEqual([ADMIN, STUDENT]);
}

/**
 * The connection, with the page's code held to it: offline, every request fails, the code the
 * loader would fetch among them, so no earlier prefetch of it can make the journey's outcome
 * depend on timing.
 */
async function connection(context: BrowserContext) {
  let offline = false;
  await context.route(PAGE_CODE, (route: Route) =>
    offline ? route.abort("internetdisconnected") : route.continue(),
  );
  return {
    drop: async () => {
      offline = true;
      await context.setOffline(true);
    },
    restore: async () => {
      offline = false;
      await context.setOffline(false);
    },
  };
}

/**
 * The visitor switches to another tab: the browser hides this one. Headless pages all stay
 * visible, so the page is told as a browser tells it (its send lock goes with it, lead-store.ts).
 */
const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((visible) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (visible ? "visible" : "hidden"),
    });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, visible);

/**
 * Records each of `values` that the page's markup ever holds (a toast may come and go within
 * seconds), from the document's start: the values it saw, once the returned function is asked.
 */
async function watchMarkupFor(page: Page, values: string[]) {
  await page.addInitScript((values) => {
    const seen = new Set<string>();
    Object.assign(window, { __seenDetails: seen });
    new MutationObserver(() => {
      const markup = document.documentElement?.outerHTML ?? "";
      for (const value of values) if (markup.includes(value)) seen.add(value);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, values);
  return () =>
    page.evaluate(() => [...(window as unknown as { __seenDetails: Set<string> }).__seenDetails]);
}

/** Holds every send of `page` until the returned function is called. */
async function holdSends(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(SEND_ROUTE, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Register Now, offline, before any of the page's code came: kept, and the form says so. */
async function expectKeptOffline(page: Page, data: RegistrationData) {
  await expect(keptNote(page, keptRegistration.waiting)).toBeVisible();
  // Not stuck on "Sending…": the visitor can leave, knowing it is saved.
  await expect(submitButton(page)).toHaveAccessibleName("Register Now");
  await expect(submitButton(page)).toBeEnabled();
  expect(await ledgerText(page)).toContain(data.email);
  expect(await page.evaluate(islandsHydrated)).toBe(false);
}

test.describe("on a throttled phone", () => {
  test.use({ viewport: phoneViewport, hasTouch: true, isMobile: true });
  // A limit, not a wait: the page runs at a quarter of the runner's speed on purpose.
  test.describe.configure({ timeout: 60_000 });

  // da573b0: the form's fields were React's state, read from the page when React rendered the
  // form. Autofill landing while React hydrated (the code already fetched, as it is at a visitor's
  // first scroll) was lost: Last name, Email and Phone emptied when the consent tap
  // re-rendered the form, and Register Now then stopped at "Please fill out this field" (the
  // issue: 6 of 6 on the throttled phone; here about one run in two, see the note). The code is
  // not held back: the acts must overlap hydration. Whichever way they fall, the fields must keep
  // what the browser put in them, so the outcome is the same in every run.
  test("autofill right after the first tap, consent and Register Now, while the code arrives: the values survive hydration, and it registers once", async ({
    page,
  }) => {
    const data = student("ledger-autofill");
    const devTools = await throttle(page);
    // Held, so the fields are checked after hydration and before the success clears them.
    const releaseSends = await holdSends(page);
    await page.goto("/", { waitUntil: "load" });
    // The visitor scrolls a little, a sign of intent: the page fetches the islands' code.
    await page.mouse.wheel(0, 100);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            performance
              .getEntriesByType("resource")
              .some((entry) => /\/assets\/islands-code-[\w-]+\.js$/.test(entry.name)),
          ),
        AFTER_CODE_ARRIVES,
      )
      .toBe(true);
    await field(page, "firstName").tap();
    // As browsers autofill: each field's value, then `input` and `change`, all in one task.
    await page.evaluate((data) => {
      for (const [name, value] of Object.entries(data)) {
        const input = document.querySelector<HTMLInputElement>(`#registration [name="${name}"]`);
        if (!input) continue;
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }, data);
    await field(page, "consent").tap();
    await submitButton(page).tap();

    await expect.poll(() => page.evaluate(islandsHydrated), AFTER_CODE_ARRIVES).toBe(true);
    // The sends are still held: what the fields show now is what hydration left in them.
    await expectValuesKept(page, data);
    await expect(submitButton(page)).toHaveAccessibleName(/sending/i);
    await devTools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    releaseSends();
    await expect(banner(page)).toBeVisible(AFTER_CODE_ARRIVES);
    await expectRegisteredOnce(page, data);
  });
});

test.describe("offline before the first touch: the page's code never came", () => {
  // Offline, every file the page asks for fails to load, as it should.
  test.use({ expectedConsoleErrors: new RegExp(`${EXPECTED_ERRORS.source}|^resource error: `) });
  // da573b0: the form's own code kept the lead, and it could not be fetched: nothing was kept,
  // nothing said, and a closed tab lost the registration.
  test("Register Now keeps it and says so; the tab closed, the next visit online sends it once", async ({
    page,
    context,
  }) => {
    const data = student("ledger-offline-closed");
    const network = await connection(context);
    await page.goto("/", { waitUntil: "load" });
    await network.drop();
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expectKeptOffline(page, data);
    await page.close();

    await network.restore();
    const next = await context.newPage();
    const errors = watchErrors(next);
    // No touch: the loader finds the kept registration at load.
    await next.goto("/");
    await expectRegisteredOnce(next, data);
    await expect(keptNote(next, keptRegistration.sentEarlier)).toBeVisible();
    await expectNothingOfVisitorKept(next, data);
    errors();
  });

  // da573b0: nothing was kept, so neither tab ever sent it.
  test("Register Now keeps it and says so; with a second tab open, back online, it is sent once", async ({
    page,
    context,
  }) => {
    const data = student("ledger-offline-two-tabs");
    const network = await connection(context);
    const other = await context.newPage();
    const errors = watchErrors(other);
    await other.goto("/", { waitUntil: "load" });
    await page.goto("/", { waitUntil: "load" });
    await network.drop();
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expectKeptOffline(page, data);

    // Both tabs hear `online` and run their code; one sends it, the other finds it sent.
    await network.restore();
    await expectRegisteredOnce(page, data);
    // The tab where it was pressed tells its visitor.
    await expect(banner(page)).toBeVisible(AFTER_CODE_ARRIVES);
    await expect(keptNote(page, keptRegistration.waiting)).toHaveCount(0);
    await expectNothingOfVisitorKept(other, data);
    errors();
  });
});

// da573b0: each press was a lead of its own, so the mistyped one went to the team too.
test("offline, a typo corrected between two presses: back online, one admin email with the corrected address, one confirmation to it, none to the typo", async ({
  page,
  context,
}) => {
  const data = student("ledger-typo");
  const typo = { ...data, email: data.email.replace("@example.com", "@exmaple.com") };
  await page.goto("/");
  await hydrate(page);
  const sender = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith("/assets/registration-sender-"),
  );
  await fillRegistration(page, typo);
  await sender;

  await context.setOffline(true);
  await submitButton(page).click();
  await expect(keptNote(page, keptRegistration.waiting)).toBeVisible();
  await field(page, "email").fill(data.email);
  await submitButton(page).click();
  // The correction replaced the mistyped details under the same registration.
  await expect.poll(() => ledgerText(page)).toContain(data.email);
  expect(await ledgerText(page)).not.toContain(typo.email);
  await expect(submitButton(page)).toHaveAccessibleName("Register Now");

  await context.setOffline(false);
  await expect(banner(page)).toBeVisible();
  await expectRegisteredOnce(page, data);
  const [admin] = await outboxMessagesFor(page.request, data.email);
  expect(admin?.template_params.message).toContain(data.email);
  expect(admin?.template_params.message).not.toContain(typo.email);
  expect(await outboxMessagesFor(page.request, typo.email)).toEqual([]);
  await expectNothingOfVisitorKept(page, data, typo);
});

test.describe("a 503, then a second tab delivers the kept registration", () => {
  /** The first send gets 503: kept, the error toast, the note that it waits. */
  async function failedOnce(page: Page, data: RegistrationData) {
    await page.route(SEND_ROUTE, (route) => route.fulfill({ status: 503, body: "Unavailable" }));
    await page.goto("/");
    await hydrate(page);
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expect(toasts(page)).toContainText(registrationToasts.registrationError.title);
    await expect(keptNote(page, keptRegistration.waiting)).toBeVisible();
    // Any later send of this tab would reach the outbox, and be counted.
    await page.unroute(SEND_ROUTE);
  }

  // da573b0 (the issue): the first tab never learned that the other had sent it; pressed again,
  // with the same values still in its fields, it sent a second admin email.
  test("the first tab learns it was sent: the banner, no error, the fields cleared, and Register Now again sends nothing more", async ({
    page,
    context,
  }) => {
    const data = student("ledger-503-told");
    await failedOnce(page, data);
    // The visitor opens a second tab: the browser hides the first.
    await setVisible(page, false);
    const other = await context.newPage();
    const errors = watchErrors(other);
    await other.goto("/");
    await expectRegisteredOnce(other, data);

    // Told by the other tab's write (a storage event), not by a send of its own.
    await expect(banner(page)).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    await expect(keptNote(page, keptRegistration.waiting)).toHaveCount(0);
    await expect(field(page, "email")).toHaveValue("");
    await setVisible(page, true);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveAccessibleName("Register Now");
    await expectRegisteredOnce(page, data);
    await expectNothingOfVisitorKept(page, data);
    // The tab that sent it says so without a detail: it may have been another visitor's.
    await expect(keptNote(other, keptRegistration.sentEarlier)).toBeVisible();
    errors();
  });
});

// da573b0: the next person's page showed the Registration Error toast, its "Email us instead"
// link carrying the earlier visitor's name, email and phone.
test("a shared computer: the next person's page resends an earlier visitor's kept registration, refused, and shows none of its details", async ({
  page,
  context,
}) => {
  const earlier = student("ledger-shared", {
    firstName: "Zebulon",
    lastName: "Quartermaine",
    phone: "+44 7700 900456",
  });
  await test.step("visitor A registers offline and leaves; the registration stays kept", async () => {
    await page.goto("/");
    await hydrate(page);
    const sender = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith("/assets/registration-sender-"),
    );
    await fillRegistration(page, earlier);
    await sender;
    await context.setOffline(true);
    await submitButton(page).click();
    await expect(keptNote(page, keptRegistration.waiting)).toBeVisible();
    expect(await ledgerText(page)).toContain(earlier.email);
    await page.close();
    await context.setOffline(false);
  });

  await test.step("the next person opens the site; EmailJS refuses the resend", async () => {
    await context.route(SEND_ROUTE, (route) =>
      route.fulfill({ status: 400, body: "The service ID is invalid" }),
    );
    const next = await context.newPage();
    const errors = watchErrors(next);
    // Every detail, and each as the mailto: link of "Email us instead" would encode it.
    const details = Object.values(earlier);
    const seenInMarkup = await watchMarkupFor(next, [
      ...details,
      ...details.map((value) => encodeURIComponent(value)),
    ]);
    const asked = next.waitForRequest(SEND_ROUTE);
    await next.goto("/");
    await asked;
    // Once A's registration left the device, refused.
    await expect.poll(async () => (await ledgerText(next)).includes('"form"')).toBe(false);
    await expect(toasts(next)).toHaveCount(0);
    await expect(next.getByRole("link", { name: emailInstead.label })).toHaveCount(0);
    const html = await next.content();
    const hrefs = await next
      .locator("[href]")
      .evaluateAll((links) =>
        links.map((link) => decodeURIComponent(link.getAttribute("href") ?? "")),
      );
    for (const value of Object.values(earlier)) {
      expect(html, "the page holds none of A's details").not.toContain(value);
      expect(hrefs.filter((href) => href.includes(value))).toEqual([]);
    }
    expect(await seenInMarkup(), "A's details, at any time since the page began").toEqual([]);
    await expectNothingOfVisitorKept(next, earlier);
    expect(await outboxMessagesFor(next.request, earlier.email)).toEqual([]);
    // At most the generic words.
    await expect(next.locator("#registration [aria-live=polite] p:visible")).toHaveText([
      keptRegistration.failedEarlier,
    ]);
    errors();
  });
});

// Without a reCAPTCHA key. No lead is dropped unsent because of the clock: one found past its week
// gets one more send at the next load, and then leaves whatever the answer (a3025ac dropped it).
test("a lead kept 8 days ago is sent once at the next load, with no touch, and then leaves", async ({
  page,
}) => {
  const old = student("ledger-expired", { firstName: "Octavia", lastName: "Eightdays" });
  await page.goto("/");
  await keepExpiredLead(page, old);
  await page.reload();
  await expect.poll(() => subjectsFor(page, old.email)).toEqual([ADMIN, STUDENT]);
  await expect.poll(async () => (await ledgerText(page)).includes(old.email)).toBe(false);
  await expectNothingOfVisitorKept(page, old);
  await expect(toasts(page)).toHaveCount(0);
  // Only the generic words: the lead may be another person's.
  await expect(page.locator("#registration [aria-live=polite] p:visible")).toHaveText([
    keptRegistration.sentEarlier,
  ]);
});
