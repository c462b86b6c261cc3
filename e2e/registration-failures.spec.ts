// A registration that fails: the visitor sees the error and keeps what they typed. The tests are
// one visit: a page load and hydration cost more CPU than the checks of a failure, so each failure
// goes on from the page the previous one left (its error toast up, its values kept), each old
// test a step that names itself when it fails. Each step fills in a student of its own, a new
// registration for the page's send flow, and fails its sends with a route that is there only
// during the step.
import { registrationToasts } from "../src/content/registration.ts";
import {
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
import type { Page } from "@playwright/test";
import type { RegistrationData } from "../src/registration/registration-data.ts";

test.use({ expectedConsoleErrors: sendFailureLogs });

const { title, description } = registrationToasts.registrationError;

/**
 * What a failed registration shows: one error toast, the visitor's values kept, and the console
 * line giving the reason, among the errors logged since the step began.
 */
async function expectFailureShown(
  page: Page,
  data: RegistrationData,
  loggedSinceStep: () => string[],
  reason: string,
) {
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(title);
  await expect(toasts(page)).toContainText(description);
  await expectValuesKept(page, data);
  expect(loggedSinceStep()).toContainEqual(
    expect.stringContaining(`Registration failed: the ${reason}.`),
  );
}

test("four failures in a row: an admin send, a student send, an aborted request, no answer", async ({
  page,
  request,
  consoleErrors,
}) => {
  // Four registrations of what were four tests: up to 6 s here on a busy machine, so a runner
  // three times slower and as busy comes near the default 30 s. A limit, not a wait.
  test.setTimeout(60_000);
  /** The console errors since `count` were logged: each step finds its own, not an earlier one's. */
  const errorsSince = (count: number) => () => consoleErrors.slice(count);
  // Installed before the load, as the last step had it; it flows as real time does until that
  // step stops it, and no check before then waits on a timer.
  await page.clock.install();
  await openRegistration(page);

  await test.step("a failed admin send shows the error, keeps the values and skips the student email", async () => {
    const data = student("admin-500");
    const before = consoleErrors.length;
    let sends = 0;
    await page.route(SEND_ROUTE, (route) => {
      sends += 1;
      return route.fulfill({ status: 500, contentType: "text/plain", body: "Internal error" });
    });
    await fillRegistration(page, data);
    await submitButton(page).click();

    await expectFailureShown(
      page,
      data,
      errorsSince(before),
      "admin email could not be sent (HTTP 500: Internal error)",
    );
    await expect(submitButton(page)).toBeEnabled();
    expect(sends).toBe(1);
    expect(await outboxMessagesFor(request, data.email)).toEqual([]);
    await page.unroute(SEND_ROUTE);
  });

  // The steps below start from the last one's failure, its toast up: pressing Register takes
  // that toast down at once, so the toast each waits for is its own.
  await test.step("a failed student send shows the error and keeps the values, after the admin email went out", async () => {
    const data = student("student-500");
    const before = consoleErrors.length;
    let sends = 0;
    await page.route(SEND_ROUTE, (route) => {
      sends += 1;
      return sends === 1
        ? route.continue()
        : route.fulfill({ status: 500, body: "Internal error" });
    });
    await fillRegistration(page, data);
    await submitButton(page).click();

    await expectFailureShown(
      page,
      data,
      errorsSince(before),
      "student email could not be sent (HTTP 500: Internal error)",
    );
    const messages = await outboxMessagesFor(request, data.email);
    expect(messages.map((message) => message.template_params.subject)).toEqual([
      "New Bootcamp Registration",
    ]);
    await page.unroute(SEND_ROUTE);
  });

  await test.step("an aborted request shows the error and keeps the values", async () => {
    const data = student("aborted");
    const before = consoleErrors.length;
    await page.route(SEND_ROUTE, (route) => route.abort("connectionreset"));
    await fillRegistration(page, data);
    await submitButton(page).click();

    await expectFailureShown(
      page,
      data,
      errorsSince(before),
      "admin email could not be sent (network error, no response)",
    );
    await page.unroute(SEND_ROUTE);
  });

  // With the last step's error toast up instead of none: at 14.9 s there must be no toast at all.
  await test.step("a request that never answers ends in the error after the 15 second timeout", async () => {
    const data = student("hung");
    const before = consoleErrors.length;
    let requested = false;
    await page.route(SEND_ROUTE, () => {
      requested = true; // Never fulfilled: the server hangs.
    });
    await fillRegistration(page, data);
    // Stop the page's clock: from here on, only runFor moves it.
    await page.clock.pauseAt(Date.now() + 1000);
    await submitButton(page).click();
    await expect.poll(() => requested).toBe(true);

    await page.clock.runFor(14_900);
    await expect(submitButton(page)).toHaveAccessibleName("Sending registration…");
    await expect(toasts(page)).toHaveCount(0);
    await page.clock.runFor(200);
    await expectFailureShown(
      page,
      data,
      errorsSince(before),
      "admin email could not be sent (no answer within 15000 ms)",
    );
    await expect(submitButton(page)).toHaveAccessibleName("Register Now");
  });
});
