// Every word of the registration form, its toasts, its banner and the two emails it sends.
import { program } from "./program.ts";
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

/**
 * Google's notice under the form, shown only when the site has a reCAPTCHA key: Google's terms
 * ask for it (or for its badge, which the page hides).
 */
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

/** The Registration Error toast's one action: the lead reaches the team even when sending fails. */
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

/** How the emails (and the Email us instead message) name the visitor's details. */
export const registrationLabels = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  registered: "Registered",
  program: "Program",
  nextClass: "Next class starts",
} as const;

/** The copy of the two emails; the builders in src/registration fill in the visitor's details. */
export const registrationEmailCopy = {
  /** The team works on Eastern time (office hours are in EST); registration times say so. */
  timeZone: "America/New_York",
  admin: {
    subject: "New Bootcamp Registration",
    intro: `A new student has registered for the ${program.name}.`,
    studentHeading: "Student",
    followUpHeading: "Follow-up actions",
    followUp: [
      "Contact the student within 24 hours to confirm the registration.",
      "Share the course materials.",
      "Schedule the orientation session.",
    ],
    consentNote: "The student agreed to the terms and conditions.",
    sourceHeading: "Source",
    directVisit: "Direct visit",
    referrerLabel: "Referring site",
    spamCheckHeading: "Spam check",
    spamCheckNote:
      "The form's hidden anti-spam field was filled in, so this may be an automated sign-up. No confirmation was sent to the student.",
    spamCheckValue: "Hidden field",
  },
  student: {
    subject: `${program.name} - Registration Confirmation`,
    greeting: "Hi",
    intro: `Thank you for registering for the ${program.name}. We have received your registration.`,
    detailsHeading: "Your registration details",
    nextStepsHeading: "What happens next",
    nextSteps: [
      "A member of our team will contact you within 24 hours to confirm your registration.",
      "We will share the course materials with you.",
      "We will schedule your orientation session.",
    ],
    contactHeading: "Questions? Contact us:",
    signOff: `The ${site.brand} team`,
  },
  labels: registrationLabels,
} as const;

export type RegistrationEmailCopy = typeof registrationEmailCopy;
