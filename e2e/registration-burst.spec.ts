// A campaign launch: ten visitors register at the same second against an email API that takes
// one send per second (the real outbox with OUTBOX_RATE_LIMIT=1, in a server process of its own).
import { registrationEmailCopy, successBanner } from "../src/content/registration.ts";
import type { OutboxMessage } from "./support/registration.ts";
import {
  expect,
  fillRegistration,
  openRegistration,
  student,
  submitButton,
  test,
} from "./support/registration.ts";
import { startServer, type ServerProcess } from "./support/server-process.ts";

const VISITORS = 10;
const BUDGET_MS = 45_000;

let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServer({ OUTBOX_RATE_LIMIT: "1" });
});
test.afterAll(async () => server.stop());

test("ten visitors at once against 1 send per second all register, each lead exactly once, within 45 s", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const visitors = await Promise.all(
    Array.from({ length: VISITORS }, async (_, index) => {
      const context = await browser.newContext({ baseURL: server.base });
      const page = await context.newPage();
      const failures: string[] = [];
      const log: string[] = [];
      page.on("console", (message) => {
        log.push(`${new Date().toISOString()} ${message.type()}: ${message.text()}`);
        // A 429 shows as a failed resource load; anything else would be a real problem.
        if (message.type() === "error" && !/status of 429/.test(message.text())) {
          failures.push(message.text());
        }
      });
      const data = student(`burst-${index}`);
      await openRegistration(page);
      await fillRegistration(page, data);
      return { context, page, data, failures, log };
    }),
  );

  const elapsed = await Promise.all(
    visitors.map(async ({ page, data, log }) => {
      const started = Date.now();
      await submitButton(page).click();
      const banner = page.getByRole("status").filter({ hasText: successBanner.title });
      await expect(banner)
        .toBeVisible({ timeout: BUDGET_MS })
        .catch((error: unknown) => {
          throw new Error(`${data.email} did not register; its console:\n${log.join("\n")}`, {
            cause: error,
          });
        });
      return Date.now() - started;
    }),
  );
  for (const ms of elapsed) expect(ms).toBeLessThanOrEqual(BUDGET_MS);

  const messages = (await (
    await fetch(`${server.base}/outbox/messages.json`)
  ).json()) as OutboxMessage[];
  for (const { data, failures } of visitors) {
    const theirs = messages.filter(
      ({ template_params: params }) =>
        params.from_email === data.email || params.to_email === data.email,
    );
    expect(theirs.map((message) => message.template_params.subject)).toEqual([
      registrationEmailCopy.admin.subject,
      registrationEmailCopy.student.subject,
    ]);
    expect(failures).toEqual([]);
  }
  expect(messages).toHaveLength(2 * VISITORS);
  await Promise.all(visitors.map(({ context }) => context.close()));
});
