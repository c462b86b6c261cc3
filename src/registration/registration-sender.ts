// Everything a registration sends with, kept out of the page's first-load JavaScript.
import * as emailjs from "emailjs-com";
import { program, programText } from "../content/program.ts";
import { PENDING_SUBMIT } from "../lib/before-hydration.ts";
import { readVisitSource } from "../lib/visit-source.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { site } from "../content/site.ts";
import { emailConfig } from "./configured-email.ts";
import { recaptchaSiteKey } from "./configured-recaptcha.ts";
import { createEmailTransport } from "./email-transport.ts";
import { createTokenSource } from "./recaptcha-tokens.ts";
import { loadRecaptchaWidget, recaptchaChallengeShown } from "./recaptcha-widget.ts";
import { keepLead, newLead, type KeptLead } from "./keep-lead.ts";
import { readRegistrationForm } from "./registration-data.ts";
import { createLeadSender, holdSendLock, type Sent } from "./send-lead.ts";
import { createRegistrationFlow, type SubmitEvents } from "./registration-flow.ts";
import { formatRegistrationTime } from "./registration-emails.ts";

const siteKey = recaptchaSiteKey;
const tokens = siteKey
  ? createTokenSource({
      widget: () => loadRecaptchaWidget(document, siteKey),
      challengeShown: () => recaptchaChallengeShown(document),
    })
  : undefined;

// One flow for the page's life: it remembers what the current registration delivered.
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

let prepared = false;

/**
 * The visitor started on the form: the admin's token and then the student's are asked for now
 * (Google loads with the first), the tab takes the send lock ahead of the press, and what the
 * admin email is built with is run once (the time format, the landing's source: its patterns
 * compiled), so the press does not pay for it (about 15 ms on a slow phone).
 */
export function prepareRegistration(): void {
  tokens?.prefetch(2);
  holdSendLock();
  if (prepared) return;
  prepared = true;
  formatRegistrationTime(new Date(), registrationEmailCopy.timeZone);
  readVisitSource();
}

const leads = createLeadSender(registrationFlow);
export const { registerNow, leadsWaiting } = leads;

/**
 * With reCAPTCHA, only after the visitor's first touch: the sends need tokens, and Google loads
 * only for a visitor who acts. lib/intent.ts's names are spelled out: the loader and this chunk
 * share no module.
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

/** Register Now pressed before the form's code ran, sent as this module loaded (src/loader.ts). */
export type EarlyRegistration = { lead: KeptLead; sent: Promise<Sent>; events: SubmitEvents };

let early: EarlyRegistration | undefined;

// Only while the form still waits for its code: once it runs, it removes the mark and sends itself.
const pressed = document.querySelector<HTMLFormElement>(`#registration form[${PENDING_SUBMIT}]`);
if (pressed) {
  const { values, consent, honeypot } = readRegistrationForm(pressed);
  // Without consent the form, once it runs, asks for it.
  if (consent && pressed.checkValidity()) {
    const lead = newLead(values, honeypot);
    const events: SubmitEvents = {};
    const sent = leads.registerNow(lead, keepLead(lead), {
      onChallenge: (shown) => events.onChallenge?.(shown),
    });
    early = { lead, sent, events };
  }
}

/** The form takes it once: it shows how it ends. */
export function takeEarlyRegistration(): EarlyRegistration | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
