// reCAPTCHA, end to end, on the operator's site (e2e/support/photo-site.ts: built with a site key
// in its .env) served by `npm start`'s server with OUTBOX_REQUIRE_RECAPTCHA=1, so the outbox
// answers a send without a token as EmailJS does. Google's script is a stand-in served at its own
// address (support/recaptcha-stand-in.ts); no test reaches the internet. Three visits: the whole
// registration, Google's script blocked, and a challenge closed and then solved.
import type { Page } from "@playwright/test";
import {
  keptRegistration,
  recaptchaNotice,
  registrationForm,
  sendKeptLabel,
  successBanner,
} from "../src/content/registration.ts";
import { watchCsp } from "./support/csp-watch.ts";
import { scrollThroughPage } from "./support/page.ts";
import { type PhotoSite, photoSite } from "./support/photo-site.ts";
import { GOOGLE_HOSTS, routeRecaptcha } from "./support/recaptcha-stand-in.ts";
import {
  expect,
  expectNothingOfVisitorKept,
  expectValuesKept,
  field,
  fillWithNoEvent,
  fillRegistration,
  keepExpiredLead,
  keptNote,
  LEDGER_KEY,
  sendFailureLogs,
  student,
  test,
  toasts,
} from "./support/registration.ts";
import { type ServerProcess, startServer } from "./support/server-process.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let built: PhotoSite | undefined;
let site: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  built = await photoSite();
  expect(built.code, built.output).toBe(0);
  site = await startServer({
    DIST_DIR: `${built.copy.dir}/dist`,
    OUTBOX_REQUIRE_RECAPTCHA: "1",
  });
});

test.afterAll(async () => {
  await site?.stop();
  await built?.release();
});

const base = () => site?.base ?? "";

/** The outbox's messages for a student, read from the keyed site's server. */
async function outbox(page: Page, email: string) {
  const response = await page.context().request.get(`${base()}/outbox/messages.json`);
  expect(response.ok()).toBe(true);
  const all = (await response.json()) as { template_params: Record<string, string> }[];
  return all.filter(({ template_params: p }) => p.from_email === email || p.to_email === email);
}

/** The form's button, whichever of its labels it shows. */
const submitButton = (page: Page) => page.locator("#registration button[type=submit]");

const tokenOf = (message: { template_params: Record<string, string> }) =>
  message.template_params["g-recaptcha-response"];

test("a visit: nothing of Google before the form is touched, then two sends with two tokens, under the CSP", async ({
  page,
}) => {
  const violations = await watchCsp(page);
  const google = await routeRecaptcha(page);
  const data = student("recaptcha");

  await test.step("the page, read and scrolled to the end, asks Google for nothing", async () => {
    const response = await page.goto(base());
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(
      /script-src 'self' 'sha256-[^']+' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/;/,
    );
    expect(csp).toContain(
      "frame-src https://www.youtube-nocookie.com https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;",
    );
    await scrollThroughPage(page);
    await page.waitForLoadState("networkidle");
    expect(google.requests).toEqual([]);
    // Google's notice stands in for its hidden badge, with its two links.
    const notice = page.locator("#registration").getByText(recaptchaNotice.before);
    await expect(notice).toBeVisible();
    for (const { label, href } of [recaptchaNotice.privacy, recaptchaNotice.terms])
      await expect(notice.getByRole("link", { name: label })).toHaveAttribute("href", href);
  });

  await test.step("the first touch of the form loads Google's script and asks for a token", async () => {
    await field(page, "firstName").focus();
    await expect
      .poll(() => google.requests)
      .toEqual([
        expect.stringMatching(
          /^https:\/\/www\.google\.com\/recaptcha\/api\.js\?render=explicit&onload=/,
        ),
      ]);
  });

  await test.step("the registration sends two emails, each with a token of its own", async () => {
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: successBanner.title })).toBeVisible();
    const messages = await outbox(page, data.email);
    expect(messages).toHaveLength(2);
    const tokens = messages.map(tokenOf);
    expect(tokens).toEqual([
      expect.stringMatching(/^stand-in-token-1-/),
      expect.stringMatching(/^stand-in-token-2-/),
    ]);
    expect(google.requests.every((url) => GOOGLE_HOSTS.test(url))).toBe(true);
    expect(await violations()).toEqual([]);
  });

  await test.step("the outbox refuses a send without a token with EmailJS's answer", async () => {
    const [admin] = await outbox(page, data.email);
    const { "g-recaptcha-response": _token, ...params } = admin?.template_params ?? {};
    const refused = await page.context().request.post(`${base()}/outbox/api/v1.0/email/send`, {
      headers: { "Content-type": "application/json", Origin: base() },
      data: { ...admin, template_params: params },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toBe("reCAPTCHA: The g-recaptcha-response parameter not found");
  });
});

