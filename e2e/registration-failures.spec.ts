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

test.use({ expectedConsoleErrors: sendFailureLogs });

const { title, description } = registrationToasts.registrationError;

async function expectErrorToast(page: Page) {
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(title);
  await expect(toasts(page)).toContainText(description);
}

test("a failed admin send shows the error, keeps the values and skips the student email", async ({
  page,
  request,
  consoleErrors,
}) => {
  const data = student("admin-500");
  let sends = 0;
  await page.route(SEND_ROUTE, (route) => {
    sends += 1;
    return route.fulfill({ status: 500, contentType: "text/plain", body: "Internal error" });
  });
  await openRegistration(page);
  await fillRegistration(page, data);
  await submitButton(page).click();

  await expectErrorToast(page);
  await expectValuesKept(page, data);
  await expect(submitButton(page)).toBeEnabled();
  expect(sends).toBe(1);
  expect(consoleErrors).toContainEqual(
    expect.stringContaining(
      "Registration failed: the admin email could not be sent (HTTP 500: Internal error).",
    ),
  );
  expect(await outboxMessagesFor(request, data.email)).toEqual([]);
});

test("a failed student send shows the error and keeps the values, after the admin email went out", async ({
  page,
  request,
  consoleErrors,
}) => {
  const data = student("student-500");
  let sends = 0;
  await page.route(SEND_ROUTE, (route) => {
    sends += 1;
    return sends === 1 ? route.continue() : route.fulfill({ status: 500, body: "Internal error" });
  });
  await openRegistration(page);
  await fillRegistration(page, data);
  await submitButton(page).click();

  await expectErrorToast(page);
  await expectValuesKept(page, data);
  expect(consoleErrors).toContainEqual(
    expect.stringContaining(
      "Registration failed: the student email could not be sent (HTTP 500: Internal error).",
    ),
  );
  const messages = await outboxMessagesFor(request, data.email);
  expect(messages.map((message) => message.template_params.subject)).toEqual([
    "New Bootcamp Registration",
  ]);
});

test("an aborted request shows the error and keeps the values", async ({ page, consoleErrors }) => {
  const data = student("aborted");
  await page.route(SEND_ROUTE, (route) => route.abort("connectionreset"));
  await openRegistration(page);
  await fillRegistration(page, data);
  await submitButton(page).click();

  await expectErrorToast(page);
  await expectValuesKept(page, data);
  expect(consoleErrors).toContainEqual(
    expect.stringContaining(
      "Registration failed: the admin email could not be sent (network error, no response).",
    ),
  );
});

test("a request that never answers ends in the error after the 15 second timeout", async ({
  page,
  consoleErrors,
}) => {
  const data = student("hung");
  let requested = false;
  await page.route(SEND_ROUTE, () => {
    requested = true; // Never fulfilled: the server hangs.
  });
  await page.clock.install();
  await openRegistration(page);
  await fillRegistration(page, data);
  await page.clock.pauseAt(Date.now() + 1000);
  await submitButton(page).click();
  await expect.poll(() => requested).toBe(true);

  await page.clock.runFor(14_900);
  await expect(submitButton(page)).toHaveAccessibleName("Sending registration…");
  await expect(toasts(page)).toHaveCount(0);
  await page.clock.runFor(200);
  await expectErrorToast(page);
  await expectValuesKept(page, data);
  await expect(submitButton(page)).toHaveAccessibleName("Register Now");
  expect(consoleErrors).toContainEqual(
    expect.stringContaining(
      "Registration failed: the admin email could not be sent (no answer within 15000 ms).",
    ),
  );
});
