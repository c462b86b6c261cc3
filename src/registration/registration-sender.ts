// Everything a registration needs to send, loaded on the visitor's first touch of the form (see
// load-registration-sender.ts): the email client, the send flow and the two emails' words are
// not part of the page's first-load JavaScript.
import * as emailjs from "emailjs-com";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { site } from "../content/site.ts";
import { emailConfig } from "./configured-email.ts";
import { recaptchaSiteKey } from "./configured-recaptcha.ts";
import { createEmailTransport } from "./email-transport.ts";
import { createTokenSource } from "./recaptcha-tokens.ts";
import { loadRecaptchaWidget, recaptchaChallengeShown } from "./recaptcha-widget.ts";
import { createLeadSender } from "./send-lead.ts";
import { createRegistrationFlow } from "./registration-flow.ts";

// Without a site key the build leaves all of reCAPTCHA out of the page.
const siteKey = recaptchaSiteKey;
const tokens = siteKey
  ? createTokenSource({
      widget: () => loadRecaptchaWidget(document, siteKey),
      challengeShown: () => recaptchaChallengeShown(document),
    })
  : undefined;

// One flow for the page's life: it remembers what the current registration already delivered.
const registrationFlow = createRegistrationFlow({
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

/** Every registration is a lead kept on the device (keep-lead.ts), sent through this one flow. */
const leads = createLeadSender(registrationFlow);
export const { registerNow, leadsWaiting } = leads;

/**
 * Sends what waits on the device. With reCAPTCHA, only once this visit has seen the visitor's
 * first touch: the sends need tokens, and Google loads only for a visitor who acts. The
 * first-paint script marks that touch (`data-intent` and its event, lib/intent.ts; named here
 * by value, as the loader and this chunk share no module).
 */
export function resendKeptLeads(...args: Parameters<typeof leads.resendKeptLeads>): Promise<void> {
  if (!tokens || document.documentElement.hasAttribute("data-intent")) {
    return leads.resendKeptLeads(...args);
  }
  return new Promise((resolve) =>
    document.addEventListener("site:intent", () => resolve(leads.resendKeptLeads(...args)), {
      once: true,
    }),
  );
}
