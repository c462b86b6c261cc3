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
import { causeOfNetError, CAUSE_WORDS, SITE_FIX } from "./network-failure.ts";
import { sentNothingFix, type SendAnswer } from "./send-answers.ts";

export const TEST_REGISTRATION = {
  firstName: "TEST",
  lastName: "Live check – please ignore",
  // A number reserved for fiction (555-0100 to 555-0199): it reaches no one.
  phone: "+1 212 555 0100",
} as const;

/** Each send's answer, and the address the page put in it (undefined for one never sent). */
export type SendTestResult = {
  admin: SendAnswer;
  student: SendAnswer;
  recipients: { admin: string | undefined; student: string | undefined };
};

/** How long the form may take to end the registration (a reCAPTCHA challenge never ends it). */
const OUTCOME_TIMEOUT_MS = 45_000;

/** Why the test registration could not be made at all, and what to do about it. */
export class SendTestError extends Error {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
  }
}

export const NO_BROWSER = new SendTestError(
  "it needs Chromium (or Chrome), and none was found",
  "install one: on Debian `sudo apt-get install chromium`; on macOS, Windows or any other system `npx playwright install chromium`; or set CHROME_PATH to a Chrome or Chromium you have",
);

/**
 * Registers `email` on the page at `siteUrl`. `resolveOnly` (for a site on loopback) keeps the
 * browser off every host but those named, loopback's own names always included.
 */
export async function sendTest(
  siteUrl: string,
  email: string,
  { resolveOnly, recaptcha = false }: { resolveOnly?: string[]; recaptcha?: boolean } = {},
): Promise<SendTestResult> {
  const executablePath = findHeadlessShell();
  if (!executablePath) throw NO_BROWSER;
  const hosts = ["127.0.0.1", "localhost", ...(resolveOnly ?? [])];
  const browser = await chromium.launch({
    executablePath,
    args: [
      ...quietFlags.filter((flag) => !flag.includes("resolver")),
      ...(resolveOnly
        ? [
            `--host-resolver-rules=MAP * ~NOTFOUND, ${hosts.map((host) => `EXCLUDE ${host}`).join(", ")}`,
          ]
        : []),
    ],
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
        answers.set(request, {
          kind: "failed",
          error: request.failure()?.errorText ?? "failed",
          origin: new URL(request.url()).origin,
        });
    });

    await page.goto(siteUrl).catch((error: Error) => {
      const cause = causeOfNetError(error.message);
      throw new SendTestError(
        `the check's browser could not open ${siteUrl}: ${CAUSE_WORDS[cause]} (${error.message.split("\n")[0]})`,
        SITE_FIX[cause],
      );
    });
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
    const byHand = sentNothingFix(recaptcha);
    const lastAnswer = (
      requests: Request[],
      notSent: Omit<SendAnswer & { kind: "not-sent" }, "kind">,
    ): SendAnswer => {
      const last = requests.at(-1);
      if (!last) return { kind: "not-sent", ...notSent };
      return (
        answers.get(last) ?? {
          kind: "not-sent",
          why: `sent, but no answer came within ${OUTCOME_TIMEOUT_MS / 1000} s`,
          fix: "run the check again; if it persists, see EmailJS's status page and this computer's network",
        }
      );
    };
    const admin = lastAnswer(adminSends, {
      why: `the page sent nothing within ${OUTCOME_TIMEOUT_MS / 1000} s of Register Now`,
      fix: byHand,
    });
    const student = lastAnswer(
      studentSends,
      accepted === -1
        ? {
            why: "the admin email failed, so the page did not send it",
            fix: "fix the admin email's problem above: the confirmation follows it",
          }
        : { why: "the page did not send it", fix: byHand },
    );
    const recipient = (requests: Request[]) => {
      const body = requests.at(-1)?.postDataJSON() as
        { template_params?: { to_email?: string } } | undefined;
      return body?.template_params?.to_email;
    };
    return {
      admin,
      student,
      recipients: { admin: recipient(adminSends), student: recipient(studentSends) },
    };
  } finally {
    await browser.close();
  }
}
