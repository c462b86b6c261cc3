// The email service's answer to one send, in words, with what to do about it. The texts are
// EmailJS's own as it answers them (and as server/outbox/ imitates the reCAPTCHA one); EmailJS
// documents few of them, so each is recognised by its key words, not by the whole sentence.

import { causeOfNetError, CAUSE_WORDS, type NetworkCause } from "./network-failure.ts";

/**
 * What the browser saw of one send: an answer, a request that failed (Chromium's net error, and
 * the origin it went to), or no request at all (and what to do about that).
 */
export type SendAnswer =
  | { kind: "answered"; status: number; text: string }
  | { kind: "failed"; error: string; origin: string }
  | { kind: "not-sent"; why: string; fix: string };

export type SendVerdict = { ok: true; words: string } | { ok: false; words: string; fix: string };

const DASHBOARD = "in the EmailJS dashboard";
const SETTINGS = "then rebuild, redeploy and run the live check again";

/** Known answers, first match wins: [test on status and text, words, fix]. */
const KNOWN: [(status: number, text: string) => boolean, string, string][] = [
  [
    (_, text) => /recaptcha|g-recaptcha-response/i.test(text),
    "reCAPTCHA required: the template verifies reCAPTCHA and this send had no valid token",
    `if the page has no reCAPTCHA key, set VITE_RECAPTCHA_SITE_KEY, ${SETTINGS} (or switch the template's reCAPTCHA verification off until then); if it has one, check the template's secret key is the pair of that site key, and that the key's domains include this site`,
  ],
  [
    (_, text) => /public key|user[ _]id/i.test(text),
    "wrong public key",
    `copy Account → General → Public Key ${DASHBOARD} into VITE_EMAILJS_PUBLIC_KEY, ${SETTINGS}`,
  ],
  [
    (_, text) => /service[ _]?id/i.test(text),
    "wrong service ID",
    `copy the Service ID from Email Services ${DASHBOARD} into VITE_EMAILJS_SERVICE_ID, ${SETTINGS}`,
  ],
  [
    (_, text) => /template[ _]?id/i.test(text),
    "wrong template ID",
    `copy the Template ID from Email Templates ${DASHBOARD} into VITE_EMAILJS_TEMPLATE_ID, ${SETTINGS}`,
  ],
  [
    (status, text) => status === 426 || status === 402 || /quota|limit|exceeded/i.test(text),
    "the account's quota is used up",
    `every registration is two sends: upgrade the plan ${DASHBOARD}, or wait for the quota to reset`,
  ],
  [
    (status) => status === 429,
    "too many sends at once (rate limit)",
    "wait a minute and run the check again; if it persists, EmailJS is limiting this account",
  ],
  [
    (status, text) => /non-browser/i.test(text) || status === 451,
    "EmailJS refuses sends from a headless browser (blockHeadless or non-browser setting)",
    "register once yourself in a normal browser instead (see below)",
  ],
  [
    (status, text) => status === 403 || /origin|domain/i.test(text),
    "origin not allowed: the account's allowed origins do not include this site",
    `add this site's address under Account → Security → allowed origins ${DASHBOARD}`,
  ],
];

/** What to do when the browser could not reach the email service: never an allowed-origins fix. */
const UNREACHABLE_FIX: Record<NetworkCause, string> = {
  dns: `check that this computer resolves the address above (open it in a browser; a VPN or company DNS may block it); if VITE_EMAILJS_ORIGIN is set, it must be EmailJS's address, ${SETTINGS}`,
  refused: `check the address above: if VITE_EMAILJS_ORIGIN is set, it must be EmailJS's address, ${SETTINGS}; a firewall may also refuse it`,
  cut: "check this computer's network (a firewall, a proxy, a VPN) lets the address above through, then run the check again",
  tls: `the address above does not prove it is the email service: a proxy that inspects HTTPS, or a wrong VITE_EMAILJS_ORIGIN (${SETTINGS})`,
  timeout:
    "run the check again; if it persists, see EmailJS's status page and this computer's network",
  cors: "",
  other:
    "run the check again; if it persists, register once yourself in a normal browser and look at its console",
};

/** `service` names who answered: EmailJS, or the local outbox of an outbox build. */
export function describeSendAnswer(answer: SendAnswer, service = "EmailJS"): SendVerdict {
  if (answer.kind === "not-sent")
    return { ok: false, words: `not sent: ${answer.why}`, fix: answer.fix };
  if (answer.kind === "failed") {
    const cause = causeOfNetError(answer.error);
    const words = `${answer.origin} (${answer.error}): ${CAUSE_WORDS[cause]}`;
    if (cause === "cors") {
      return {
        ok: false,
        words: `no answer the page may read from ${words}: the email service refuses this site's origin`,
        fix: `add this site's address under Account → Security → allowed origins ${DASHBOARD}`,
      };
    }
    return { ok: false, words: `could not reach ${words}`, fix: UNREACHABLE_FIX[cause] };
  }
  const { status, text } = answer;
  const quoted = `${status}${text ? ` "${text.trim().slice(0, 200)}"` : ""}`;
  if (status === 200) return { ok: true, words: `${quoted}: ${service} accepted it` };
  if (status >= 500) {
    return {
      ok: false,
      words: `${quoted}: the email service had a problem of its own`,
      fix: "run the check again later; if it persists, see EmailJS's status page",
    };
  }
  const known = KNOWN.find(([matches]) => matches(status, text));
  if (known) return { ok: false, words: `${quoted}: ${known[1]}`, fix: known[2] };
  return { ok: false, words: `${quoted}: refused`, fix: `read the text above ${DASHBOARD}` };
}

/**
 * What to do when the page sent nothing: with reCAPTCHA on, Google may have challenged the
 * headless browser, which no check can pass, so a person registers instead.
 */
export function sentNothingFix(recaptcha: boolean): string {
  return recaptcha
    ? "Google may challenge a headless browser, so no token and no send: register once yourself in a normal browser with the first name TEST, then check that both emails arrive and that EmailJS's Email History shows two sends."
    : "register once yourself in a normal browser; if that fails too, its console names the cause";
}
