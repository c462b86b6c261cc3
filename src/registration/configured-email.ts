// Only these VITE_* values are inlined into the bundle; EmailJS's private key is never used.
import { resolveEmailConfig } from "./resolve-email-config.ts";

export const emailConfig = resolveEmailConfig({
  VITE_EMAILJS_PUBLIC_KEY: import.meta.env.VITE_EMAILJS_PUBLIC_KEY,
  VITE_EMAILJS_SERVICE_ID: import.meta.env.VITE_EMAILJS_SERVICE_ID,
  VITE_EMAILJS_TEMPLATE_ID: import.meta.env.VITE_EMAILJS_TEMPLATE_ID,
  VITE_EMAILJS_ORIGIN: import.meta.env.VITE_EMAILJS_ORIGIN,
  VITE_ADMIN_EMAIL: import.meta.env.VITE_ADMIN_EMAIL,
});
