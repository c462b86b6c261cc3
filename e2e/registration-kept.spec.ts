// No lead lost: a registration is kept on the device before its first request and sent by the
// page itself once it can be (docs/decisions/0017-registration-ledger.md). Each test is one journey of
// a visitor whose connection, tab or storage fails them; the outbox says what reached the team.
// Every page a test opens has its console watched: an error or a warning it does not expect
// fails it.
import type { Page } from "@playwright/test";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import { keptRegistration, registrationToasts } from "../src/content/registration.ts";
import { watchConsole } from "./support/console-watch.ts";
import { hydrate } from "./support/page.ts";
import {
  banner,
  expect,
  expectNothingOfVisitorKept,
  expectValuesKept,
  fillRegistration,
  keptNote,
  LEDGER_KEY,
  outboxMessagesFor,
  SEND_ROUTE,
  sendFailureLogs,
  student,
  submitButton,
  test,
  toasts,
} from "./support/registration.ts";
import type { APIRequestContext } from "@playwright/test";
import type { RegistrationData } from "../src/registration/registration-data.ts";

test.use({ expectedConsoleErrors: sendFailureLogs });

const ADMIN = registrationEmailCopy.admin.subject;
const STUDENT = registrationEmailCopy.student.subject;
/** The one warning of storage that cannot keep a registration (lead-store.ts's warnOnce). */
const NOT_KEPT = /^warning: Registration storage on this device: /;
/** What createLedgerStore warns of a record it sets aside. */
const DAMAGED =
  /^warning: Registration storage on this device: a damaged entry \(1 record\(s\) set aside\)$/;

const waitingNote = (page: Page) => keptNote(page, keptRegistration.waiting);

/** Watches a page's console; `check` fails on anything but send failures and `allowed`. */
function watch(page: Page, allowed?: RegExp) {
  const problems = watchConsole(page);
  const send = /^error: (Failed to load resource|Registration failed: the )/;
  const unexpected = () =>
    problems.filter((problem) => !send.test(problem) && !allowed?.test(problem));
  return { problems, check: () => expect(unexpected(), "unexpected console output").toEqual([]) };
}

/** The ledger's stored text, parsed ({} when there is none). */
const ledger = async (page: Page) =>
  JSON.parse((await page.evaluate((key) => localStorage.getItem(key), LEDGER_KEY)) ?? "{}") as {
    v?: number;
    leads?: Record<string, unknown>[];
  };

/**
 * The student's messages in the outbox, polled until their subjects are `subjects` (or one of
 * them), and the one reference they all quote.
 */
async function expectDelivered(
  request: APIRequestContext,
  data: RegistrationData,
  ...subjects: string[][]
) {
  const messages = () => outboxMessagesFor(request, data.email);
  const received = async () =>
    JSON.stringify((await messages()).map((message) => message.template_params.subject));
  const expected = subjects.map((list) => JSON.stringify(list));
  await expect.poll(async () => expected.includes(await received())).toBe(true);
  const references = (await messages()).map(
    ({ template_params: params }) => /^Reference: (\w+)$/m.exec(params.message ?? "")?.[1],
  );
  expect(references[0]).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  expect(new Set(references).size).toBe(1);
}

async function expectErrorToast(page: Page) {
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(registrationToasts.registrationError.title);
}

