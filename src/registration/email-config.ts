// Where registrations are sent, from the build-time environment (CONTRACT.md, Configuration).
import { site } from "../content/site.ts";
import { OUTBOX_ORIGIN } from "./email-wire.ts";

export type EmailConfig = {
  mode: "emailjs" | "outbox";
  publicKey: string;
  serviceId: string;
  templateId: string;
  origin: string;
  adminEmail: string;
};

export type EmailEnv = {
  VITE_EMAILJS_PUBLIC_KEY?: string;
  VITE_EMAILJS_SERVICE_ID?: string;
  VITE_EMAILJS_TEMPLATE_ID?: string;
  VITE_EMAILJS_ORIGIN?: string;
  VITE_ADMIN_EMAIL?: string;
};

const EMAILJS_ORIGIN = "https://api.emailjs.com";

/** Placeholder ids of outbox mode: the outbox checks they are present, as EmailJS would. */
const outboxIds = {
  publicKey: "outbox-public-key",
  serviceId: "outbox-service",
  templateId: "outbox-template",
} as const;

/**
 * With none of the three EmailJS keys set, the site sends the very same requests to the local
 * outbox. With only some set, the missing ones stay empty on purpose: the email library then
 * throws its "… ID is required" error, which the form reports as a failed registration.
 */
export function resolveEmailConfig(env: EmailEnv): EmailConfig {
  const keys = {
    publicKey: env.VITE_EMAILJS_PUBLIC_KEY?.trim() ?? "",
    serviceId: env.VITE_EMAILJS_SERVICE_ID?.trim() ?? "",
    templateId: env.VITE_EMAILJS_TEMPLATE_ID?.trim() ?? "",
  };
  const outbox = !keys.publicKey && !keys.serviceId && !keys.templateId;
  return {
    mode: outbox ? "outbox" : "emailjs",
    ...(outbox ? outboxIds : keys),
    origin: env.VITE_EMAILJS_ORIGIN?.trim() || (outbox ? OUTBOX_ORIGIN : EMAILJS_ORIGIN),
    adminEmail: env.VITE_ADMIN_EMAIL?.trim() || site.email,
  };
}

// Only these VITE_* values are inlined into the bundle; EmailJS's private key is never used.
export const emailConfig = resolveEmailConfig({
  VITE_EMAILJS_PUBLIC_KEY: import.meta.env.VITE_EMAILJS_PUBLIC_KEY,
  VITE_EMAILJS_SERVICE_ID: import.meta.env.VITE_EMAILJS_SERVICE_ID,
  VITE_EMAILJS_TEMPLATE_ID: import.meta.env.VITE_EMAILJS_TEMPLATE_ID,
  VITE_EMAILJS_ORIGIN: import.meta.env.VITE_EMAILJS_ORIGIN,
  VITE_ADMIN_EMAIL: import.meta.env.VITE_ADMIN_EMAIL,
});
