// Shared steps of the accessibility, keyboard, search and security journeys.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { video } from "../src/content/program.ts";
import { registrationToasts } from "../src/content/registration.ts";

/** WCAG 2.2 level A and AA, as axe tags them. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export const visitor = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  phone: "+1 555 010 9999",
} as const;

/** Opens the page and waits until the islands have hydrated (the form accepts input). */
export async function openPage(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.locator("#registration input[name=firstName]")).toBeEditable();
  await page.waitForLoadState("networkidle");
}

/** Axe's WCAG 2.2 AA violations on the page as it is now, in a form that reads well in a diff. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

export async function fillRegistration(page: Page): Promise<void> {
  const form = page.locator("#registration");
  for (const [name, value] of Object.entries(visitor)) {
    await form.locator(`input[name=${name}]`).fill(value);
  }
}

export function submitButton(page: Page) {
  return page.locator("#registration button[type=submit]");
}

/** Submits without consent: the "Consent Required" toast appears. */
export async function showConsentToast(page: Page) {
  await fillRegistration(page);
  await submitButton(page).click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
  await expect(toast).toContainText(registrationToasts.consentRequired.title);
  await expect(toast).toContainText(registrationToasts.consentRequired.description);
  return toast;
}

/** A full registration through the outbox: the success banner appears. */
export async function registerSuccessfully(page: Page) {
  await fillRegistration(page);
  await page.locator("#registration input[name=consent]").check();
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
