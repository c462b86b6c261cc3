// Every lead arrives exactly once: retries after failures send only what is missing, a late
// answer counts, a 429 is waited out without the visitor doing anything. The tests are one visit:
// a page load and hydration cost more CPU than these checks, so each goes on from the page the
// previous one left, each old test a step that names itself when it fails. Each step fills in a
// student of its own, a new registration for the page's send flow, with a route that is there
// only during the step. The page's clock is Playwright's from before the load: it flows as real
// time does for the first step, then stands still, and only runFor moves it.
import type { ConsoleMessage, Page } from "@playwright/test";
import { emailInstead, registrationToasts } from "../src/content/registration.ts";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import { site } from "../src/content/site.ts";
import { emailInsteadHref } from "../src/registration/use-registration.ts";
import {
  banner,
  expect,
  expectValuesKept,
  fillRegistration,
  openRegistration,
  outboxMessagesFor,
  SEND_ROUTE,
  sendFailureLogs,
  student,
  submitButton,
  test,
  toasts,
} from "./support/registration.ts";
import { axe } from "./support/a11y.ts";

test.use({ expectedConsoleErrors: sendFailureLogs });

const ADMIN = registrationEmailCopy.admin.subject;
const STUDENT = registrationEmailCopy.student.subject;

async function expectErrorToast(page: Page) {
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(registrationToasts.registrationError.title);
  await expect(toasts(page)).toContainText(registrationToasts.registrationError.description);
}

const subjectsFor = async (...args: Parameters<typeof outboxMessagesFor>) =>
  (await outboxMessagesFor(...args)).map((message) => message.template_params.subject);

/**
 * What the page logs about its sends, as it logs it, from now until `stop`: each "rate limited …
 * trying again in N ms" warning, and the error that ends a registration.
 */
function watchSendLog(page: Page): { warnings: string[]; errors: string[]; stop: () => void } {
  const log = { warnings: [] as string[], errors: [] as string[] };
  const record = (message: ConsoleMessage) => {
    if (message.type() === "warning") log.warnings.push(message.text());
    if (message.type() === "error" && message.text().startsWith("Registration failed"))
      log.errors.push(message.text());
  };
  page.on("console", record);
  return { ...log, stop: () => page.off("console", record) };
}

/** Polls the test's own record of console messages: no round trip to the page, so often. */
const quickly = { intervals: [10] };

/** The wait the page announced in its `index`th warning, once that warning is there. */
async function announcedWait(warnings: string[], index: number): Promise<number> {
  await expect.poll(() => warnings.length, quickly).toBeGreaterThan(index);
  const wait = /trying again in (\d+) ms\.$/.exec(warnings[index] ?? "")?.[1];
  if (wait === undefined) throw new Error(`not a backoff warning: ${warnings[index]}`);
  return Number(wait);
}