test("offline at Register Now: kept and said so, sent when the connection returns, nothing left after", async ({
  page,
  context,
  request,
}) => {
  const data = student("offline");
  // A campaign landing: its source is kept for the tab too, until the lead is delivered.
  await page.goto("/?utm_source=kept-test");
  await hydrate(page);
  // The form's first touch fetches the sender's code; the tunnel comes after it.
  const sender = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith("/assets/registration-sender-"),
  );
  await fillRegistration(page, data);
  await sender;
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await context.cookies()).toEqual([]);

  await test.step("offline: the error toast, the values kept, a polite note that it waits", async () => {
    await context.setOffline(true);
    await submitButton(page).click();
    await expectErrorToast(page);
    await expectValuesKept(page, data);
    await expect(waitingNote(page)).toBeVisible();
    // Kept with the landing's source, should the tab close before the connection returns.
    expect(await ledger(page)).toMatchObject({
      v: 1,
      leads: [{ form: data, delivered: [], source: { utm_source: "kept-test" } }],
    });
  });

  await test.step("back online: the page sends it by itself, once, and forgets the visitor", async () => {
    await context.setOffline(false);
    await expect(banner(page)).toBeVisible();
    await expect(waitingNote(page)).toHaveCount(0);
    await expectDelivered(request, data, [ADMIN, STUDENT]);
    await expectNothingOfVisitorKept(page, data);
    const [admin] = await outboxMessagesFor(request, data.email);
    expect(admin?.template_params.message).toContain("utm_source: kept-test");
  });
});

test("the tab closed while the admin email hangs: a new visit sends it again, the student email once", async ({
  context,
  request,
}) => {
  const data = student("closed-tab");
  const first = await context.newPage();
  const firstConsole = watch(first);
  let asked = () => {};
  const admin = new Promise<void>((resolve) => (asked = resolve));
  // The provider never answers: the tab goes away with the admin email's fate unknown.
  await first.route(SEND_ROUTE, () => asked());
  await first.goto("/");
  await hydrate(first);
  await fillRegistration(first, data);
  await submitButton(first).click();
  await admin;
  // Kept, with nothing delivered: only an answer says an email went.
  expect((await ledger(first)).leads).toMatchObject([{ form: data, delivered: [] }]);
  firstConsole.check();
  await first.close();

  // The next visit: no touch, no intent. The loader finds the kept lead at load.
  const second = await context.newPage();
  const secondConsole = watch(second);
  await second.goto("/");
  // An earlier visit's registration is reported without any detail, not even its day.
  await expect(keptNote(second, keptRegistration.sentEarlier)).toBeVisible();
  // The hung request may have reached the provider as the tab closed: then the team has the
  // admin email twice, with one reference, and the student their confirmation once.
  await expectDelivered(request, data, [ADMIN, STUDENT], [ADMIN, ADMIN, STUDENT]);
  await expectNothingOfVisitorKept(second, data);
  secondConsole.check();
});

test("a 503, then a reload: the later visit sends it and says a registration saved earlier was sent", async ({
  page,
  request,
}) => {
  const data = student("503-reload");
  await page.route(SEND_ROUTE, (route) => route.fulfill({ status: 503, body: "Unavailable" }));
  await page.goto("/");
  await hydrate(page);
  await fillRegistration(page, data);
  await submitButton(page).click();
  await expectErrorToast(page);
  await expect(waitingNote(page)).toBeVisible();
  await page.unroute(SEND_ROUTE);

  await page.reload();
  await expect(keptNote(page, keptRegistration.sentEarlier)).toBeVisible();
  await expectDelivered(request, data, [ADMIN, STUDENT]);
  await expectNothingOfVisitorKept(page, data);
});

test.describe(() => {
  // Offline before the form's first touch: the sender's modulepreload fails, as it should.
  test.use({
    expectedConsoleErrors: new RegExp(
      `${sendFailureLogs.source}|^resource error: <link rel="modulepreload"> /assets/registration-`,
    ),
  });

  test("two tabs open when the connection returns: each email once, and both tabs know", async ({
    page,
    context,
    request,
  }) => {
    const data = student("two-tabs");
    const other = await context.newPage();
    const otherConsole = watch(other);
    let sends = 0;
    await context.route(SEND_ROUTE, (route) => {
      sends += 1;
      return route.continue();
    });
    for (const tab of [page, other]) {
      await tab.goto("/");
      await hydrate(tab);
    }
    // Offline before the form's first touch: the sender's code cannot be fetched either, and the
    // form's own code keeps the lead.
    await context.setOffline(true);
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expect(waitingNote(page)).toBeVisible();

    // Both tabs hear `online`; one sends, the other waits for it and finds nothing left.
    sends = 0;
    await context.setOffline(false);
    await expect(banner(page)).toBeVisible();
    await expectDelivered(request, data, [ADMIN, STUDENT]);
    expect(sends).toBe(2);
    await expectNothingOfVisitorKept(other, data);
    otherConsole.check();
  });
});

