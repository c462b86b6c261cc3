import { sectionIds } from "./sections.ts";
import type { Link } from "./types.ts";

export const navigation = [
  { label: "Curriculum", href: `#${sectionIds.curriculum}` },
  { label: "Instructors", href: `#${sectionIds.instructors}` },
  { label: "Testimonials", href: `#${sectionIds.testimonials}` },
  { label: "Contact", href: `#${sectionIds.contact}` },
] satisfies Link[];

export const enrollLink = {
  label: "Enroll Now",
  href: `#${sectionIds.registration}`,
} satisfies Link;
