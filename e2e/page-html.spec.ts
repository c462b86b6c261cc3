// The prerender, read straight from the built file (no browser, no JavaScript): the page's
// whole content is already in dist/index.html. Expectations come from the content folder
// (the fixed facts of docs/spec-facts.md are pinned once, in spec-facts.spec.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { contactSection, footer } from "../src/content/contact.ts";
import { enrollLink, navigation, topLink } from "../src/content/navigation.ts";
import {
  instructors,
  instructorsSection,
  testimonials,
  testimonialsSection,
} from "../src/content/people.ts";
import {
  curriculum,
  curriculumSection,
  features,
  featuresSection,
  hero,
  offer,
  offerText,
  registrationSection,
  salary,
  support,
  video,
} from "../src/content/program.ts";
import { sectionIds } from "../src/content/sections.ts";
import { site } from "../src/content/site.ts";
import { decodeEntities } from "../scripts/page-text.ts";

const html = readFileSync(path.resolve(process.env.DIST_DIR ?? "dist", "index.html"), "utf8");
const body = html.slice(html.indexOf("<body"));

/** The text a reader sees: no tags, scripts or styles, entities decoded, spaces collapsed. */
function visibleText(markup: string): string {
  return decodeEntities(
    markup
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, "")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, ""),
  ).replace(/\s+/g, " ");
}

const text = visibleText(body);

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** src/island-components.tsx's names (that module pulls in assets the test runner cannot load). */
const islandNames = ["header", "registration", "video", "year", "toaster"];

/** Every text from src/content that the page shows. */
const shownContent = [
  topLink.label,
  ...navigation.map((link) => link.label),
  enrollLink.label,
  hero.title,
  hero.tagline,
  hero.secondaryCta,
  ...hero.facts,
  featuresSection.title,
  featuresSection.intro,
  featuresSection.badge,
  ...features.map((feature) => feature.text),
  ...support.flatMap((item) => [item.title, item.text]),
  offer.label,
  offer.title,
  offerText.price,
  offer.period,
  offerText.listPrice,
  offerText.savingsPercent,
  offerText.savingsAmount,
  ...offer.includes,
  registrationSection.title,
  registrationSection.intro,
  salary.title,
  salary.amount,
  salary.caption,
  salary.note,
  video.title,
  video.intro,
  video.subscribeLabel,
  curriculumSection.title,
  curriculumSection.intro,
  ...curriculum.flatMap((item) => [item.weeks, item.title, item.description]),
  instructorsSection.title,
  instructorsSection.intro,
  ...instructors.flatMap((person) => [person.name, person.role, person.experience]),
  testimonialsSection.title,
  testimonialsSection.intro,
  ...testimonials.flatMap((story) => [story.name, story.role, story.content]),
  contactSection.title,
  contactSection.intro,
  contactSection.phonesLabel,
  contactSection.emailLabel,
  `${contactSection.hoursLabel} (${site.officeHoursZone})`,
  `${contactSection.hoursCaption} (${site.officeHoursZone})`,
  ...site.phones.flatMap((phone) => [phone.display, phone.label]),
  site.email,
  ...site.officeHours.flatMap((row) => [row.days, row.hours]),
  site.brand,
  site.about,
  footer.contactTitle,
  footer.followTitle,
  footer.legalTitle,
  ...site.legal.map((link) => link.label),
  `${site.brand}. ${footer.rights}`,
];

test("dist/index.html holds every text the content folder gives the page", () => {
  const missing = shownContent.filter((value) => !text.includes(value));
  expect(missing).toEqual([]);
});

test("the instructors' descriptions stay in the data and out of the page", () => {
  for (const person of instructors) expect(text).not.toContain(person.description);
});

test("the page's names and links are in the markup: ids, anchors, tel:, mailto:, labels", () => {
  for (const id of Object.values(sectionIds)) {
    if (id === sectionIds.top) continue; // index.html's own element, outside the render
    expect(body).toContain(`id="${id}"`);
  }
  expect(body).toContain(`id="${sectionIds.top}"`);
  for (const link of [...navigation, enrollLink, topLink]) {
    expect(body).toContain(`href="${link.href}"`);
  }
  for (const phone of site.phones) expect(body).toContain(`href="tel:${phone.tel}"`);
  expect(body).toContain(`href="mailto:${site.email}"`);
  for (const link of site.social) {
    expect(body).toMatch(
      new RegExp(`href="${escapeRegExp(link.href)}"[^>]*aria-label="${link.label}"`),
    );
  }
  expect(body.match(/href="#"/g)).toHaveLength(site.legal.length);
  expect(body.match(/aria-label="Rated 5 out of 5 stars"/g)).toHaveLength(testimonials.length);
  expect(body).toContain(`aria-label="${video.playLabel.replaceAll("&", "&amp;")}"`);
  expect(body).toContain(`href="${video.channelHref}"`);
});

test("every island has its place in the prerendered page", () => {
  for (const name of islandNames) expect(body).toContain(`data-island="${name}"`);
  expect(html).not.toContain("<!--app-");
});

test("the video player is not in the page until asked for", () => {
  expect(body).not.toMatch(/<iframe/i);
  expect(body).not.toMatch(/youtube-nocookie|ytimg|googlevideo/i);
});

test("every icon names a symbol of the built icon sprite", () => {
  const uses = [...body.matchAll(/<use href="([^"#]+)#([^"]+)"/g)];
  expect(uses.length).toBeGreaterThan(20);
  const files = new Set(uses.map(([, file]) => file));
  expect(files.size).toBe(1);
  const [file = ""] = files;
  expect(file).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
  const sprite = readFileSync(path.resolve(process.env.DIST_DIR ?? "dist", `.${file}`), "utf8");
  for (const [, , id] of uses) expect(sprite, id).toContain(`<symbol id="${id}"`);
});
