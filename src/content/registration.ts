// The emails' words are in registration-emails.ts.
import { site } from "./site.ts";

export const registrationForm = {
  legend: "Your details",
  fields: {
    firstName: { label: "First name", autoComplete: "given-name" },
    lastName: { label: "Last name", autoComplete: "family-name" },
    email: { label: "Email", autoComplete: "email" },
    phone: { label: "Phone", autoComplete: "tel" },
  },
  consentLabel: "I agree to the terms and conditions and to be contacted about the bootcamp.",
  consentError: "Please agree to the terms and conditions to register.",
  submit: "Register Now",
  sending: "Sending registration…",
  /** While Google's reCAPTCHA challenge is on screen and the registration waits for it. */
  verifying: "Verifying you're human…",
  /** The honeypot's label, read only by bots that fill every field they find. */
  honeypotLabel: "Leave this field empty",
  noScript: {
    title: "Registration needs JavaScript.",
    text: "Please turn JavaScript on to use this form, or reach our team directly:",
  },
} as const;

/** Shown under the form, in place of Google's badge, when the site has a reCAPTCHA key. */
export const recaptchaNotice = {
  before: "This site is protected by reCAPTCHA and the Google",
  privacy: { label: "Privacy Policy", href: "https://policies.google.com/privacy" },
  and: "and",
  terms: { label: "Terms of Service", href: "https://policies.google.com/terms" },
  after: "apply.",
} as const;

/** Fixed titles and texts (docs/spec-facts.md). */
export const registrationToasts = {
  consentRequired: {
    title: "Consent Required",
    description: "Please agree to the terms and conditions.",
  },
  registrationError: {
    title: "Registration Error",
    description: "There was an error processing your registration. Please try again.",
  },
} as const;

/** The Registration Error toast's action: a mailto: with the visitor's details. */
export const emailInstead = {
  label: "Email us instead",
  altText: `Email your registration to ${site.email} instead`,
  subject: "Bootcamp registration",
  intro:
    "Hello, the registration form on your website could not send my details. Please register me:",
} as const;

export const notifications = {
  closeLabel: "Close notification",
} as const;

export const successBanner = {
  title: "You're registered!",
  text: "Thank you. We've emailed you a confirmation, and a member of our team will contact you within 24 hours.",
  /** When no confirmation went out (the spam check held it back): claims no email. */
  textWithoutConfirmation: "Thank you. A member of our team will contact you within 24 hours.",
} as const;

/**
 * What the form says while this page's registration waits on the device, and when a registration
 * kept by an earlier visit has been sent: never its details, which may be another person's.
 */
export const keptRegistration = {
  waiting:
    "Saved on this device: your registration will be sent when the connection returns, or on your next visit within 7 days.",
  sentEarlier: "A registration saved earlier on this device has now been sent.",
  failedEarlier: "A registration saved earlier on this device could not be sent.",
  /** The team's email went, the confirmation did not: {reference} is the registration's. */
  teamHas:
    "Our team has your registration (reference {reference}), but your confirmation email could not be sent. Press Register Now again to send it.",
  /** With reCAPTCHA on, Google asked for a challenge before a kept registration could go. */
  needsCheck:
    "A registration saved earlier on this device is ready to send. Google's spam check needs one quick confirmation from you first.",
} as const;

/** The button beside `keptRegistration.needsCheck`: the challenge shows once it is pressed. */
export const sendKeptLabel = "Send saved registration";

/** How the emails (and the Email us instead message) name the visitor's details. */
export const registrationLabels = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  registered: "Registered",
  program: "Program",
  nextClass: "Next class starts",
} as const;
