// `--send-test`: one registration through the live page in headless Chromium, marked as a test
// in its name, and the email service's answer to each of its two sends as the browser saw it.
import { chromium, type Request } from "@playwright/test";
import {
  keptRegistration,
  registrationForm,
  registrationToasts,
  successBanner,
} from "../../src/content/registration.ts";
import { EMAIL_SEND_PATH } from "../../src/registration/email-wire.ts";
import { quietFlags } from "../chrome-flags.ts";
import { findHeadlessShell } from "../find-browser.ts";
import type { SendAnswer } from "./send-answers.ts";

export const TEST_REGISTRATION = {
  firstName: "TEST",
  lastName: "Live check – please ignore",
  // A number reserved for fiction (555-0100 to 555-0199): it reaches no one.
  phone: "+1 212 555 0100",
} as const;

export type SendTestResult = { admin: SendAnswer; student: SendAnswer; email: string };

/** How long the form may take to end the registration (a reCAPTCHA challenge never ends it). */
const OUTCOME_TIMEOUT_MS = 45_000;

/** Registers `email` on the page at `siteUrl`; `loopbackOnly` keeps the browser off the internet. */
export async function sendTest(
  siteUrl: string,
  email: string,
  { loopbackOnly = false } = {},
): Promise<SendTestResult> {
  const executablePath = findHeadlessShell();
  if (!executablePath) {
    throw new Error(
      "no Chromium found: install Debian's chromium-headless-shell or chromium, or set CHROME_PATH",
    );
  }
  const browser = await chromium.launch({
    executablePath,
    args: loopbackOnly ? quietFlags : quietFlags.filter((flag) => !flag.includes("resolver")),
  });
  try {
    const page = await browser.newPage();
    const answers = new Map<Request, SendAnswer>();
    const sends: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith(EMAIL_SEND_PATH))
        sends.push(request);
    });
    page.on("requestfinished", async (request) => {
      const response = await request.response();
      if (!sends.includes(request) || !response) return;
      answers.set(request, {
        kind: "answered",
        status: response.status(),
        text: await response.text(),
      });
    });
    page.on("requestfailed", (request) => {
      if (sends.includes(request))
        answers.set(request, { kind: "failed", error: request.failure()?.errorText ?? "failed" });
    });

    await page.goto(siteUrl);
    const form = page.locator("#registration");
    // The form's fields are enabled once the page's code runs.
    await page.waitForFunction(
      () => document.querySelector("#registration fieldset")?.matches(":enabled") === true,
    );
    await form.locator('[name="firstName"]').fill(TEST_REGISTRATION.firstName);
    await form.locator('[name="lastName"]').fill(TEST_REGISTRATION.lastName);
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="phone"]').fill(TEST_REGISTRATION.phone);
    await form.locator('[name="consent"]').check();
    await form.getByRole("button", { name: registrationForm.submit }).click();
    const outcome = page.getByText(
      new RegExp(
        [successBanner.title, registrationToasts.registrationError.title, keptRegistration.waiting]
          .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join("|"),
      ),
    );
    // Visible only: the saved-on-this-device words are always in the page, shown by CSS.
    await outcome
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: OUTCOME_TIMEOUT_MS })
      .catch(() => undefined);
    // The last answer's body may still be arriving.
    await page.waitForTimeout(200);

    // Admin first; the student's send follows only once the admin send was accepted (200), so
    // every send up to that 200 is the admin email's (retries included), every later one the
    // student's. (Both may go to one mailbox, so the address cannot tell them apart.)
    const accepted = sends.findIndex((request) => {
      const answer = answers.get(request);
      return answer?.kind === "answered" && answer.status === 200;
    });
    const adminSends = accepted === -1 ? sends : sends.slice(0, accepted + 1);
    const studentSends = accepted === -1 ? [] : sends.slice(accepted + 1);
    const lastAnswer = (requests: Request[], notSent: string): SendAnswer => {
      const last = requests.at(-1);
      if (!last) return { kind: "not-sent", why: notSent };
      return answers.get(last) ?? { kind: "not-sent", why: "sent, but no answer came" };
    };
    const admin = lastAnswer(
      adminSends,
      `the page sent nothing within ${OUTCOME_TIMEOUT_MS / 1000} s of Register Now`,
    );
    const student = lastAnswer(
      studentSends,
      accepted === -1
        ? "the admin email failed, so the page did not send it"
        : "the page did not send it",
    );
    return { admin, student, email };
  } finally {
    await browser.close();
  }
}
