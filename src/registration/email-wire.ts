// Imported by the local outbox server too (eslint.config.js): no browser or React imports here.

export const EMAIL_SEND_PATH = "/api/v1.0/email/send";
/** emailjs-com@3.2.0 writes this into every request body; the outbox checks it is present. */
export const EMAIL_LIB_VERSION = "3.2.0";
/** On the server that serves the page (dev and `npm start`). */
export const OUTBOX_ORIGIN = "/outbox";
export const RECAPTCHA_PARAM = "g-recaptcha-response";

export type TemplateParams = Record<string, string>;

export type EmailSendBody = {
  lib_version: string;
  user_id: string;
  service_id: string;
  template_id: string;
  template_params: TemplateParams;
};
