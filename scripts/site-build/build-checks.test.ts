import { describe, expect, it } from "vitest";
import { checkBuild, secretSettingErrors } from "./build-checks.ts";
import type { BuildEnv } from "./build-config.ts";
import { contentFacts, type ContentFacts } from "./content-facts.ts";

// Content with no placeholder and a class start after `today`: only the settings can complain.
const facts: ContentFacts = {
  nextClassStartIso: "2031-09-01",
  contactEmail: "admissions@northwind-academy.test",
  socialLinks: [{ label: "LinkedIn", href: "https://www.linkedin.com/company/northwind" }],
  videoChannelHref: "https://www.youtube.com/@northwind?sub_confirmation=1",
  legalLinks: [{ label: "Privacy Policy", href: "https://northwind-academy.test/privacy" }],
  phones: [{ display: "(212) 555-2040", tel: "+12125552040" }],
};
const today = "2030-01-15";
const keys: BuildEnv = {
  VITE_EMAILJS_PUBLIC_KEY: "pk",
  VITE_EMAILJS_SERVICE_ID: "service",
  VITE_EMAILJS_TEMPLATE_ID: "template",
};
// Set explicitly, so that no warning depends on the addresses in src/content/.
const complete: BuildEnv = {
  ...keys,
  VITE_SITE_URL: "https://school.test/",
  VITE_ADMIN_EMAIL: "desk@northwind-academy.test",
};

const errorsOf = (env: BuildEnv) => {
  const checked = checkBuild(env, facts, today);
  return checked.ok ? [] : checked.errors;
};
const warningsOf = (env: BuildEnv, overrides: Partial<ContentFacts> = {}) =>
  checkBuild(env, { ...facts, ...overrides }, today).warnings;

describe("the reCAPTCHA settings", () => {
  it("takes a site key, and stops at a value that cannot be one, naming the setting", () => {
    const key = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";
    expect(checkBuild({ ...keys, VITE_RECAPTCHA_SITE_KEY: key }, facts, today).ok).toBe(true);
    for (const bad of [
      "6LeIxAcTAAAAAJcZ VRqyHh71UMIEGNQ_MXjiZKhI",
      `"${key}"`,
      `'${key}'`,
      "6Le",
    ]) {
      expect(errorsOf({ ...keys, VITE_RECAPTCHA_SITE_KEY: bad })).toEqual([
        `VITE_RECAPTCHA_SITE_KEY must be a reCAPTCHA site key (letters, digits, - and _, no spaces or quotes), got "${bad}".`,
      ]);
    }
  });

  it("refuses a setting named like a reCAPTCHA secret key, one line each", () => {
    expect(secretSettingErrors(["RECAPTCHA_SECRET_KEY", "VITE_RECAPTCHA_SECRET"])).toEqual([
      "RECAPTCHA_SECRET_KEY looks like a reCAPTCHA secret key: remove it; the secret key goes in the EmailJS template's reCAPTCHA settings, never in the site's build.",
      "VITE_RECAPTCHA_SECRET looks like a reCAPTCHA secret key: remove it; the secret key goes in the EmailJS template's reCAPTCHA settings, never in the site's build.",
    ]);
    expect(secretSettingErrors([])).toEqual([]);
  });
});

describe("checkBuild errors", () => {
  it("passes with no settings (the outbox) and with all three keys", () => {
    expect(checkBuild({}, facts, today).ok).toBe(true);
    expect(checkBuild(keys, facts, today).ok).toBe(true);
  });

  it("names the missing EmailJS keys when only some are set", () => {
    expect(errorsOf({ VITE_EMAILJS_PUBLIC_KEY: "pk" })).toEqual([
      "VITE_EMAILJS_SERVICE_ID and VITE_EMAILJS_TEMPLATE_ID are not set: set all three EmailJS keys, or none of them for the local outbox.",
    ]);
    expect(errorsOf({ ...keys, VITE_EMAILJS_SERVICE_ID: undefined })).toEqual([
      "VITE_EMAILJS_SERVICE_ID is not set: set all three EmailJS keys, or none of them for the local outbox.",
    ]);
  });

  it("wants an https:// email origin, or http:// on loopback", () => {
    for (const origin of [
      "http://api.emailjs.test",
      "api.emailjs.com",
      "ftp://localhost",
      "/outbox",
    ]) {
      expect(errorsOf({ ...keys, VITE_EMAILJS_ORIGIN: origin })).toEqual([
        `VITE_EMAILJS_ORIGIN must be an absolute https:// URL (http:// only for localhost), got "${origin}".`,
      ]);
    }
    for (const origin of [
      "https://api.emailjs.com",
      "http://127.0.0.1:4810",
      "http://localhost:9",
    ]) {
      expect(errorsOf({ ...keys, VITE_EMAILJS_ORIGIN: origin })).toEqual([]);
    }
  });

  it("wants an email address for the admin mailbox", () => {
    expect(errorsOf({ VITE_ADMIN_EMAIL: "admissions" })).toEqual([
      'VITE_ADMIN_EMAIL must be an email address, got "admissions".',
    ]);
    expect(errorsOf({ VITE_ADMIN_EMAIL: "a b@school.test" })).toHaveLength(1);
    expect(errorsOf({ VITE_ADMIN_EMAIL: "desk@school.test" })).toEqual([]);
  });

  it("wants an absolute http(s) site URL", () => {
    expect(errorsOf({ VITE_SITE_URL: "school.test" })).toEqual([
      'VITE_SITE_URL must be an absolute URL, got "school.test".',
    ]);
    expect(errorsOf({ VITE_SITE_URL: "ftp://school.test/" })).toEqual([
      'VITE_SITE_URL must be an http(s) URL, got "ftp://school.test/".',
    ]);
  });

  it("reports every problem at once, one line each", () => {
    const errors = errorsOf({
      VITE_EMAILJS_TEMPLATE_ID: "t",
      VITE_EMAILJS_ORIGIN: "http://mail.test",
      VITE_ADMIN_EMAIL: "x",
      VITE_SITE_URL: "nope",
    });
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).not.toContain("\n");
  });
});

