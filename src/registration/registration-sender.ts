// Everything a registration sends with, a build input of its own: fetched at the first touch of
// the form, never part of the page's first JavaScript, and free of React.
import * as emailjs from "emailjs-com";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { site } from "../content/site.ts";
import { LEAD_ATTRIBUTE, PENDING_SUBMIT, UNKEPT } from "../lib/before-hydration.ts";
import { forgetVisitSource, readVisitSource } from "../lib/visit-source.ts";
import { resolveEmailConfig } from "./resolve-email-config.ts";
import { createEmailDelivery, type DeliveryEvents } from "./email-delivery.ts";
import { createLedgerStore, holdSendLock, withSendLock } from "./lead-store.ts";
import { LEDGER_KEY, readRegistrationForm } from "./registration-data.ts";
import { createLeadSender, type Finished } from "./lead-sender.ts";
import { makeReference, readPress, type Lead } from "./ledger.ts";
import { createTokenSource } from "./recaptcha-tokens.ts";
import { loadRecaptchaWidget, recaptchaChallengeShown } from "./recaptcha-widget.ts";
import { formatRegistrationTime } from "./registration-emails.ts";

// Only these VITE_* values are inlined into the bundle; EmailJS's private key is never used.
const emailConfig = resolveEmailConfig({
  VITE_EMAILJS_PUBLIC_KEY: import.meta.env.VITE_EMAILJS_PUBLIC_KEY,
  VITE_EMAILJS_SERVICE_ID: import.meta.env.VITE_EMAILJS_SERVICE_ID,
  VITE_EMAILJS_TEMPLATE_ID: import.meta.env.VITE_EMAILJS_TEMPLATE_ID,
  VITE_EMAILJS_ORIGIN: import.meta.env.VITE_EMAILJS_ORIGIN,
  VITE_ADMIN_EMAIL: import.meta.env.VITE_ADMIN_EMAIL,
});
// Unset, the build leaves all of reCAPTCHA's code out of the page.
const siteKey: string | undefined = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
const tokens = siteKey
  ? createTokenSource({
      widget: () => loadRecaptchaWidget(document, siteKey),
      challengeShown: () => recaptchaChallengeShown(document),
    })
  : undefined;

const store = createLedgerStore();

emailjs.init(emailConfig.publicKey, emailConfig.origin);
const deliver = createEmailDelivery({
  // EmailJS and the local outbox differ only in `origin`: both requests come from emailjs-com.
  send: (params) => emailjs.send(emailConfig.serviceId, emailConfig.templateId, params),
  content: {
    program: { name: program.name, ...programText },
    site,
    copy: registrationEmailCopy,
    adminEmail: emailConfig.adminEmail,
  },
  tokens,
  // The form hears of a late answer as it would of another tab's write.
  onLateAnswer: (lead, step, ok) =>
    void leads.lateAnswer(lead, step, ok).then((written) => {
      if (written) dispatchEvent(new StorageEvent("storage", { key: LEDGER_KEY }));
    }),
});

const leads = createLeadSender({ store, deliver, withLock: withSendLock, source: readVisitSource });

/** Nothing about the visit stays once a registration is delivered. */
const forgetting = (finished: Finished) => {
  if (finished.outcome === "sent") forgetVisitSource();
  return finished;
};

/** The press the first-paint script kept (lead-store.ts), sent in its turn. */
function send(form: HTMLFormElement, events?: DeliveryEvents): Promise<Finished> {
  const { values, honeypot } = readRegistrationForm(form);
  // Unnamed when storage could not keep it: sent from the page alone, under a reference of its own.
  const reference = form.getAttribute(LEAD_ATTRIBUTE) ?? makeReference();
  const lead: Lead = { reference, at: Date.now(), form: values, honeypot, delivered: [] };
  // Storage refused the press: the sender applies it as the first-paint script kept it, with its
  // time, which never goes back within the page whatever the clock does.
  const unkept = form.getAttribute(UNKEPT);
  const refused = unkept === null ? undefined : (readPress(unkept) ?? {});
  return leads.registerNow(lead, events, refused).then(({ reference: continued, ...finished }) => {
    // The press continued another registration: the form names that one now.
    if (continued) form.setAttribute(LEAD_ATTRIBUTE, continued);
    return forgetting(finished);
  });
}

/**
 * Register Now pressed before the form's code ran is sent as this module loads (src/loader.ts):
 * only while the form still waits for its code, which removes the mark and presses again.
 */
const earlyForm = document.querySelector<HTMLFormElement>(
  `#registration form[${PENDING_SUBMIT}][${LEAD_ATTRIBUTE}]`,
);
const earlyEvents: DeliveryEvents = {};
let early = earlyForm
  ? send(earlyForm, { onChallenge: (shown) => earlyEvents.onChallenge?.(shown) })
  : undefined;

/** Register Now; `pressedBefore` the form's code ran, it takes up the send begun as this loaded. */
export function registerNow(
  form: HTMLFormElement,
  events?: DeliveryEvents,
  pressedBefore = false,
): Promise<Finished> {
  const taken = pressedBefore && form === earlyForm ? early : undefined;
  if (!taken) return send(form, events);
  early = undefined;
  earlyEvents.onChallenge = events?.onChallenge;
  return taken;
}

/** Google wanted a challenge for a send the visitor did not ask for: it waits until they do. */
let challengeWaits = false;

/**
 * What waits on the device, sent oldest first. With reCAPTCHA, quietly: a challenge Google wants is
 * taken down, and the answer is true, so the page can ask its visitor. `asked`: they did, and a
 * challenge is theirs to solve (closed, the send ends as Register Now's would).
 */
export async function resendKept(
  told: (lead: Lead, finished: Finished) => void,
  asked = false,
): Promise<boolean> {
  if (!store.read().leads.length) return false;
  const quiet = !!tokens && !asked;
  if (quiet && challengeWaits) return true;
  challengeWaits = false;
  const events = quiet
    ? { quiet, onChallenge: (shown: boolean) => (challengeWaits ||= shown) }
    : undefined;
  await leads.resend((lead, finished) => told(lead, forgetting(finished)), events);
  return challengeWaits && store.read().leads.length > 0;
}

export const { outcomeOf } = leads;

let prepared = false;

/**
 * The visitor started on the form: both tokens are asked for, the send lock taken, and the time
 * format and the landing's source run once, so the press does not pay for them.
 */
export function prepareRegistration(): void {
  tokens?.prefetch(2);
  holdSendLock();
  if (prepared) return;
  prepared = true;
  formatRegistrationTime(new Date(), registrationEmailCopy.timeZone);
  readVisitSource();
}

// Expired leads leave the device as soon as this code runs, whatever else waits for the visitor.
store.read();
