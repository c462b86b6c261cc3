// The few content facts the build checks before it builds. Read here and nowhere else in
// scripts/, so a change in how src/content/ holds them is a change to this file only.
import { program } from "../../src/content/program.ts";
import { site } from "../../src/content/site.ts";

export type ContentFacts = {
  /** The next class start as an ISO date (YYYY-MM-DD). */
  nextClassStartIso: string;
  /** The contact email shown on the page (also the admin mailbox unless VITE_ADMIN_EMAIL is set). */
  contactEmail: string;
  /** Social links by their label. */
  socialLinks: { label: string; href: string }[];
};

/** Where the next class start lives: the one place to re-point when the content changes shape. */
export function nextClassStartIso(): string {
  return program.nextClassStart;
}

export function contentFacts(): ContentFacts {
  return {
    nextClassStartIso: nextClassStartIso(),
    contactEmail: site.email,
    socialLinks: site.social.map(({ label, href }) => ({ label, href })),
  };
}
