// One well-formed send request, as emailjs-com@3.2.0 builds it in outbox mode, for the outbox's
// tests to vary one field at a time.
import { EMAIL_LIB_VERSION, type EmailSendBody } from "../../src/registration/email-wire.ts";

export const sampleSendBody = {
  lib_version: EMAIL_LIB_VERSION,
  user_id: "outbox-public-key",
  service_id: "outbox-service",
  template_id: "outbox-template",
  template_params: { to_email: "team@example.org", subject: "Hello", message: "Hi" },
} satisfies EmailSendBody;
