// The build's settings, resolved once: the VITE_* values of the shell and the `.env` files, by
// Vite's own rules (loadEnv, mode "production", the shell wins). The one result feeds the client
// and server bundles (as `define`s), the prerender, the headers files, robots.txt and the sitemap.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { loadEnv } from "vite";
import {
  resolveEmailConfig,
  type EmailConfig,
} from "../../src/registration/resolve-email-config.ts";
import { site } from "../../src/content/site.ts";
import { resolveSiteUrl } from "../../src/lib/site-url.ts";

/** The build-time variables of docs/contract.md, and the only ones the build passes to the page. */
export const BUILD_ENV_KEYS = [
  "VITE_EMAILJS_PUBLIC_KEY",
  "VITE_EMAILJS_SERVICE_ID",
  "VITE_EMAILJS_TEMPLATE_ID",
  "VITE_EMAILJS_ORIGIN",
  "VITE_ADMIN_EMAIL",
  "VITE_SITE_URL",
  "VITE_RECAPTCHA_SITE_KEY",
] as const;

export type BuildEnvKey = (typeof BUILD_ENV_KEYS)[number];
/** Trimmed values; a blank value is unset. */
export type BuildEnv = Partial<Record<BuildEnvKey, string>>;

export type BuildConfig = {
  env: BuildEnv;
  email: EmailConfig;
  /** The site's base URL with a trailing slash. */
  siteUrl: string;
  /** Google reCAPTCHA v2 (invisible) site key; unset, the page has nothing of reCAPTCHA. */
  recaptchaSiteKey?: string;
};

export const BUILD_MODE = "production";

/**
 * `.env`, `.env.local`, `.env.production` and `.env.production.local` in `root`, overridden by
 * VITE_* variables of `shell` (loadEnv already lets process.env win; `shell` makes that testable).
 */
export function loadBuildEnv(root: string, shell: NodeJS.ProcessEnv = process.env): BuildEnv {
  const merged: Record<string, string | undefined> = { ...loadEnv(BUILD_MODE, root, "VITE_") };
  for (const [name, value] of Object.entries(shell)) {
    if (name.startsWith("VITE_")) merged[name] = value;
  }
  const env: BuildEnv = {};
  for (const key of BUILD_ENV_KEYS) {
    const value = merged[key]?.trim();
    if (value) env[key] = value;
  }
  return env;
}

/** A reCAPTCHA secret key goes in EmailJS's template settings; a name like these is one. */
const RECAPTCHA_SECRET_NAME = /RECAPTCHA.*SECRET|SECRET.*RECAPTCHA/i;

/**
 * Names of settings that look like a reCAPTCHA secret key: any in the `.env` files of `root`, and
 * VITE_* ones in `shell` (those the build would hand to the page). The build refuses them.
 */
export function recaptchaSecretNames(root: string, shell: NodeJS.ProcessEnv = process.env) {
  const files = [".env", ".env.local", `.env.${BUILD_MODE}`, `.env.${BUILD_MODE}.local`];
  const names = [
    ...files.flatMap((file) => {
      const target = path.join(root, file);
      return existsSync(target) ? Object.keys(parseEnv(readFileSync(target, "utf8"))) : [];
    }),
    ...Object.keys(shell).filter((name) => name.startsWith("VITE_")),
  ];
  return [...new Set(names.filter((name) => RECAPTCHA_SECRET_NAME.test(name)))].sort();
}

/**
 * The configuration the page will run with. Throws on a VITE_SITE_URL that is not an absolute
 * http(s) URL; scripts/site-build/build-checks.ts reports every other mistake before this runs.
 */
export function resolveBuildConfig(env: BuildEnv): BuildConfig {
  const siteUrl = resolveSiteUrl(env.VITE_SITE_URL, site.url);
  const origin = env.VITE_EMAILJS_ORIGIN?.replace(/\/+$/, "");
  const resolved: BuildEnv = {
    ...env,
    ...(origin ? { VITE_EMAILJS_ORIGIN: origin } : {}),
    ...(env.VITE_SITE_URL ? { VITE_SITE_URL: siteUrl } : {}),
  };
  const { VITE_RECAPTCHA_SITE_KEY: recaptchaSiteKey } = resolved;
  return {
    env: resolved,
    email: resolveEmailConfig(resolved),
    siteUrl,
    ...(recaptchaSiteKey ? { recaptchaSiteKey } : {}),
  };
}

/**
 * The `define`s that hand the resolved values to both Vite builds. Every key is defined, unset
 * ones as `undefined`, so no value can come from anywhere else (the builds also load no `.env`).
 */
export function viteDefines(config: BuildConfig): Record<string, string> {
  return Object.fromEntries(
    BUILD_ENV_KEYS.map((key) => {
      const value = config.env[key];
      return [`import.meta.env.${key}`, value === undefined ? "undefined" : JSON.stringify(value)];
    }),
  );
}
