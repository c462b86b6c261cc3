// Shared steps of the accessibility, keyboard, search and security journeys.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { video } from "../../src/content/program.ts";
import { registrationToasts } from "../../src/content/registration.ts";
import { openHydratedPage } from "./page.ts";
import { fillRegistration, student, submitButton } from "./registration.ts";

/** WCAG 2.2 level A and AA, as axe tags them. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

/** The visitor of these journeys; the registration journeys give each test its own email. */
export const visitor = student("a11y");

/** Opens the page and waits until the islands, the registration form among them, have hydrated. */
export async function openPage(page: Page): Promise<void> {
  await openHydratedPage(page);
}

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Axe's violations in a form that reads well in a diff. */
export function readableViolations(violations: AxeResults["violations"]) {
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/**
 * Axe on the page, every rule (`.withTags(WCAG_TAGS)` keeps WCAG's). Two options make a run cost
 * about 0.35 s of CPU instead of 0.95, for the same violations:
 * - legacy mode: axe runs in the page and the frames it can reach, instead of gathering the frames'
 *   results in a new blank page of the context (0.33 s a run). What that leaves out is a
 *   cross-origin frame's own document: here only the stub standing in for YouTube's player (the
 *   iframe element itself, its title included, is the page's and still checked);
 * - `resultTypes: ["violations"]`: every violating node is still listed; a rule that passes or is
 *   left incomplete lists one node instead of all of them (0.25 s a run).
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });

/** Axe's WCAG 2.2 AA violations on the page as it is now. */
export async function axeViolations(page: Page) {
  return readableViolations((await axe(page).withTags(WCAG_TAGS).analyze()).violations);
}

/** Submits without consent: the "Consent Required" toast appears. */
export async function showConsentToast(page: Page) {
  await fillRegistration(page, visitor, false);
  await submitButton(page).click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
  await expect(toast).toContainText(registrationToasts.consentRequired.title);
  await expect(toast).toContainText(registrationToasts.consentRequired.description);
  // Shown means faded in: axe judges contrast on the colours as drawn, and during the 200 ms
  // fade-in it read the toast's text as too faint (once, on a busy runner).
  await expect(toast).toHaveCSS("opacity", "1");
  return toast;
}

/** A full registration through the outbox: the success banner appears. */
export async function registerSuccessfully(page: Page) {
  await fillRegistration(page, student("a11y"));
  await submitButton(page).click();
  const banner = page.locator("#registration").getByRole("status");
  await expect(banner).toContainText(/registered/i, { timeout: 10_000 });
  return banner;
}

/** Answers the video player's request with a small local page: no network in tests. */
export async function stubVideoPlayer(page: Page): Promise<void> {
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: "<!doctype html><html lang='en'><title>Player</title><p>Video player</p></html>",
    }),
  );
}

export function videoFrame(page: Page) {
  return page.locator(`iframe[title="${video.iframeTitle}"]`);
}
