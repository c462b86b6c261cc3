import { sectionIds } from "./sections.ts";
import { site } from "./site.ts";
import type { Link } from "./types.ts";

export const navigation = [
  { label: "Curriculum", href: `#${sectionIds.curriculum}` },
  { label: "Instructors", href: `#${sectionIds.instructors}` },
  { label: "Testimonials", href: `#${sectionIds.testimonials}` },
  { label: "Contact", href: `#${sectionIds.contact}` },
] satisfies Link[];

/** The first link of the page, to the main content, shown on keyboard focus only. */
export const skipLinkLabel = "Skip to main content";

export const enrollLink = {
  label: "Enroll Now",
  href: `#${sectionIds.registration}`,
} satisfies Link;

/** The brand in the header: back to the top of the page. */
export const topLink = { label: site.brand, href: `#${sectionIds.top}` } satisfies Link;

/** The menu toggle's accessible name, closed and open (phones and tablets only). */
export const menuLabels = { open: "Open menu", close: "Close menu" } as const;
