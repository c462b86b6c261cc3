// The people and the ways to reach them: instructors, Student Success Stories, Contact Us,
// the footer and its copyright year (right even when the site was built last year).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { contactSection, footer } from "../src/content/contact.ts";
import { instructors, testimonials, testimonialsSection } from "../src/content/people.ts";
import { sectionIds } from "../src/content/sections.ts";
import { site } from "../src/content/site.ts";
import { watchConsole } from "./support/console-watch.ts";
import { hydrate } from "./support/page.ts";
import { expect, test } from "./support/test.ts";

test("each instructor shows a name, a role and experience; their bios stay hidden", async ({
  servedPage: page,
}) => {
  const cards = page.locator(`#${sectionIds.instructors}`).getByRole("listitem");
  await expect(cards).toHaveCount(instructors.length);
  for (const [index, person] of instructors.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { name: person.name })).toBeVisible();
    await expect(card).toContainText(person.role);
    await expect(card).toContainText(person.experience);
    await expect(page.getByText(person.description)).toHaveCount(0);
  }
});

test("with no photo named, the cards draw initials and the build makes no image of anyone", async ({
  servedPage: page,
}) => {
  // The content ships no photos: no stranger's face stands in for a placeholder instructor.
  const named = [...instructors, ...testimonials].filter((person) => "photo" in person);
  expect(named).toEqual([]);
  for (const id of [sectionIds.instructors, sectionIds.testimonials]) {
    await expect(page.locator(`#${id} picture, #${id} img`)).toHaveCount(0);
  }
  const initials = page.locator(`#${sectionIds.instructors} span[aria-hidden="true"].rounded-full`);
  // (Not src/ui/avatar.tsx's own initials(): a .tsx module loaded here would bring React's
  // development JSX runtime into the worker, which later in-process builds would pick up.)
  await expect(initials).toHaveCount(instructors.length);
  const dist = process.env.DIST_DIR ?? "dist";
  const images = (await readdir(path.join(dist, "assets"))).filter((name) =>
    /\.(avif|webp|jpe?g|png)$/.test(name),
  );
  expect(images).toEqual([]);
});

test("every Student Success Story shows a name, a role, a quote and its stars", async ({
  servedPage: page,
}) => {
  const band = page.locator(`#${sectionIds.testimonials}`);
  await expect(band.getByRole("heading", { level: 2 })).toHaveText(testimonialsSection.title);
  const cards = band.getByRole("listitem");
  await expect(cards).toHaveCount(testimonials.length);
  for (const [index, story] of testimonials.entries()) {
    const card = cards.nth(index);
    await expect(card).toContainText(story.name);
    await expect(card).toContainText(story.role);
    await expect(card.locator("blockquote")).toContainText(story.content);
    const stars = card.getByRole("img", { name: `Rated ${story.rating} out of 5 stars` });
    await expect(stars).toBeVisible();
    await expect(stars.locator("svg")).toHaveCount(5);
  }
});

test("Contact Us gives the phone numbers, the email and the office hours with their zone", async ({
  servedPage: page,
}) => {
  const band = page.locator(`#${sectionIds.contact}`);
  await expect(band.getByRole("heading", { level: 2 })).toHaveText(contactSection.title);
  const phones = band.locator("a[href^='tel:']");
  await expect(phones).toHaveCount(site.phones.length);
  for (const [index, phone] of site.phones.entries()) {
    await expect(phones.nth(index)).toHaveAttribute("href", `tel:${phone.tel}`);
    await expect(phones.nth(index)).toContainText(phone.display);
  }
  const email = band.locator("a[href^='mailto:']");
  await expect(email).toHaveAttribute("href", `mailto:${site.email}`);
  await expect(email).toHaveText(site.email);
  await expect(band).toContainText(`(${site.officeHoursZone})`);
  const table = band.getByRole("table", {
    name: `${contactSection.hoursCaption} (${site.officeHoursZone})`,
  });
  await expect(table.locator("caption")).toHaveCount(1);
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(site.officeHours.length);
  for (const [index, row] of site.officeHours.entries()) {
    await expect(rows.nth(index).getByRole("rowheader")).toHaveText(row.days);
    await expect(rows.nth(index).getByRole("cell")).toHaveText(row.hours);
  }
});

test("the footer has the about text, contact links, six social links and two legal links", async ({
  servedPage: page,
}) => {
  const foot = page.getByRole("contentinfo");
  await expect(foot).toContainText(site.about);
  for (const phone of site.phones) {
    await expect(foot.locator(`a[href="tel:${phone.tel}"]`)).toHaveText(phone.display);
  }
  await expect(foot.locator(`a[href="mailto:${site.email}"]`)).toHaveText(site.email);
  const networks = ["LinkedIn", "Twitter", "Facebook", "Instagram", "YouTube", "TikTok"];
  expect(site.social.map((link) => link.label)).toEqual(networks);
  for (const link of site.social) {
    const anchor = foot.getByRole("link", { name: link.label, exact: true });
    await expect(anchor).toHaveAttribute("href", link.href);
    await expect(anchor).toHaveAttribute("target", "_blank");
  }
  for (const name of ["Privacy Policy", "Terms of Service"]) {
    await expect(foot.getByRole("link", { name, exact: true })).toHaveAttribute("href", "#");
  }
  await expect(foot).toContainText(`${site.brand}. ${footer.rights}`);
});

test("the copyright line shows the current year", async ({ hydratedPage: page }) => {
  const year = new Date().getFullYear();
  await expect(page.getByRole("contentinfo")).toContainText(`© ${year} ${site.brand}.`);
});

test("the copyright year is right even when the site was built last year", async ({ page }) => {
  const problems = watchConsole(page);
  const builtIn = new Date().getFullYear();
  // The visitor's clock says next year; only Date changes, timers run as usual.
  await page.clock.setFixedTime(new Date(`${builtIn + 1}-01-15T12:00:00`));
  const response = await page.goto("/");
  const prerendered = (await response?.text())?.match(/data-island="year"[^>]*>(\d{4})</)?.[1];
  expect(prerendered, "the HTML carries the build year").toBe(String(builtIn));
  await hydrate(page);
  await expect(page.getByRole("contentinfo")).toContainText(`© ${builtIn + 1} ${site.brand}.`);
  expect(problems, "no hydration warning for the changed year").toEqual([]);
});
