// Everything a registration needs to send, loaded on the visitor's first touch of the form (see
// load-registration-sender.ts): the email client, the send flow and the two emails' words are
// not part of the page's first-load JavaScript.
import * as emailjs from "emailjs-com";
import { program, programText } from "../content/program.ts";
import { registrationEmailCopy } from "../content/registration-emails.ts";
import { site } from "../content/site.ts";
import { emailConfig } from "./configured-email.ts";
import { createEmailTransport } from "./email-transport.ts";
import { createLeadSender } from "./send-lead.ts";
import { createRegistrationFlow } from "./submit-registration.ts";

// One flow for the page's life: it remembers what the current registration already delivered.
const submitRegistration = createRegistrationFlow({
  send: createEmailTransport(emailConfig, emailjs),
  content: {
    program: { name: program.name, ...programText },
    site,
    copy: registrationEmailCopy,
    adminEmail: emailConfig.adminEmail,
  },
});

/** Every registration is a lead kept on the device (keep-lead.ts), sent through this one flow. */
export const { registerNow, resendKeptLeads, leadsWaiting } = createLeadSender(submitRegistration);
