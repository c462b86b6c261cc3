// The <head> tags of the page, from the content folder. Every value is escaped: content is text.
import { program } from "./content/program.ts";
import { hero } from "./content/program.ts";
import { site } from "./content/site.ts";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export const pageTitle = `${program.name} | ${site.brand}`;
export const pageDescription = hero.tagline;

export function renderHead(): string {
  return [
    `<title>${escapeHtml(pageTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(pageDescription)}" />`,
    `<meta name="theme-color" content="#1e3a8a" />`,
  ].join("\n    ");
}
