// With JavaScript off, the prerendered page is the whole page: every section is there and
// readable, and the header links still jump to their sections because they are real anchors.
//
// The checks at the three widths are one visit, each a step, because a page load costs more CPU
// than the checks. The page is loaded at the narrowest width and then resized: with JavaScript
// off, nothing ran at the load that could depend on its width, so the document is the served HTML
// at every width, and what a step checks (what is shown, what it holds, what overflows) is CSS's
// layout of that document at the viewport's size, the same after a resize as after a load there.
// Nothing is clicked or scrolled until the last step. The registration area, only read, takes
// the worker's shared page as served with JavaScript off.
import { expect, test } from "./support/test.ts";
import { contactSection } from "../src/content/contact.ts";
import { instructors, testimonials, testimonialsSection } from "../src/content/people.ts";
import {
  curriculum,
  featuresSection,
  offer,
  offerText,
  registrationSection,
  salary,
  video,
} from "../src/content/program.ts";
import { navigation } from "../src/content/navigation.ts";
import { sectionIds } from "../src/content/sections.ts";
import { site } from "../src/content/site.ts";
import { horizontalOverflow, widths } from "./support/page.ts";

test.use({ javaScriptEnabled: false });

test("without JavaScript at 320, 375 and 1280 px: every section, no hamburger, the header links", async ({
  page,
}) => {
  await page.setViewportSize({ width: widths.smallest, height: 900 });
  await page.goto("/");

  const expectEverySectionReadable = async () => {
    const headings = [
      page.getByRole("heading", { level: 1, name: "SQL & Cloud Databases Bootcamp" }),
      page.getByRole("heading", { name: featuresSection.title }),
      page.getByRole("heading", { name: offer.title }),
      page.getByRole("heading", { name: registrationSection.title }),
      page.getByRole("heading", { name: salary.title }),
      page.getByRole("heading", { name: video.title }),
      page.locator(`#${sectionIds.curriculum} h2`),
      page.locator(`#${sectionIds.instructors} h2`),
      page.getByRole("heading", { name: testimonialsSection.title }),
      page.getByRole("heading", { name: contactSection.title }),
    ];
    for (const heading of headings) await expect(heading).toBeVisible();
    await expect(page.getByText("$110,000", { exact: true })).toBeVisible();
    await expect(page.locator(`#${sectionIds.curriculum} li`)).toHaveCount(curriculum.length);
    await expect(page.locator(`#${sectionIds.instructors} li`)).toHaveCount(instructors.length);
    await expect(page.locator(`#${sectionIds.testimonials} li`)).toHaveCount(testimonials.length);
    await expect(page.getByRole("button", { name: video.playLabel })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(site.about);
    await expect(page.getByRole("contentinfo")).toContainText(/© \d{4} /);
    expect(await horizontalOverflow(page)).toBe(0);
  };

  await test.step(`every section is shown and readable at ${widths.smallest} px`, async () => {
    await expectEverySectionReadable();
  });

  await test.step("a phone is offered no hamburger that could not open without JavaScript", async () => {
    await page.setViewportSize({ width: widths.phone, height: 800 });
    await expect(page.getByRole("button", { name: /menu/i })).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: site.brand })).toBeVisible();
  });

  await test.step(`every section is shown and readable at ${widths.desktop} px`, async () => {
    await page.setViewportSize({ width: widths.desktop, height: 900 });
    await expectEverySectionReadable();
  });

  // The steps before only read the page: it is still at the top, as a fresh load would be.
  await test.step("the header links jump to their sections without JavaScript", async () => {
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const link of navigation) {
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: link.label })
        .click();
      await expect(page).toHaveURL(new RegExp(`${link.href}$`));
      await expect(page.locator(`${link.href} h2`)).toBeInViewport();
    }
  });
});

test("the registration area is in place without JavaScript", async ({ staticPage: page }) => {
  const registration = page.locator(`#${sectionIds.registration}`);
  await expect(
    registration.getByRole("heading", { name: registrationSection.title }),
  ).toBeVisible();
  await expect(registration.locator("s")).toHaveText(offerText.listPrice);
});
