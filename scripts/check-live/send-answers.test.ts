import { describe, expect, it } from "vitest";
import { NO_RECAPTCHA_TOKEN } from "../../server/outbox/middleware.ts";
import { describeSendAnswer } from "./send-answers.ts";

const answered = (status: number, text: string) =>
  describeSendAnswer({ kind: "answered", status, text });

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
    expect(verdict.fix).toContain(fix);
  });

  it("reads a 403 as the account's allowed origins refusing the site", () => {
    const verdict = answered(403, "Forbidden");
    expect(verdict.words).toContain("origin not allowed");
    expect(verdict.fix).toContain("allowed origins");
  });

  it("reads a refused origin the browser never let the page read (CORS) as such", () => {
    const verdict = describeSendAnswer({ kind: "failed", error: "net::ERR_FAILED" });
    expect(verdict.ok).toBe(false);
    expect(verdict.words).toContain("refused this site's origin");
    expect(verdict.fix).toContain("allowed origins");
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
      }),
    ).toEqual({
      ok: false,
      words: "not sent: the admin email failed, so the page did not send it",
    });
  });
});
