// The EmailJS wire request (docs/contract.md), shared by the browser code and the local outbox server.
// The server imports only this file (and the pure src/lib/escape-html.ts) from src/, so keep it
// free of browser and React imports.

/** The path of a send on the email provider's host. */
export const EMAIL_SEND_PATH = "/api/v1.0/email/send";

/** emailjs-com@3.2.0 writes this into every request body; the outbox checks it is present. */
export const EMAIL_LIB_VERSION = "3.2.0";

/** Where the local outbox lives on the server that serves the page (dev and `npm start`). */
export const OUTBOX_ORIGIN = "/outbox";

export type TemplateParams = Record<string, string>;

/** The JSON body of `POST {origin}/api/v1.0/email/send`. */
export type EmailSendBody = {
  lib_version: string;
  user_id: string;
  service_id: string;
  template_id: string;
  template_params: TemplateParams;
};

/** The template parameter that carries a reCAPTCHA token, when the site has a reCAPTCHA key. */
export const RECAPTCHA_PARAM = "g-recaptcha-response";