test("Register Now pressed at load, the visitor's first act, registers once with two tokens", async ({
  page,
}) => {
  await routeRecaptcha(page);
  const data = student("recaptcha-at-load");
  await page.goto(base(), { waitUntil: "load" });
  await fillWithNoEvent(page, data);
  await submitButton(page).click();
  await expect(page.getByRole("status").filter({ hasText: successBanner.title })).toBeVisible();
  const tokens = (await outbox(page, data.email)).map(tokenOf);
  expect(tokens).toHaveLength(2);
  expect(new Set(tokens).size).toBe(2);
});

// A lead an earlier visit kept is sent at the next load, before any touch, when Google gives its
// tokens without a challenge; past its week it gets that one send, then leaves.
test("a lead kept 8 days ago gets one more send at load, with tokens and no touch, then leaves", async ({
  page,
}) => {
  const google = await routeRecaptcha(page);
  const old = student("recaptcha-expired", { firstName: "Octavia", lastName: "Eightdays" });
  await page.goto(base());
  await keepExpiredLead(page, old);
  await page.reload();
  await expect(keptNote(page, keptRegistration.sentEarlier)).toBeVisible();
  await expectNothingOfVisitorKept(page, old);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-intent"))).toBe(
    false,
  );
  expect(google.requests.some((url) => url.includes("/recaptcha/api.js"))).toBe(true);
  const tokens = (await outbox(page, old.email)).map(tokenOf);
  expect(tokens).toHaveLength(2);
  expect(new Set(tokens).size).toBe(2);
});

test("a challenge Google wants at load is not put to the visitor until they ask for it", async ({
  page,
}) => {
  await routeRecaptcha(page, { challengeOn: [1, 2] });
  const old = student("recaptcha-asked", { firstName: "Quinn", lastName: "Askedfirst" });
  const challenge = page.locator('iframe[src*="/recaptcha/api2/bframe"]');
  await page.goto(base());
  await keepExpiredLead(page, old, 2);
  await page.reload();

  await test.step("at load: no challenge on screen, the form asks, the lead waits", async () => {
    await expect(keptNote(page, keptRegistration.needsCheck)).toBeVisible();
    await expect(challenge).toBeHidden();
    expect(await outbox(page, old.email)).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key) ?? "", LEDGER_KEY)).toContain(
      old.email,
    );
  });

  await test.step("asked: the challenge shows, solved, the registration goes", async () => {
    await page.getByRole("button", { name: sendKeptLabel }).click();
    await page
      .frameLocator('iframe[src*="/recaptcha/api2/bframe"]')
      .getByRole("button", { name: "Verify" })
      .click();
    await expect(keptNote(page, keptRegistration.sentEarlier)).toBeVisible();
    await expectNothingOfVisitorKept(page, old);
    expect(await outbox(page, old.email)).toHaveLength(2);
  });
});

test.describe("failures", () => {
  // Google's script blocked fails to load, as it should.
  test.use({
    expectedConsoleErrors: new RegExp(
      `${sendFailureLogs.source}|^resource error: <script> https://www\\.google\\.com/recaptcha/`,
    ),
  });

  test("Google's script blocked: no send, the error toast with Email us instead, the values kept", async ({
    page,
  }) => {
    const google = await routeRecaptcha(page, { blocked: true });
    const data = student("recaptcha-blocked");
    await page.goto(base());
    await fillRegistration(page, data);
    await submitButton(page).click();
    const toast = toasts(page).filter({ hasText: "Registration Error" });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("link", { name: /email/i })).toBeVisible();
    await expectValuesKept(page, data);
    expect(google.requests.length).toBeGreaterThan(0);
    expect(await outbox(page, data.email)).toEqual([]);
  });

  test("a challenge: the button says so, a closed one ends in the error toast, a solved one registers", async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    // The first touch asks for the admin's token, which comes at once, then the student's: Google
    // challenges that ask and the next (the second try's).
    await routeRecaptcha(page, { challengeOn: [2, 3] });
    const data = student("recaptcha-challenge");
    await page.goto(base());
    const challenge = page.frameLocator('iframe[src*="/recaptcha/api2/bframe"]');

    await test.step("closed: the student's email is not sent, the error toast, values kept", async () => {
      await fillRegistration(page, data);
      await submitButton(page).click();
      await expect(submitButton(page)).toHaveText(registrationForm.verifying, {
        useInnerText: true,
      });
      await challenge.getByRole("button", { name: "Close" }).click();
      await expect(toasts(page).filter({ hasText: "Registration Error" })).toBeVisible();
      await expectValuesKept(page, data);
      // The admin email went with the first token; the student's waits for the next try.
      expect((await outbox(page, data.email)).map((m) => m.template_params.to_email)).toHaveLength(
        1,
      );
    });

    await test.step("solved: the registration completes with a fresh token", async () => {
      await submitButton(page).click();
      await expect(submitButton(page)).toHaveText(registrationForm.verifying, {
        useInnerText: true,
      });
      await challenge.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("status").filter({ hasText: successBanner.title })).toBeVisible();
      const tokens = (await outbox(page, data.email)).map(tokenOf);
      expect(tokens).toHaveLength(2);
      expect(new Set(tokens).size).toBe(2);
      expect(await violations()).toEqual([]);
    });
  });
});
