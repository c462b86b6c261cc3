// The fixed header: nav links that smooth-scroll in 500 ms (instant under reduced motion) and
// land each section's heading below the header, Enroll Now, the brand link and scroll-spy.
//
// The tests are visits: one page goes from check to check, each old test now a step, because a
// page load and hydration cost more CPU than most of these checks. A check that needs what a
// visit cannot give it (a page loaded under reduced motion, or at another viewport) keeps a
// page of its own.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { enrollLink, navigation, topLink } from "../src/content/navigation.ts";
import { registrationSection } from "../src/content/program.ts";
import { sectionIds } from "../src/content/sections.ts";
import { boxOf, openHydratedPage, waitForScrollToRest, widths } from "./support/page.ts";

test.use({ viewport: { width: widths.desktop, height: 900 } });

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const current = (page: Page) => mainNav(page).locator("a[aria-current]");
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Back to the top at once, as a fresh page starts, and makes sure it got there. */
async function scrollToTop(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  expect(await scrollY(page), "back at the top").toBe(0);
}

/** The section's heading is fully in view, below the fixed header. */
async function expectHeadingBelowHeader(page: Page, sectionId: string) {
  const heading = await boxOf(page.locator(`#${sectionId} h2`).first());
  const header = await boxOf(page.getByRole("banner"));
  const viewport = page.viewportSize()?.height ?? 0;
  expect(heading.y, `#${sectionId} heading clears the header`).toBeGreaterThanOrEqual(
    header.y + header.height,
  );
  expect(heading.y + heading.height).toBeLessThanOrEqual(viewport);
}

/**
 * Where the page is scrolled after each step of `stepMs` of the page's (installed) clock; the
 * last step lasts `lastStepMs` if given.
 */
async function scrollAfterSteps(
  page: Page,
  steps: number,
  stepMs: number,
  lastStepMs = stepMs,
): Promise<number[]> {
  const positions: number[] = [];
  for (let step = 0; step < steps; step += 1) {
    await page.clock.runFor(step === steps - 1 ? lastStepMs : stepMs);
    positions.push(await scrollY(page));
  }
  return positions;
}

// The page's clock is Playwright's: animation frames come every 16 ms of it, and time moves only
// when the test says, so the 500 ms are exact however busy the runner is. (How smooth it looks
// on a slow phone is `npm run bench`'s to measure.)
test("each nav link scrolls smoothly to its section in 500 ms, from the top", async ({ page }) => {
  // Four clicks, each followed by 14 steps of the page's clock: a limit, not a wait.
  test.setTimeout(60_000);
  await page.clock.install();
  await page.goto("/");
  // From here on the page's time stands still but for the steps below.
  await page.clock.pauseAt(Date.now() + 1000);
  for (const [index, link] of navigation.entries()) {
    const id = link.href.slice(1);
    await test.step(`"${link.label}" scrolls smoothly to #${id} in 500 ms`, async () => {
      // Each link from the top, where its own fresh page used to start: the whole way down,
      // more than 1000 px. The first click is also the page's first touch, as it was; the
      // later ones find the page hydrated, React's scroll-spy listening to every frame of the
      // scroll (the scroll itself is the first-paint script's either way).
      if (index > 0) await scrollToTop(page);
      const start = await scrollY(page);
      await mainNav(page).getByRole("link", { name: link.label }).click();
      // 50 ms steps: at 50 … 450 ms on the way, from 550 ms on at rest.
      const positions = await scrollAfterSteps(page, 14, 50);
      const end = positions.at(-1) ?? Number.NaN;
      expect(end, "it moved down the page").toBeGreaterThan(start + 1000);
      const onTheWay = positions.slice(0, 9);
      expect(
        onTheWay.every((y) => y > start && y < end),
        "on the way at 50–450 ms",
      ).toBe(true);
      expect(onTheWay, "never turning back").toEqual([...onTheWay].sort((a, b) => a - b));
      expect(positions.slice(10), "at rest from 550 ms on").toEqual(
        positions.slice(10).map(() => end),
      );
      await expectHeadingBelowHeader(page, id);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeFocused();
    });
  }
});

