// EmailJS and the local outbox differ only in `origin`: both requests come from emailjs-com.
import type { EmailConfig } from "./resolve-email-config.ts";
import type { SendEmail } from "./registration-flow.ts";

type EmailClient = Pick<typeof import("emailjs-com"), "init" | "send">;

export function createEmailTransport(config: EmailConfig, emailjs: EmailClient): SendEmail {
  emailjs.init(config.publicKey, config.origin);
  return (params) => emailjs.send(config.serviceId, config.templateId, params);
}
