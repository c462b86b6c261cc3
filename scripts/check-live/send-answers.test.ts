import { describe, expect, it } from "vitest";
import { NO_RECAPTCHA_TOKEN } from "../../server/outbox/middleware.ts";
import { describeSendAnswer, sentNothingFix, type SendVerdict } from "./send-answers.ts";

const answered = (status: number, text: string) =>
  describeSendAnswer({ kind: "answered", status, text });
const fixOf = (verdict: SendVerdict) => (verdict.ok ? undefined : verdict.fix);
const failed = (error: string) =>
  describeSendAnswer({ kind: "failed", error, origin: "https://api.emailjs.com" });

describe("describeSendAnswer", () => {
  it("says a 200 is accepted, naming who accepted it", () => {
    expect(answered(200, "OK")).toEqual({ ok: true, words: '200 "OK": EmailJS accepted it' });
    expect(describeSendAnswer({ kind: "answered", status: 200, text: "OK" }, "the outbox")).toEqual(
      { ok: true, words: '200 "OK": the outbox accepted it' },
    );
  });

  // EmailJS's texts as it answers them (its API page documents only the user_id one).
  it.each([
    [
      "The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account",
      "wrong public key",
      "VITE_EMAILJS_PUBLIC_KEY",
    ],
    ["The user_id parameter is required", "wrong public key", "VITE_EMAILJS_PUBLIC_KEY"],
    [
      "The service ID not found. To find this ID, visit https://dashboard.emailjs.com/admin",
      "wrong service ID",
      "VITE_EMAILJS_SERVICE_ID",
    ],
    [
      "The template ID not found. To find this ID, visit https://dashboard.emailjs.com/admin/templates",
      "wrong template ID",
      "VITE_EMAILJS_TEMPLATE_ID",
    ],
    [NO_RECAPTCHA_TOKEN, "reCAPTCHA required", "VITE_RECAPTCHA_SITE_KEY"],
    ["reCAPTCHA: timeout-or-duplicate", "reCAPTCHA required", "secret key"],
    ["You have exceeded the monthly limit", "quota is used up", "upgrade the plan"],
  ])("a 400 %j: %s, and the fix names %s", (text, words, fix) => {
    const verdict = answered(400, text);
    expect(verdict.ok).toBe(false);
    expect(verdict.words.startsWith(`400 "${text}": `)).toBe(true);
    expect(verdict.words).toContain(words);
    expect(fixOf(verdict)).toContain(fix);
  });

  it("reads a 403 as the account's allowed origins refusing the site", () => {
    const verdict = answered(403, "Forbidden");
    expect(verdict.words).toContain("origin not allowed");
    expect(fixOf(verdict)).toContain("allowed origins");
  });

  it("reads a refused origin the browser never let the page read (CORS) as such", () => {
    const verdict = failed("net::ERR_FAILED");
    expect(verdict.ok).toBe(false);
    expect(verdict.words).toBe(
      "no answer the page may read from https://api.emailjs.com (net::ERR_FAILED): it answered, but without this site's origin in its CORS headers, so the browser hid the answer: the email service refuses this site's origin",
    );
    expect(fixOf(verdict)).toContain("allowed origins");
  });

  // A send that never reached the service is never blamed on its allowed origins.
  it.each([
    ["net::ERR_NAME_NOT_RESOLVED", "(DNS)", "resolves"],
    ["net::ERR_CONNECTION_REFUSED", "refused", "VITE_EMAILJS_ORIGIN"],
    ["net::ERR_CONNECTION_RESET", "cut", "firewall"],
    ["net::ERR_CERT_AUTHORITY_INVALID", "(TLS)", "proxy that inspects HTTPS"],
    ["net::ERR_TIMED_OUT", "(timeout)", "status page"],
  ])("reads %s as the service not reached: %s", (error, words, fix) => {
    const verdict = failed(error);
    expect(verdict.words).toMatch(
      new RegExp(`^could not reach https://api\\.emailjs\\.com \\(${error}\\): `),
    );
    expect(verdict.words).toContain(words);
    expect(fixOf(verdict)).toContain(fix);
    expect(`${verdict.words} ${fixOf(verdict)}`).not.toMatch(/allowed origins|CORS/);
  });

  it("tells a rate limit, a headless block and the service's own failure apart", () => {
    expect(answered(429, "Too Many Requests").words).toContain("rate limit");
    expect(answered(451, "Unavailable For Headless Browser").words).toContain("headless");
    expect(answered(503, "Service Unavailable").words).toContain("problem of its own");
  });

  it("says why a send was never made", () => {
    expect(
      describeSendAnswer({
        kind: "not-sent",
        why: "the admin email failed, so the page did not send it",
        fix: "fix the admin email's problem above",
      }),
    ).toEqual({
      ok: false,
      words: "not sent: the admin email failed, so the page did not send it",
      fix: "fix the admin email's problem above",
    });
  });

  it("sends a person to register by hand when the page sent nothing, saying why with reCAPTCHA on", () => {
    expect(sentNothingFix(true)).toMatch(
      /^Google may challenge a headless browser.*register once yourself/,
    );
    expect(sentNothingFix(false)).toMatch(/^register once yourself in a normal browser/);
  });
});