// A page of its own: the preference is the visitor's from the first paint, not switched on
// half-way through a visit.
test.describe("under prefers-reduced-motion", () => {
  test("every nav link jumps at once and lands the heading below the header", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await openHydratedPage(page);
    // As above, the page's time moves only by the steps below.
    await page.clock.pauseAt(Date.now() + 1000);
    for (const link of navigation) {
      const id = link.href.slice(1);
      const start = await scrollY(page);
      await mainNav(page).getByRole("link", { name: link.label }).click();
      // The click handler itself scrolled: by the first frame the view is already there, and
      // it is still there once a smooth scroll would have ended.
      const [firstFrame, later] = await scrollAfterSteps(page, 2, 17, 600);
      expect(firstFrame, `${link.label} moved the view`).not.toBe(start);
      expect(firstFrame, `${link.label} is there by the first frame`).toBe(later);
      await expectHeadingBelowHeader(page, id);
    }
  });
});

test("scroll-spy follows the reading, and the brand and Enroll Now links land where they say", async ({
  page,
}) => {
  // Six checks with a dozen scrolls on one page: a slow runner needs more than 30 s. A limit,
  // not a wait.
  test.setTimeout(90_000);
  await openHydratedPage(page);

  await test.step("no link is current on the hero", async () => {
    await expect(current(page)).toHaveCount(0);
  });

  await test.step("aria-current follows the section being read, down and back up", async () => {
    const ids = navigation.map((link) => link.href.slice(1));
    for (const [index, id] of [...ids, ...[...ids].reverse()].entries()) {
      // Scroll the way a visitor does, so the section's top ends up a little below the header.
      await page.evaluate((sectionId) => {
        const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? NaN;
        window.scrollTo({ top: window.scrollY + top - 120, behavior: "instant" });
      }, id);
      const label = navigation[index < ids.length ? index : 2 * ids.length - 1 - index]?.label;
      await expect(current(page)).toHaveText(label ?? "");
      await expect(current(page)).toHaveAttribute("aria-current", "location");
    }
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(current(page)).toHaveCount(0);
  });

  // From the top with no link current, where the last step left the page and a fresh page starts.
  await test.step("a nav click ends with its own link current", async () => {
    for (const link of navigation) {
      await mainNav(page).getByRole("link", { name: link.label }).click();
      await expect(current(page)).toHaveText(link.label);
    }
  });

  await test.step("the brand link takes the visitor back to the top", async () => {
    // The last step ended with a click on Contact, which is how this check begins: from the
    // Contact section, once the scroll there has ended.
    await waitForScrollToRest(page);
    await expect(page).toHaveURL(new RegExp(`#${sectionIds.contact}$`));
    await page.getByRole("banner").getByRole("link", { name: topLink.label }).click();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  // From the top, as on a fresh page; focus and the URL are on #top, so both must move.
  await test.step("Enroll Now in the header scrolls to the registration form", async () => {
    await waitForScrollToRest(page);
    await page.getByRole("banner").getByRole("link", { name: enrollLink.label }).click();
    const registration = page.locator(`#${sectionIds.registration}`);
    await expect(registration).toBeFocused();
    await waitForScrollToRest(page);
    await expect(
      registration.getByRole("heading", { name: registrationSection.title }),
    ).toBeInViewport();
    await expect(registration.locator("input[name=firstName]")).toBeInViewport();
    await expect(page).toHaveURL(/#registration$/);
  });

  await test.step("Enroll Now in the hero scrolls to the registration form", async () => {
    // From the top again, where the hero's link is and a fresh page starts.
    await scrollToTop(page);
    await page.getByRole("main").getByRole("link", { name: enrollLink.label }).click();
    await waitForScrollToRest(page);
    await expectHeadingBelowHeader(page, sectionIds.registration);
  });
});

// A page of its own, loaded at the widest and tallest viewport: there the last section may never
// reach the reading line.
test.describe("scroll-spy", () => {
  test("the last section is current once the page is scrolled to the bottom", async ({ page }) => {
    await page.setViewportSize({ width: widths.widest, height: 1400 });
    await openHydratedPage(page);
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    await expect(current(page)).toHaveText("Contact");
  });
});