test("five registrations that fail or wait, each lead arriving once", async ({ page, request }) => {
  // Five registrations of what were five tests, one with an axe run and one with a dozen retries:
  // up to 12 s here on a busy machine, so a runner three times slower needs more than 30 s. A
  // limit, not a wait.
  test.setTimeout(120_000);
  // From the load on, as each test's log was: the 429 step expects the one warning it causes
  // to be the page's only one.
  const pageLog = watchSendLog(page);
  await page.clock.install();
  await openRegistration(page);

  // First, while the page's clock still flows, as real time did for it: nothing here waits on a
  // timer, and its toast is the freshly loaded page's first.
  await test.step("the error toast's Email us instead link writes the visitor's details to the team", async () => {
    const data = student("mailto", { firstName: "Zoë & Ada", phone: "+44 20 7946 0958" });
    await page.route(SEND_ROUTE, (route) => route.fulfill({ status: 503, body: "Unavailable" }));
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expectErrorToast(page);

    const link = toasts(page).getByRole("link", { name: emailInstead.label });
    await expect(link).toHaveAttribute("href", emailInsteadHref(data, site.email));
    const href = new URL((await link.getAttribute("href")) ?? "");
    expect(href.pathname).toBe(site.email);
    expect(href.searchParams.get("subject")).toBe(emailInstead.subject);
    expect(href.searchParams.get("body")).toContain(
      `Name: Zoë & Ada Lovelace\r\nEmail: ${data.email}\r\nPhone: +44 20 7946 0958`,
    );
    const results = await axe(page).include('[aria-label="Notifications (F8)"]').analyze();
    expect(results.violations).toEqual([]);
    await page.unroute(SEND_ROUTE);
  });

  // From here on the steps start from the last one's end, an error toast or the success banner
  // up: pressing Register takes either down at once, so what each step waits for is its own.
  await test.step("after a failed student email, Register sends only the student email; the stale error toast goes", async () => {
    const data = student("retry-student");
    let sends = 0;
    await page.route(SEND_ROUTE, (route) => {
      sends += 1;
      return sends === 2
        ? route.fulfill({ status: 500, body: "Internal error" })
        : route.continue();
    });
    await fillRegistration(page, data);
    // The page's clock stands still, so only our code can remove the toast, not its 5 s timer.
    await page.clock.pauseAt(Date.now() + 1000);
    await submitButton(page).click();
    await expectErrorToast(page);
    await expectValuesKept(page, data);

    await submitButton(page).click();
    await expect(banner(page)).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    expect(await subjectsFor(request, data.email)).toEqual([ADMIN, STUDENT]);
    await page.unroute(SEND_ROUTE);
  });

  await test.step("an admin email that answers after the timeout is waited for by the retry and sent once", async () => {
    const data = student("late-admin");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    await page.route(SEND_ROUTE, async (route) => {
      sends += 1;
      if (sends === 1) await held; // The provider hangs past the 15 s timeout, then delivers.
      await route.continue();
    });
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expect.poll(() => sends).toBe(1);
    await page.clock.runFor(15_000);
    await expectErrorToast(page);

    await submitButton(page).click();
    await expect(toasts(page)).toHaveCount(0);
    await expect(submitButton(page)).toHaveAccessibleName("Sending registration…");
    await page.clock.runFor(5000);
    expect(sends).toBe(1);
    release();
    await expect(banner(page)).toBeVisible();
    expect(await subjectsFor(request, data.email)).toEqual([ADMIN, STUDENT]);
    await page.unroute(SEND_ROUTE);
  });

  // The backoff waits run on the page's clock (Playwright's), moved on by exactly the wait the
  // page announced: the test waits for the page, never for real seconds.
  await test.step("a 429 is waited out: the visitor sees the sending button, then the success, and does nothing", async () => {
    const data = student("rate-limited");
    const { warnings } = pageLog;
    let sends = 0;
    await page.route(SEND_ROUTE, (route) => {
      sends += 1;
      return sends === 1
        ? route.fulfill({ status: 429, body: "Too Many Requests", headers: { "Retry-After": "1" } })
        : route.continue();
    });
    await fillRegistration(page, data);
    await submitButton(page).click();
    const wait = await announcedWait(warnings, 0);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^Registration: the admin email was rate limited \(HTTP 429: Too Many Requests\); trying again in \d+ ms\.$/,
      ),
    ]);
    // Just before the wait is over the page has not tried again; at its end it does, by itself.
    if (wait > 0) {
      await page.clock.runFor(wait - 1);
      await expect(submitButton(page)).toHaveAccessibleName("Sending registration…");
      expect(sends).toBe(1);
    }
    await page.clock.runFor(1);
    await expect(banner(page)).toBeVisible();
    await expect(toasts(page)).toHaveCount(0);
    expect(sends).toBe(3);
    expect(warnings).toHaveLength(1);
    expect(await subjectsFor(request, data.email)).toEqual([ADMIN, STUDENT]);
    pageLog.stop();
    await page.unroute(SEND_ROUTE);
  });

  await test.step("the button keeps saying it is sending while a 429 is waited out", async () => {
    // Its own log: the steps before logged their errors and a warning.
    const { warnings, errors, stop } = watchSendLog(page);
    let sends = 0;
    await page.route(SEND_ROUTE, (route) => {
      sends += 1;
      return route.fulfill({ status: 429, body: "Too Many Requests" });
    });
    await fillRegistration(page, student("backoff-label"));
    // The page's time as Register is pressed (the clock stands still until runFor).
    const start = await page.evaluate(() => Date.now());
    await submitButton(page).click();
    const firstWait = await announcedWait(warnings, 0);
    await page.clock.runFor(Math.max(firstWait - 1, 0));
    await expect(submitButton(page)).toHaveAccessibleName("Sending registration…");
    await expect(submitButton(page)).toBeDisabled();
    await expect(toasts(page)).toHaveCount(0);
    await page.clock.runFor(1);
    // Refused for good: wait by wait (each retry needs its answer first), until the page gives
    // up within the 45 s budget with one error.
    for (let retry = 1; errors.length === 0; retry++) {
      expect(retry, "more retries than a 45 s budget allows").toBeLessThan(60);
      // The answer to each retry is another warning or, once the budget is spent, the error.
      await expect.poll(() => warnings.length > retry || errors.length > 0, quickly).toBe(true);
      if (errors.length === 0) await page.clock.runFor(await announcedWait(warnings, retry));
    }
    expect((await page.evaluate(() => Date.now())) - start).toBeLessThanOrEqual(45_000);
    await expectErrorToast(page);
    await expect(submitButton(page)).toHaveAccessibleName("Register Now");
    expect(errors).toHaveLength(1);
    expect(sends).toBe(warnings.length + 1);
    expect(sends).toBeGreaterThan(3);
    stop();
  });
});
