// What the build checks before it writes anything: errors stop it (one line each, naming the
// setting), warnings let it go on (one line each, summed up at the end of the build).
import { resolveSiteUrl } from "../../src/lib/site-url.ts";
import { resolveBuildConfig, type BuildConfig, type BuildEnv } from "./build-config.ts";
import type { ContentFacts } from "./content-facts.ts";
import { placeholderWarnings } from "./placeholder-checks.ts";

export type CheckedBuild =
  | { ok: true; config: BuildConfig; warnings: string[] }
  | { ok: false; errors: string[]; warnings: string[] };

const EMAILJS_KEYS = [
  "VITE_EMAILJS_PUBLIC_KEY",
  "VITE_EMAILJS_SERVICE_ID",
  "VITE_EMAILJS_TEMPLATE_ID",
] as const;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

// One address field holds one address: no spaces, one @, a dot in the domain.
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const list = (names: readonly string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

function emailKeyErrors(env: BuildEnv): string[] {
  const missing = EMAILJS_KEYS.filter((key) => !env[key]);
  if (missing.length === 0 || missing.length === EMAILJS_KEYS.length) return [];
  const verb = missing.length === 1 ? "is" : "are";
  return [
    `${list(missing)} ${verb} not set: set all three EmailJS keys, or none of them for the local outbox.`,
  ];
}

function originErrors(origin: string | undefined): string[] {
  if (!origin) return [];
  const problem = `VITE_EMAILJS_ORIGIN must be an absolute https:// URL (http:// only for localhost), got "${origin}".`;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return [problem];
  }
  const secure = url.protocol === "https:";
  const loopback = url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  return secure || loopback ? [] : [problem];
}

function adminEmailErrors(email: string | undefined): string[] {
  if (!email || EMAIL_ADDRESS.test(email)) return [];
  return [`VITE_ADMIN_EMAIL must be an email address, got "${email}".`];
}

// Google's site keys are 40 characters of letters, digits, - and _; a test of one may be shorter.
const RECAPTCHA_SITE_KEY = /^[\w-]{20,100}$/;

function recaptchaKeyErrors(key: string | undefined): string[] {
  if (!key || RECAPTCHA_SITE_KEY.test(key)) return [];
  return [
    `VITE_RECAPTCHA_SITE_KEY must be a reCAPTCHA site key (letters, digits, - and _, no spaces or quotes), got "${key}".`,
  ];
}

/** Settings named like a reCAPTCHA secret key (build-config.ts finds them): never in the build. */
export function secretSettingErrors(names: readonly string[]): string[] {
  return names.map(
    (name) =>
      `${name} looks like a reCAPTCHA secret key: remove it; the secret key goes in the EmailJS template's reCAPTCHA settings, never in the site's build.`,
  );
}

function siteUrlErrors(siteUrl: string | undefined): string[] {
  if (!siteUrl) return [];
  try {
    resolveSiteUrl(siteUrl, siteUrl);
    return [];
  } catch (error) {
    return [`${(error as Error).message}.`];
  }
}

/** The next class start (YYYY-MM-DD) against `today`: a date in the past tells visitors the site is stale. */
export function nextClassWarnings(nextClassStartIso: string, today: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(nextClassStartIso)) {
    return [`The next class start "${nextClassStartIso}" is not an ISO date (YYYY-MM-DD).`];
  }
  if (nextClassStartIso < today) {
    return [
      `The next class start ${nextClassStartIso} is in the past: update the dates in src/content/.`,
    ];
  }
  return [];
}

function warningsFor(config: BuildConfig, facts: ContentFacts, today: string) {
  const warnings: string[] = [];
  if (config.email.mode === "outbox") {
    warnings.push(
      "No EmailJS keys: this build is in outbox mode. Registrations reach only the outbox of `npm start`; a static host has no outbox, so every registration there will fail. Set the three VITE_EMAILJS_* keys before building for a deploy.",
    );
  }
  warnings.push(
    ...placeholderWarnings({
      siteUrl: config.siteUrl,
      adminEmail: config.email.adminEmail,
      ...facts,
    }),
  );
  warnings.push(...nextClassWarnings(facts.nextClassStartIso, today));
  return warnings;
}

/** Checks the settings and the content; `today` is the build's date, YYYY-MM-DD (UTC). */
export function checkBuild(
  env: BuildEnv,
  facts: ContentFacts,
  today = new Date().toISOString().slice(0, 10),
): CheckedBuild {
  const errors = [
    ...emailKeyErrors(env),
    ...originErrors(env.VITE_EMAILJS_ORIGIN),
    ...adminEmailErrors(env.VITE_ADMIN_EMAIL),
    ...siteUrlErrors(env.VITE_SITE_URL),
    ...recaptchaKeyErrors(env.VITE_RECAPTCHA_SITE_KEY),
  ];
  if (errors.length > 0) return { ok: false, errors, warnings: [] };
  const config = resolveBuildConfig(env);
  return { ok: true, config, warnings: warningsFor(config, facts, today) };
}
