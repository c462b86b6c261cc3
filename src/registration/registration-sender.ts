// Everything a registration needs to send, loaded on the visitor's first touch of the form (see
// load-registration-sender.ts): the email client, the send flow and the two emails' words are
// not part of the page's first-load JavaScript.
import * as emailjs from "emailjs-com";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration.ts";
import { site } from "../content/site.ts";
import { readVisitSource } from "../lib/visit-source.ts";
import { emailConfig } from "./configured-email.ts";
import { recaptchaSiteKey } from "./configured-recaptcha.ts";
import { createEmailTransport } from "./email-transport.ts";
import { createTokenSource } from "./recaptcha-tokens.ts";
import { loadRecaptchaWidget, recaptchaChallengeShown } from "./recaptcha-widget.ts";
import type { RegistrationData } from "./registration-data.ts";
import {
  createRegistrationFlow,
  type SubmitEvents,
  type SubmitResult,
} from "./submit-registration.ts";

// Without a site key the build leaves all of reCAPTCHA out of the page.
const siteKey = recaptchaSiteKey;
const tokens = siteKey
  ? createTokenSource({
      widget: () => loadRecaptchaWidget(document, siteKey),
      challengeShown: () => recaptchaChallengeShown(document),
    })
  : undefined;

// One flow for the page's life: it remembers what the current registration already delivered.
const submitRegistration = createRegistrationFlow({
  send: createEmailTransport(emailConfig, emailjs),
  content: {
    program: { name: program.name, ...programText },
    site,
    copy: registrationEmailCopy,
    adminEmail: emailConfig.adminEmail,
  },
  tokens,
});

/** The visitor started on the form: the first token is asked for now (Google loads with it). */
export function prepareRegistration(): void {
  tokens?.prefetch();
}

export function sendRegistration(
  form: RegistrationData & { honeypot: string },
  events?: SubmitEvents,
): Promise<SubmitResult> {
  return submitRegistration({ ...form, source: readVisitSource() }, events);
}
