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

type EmailVariable = "PUBLIC_KEY" | "SERVICE_ID" | "TEMPLATE_ID" | "ORIGIN";
export type EmailEnv = { [Name in `VITE_EMAILJS_${EmailVariable}` | "VITE_ADMIN_EMAIL"]?: string };

const EMAILJS_ORIGIN = "https://api.emailjs.com";
/** Placeholder ids of outbox mode: the outbox checks they are present, as EmailJS would. */
const outboxIds = {
  publicKey: "outbox-public-key",
  serviceId: "outbox-service",
  templateId: "outbox-template",
} as const;

/**
 * With none of the three EmailJS keys set, the very same requests go to the local outbox. With
 * only some set, the rest stay empty on purpose: emailjs-com throws "… ID is required", which the
 * form reports as a failed registration.
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
