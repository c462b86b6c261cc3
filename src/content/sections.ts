// Section ids that the outside relies on (docs/contract.md): markup, navigation and tests import them from here.
export const sectionIds = {
  registration: "registration",
  curriculum: "curriculum",
  instructors: "instructors",
  testimonials: "testimonials",
  contact: "contact",
  main: "main-content",
  /** The first element of the body (index.html): where the brand link goes. */
  top: "top",
} as const;

export type SectionId = (typeof sectionIds)[keyof typeof sectionIds];
