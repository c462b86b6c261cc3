// Pure, so the build resolves the very same values the page does.
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
