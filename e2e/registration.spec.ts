// A visitor's registrations, end to end: the form, the outbox the emails land in, and the form's
// states on the way. The tests are visits: a page load and hydration cost more CPU than most
// checks on the form, so the checks that act on it go on in one page, one after the other, each
// old test a step that names itself when it fails. A successful registration clears the form,
// so the next one on the same page is a real visitor's next registration; each has a student of
// its own, so the outbox tells them apart, and the routes a step needs are there only during it.
// On pages of their own: the banner's 5 s (the page's clock, installed before the load, would
// change the other checks) and the page with JavaScript off.
import type { Response } from "@playwright/test";
import { program, programText } from "../src/content/program.ts";
import { successBanner } from "../src/content/registration.ts";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import { site } from "../src/content/site.ts";
import { buildAdminEmail, buildStudentEmail } from "../src/registration/registration-emails.ts";
import {
  banner,
  expect,
  expectNothingOfVisitorKept,
  field,
  fillRegistration,
  openRegistration,
  outboxMessagesFor,
  type OutboxMessage,
  SEND_ROUTE,
  student,
  submitButton,
  test,
} from "./support/registration.ts";
import { axe } from "./support/a11y.ts";
import { GOOGLE_HOSTS } from "./support/recaptcha-stand-in.ts";

const content = {
  program: { name: program.name, ...programText },
  site,
  copy: registrationEmailCopy,
  adminEmail: site.email,
};
/** The registration time is the browser's clock; everything else must match exactly. */
const withoutTime = (params: Record<string, string>) => ({
  ...params,
  message: params.message?.replace(/^Registered: .*$/m, "Registered: <time>"),
});

test("one visit: the email library on the first touch, the consent error and axe, then four registrations in a row", async ({
  page,
  request,
}) => {
  // Seven checks of what were seven tests, two axe runs and four registrations among them: up to
  // 17 s here on a busy machine, so a runner three times slower needs more than 30 s. A limit,
  // not a wait.
  test.setTimeout(120_000);
  // This build has no reCAPTCHA key: nothing of Google may load, however the form is used.
  const google: string[] = [];
  page.on("request", (request) => {
    if (GOOGLE_HOSTS.test(request.url())) google.push(request.url());
  });

  // First, as it needs the page as loaded, untouched.
  await test.step("the email library is fetched on the first touch of the form, not with the page", async () => {
    const scripts: string[] = [];
    const recordEmailLibrary = async (response: Response) => {
      if (response.request().resourceType() !== "script") return;
      if ((await response.text()).includes("/api/v1.0/email/send")) scripts.push(response.url());
    };
    page.on("response", recordEmailLibrary);
    await openRegistration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);

    await field(page, "firstName").focus();
    await expect.poll(() => scripts.length).toBe(1);
    page.off("response", recordEmailLibrary);
  });

  await test.step("submitting without consent sends nothing; the red consent box and its toast last until it is checked", async () => {
    const data = student("consent");
    await fillRegistration(page, data, false);
    await submitButton(page).click();

    await expect(page.getByText("Consent Required", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Please agree to the terms and conditions.", { exact: true }),
    ).toBeVisible();
    const consent = field(page, "consent");
    await expect(consent).toBeFocused();
    await expect(consent).toHaveAttribute("aria-invalid", "true");
    await expect(consent).toHaveAccessibleDescription(/agree to the terms/i);
    await expect(page.locator('label[for="registration-consent"]')).toHaveCSS(
      "color",
      "rgb(220, 38, 38)",
    );

    await consent.check();
    await expect(consent).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText("Consent Required", { exact: true })).toHaveCount(0);
    await expect(page.locator('label[for="registration-consent"]')).not.toHaveCSS(
      "color",
      "rgb(220, 38, 38)",
    );
    expect(await outboxMessagesFor(request, data.email)).toEqual([]);
  });

  await test.step("the form and its consent error pass an accessibility check", async () => {
    const check = () => axe(page).include("#registration").analyze();
    // The form as the last step left it (filled, consent ticked, no error) instead of as loaded:
    // the same controls, with values in them.
    expect((await check()).violations).toEqual([]);
    await fillRegistration(page, student("axe"), false);
    // The visitor takes their consent back, so the submit below asks for it again.
    await field(page, "consent").uncheck();
    await submitButton(page).click();
    await expect(field(page, "consent")).toHaveAttribute("aria-invalid", "true");
    expect((await check()).violations).toEqual([]);
  });

  // After a consent error, which ticking the box (fillRegistration does) clears, instead of on a
  // fresh form.
  await test.step("a registration sends the admin email, then the student confirmation, to the outbox", async () => {
    const data = student("happy");
    await fillRegistration(page, data);
    await submitButton(page).click();

    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText(successBanner.text);

    const messages = await outboxMessagesFor(request, data.email);
    expect(messages).toHaveLength(2);
    const [admin, confirmation] = messages as [OutboxMessage, OutboxMessage];
    for (const message of messages) {
      expect(message).toMatchObject({
        lib_version: "3.2.0",
        user_id: "outbox-public-key",
        service_id: "outbox-service",
        template_id: "outbox-template",
      });
    }
    const at = new Date();
    // One reference, the same in both emails (kept leads quote it: docs/decisions/0015).
    const reference = /^Reference: (\w{6})$/m.exec(admin.template_params.message ?? "")?.[1];
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(withoutTime(admin.template_params)).toEqual(
      withoutTime(buildAdminEmail(data, content, at, { reference })),
    );
    expect(withoutTime(confirmation.template_params)).toEqual(
      withoutTime(buildStudentEmail(data, content, at, reference)),
    );
    expect(admin.template_params.message).toMatch(/^Registered: \w+ \d+, \d{4}, .+ E[SD]T$/m);
    // Without a key: no token in either send (the params above are exactly the emails), no
    // request to Google and no word of reCAPTCHA in the page.
    expect(google).toEqual([]);
    expect(await page.content()).not.toMatch(/recaptcha/i);
    expect(Date.parse(admin.receivedAt)).toBeLessThanOrEqual(Date.parse(confirmation.receivedAt));
  });

  // The registrations below are the visitor's second, third and fourth: the form cleared by the
  // last, its banner still up. Pressing Register hides the banner at once, so the banner each
  // step waits for is its own.
  await test.step("a double click and an extra Enter send one registration", async () => {
    const data = student("double");
    // Every send the page asks for, counted as the browser makes the request.
    let sends = 0;
    await page.route(SEND_ROUTE, (route) => {
      sends += 1;
      return route.continue();
    });
    await fillRegistration(page, data);
    await submitButton(page).dblclick();
    await field(page, "phone").press("Enter");

    await expect(banner(page)).toBeVisible();
    // The presses all came before the banner, which waits for two answers; a second registration
    // they started would have asked for its admin send by then, and the form is at rest and
    // empty, so none can start later: counting the requests needs no wait.
    await expect(submitButton(page)).toHaveAccessibleName("Register Now");
    await expect(field(page, "email")).toHaveValue("");
    expect(sends).toBe(2);
    expect(await outboxMessagesFor(request, data.email)).toHaveLength(2);
    await page.unroute(SEND_ROUTE);
  });

  await test.step("while sending, the submit button is disabled and says so", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SEND_ROUTE, async (route) => {
      await held;
      await route.continue();
    });
    const data = student("sending");
    await fillRegistration(page, data);
    const button = submitButton(page);
    // From the keyboard: the focus stays on the button while it sends (aria-disabled).
    await button.focus();
    await page.keyboard.press("Enter");

    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleName("Sending registration…");
    await expect(button).toBeFocused();
    // Pressed again while it sends: the same registration, sent once.
    await page.keyboard.press("Enter");
    release();
    await expect(button).toHaveAccessibleName("Register Now");
    await expect(button).toBeEnabled();
    expect(await outboxMessagesFor(request, data.email)).toHaveLength(2);
    // The press during the send was kept as every press is: it left with the registration.
    await expectNothingOfVisitorKept(page, data);
    await page.unroute(SEND_ROUTE);
  });

  // Last: the hidden field keeps what the bot typed, and no registration follows it here.
  await test.step("a filled honeypot still brings the lead to the team, flagged, and mails the visitor nothing", async () => {
    const data = student("bot");
    await fillRegistration(page, data);
    await page.locator("#registration-hp").fill("https://spam.example");
    await submitButton(page).click();

    await expect(banner(page)).toBeVisible();
    const messages = await outboxMessagesFor(request, data.email);
    expect(messages.map((message) => message.template_params.subject)).toEqual([
      "New Bootcamp Registration",
    ]);
    expect(messages[0]?.template_params.message).toMatch(
      /\n\nSpam check\n.*\nHidden field: https:\/\/spam\.example$/,
    );
  });
});

