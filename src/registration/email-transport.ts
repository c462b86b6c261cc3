// The one seam to the email service. EmailJS and the local outbox differ only in `origin`; the
// request is built by the real emailjs-com client (pinned, see docs/decisions) in both cases.
import type { EmailConfig } from "./resolve-email-config.ts";
import type { SendEmail } from "./registration-flow.ts";

type EmailClient = Pick<typeof import("emailjs-com"), "init" | "send">;

export function createEmailTransport(config: EmailConfig, emailjs: EmailClient): SendEmail {
  emailjs.init(config.publicKey, config.origin);
  return (params) => emailjs.send(config.serviceId, config.templateId, params);
}
