export const contactSection = {
  title: "Contact Us",
  intro: "Questions about the program, payment or schedule? Talk to us.",
  phonesLabel: "Call us",
  emailLabel: "Email us",
  hoursLabel: "Office hours",
  /** The office-hours table's caption, read by screen readers (the heading above shows it). */
  hoursCaption: "Office hours by day",
} as const;

export const footer = {
  contactTitle: "Contact",
  followTitle: "Follow us",
  legalTitle: "Legal",
  rights: "All rights reserved.",
} as const;
