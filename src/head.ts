// The JSON-LD goes at the end of the body (renderData), out of the way of the first screen.
// Every value is escaped: content is text.
import { hero, program, programText } from "./content/program.ts";
import { site } from "./content/site.ts";
import { escapeHtml } from "./lib/escape-html.ts";
import { largestPhotos } from "./lib/people-photos.ts";
import { photoSizes } from "./lib/photo-sizes.ts";
import { absoluteUrl, resolveSiteUrl } from "./lib/site-url.ts";
import { renderStructuredData, SHARE_IMAGE_PATH, SHARE_IMAGE_SIZE } from "./structured-data.ts";

export const pageTitle = `${program.name} | ${site.brand}`;
export const pageDescription = hero.tagline;
/** The share image, made from the content by the build (scripts/share-image/). */
export const shareImage = {
  path: SHARE_IMAGE_PATH,
  ...SHARE_IMAGE_SIZE,
  type: "image/png",
  alt: `${program.name}: ${programText.lengthWeeks}, ${program.format}. Next class ${programText.nextClassStart}.`,
} as const;

export const siteUrl = resolveSiteUrl(import.meta.env.VITE_SITE_URL, site.url);

const meta = (attribute: "name" | "property", key: string, value: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;

export function renderHead(baseUrl: string = siteUrl): string {
  const image = absoluteUrl(baseUrl, shareImage.path);
  return [
    `<title>${escapeHtml(pageTitle)}</title>`,
    meta("name", "description", pageDescription),
    `<link rel="canonical" href="${escapeHtml(baseUrl)}" />`,
    meta("name", "theme-color", "#1e3a8a"),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", site.brand),
    meta("property", "og:locale", site.locale),
    meta("property", "og:url", baseUrl),
    meta("property", "og:title", program.name),
    meta("property", "og:description", pageDescription),
    meta("property", "og:image", image),
    meta("property", "og:image:type", shareImage.type),
    meta("property", "og:image:width", shareImage.width),
    meta("property", "og:image:height", shareImage.height),
    meta("property", "og:image:alt", shareImage.alt),
    // X reads og:title and og:description when its own are missing (its card markup's fallbacks).
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", shareImage.alt),
  ].join("\n    ");
}

export function renderData(baseUrl: string = siteUrl): string {
  return renderStructuredData(baseUrl, largestPhotos(photoSizes.instructor));
}
