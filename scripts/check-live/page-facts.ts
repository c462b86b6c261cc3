// What the live check reads off the deployed page's HTML: the addresses it declares, the build's
// marks (the email service's origin, reCAPTCHA), its inline code for the CSP, its JSON-LD, and the
// links and numbers the placeholder rules look at. Regular expressions suffice: the page is the
// build's own prerendered markup, whose shape the build fixes.
import { recaptchaNotice } from "../../src/content/registration.ts";
import { video } from "../../src/content/program.ts";
import { ISLANDS_ATTRIBUTE } from "../../src/lib/prefetch.ts";
import { LOADER_ATTRIBUTE } from "../../src/lib/start-loader.ts";
import { EMAIL_ORIGIN_ATTRIBUTE, SENDER_ATTRIBUTE } from "../../src/lib/warm-sender.ts";
import { inlineScriptHashes, inlineStyleHashes } from "../optimize-page.ts";
import { decodeEntities, pageText } from "../page-text.ts";
import type { PlaceholderFacts } from "../site-build/placeholder-checks.ts";

export type PageFacts = {
  canonical: string | undefined;
  ogUrl: string | undefined;
  ogImage: string | undefined;
  /** The email service's origin the build named on <html>; none in outbox mode. */
  emailOrigin: string | undefined;
  /** The build had a reCAPTCHA site key: the form shows Google's notice. */
  recaptcha: boolean;
  /**
   * Every file of the site the page loads, as written in it (fragments cut): scripts, preloads,
   * styles, images, icons, and the loader's files named only in <html>'s data attributes.
   */
  files: string[];
  /** The registration sender's script, which carries the build's email settings. */
  senderScript: string | undefined;
  styleHashes: string[];
  scriptHashes: string[];
  /** The parsed JSON-LD, or the reason it could not be read. */
  jsonLd: { ok: true; graph: Record<string, unknown>[] } | { ok: false; problem: string };
  /** The dateTime of the page's `<time>` elements (the next class start). */
  shownDates: string[];
  text: string;
  placeholders: Omit<PlaceholderFacts, "adminEmail">;
};

const attribute = (tag: string, name: string) =>
  decodeEntities(new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? "");

/** The first tag matching `pattern`, or undefined. */
const firstTag = (html: string, pattern: RegExp) => pattern.exec(html)?.[0];

type Anchor = { href: string; label: string };

function anchors(html: string): Anchor[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)].map(([, attributes = "", inner]) => {
    const tag = `<a ${attributes}>`;
    const text = decodeEntities((inner ?? "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
    return { href: attribute(tag, "href"), label: attribute(tag, "aria-label") || text.trim() };
  });
}

const FILE_ATTRIBUTES = [
  "src",
  "href",
  "poster",
  LOADER_ATTRIBUTE,
  ISLANDS_ATTRIBUTE,
  SENDER_ATTRIBUTE,
];
/** Link relations that load a file (not `canonical`, a page, nor `preconnect`, an origin). */
const LOADED_RELATIONS = /\b(stylesheet|modulepreload|preload|icon|apple-touch-icon|manifest)\b/i;

function pageFiles(html: string): string[] {
  const files = [...html.matchAll(/<(\w+)\b[^>]*>/g)].flatMap(([tag, name = ""]) => {
    if (/^a$/i.test(name)) return [];
    if (/^link$/i.test(name) && !LOADED_RELATIONS.test(attribute(tag, "rel"))) return [];
    const srcset = attribute(tag, "srcset")
      .split(",")
      .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "");
    return [...FILE_ATTRIBUTES.flatMap((name) => attribute(tag, name).split(/\s+/)), ...srcset];
  });
  // Only this site's own files: other origins, fragments, mailto: and the like are not ours.
  const own = files
    .map((file) => file.split("#")[0] ?? "")
    .filter((file) => file && !/^([a-z][a-z+.-]*:|\/\/)/i.test(file));
  return [...new Set(own)];
}

function readJsonLd(html: string): PageFacts["jsonLd"] {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/i.exec(html)?.[1];
  if (block === undefined) return { ok: false, problem: "the page has no JSON-LD block" };
  try {
    const parsed = JSON.parse(block) as { "@graph"?: unknown };
    const graph = Array.isArray(parsed["@graph"]) ? parsed["@graph"] : [parsed];
    return { ok: true, graph: graph as Record<string, unknown>[] };
  } catch (error) {
    return { ok: false, problem: `its JSON-LD is not valid JSON (${(error as Error).message})` };
  }
}

export function readPageFacts(html: string): PageFacts {
  const meta = (property: string) => {
    const tag = firstTag(html, new RegExp(`<meta\\s[^>]*property="${property}"[^>]*>`, "i"));
    return tag ? attribute(tag, "content") : undefined;
  };
  const canonicalTag = firstTag(html, /<link\s[^>]*rel="canonical"[^>]*>/i);
  const htmlTag = firstTag(html, /<html\b[^>]*>/i) ?? "";
  const links = anchors(html);
  const unique = <T>(items: T[], key: (item: T) => string) => [
    ...new Map(items.map((item) => [key(item), item])).values(),
  ];
  const external = links.filter((link) => /^https?:\/\//i.test(link.href));
  const channel = external.find((link) => link.label.includes(video.subscribeLabel));
  return {
    canonical: canonicalTag ? attribute(canonicalTag, "href") : undefined,
    ogUrl: meta("og:url"),
    ogImage: meta("og:image"),
    emailOrigin: attribute(htmlTag, EMAIL_ORIGIN_ATTRIBUTE) || undefined,
    recaptcha: pageText(html).includes(recaptchaNotice.before),
    files: pageFiles(html),
    senderScript: attribute(htmlTag, SENDER_ATTRIBUTE).split(/\s+/)[0] || undefined,
    styleHashes: inlineStyleHashes(html),
    scriptHashes: inlineScriptHashes(html),
    jsonLd: readJsonLd(html),
    shownDates: [...html.matchAll(/<time\s[^>]*dateTime="([^"]+)"/gi)].map(([, date = ""]) => date),
    text: pageText(html).replace(/\s+/g, " "),
    placeholders: {
      siteUrl: canonicalTag ? attribute(canonicalTag, "href") : "",
      contactEmail: links.find((link) => link.href.startsWith("mailto:"))?.href.slice(7) ?? "",
      socialLinks: unique(
        external.filter((link) => link !== channel && !link.href.startsWith(recaptchaNoticeHost)),
        (link) => link.href,
      ),
      videoChannelHref: channel?.href ?? "",
      legalLinks: links.filter((link) => link.href === "#" || link.href === ""),
      phones: unique(
        links
          .filter((link) => link.href.startsWith("tel:"))
          .map((link) => ({ tel: link.href.slice(4), display: phoneShown(link.label) })),
        (phone) => phone.tel,
      ),
    },
  };
}

/** Google's notice links (privacy, terms) are Google's own pages, never a placeholder. */
const recaptchaNoticeHost = new URL(recaptchaNotice.privacy.href).origin;

/** The number as the page shows it: a contact card's link also holds the line's label. */
const phoneShown = (label: string) => /\+?\(?\d[\d\s().-]*\d/.exec(label)?.[0] ?? label;