test("storage that throws: one warning, and the registration is sent as before, without being kept", async ({
  page,
  request,
}) => {
  const console = watch(page, NOT_KEPT);
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  const data = student("storage-throws");
  await page.goto("/");
  await hydrate(page);
  await fillRegistration(page, data);
  await submitButton(page).click();
  await expect(banner(page)).toBeVisible();
  await expectDelivered(request, data, [ADMIN, STUDENT]);
  expect(console.problems.filter((problem) => NOT_KEPT.test(problem))).toHaveLength(1);
  await expectNothingOfVisitorKept(page, data);
  console.check();
});

// a3025ac set such a lead aside as damaged, unsent, though its visitor was told it was saved.
test("a lead dated three days ahead (the clock was wrong then): sent at the next load, with no warning, and registering works", async ({
  page,
  request,
}) => {
  const console = watch(page, DAMAGED);
  const eve = student("eve", { firstName: "Eve", lastName: "Future", phone: "+44 7700 900123" });
  await page.goto("/");
  await page.evaluate(
    ({ key, form }) => {
      const lead = {
        reference: "K7QM2X",
        at: Date.now() + 3 * 86_400_000,
        form,
        honeypot: "",
        delivered: [],
      };
      localStorage.setItem(key, JSON.stringify({ v: 1, leads: [lead], done: [] }));
    },
    { key: LEDGER_KEY, form: eve },
  );
  // The loader sees a kept lead at load and runs the form's code, which sends it.
  await page.reload();
  await expectDelivered(request, eve, [ADMIN, STUDENT]);
  await expect
    .poll(() =>
      expectNothingOfVisitorKept(page, eve).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);

  const data = student("after-future");
  await fillRegistration(page, data);
  await submitButton(page).click();
  await expect(banner(page)).toBeVisible();
  await expectDelivered(request, data, [ADMIN, STUDENT]);
  expect(console.problems.filter((problem) => DAMAGED.test(problem))).toHaveLength(0);
  console.check();
});

// a3025ac showed only the error toast (the team had it), and Register Now again sent a second
// admin email under a new reference.
test("storage full: the team's email goes, the confirmation fails; the form says the team has it, and Register Now again sends only the confirmation", async ({
  page,
  request,
}) => {
  const console = watch(page, NOT_KEPT);
  const data = student("storage-full");
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key.startsWith("kept-registrations"))
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem.call(this, key, value);
    };
  });
  let sends = 0;
  await page.route(SEND_ROUTE, (route) =>
    ++sends === 2 ? route.fulfill({ status: 503, body: "Unavailable" }) : route.fallback(),
  );
  await page.goto("/");
  await hydrate(page);
  await fillRegistration(page, data);
  await submitButton(page).click();
  await expectErrorToast(page);
  await expectDelivered(request, data, [ADMIN]);
  const [admin] = await outboxMessagesFor(request, data.email);
  const reference = /Reference: (\w+)/.exec(admin?.template_params.message ?? "")?.[1] ?? "";
  await expect(
    keptNote(page, keptRegistration.teamHas.replace("{reference}", reference)),
  ).toBeVisible();

  await submitButton(page).click();
  await expect(banner(page)).toBeVisible();
  // One reference in both: the confirmation of the registration the team has, nothing more.
  await expectDelivered(request, data, [ADMIN, STUDENT]);
  expect(console.problems.filter((problem) => NOT_KEPT.test(problem))).toHaveLength(1);
  console.check();
});
