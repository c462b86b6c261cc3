// The email settings a build carries, read off the live registration sender's script, where
// Vite inlines each VITE_* value into the object the sender resolves its settings from
// (src/registration/registration-sender.ts): `{VITE_ADMIN_EMAIL:"desk@…",…}`, or `void 0` for
// a setting left unset. The minifier writes the strings with any quote, backticks included.
import {
  resolveEmailConfig,
  type EmailConfig,
  type EmailEnv,
} from "../../src/registration/resolve-email-config.ts";

const NAMES = [
  "VITE_EMAILJS_PUBLIC_KEY",
  "VITE_EMAILJS_SERVICE_ID",
  "VITE_EMAILJS_TEMPLATE_ID",
  "VITE_EMAILJS_ORIGIN",
  "VITE_ADMIN_EMAIL",
] as const satisfies (keyof EmailEnv)[];

const LITERAL = String.raw`void 0|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\x60(?:[^\x60\\$]|\\.)*\x60`;

function literalValue(literal: string): string | undefined {
  if (literal === "void 0") return undefined;
  return JSON.parse(`"${literal.slice(1, -1).replace(/\\(.)/g, "$1").replace(/["\\]/g, "\\$&")}"`);
}

/** The admin address is VITE_ADMIN_EMAIL, or undefined: then the page's own contact email. */
export type BuildSettings = Omit<EmailConfig, "adminEmail"> & { adminEmail: string | undefined };

/** The settings as the page resolves them, or undefined if the script holds no such object. */
export function readBuildSettings(script: string): BuildSettings | undefined {
  const env: EmailEnv = {};
  for (const name of NAMES) {
    const found = new RegExp(`[{,]\\s*${name}\\s*:\\s*(${LITERAL})`).exec(script)?.[1];
    if (found === undefined) return undefined;
    const value = literalValue(found);
    if (value !== undefined) env[name] = value;
  }
  return { ...resolveEmailConfig(env), adminEmail: env.VITE_ADMIN_EMAIL?.trim() || undefined };
}