// A page of its own: the clock is installed before the load, and stopped.
test("a successful registration clears the form and the banner hides itself after 5 seconds", async ({
  page,
}) => {
  await page.clock.install();
  await openRegistration(page);
  await fillRegistration(page, student("reset"));
  // Stop the page's clock: from here on, only runFor moves it.
  await page.clock.pauseAt(Date.now() + 1000);
  await submitButton(page).click();

  await expect(banner(page)).toBeVisible();
  for (const name of ["firstName", "lastName", "email", "phone"] as const) {
    await expect(field(page, name)).toHaveValue("");
  }
  await expect(field(page, "consent")).not.toBeChecked();

  await page.clock.runFor(4900);
  await expect(banner(page)).toBeVisible();
  await page.clock.runFor(200);
  await expect(banner(page)).toBeHidden();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  // Its own context, as served with JavaScript off; the HTML check reads the same served form.
  test("the form as served: disabled, posting, and pointing to the team instead", async ({
    page,
    request,
  }) => {
    await test.step("the prerendered form is disabled in the HTML (the first-paint script enables it) and posts, never puts details in a URL", async () => {
      const html = await (await request.get("/")).text();
      const form = html.match(/<form[^>]*>\s*<fieldset[^>]*>/)?.[0] ?? "";
      expect(form).toContain('method="post"');
      expect(form).toMatch(/<fieldset disabled=""/);
    });

    await test.step("the form cannot be sent and the page says how to reach the team instead", async () => {
      await page.goto("/");
      const registration = page.locator("#registration");
      await expect(registration.locator("fieldset")).toHaveAttribute("disabled", "");
      await expect(field(page, "firstName")).toBeDisabled();
      await submitButton(page).click({ force: true });
      expect(page.url()).not.toContain("?");

      // Playwright's text and role locators skip <noscript>, so these are CSS locators.
      const note = registration.locator("noscript");
      await expect(note.locator("p").first()).toBeVisible();
      await expect(note.locator("p").first()).toHaveText("Registration needs JavaScript.");
      for (const phone of site.phones) {
        await expect(note.locator(`a[href="tel:${phone.tel}"]`)).toHaveText(phone.display);
      }
      await expect(note.locator(`a[href="mailto:${site.email}"]`)).toHaveText(site.email);
    });
  });
});
