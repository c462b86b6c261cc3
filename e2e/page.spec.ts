// The whole page in a real browser: every section in the order of docs/spec-facts.md, and the texts of the
// bands above the curriculum and of the curriculum itself, as the content folder gives them
// (the fixed facts of docs/spec-facts.md are pinned once, in spec-facts.spec.ts).
//
// The tests that act on the page (resize it, hydrate it) are one visit, each check a step,
// because a page load and hydration cost more CPU than the checks. The tests that only read take
// the worker's shared page as served.
import type { Locator, Page } from "@playwright/test";
import {
  curriculum,
  curriculumSection,
  features,
  featuresSection,
  hero,
  offer,
  offerText,
  program,
  registrationSection,
  salary,
  support,
  video,
} from "../src/content/program.ts";
import { sectionIds } from "../src/content/sections.ts";
import { hydrate, widths } from "./support/page.ts";
import { expect, test } from "./support/test.ts";

/** Each band of the page by its heading, in the page's order (docs/spec-facts.md). */
const bands = (page: Page) => ({
  hero: page.getByRole("heading", { level: 1 }),
  features: page.getByRole("heading", { name: featuresSection.title }),
  registration: page.locator(`#${sectionIds.registration}`),
  salary: page.getByRole("heading", { name: salary.title }),
  video: page.getByRole("heading", { name: video.title }),
  curriculum: page.locator(`#${sectionIds.curriculum}`),
  instructors: page.locator(`#${sectionIds.instructors}`),
  testimonials: page.locator(`#${sectionIds.testimonials}`),
  contact: page.locator(`#${sectionIds.contact}`),
  footer: page.getByRole("contentinfo"),
});

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box.y;
}

test("the bands as served at 1280 px, then on a phone before and once React has them", async ({
  page,
}) => {
  const expectInOrder = async () => {
    const tops: number[] = [];
    for (const [name, band] of Object.entries(bands(page))) {
      await expect(band, name).toBeVisible();
      tops.push(await top(band));
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(tops.length);
  };
  await page.goto("/");

  await test.step("the sections appear in the specified order, one below the other, as served", async () => {
    await expectInOrder();
  });

  // Was a fresh load at 375 × 800; here the page as served is resized to it. Until a visitor
  // acts, no script of the page reads the width (the loader waits for that act), so the layout
  // is CSS's alone, the same after a resize as after a load at that size.
  await test.step("on a phone the offer comes first and the form below it", async () => {
    await page.setViewportSize({ width: widths.phone, height: 800 });
    const registration = page.locator(`#${sectionIds.registration}`);
    const offerTop = await top(registration.getByRole("heading", { name: offer.title }));
    const formTop = await top(
      registration.getByRole("heading", { name: registrationSection.title }),
    );
    expect(offerTop).toBeLessThan(formTop);
  });

  await test.step("the sections appear in the specified order, one below the other, on a phone once React has them", async () => {
    await hydrate(page);
    await expectInOrder();
  });
});

test("the hero names the bootcamp, gives its tagline and its facts", async ({
  servedPage: page,
}) => {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(program.name);
  const heroBand = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
  await expect(heroBand).toContainText(hero.tagline);
  await expect(heroBand).toContainText(`${program.months}-month training`);
  for (const fact of hero.facts) await expect(heroBand).toContainText(fact);
});

test("the feature list shows the features, both kinds of support and the next class", async ({
  servedPage: page,
}) => {
  const band = page.locator("section", { has: bands(page).features });
  const badge = band.getByText(featuresSection.badge);
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute("datetime", program.nextClassStart);
  const items = band.getByRole("list").first().getByRole("listitem");
  await expect(items).toHaveText(features.map((feature) => feature.text));
  for (const feature of features) {
    await expect(band.getByText(feature.text, { exact: true })).toBeVisible();
  }
  for (const item of support) {
    await expect(band.getByRole("heading", { name: item.title })).toBeVisible();
    await expect(band.getByText(item.text)).toBeVisible();
  }
});

// On the shared page, 1280 px wide as this test always was, 720 px high where it had 900: no part
// of the registration band is sized by the viewport's height, so the boxes compared are the same.
test("the special offer sits beside the Start Registration form on wide screens", async ({
  servedPage: page,
}) => {
  const registration = page.locator(`#${sectionIds.registration}`);
  await expect(registration.getByText(offerText.price, { exact: true })).toBeVisible();
  await expect(registration.getByText(offer.period, { exact: true }).first()).toBeVisible();
  await expect(registration.locator("s")).toHaveText(offerText.listPrice);
  await expect(registration.getByText(offerText.savingsPercent, { exact: true })).toBeVisible();
  await expect(registration.getByText(offerText.savingsAmount, { exact: true })).toBeVisible();
  for (const item of offer.includes) await expect(registration).toContainText(item);
  const form = registration.getByRole("heading", { name: registrationSection.title });
  const offerCard = registration.getByRole("heading", { name: offer.title });
  const [offerBox, formBox] = [await offerCard.boundingBox(), await form.boundingBox()];
  expect(offerBox && formBox && offerBox.x < formBox.x).toBe(true);
  expect(Math.abs((offerBox?.y ?? 0) - (formBox?.y ?? 0))).toBeLessThan(80);
});

test("the salary highlight shows the advertised median", async ({ servedPage: page }) => {
  const band = page.locator("section", { has: bands(page).salary });
  await expect(band.getByText(salary.amount, { exact: true })).toBeVisible();
  await expect(band).toContainText(salary.caption);
  await expect(band).toContainText(salary.note);
});

test("the curriculum lists its modules in order, each with weeks, title, text and icon", async ({
  servedPage: page,
}) => {
  const band = page.locator(`#${sectionIds.curriculum}`);
  await expect(band).toContainText(curriculumSection.intro);
  const items = band.getByRole("listitem");
  await expect(items).toHaveCount(curriculum.length);
  for (const [index, item] of curriculum.entries()) {
    const card = items.nth(index);
    await expect(card.getByText(item.weeks, { exact: true })).toBeVisible();
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(item.title);
    await expect(card).toContainText(item.description);
    await expect(card.locator("svg[aria-hidden=true]")).toBeVisible();
  }
});
