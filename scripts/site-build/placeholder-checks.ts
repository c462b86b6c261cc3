// The sample content's placeholders the README tells an operator to replace before going live:
// one warning each, saying where to edit. The build checks the content with them, and
// `npm run check:live` checks the deployed page's links and addresses with the same rules.

export type PlaceholderFacts = {
  /** The site's address (canonical URL). */
  siteUrl: string;
  /** The mailbox registrations go to, when known (the build knows it; a live page does not show it). */
  adminEmail?: string;
  /** The contact email shown on the page. */
  contactEmail: string;
  /** Social links by their label. */
  socialLinks: { label: string; href: string }[];
  /** The video section's "Subscribe" link. */
  videoChannelHref: string;
  /** The footer's legal links (privacy policy, terms). */
  legalLinks: { label: string; href: string }[];
  /** The phone numbers shown, as displayed and as dialled. */
  phones: { display: string; tel: string }[];
};

// RFC 2606's reserved names (example.com, .example, …) and the content's `/example` handles.
const PLACEHOLDER = /\bexample\b/i;

// North American numbers no one answers: area code 555 (the sample's), and 555-0100 to 555-0199,
// reserved for fiction.
const FICTIONAL_PHONE = /^1?(555\d{7}|\d{3}55501\d\d)$/;

/** A link that goes nowhere: the sample's legal links are `#` (an empty href reloads the page). */
const NOWHERE = new Set(["", "#"]);

const list = (names: readonly string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** One line per kind of placeholder still in `facts`, naming the values and where to edit them. */
export function placeholderWarnings(facts: PlaceholderFacts): string[] {
  const warnings: string[] = [];
  if (PLACEHOLDER.test(facts.siteUrl)) {
    warnings.push(
      `The site address ${facts.siteUrl} is a placeholder: set VITE_SITE_URL (or site.url in src/content/site.ts).`,
    );
  }
  const { adminEmail, contactEmail } = facts;
  if (adminEmail !== undefined && PLACEHOLDER.test(adminEmail)) {
    warnings.push(
      `The admin mailbox ${adminEmail} is a placeholder: set VITE_ADMIN_EMAIL (or site.email in src/content/site.ts).`,
    );
  }
  if (contactEmail !== adminEmail && PLACEHOLDER.test(contactEmail)) {
    warnings.push(
      `The contact email ${contactEmail} is a placeholder: edit site.email in src/content/site.ts.`,
    );
  }
  const social = facts.socialLinks.filter((link) => PLACEHOLDER.test(link.href));
  if (social.length > 0) {
    warnings.push(
      `${list(social.map((link) => link.label))} ${social.length === 1 ? "links" : "link"} to a placeholder: edit site.social in src/content/site.ts.`,
    );
  }
  if (PLACEHOLDER.test(facts.videoChannelHref)) {
    warnings.push(
      `The video's Subscribe link ${facts.videoChannelHref} is a placeholder: edit video.channelHref in src/content/program.ts.`,
    );
  }
  const legal = facts.legalLinks.filter((link) => NOWHERE.has(link.href.trim()));
  if (legal.length > 0) {
    warnings.push(
      `${list(legal.map((link) => link.label))} ${legal.length === 1 ? "links" : "link"} nowhere (#): give each its page's address in site.legal in src/content/site.ts.`,
    );
  }
  const fictional = facts.phones.filter((phone) =>
    FICTIONAL_PHONE.test(phone.tel.replace(/\D/g, "")),
  );
  if (fictional.length > 0) {
    warnings.push(
      `The phone ${fictional.length === 1 ? "number" : "numbers"} ${list(fictional.map((phone) => phone.display))} ${fictional.length === 1 ? "is a placeholder" : "are placeholders"} (555 numbers reach no one): edit site.phones in src/content/site.ts.`,
    );
  }
  return warnings;
}
