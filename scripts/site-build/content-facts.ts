// The few content facts the build checks before it builds. Read here and nowhere else in
// scripts/, so a change in how src/content/ holds them is a change to this file only.
import { program, video } from "../../src/content/program.ts";
import { site } from "../../src/content/site.ts";
import type { PlaceholderFacts } from "./placeholder-checks.ts";

/** The content's side of the placeholder facts (the settings give the site URL and the admin mailbox). */
export type ContentFacts = Omit<PlaceholderFacts, "siteUrl" | "adminEmail"> & {
  /** The next class start as an ISO date (YYYY-MM-DD). */
  nextClassStartIso: string;
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
    videoChannelHref: video.channelHref,
    legalLinks: site.legal.map(({ label, href }) => ({ label, href })),
    phones: site.phones.map(({ display, tel }) => ({ display, tel })),
  };
}