describe("checkBuild warnings", () => {
  it("has none for a complete configuration", () => {
    expect(warningsOf(complete)).toEqual([]);
  });

  it("says plainly that a build without EmailJS keys is in outbox mode and sends nothing on a static host", () => {
    const outboxMode =
      "No EmailJS keys: this build is in outbox mode. Registrations reach only the outbox of `npm start`; a static host has no outbox, so every registration there will fail. Set the three VITE_EMAILJS_* keys before building for a deploy.";
    const { VITE_SITE_URL, VITE_ADMIN_EMAIL } = complete;
    expect(warningsOf({ VITE_SITE_URL, VITE_ADMIN_EMAIL })).toEqual([outboxMode]);
    expect(warningsOf({ VITE_ADMIN_EMAIL })[0]).toBe(outboxMode);
  });

  it("names each placeholder address still in use", () => {
    expect(
      warningsOf(
        {
          ...keys,
          VITE_SITE_URL: "https://bootcamp.example.com",
          VITE_ADMIN_EMAIL: "admissions@bootcamp.example.com",
        },
        {
          contactEmail: "admissions@bootcamp.example.com",
          socialLinks: [
            { label: "LinkedIn", href: "https://www.linkedin.com/company/example" },
            { label: "TikTok", href: "https://www.tiktok.com/@example" },
            { label: "YouTube", href: "https://www.youtube.com/@northwind" },
          ],
        },
      ),
    ).toEqual([
      "The site address https://bootcamp.example.com/ is a placeholder: set VITE_SITE_URL (or site.url in src/content/site.ts).",
      "The admin mailbox admissions@bootcamp.example.com is a placeholder: set VITE_ADMIN_EMAIL (or site.email in src/content/site.ts).",
      "LinkedIn and TikTok link to a placeholder: edit site.social in src/content/site.ts.",
    ]);
  });

  it("names the video's channel link, legal links that go nowhere and fictional 555 numbers", () => {
    expect(
      warningsOf(complete, {
        videoChannelHref: "https://www.youtube.com/@example?sub_confirmation=1",
        legalLinks: [
          { label: "Privacy Policy", href: "#" },
          { label: "Terms of Service", href: "#" },
        ],
        phones: [
          { display: "(555) 010-2040", tel: "+15550102040" },
          { display: "(212) 555-2040", tel: "+12125552040" },
          { display: "212-555-0142", tel: "+12125550142" },
        ],
      }),
    ).toEqual([
      "The video's Subscribe link https://www.youtube.com/@example?sub_confirmation=1 is a placeholder: edit video.channelHref in src/content/program.ts.",
      "Privacy Policy and Terms of Service link nowhere (#): give each its page's address in site.legal in src/content/site.ts.",
      "The phone numbers (555) 010-2040 and 212-555-0142 are placeholders (555 numbers reach no one): edit site.phones in src/content/site.ts.",
    ]);
  });

  it("warns about every placeholder the sample content ships", () => {
    const sample = checkBuild(keys, contentFacts(), today).warnings.join("\n");
    for (const part of [
      "site address",
      "admin mailbox",
      "LinkedIn",
      "Subscribe",
      "Privacy Policy",
      "(555) 010-2040",
    ])
      expect(sample).toContain(part);
  });

  it("warns about a placeholder contact email even when the admin mailbox is set", () => {
    expect(warningsOf(complete, { contactEmail: "hi@example.org" })).toEqual([
      "The contact email hi@example.org is a placeholder: edit site.email in src/content/site.ts.",
    ]);
  });

  it("warns when the next class start is in the past, not when it is today", () => {
    expect(warningsOf(complete, { nextClassStartIso: "2025-06-06" })).toEqual([
      "The next class start 2025-06-06 is in the past: update the dates in src/content/.",
    ]);
    expect(warningsOf(complete, { nextClassStartIso: today })).toEqual([]);
    expect(warningsOf(complete, { nextClassStartIso: "June 06 2025" })).toEqual([
      'The next class start "June 06 2025" is not an ISO date (YYYY-MM-DD).',
    ]);
  });
});
