// Steps the cross-engine journeys share. Everything in the page goes through EnginePage, so a
// step works the same in Firefox and WebKitGTK.
import path from "node:path";
import { expect } from "vitest";
import type { RegistrationData } from "../../src/registration/registration-data.ts";
import type { CodeGate } from "../support/code-gate.ts";
import type { EngineName, EnginePage, Viewport } from "./engine.ts";

export const desktop: Viewport = { width: 1280, height: 900 };
export const phone: Viewport = { width: 375, height: 812 };

export type JourneyContext = {
  engine: EngineName;
  /** The site with a working outbox, and one whose outbox cannot store a message. */
  site: string;
  failingSite: string;
  /** The site built with a photo for every instructor and student (photo-site.setup.ts). */
  photoSite: string;
  /** The site behind a proxy that holds the islands' code back until released. */
  codeGate: CodeGate;
  screenshotDir: string;
};

export type Journey = {
  name: string;
  viewport: Viewport;
  run: (page: EnginePage, context: JourneyContext) => Promise<void>;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a function in the page until it returns something truthy; fails saying what it waited for. */
export async function waitFor<A>(
  page: EnginePage,
  what: string,
  fn: (arg: A) => unknown,
  arg?: A,
  // A limit, never a wait: a step under way on a runner three times slower and busy with the
  // other browser tests may take several times its usual second or two.
  timeout = 30_000,
): Promise<void> {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeout) {
    last = await page.evaluate(fn, arg);
    if (last) return;
    await sleep(100);
  }
  throw new Error(
    `Timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(last)})`,
  );
}

/** Every island has been taken over by React (src/island-handover.tsx marks each container). */
export function isInteractive(): boolean {
  const islands = document.querySelectorAll("[data-island]");
  return islands.length > 0 && [...islands].every((island) => island.hasAttribute("data-hydrated"));
}

/** Shows intent as a visitor does (a click on the page's heading) and waits for the islands. */
export async function makeInteractive(page: EnginePage): Promise<void> {
  await page.click("main h1");
  await waitFor(page, "the islands to hydrate", isInteractive);
}

export async function openInteractive(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  await makeInteractive(page);
}

/** Fails on any console error or warning, uncaught error or CSP violation not matched by `allowed`. */
export async function expectNoProblems(page: EnginePage, allowed?: RegExp): Promise<void> {
  const problems = await page.problems();
  expect(problems.filter((problem) => !allowed?.test(problem))).toEqual([]);
}

export const fieldNames = ["firstName", "lastName", "email", "phone"] as const;
export const submitSelector = "#registration button[type=submit]";
export const consentSelector = "#registration-consent";

export async function fillRegistration(page: EnginePage, data: RegistrationData, consent = true) {
  for (const name of fieldNames) await page.fill(`#registration [name="${name}"]`, data[name]);
  if (consent) await page.click(consentSelector);
}

/** The toasts shown now, by their text. */
export function shownToasts(): string[] {
  return [...document.querySelectorAll('[role="region"][aria-label="Notifications (F8)"] li')].map(
    (toast) => toast.textContent ?? "",
  );
}

/** Whether a toast with this text is shown. Page functions are sent as text: no imports inside. */
export function toastShown(text: string): boolean {
  const shown = document.querySelectorAll('[role="region"][aria-label="Notifications (F8)"] li');
  return [...shown].some((toast) => toast.textContent?.includes(text));
}

export function noToasts(): boolean {
  return (
    document.querySelectorAll('[role="region"][aria-label="Notifications (F8)"] li').length === 0
  );
}

export async function screenshot(
  page: EnginePage,
  context: JourneyContext,
  width: number,
  name: string,
) {
  await page.screenshot(path.join(context.screenshotDir, `${context.engine}-${width}-${name}.png`));
}
