// A module of their own: only the sender carries them, so the form's code stays light.
import { program } from "./program.ts";
import { registrationLabels } from "./registration.ts";
import { site } from "./site.ts";

export const registrationEmailCopy = {
  /** The team works on Eastern time (office hours are in EST); registration times say so. */
  timeZone: "America/New_York",
  admin: {
    subject: "New Bootcamp Registration",
    intro: `A new student has registered for the ${program.name}.`,
    /** When the student corrected the details after an email under the same reference went. */
    correctionNote:
      "Correction: the student changed their details after an earlier email with this reference. These replace the earlier ones.",
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
  labels: {
    ...registrationLabels,
    /** The registration's short code, the same in both emails: quoted by the student and the team. */
    reference: "Reference",
  },
} as const;

export type RegistrationEmailCopy = typeof registrationEmailCopy;
