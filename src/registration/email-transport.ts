// The one seam to the email service. EmailJS and the local outbox differ only in `origin`; the
// request is built by the real emailjs-com client (pinned, see docs/decisions) in both cases.
import type { EmailConfig } from "./email-config.ts";
import type { SendEmail } from "./submit-registration.ts";

type EmailClient = typeof import("emailjs-com");

let client: Promise<EmailClient> | undefined;

/**
 * Fetches the email client on the visitor's first touch of the form, so it is not part of the
 * page's first-load JavaScript but is usually ready by the time they press Register.
 */
export function loadEmailClient(config: EmailConfig): Promise<EmailClient> {
  if (!client) {
    const loading = import("emailjs-com").then((emailjs) => {
      emailjs.init(config.publicKey, config.origin);
      return emailjs;
    });
    // A failed download (e.g. offline) must not stick: the next attempt fetches again.
    loading.catch(() => {
      if (client === loading) client = undefined;
    });
    client = loading;
  }
  return client;
}

export function createEmailTransport(config: EmailConfig): SendEmail {
  return async (params) => {
    const emailjs = await loadEmailClient(config);
    return emailjs.send(config.serviceId, config.templateId, params);
  };
}
