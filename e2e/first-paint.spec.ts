// The page is usable from its first paint, before its code has run (lib/before-hydration.ts): on a
// throttled phone acting at first paint or at `load`, and on a page whose islands' code is held
// back by a route. What is asserted is behaviour, never milliseconds (those are `npm run bench`'s):
// no tap lost, typed text kept, exactly one registration.
import type { Page, Route } from "@playwright/test";
import { phoneViewport, throttle } from "../scripts/bench/throttled-phone.ts";
import { registrationToasts } from "../src/content/registration.ts";
import { video } from "../src/content/program.ts";
import { watchConsole } from "./support/console-watch.ts";
import { hydrate, islandsHydrated } from "./support/page.ts";
import {
  banner,
  expect,
  field,
  fillRegistration,
  fillWithNoEvent,
  outboxMessagesFor,
  student,
  submitButton,
  test,
  toasts,
} from "./support/registration.ts";

test.use({ viewport: phoneViewport, hasTouch: true, isMobile: true });

const ISLAND_CODE = /\/assets\/islands-[\w-]+\.js(\?|$)/;
const SENDER_CODE = /\/assets\/registration-sender-[\w-]+\.js$/;
const LOADER = /\/assets\/index-[\w-]+\.js(\?|$)/;
const toggle = (page: Page) => page.getByRole("button", { name: /menu/i });
/**
 * From the press to the banner, the page loads and runs React, hydrates, loads the email client
 * and sends twice: on a loaded 2-core runner that can take longer than the default 5 s.
 */
const AFTER_CODE_ARRIVES = { timeout: 20_000 };

/** Holds the islands' code back until the returned function is called. */
async function holdIslandCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ISLAND_CODE, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Records, at each event of these types, whether every island had hydrated by then. */
async function recordHydrationAtEvents(page: Page, types: string[]) {
  await page.addInitScript((types) => {
    const seen: { type: string; hydrated: boolean }[] = [];
    Object.assign(window, { __hydrationAtEvents: seen });
    for (const type of types) {
      window.addEventListener(
        type,
        () => {
          const islands = [...document.querySelectorAll("[data-island]")];
          seen.push({ type, hydrated: islands.every((i) => i.hasAttribute("data-hydrated")) });
        },
        { capture: true },
      );
    }
  }, types);
}

const hydrationAtEvents = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __hydrationAtEvents: { type: string; hydrated: boolean }[] })
        .__hydrationAtEvents,
  );

const firstPaint = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);

test.describe("on a throttled phone", () => {
  // A limit, not a wait: the page runs at a quarter of the runner's speed on purpose, and a slow,
  // busy runner took up to 27 s of the default 30 for a throttled load and hydration.
  test.describe.configure({ timeout: 60_000 });

  test("the menu opens at a tap at first contentful paint, and React keeps it open", async ({
    page,
  }) => {
    const devTools = await throttle(page);
    await recordHydrationAtEvents(page, ["click"]);
    const loading = page.goto("/", { waitUntil: "commit" });
    await loading;
    await firstPaint(page);
    await toggle(page).tap();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    expect(await hydrationAtEvents(page)).toEqual([{ type: "click", hydrated: false }]);
    // The tap was answered at first paint on the slow phone. React's arrival need not be slowed
    // as well: Chromium's CPU throttle keeps a core busy for the time it adds (about 3 s of CPU
    // for the code and hydration, three times that on a slower runner); the network stays slow.
    await devTools.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.waitForFunction(islandsHydrated);
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await toggle(page).tap();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});

// At `load` only the first-paint script has run, and a visitor's first act comes before React: on
// a slow phone the loader and the islands' code are still on the way. Held back here until the test lets it through, so the act
// always lands before React, as the throttle would make likely but not certain.
test.describe("at `load`, before the page's code arrives", () => {
  test("the menu opens at a tap and text typed into the form is kept", async ({ page }) => {
    const release = await holdIslandCode(page);
    await recordHydrationAtEvents(page, ["click", "input"]);
    await page.goto("/", { waitUntil: "load" });
    // Each tap before React answers: open, closed, open, closed.
    for (const expanded of ["true", "false", "true", "false"]) {
      await toggle(page).tap();
      await expect(toggle(page)).toHaveAttribute("aria-expanded", expanded);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible({
        visible: expanded === "true",
      });
    }
    await field(page, "firstName").tap();
    await page.keyboard.type("Ada");
    await expect(field(page, "firstName")).toHaveValue("Ada");
    const [first] = await hydrationAtEvents(page);
    expect(first, "the first tap came before React").toEqual({ type: "click", hydrated: false });
    expect(await hydrationAtEvents(page)).not.toContainEqual(
      expect.objectContaining({ hydrated: true }),
    );
    release();
    await page.waitForFunction(islandsHydrated);
    await field(page, "consent").check(); // re-renders the form: React's value must be "Ada"
    await expect(field(page, "firstName")).toHaveValue("Ada");
  });

  test("Register Now pressed at `load` registers once, showing that it is sending", async ({
    page,
    request,
  }) => {
    const data = student("first-paint-load");
    const release = await holdIslandCode(page);
    await recordHydrationAtEvents(page, ["submit"]);
    await page.goto("/", { waitUntil: "load" });
    await fillWithNoEvent(page, data);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveAccessibleName(/sending/i);
    await submitButton(page).click({ force: true }); // a second, impatient press
    release();
    await expect(banner(page)).toBeVisible(AFTER_CODE_ARRIVES);
    expect((await hydrationAtEvents(page))[0]).toEqual({ type: "submit", hydrated: false });
    expect(await outboxMessagesFor(request, data.email)).toHaveLength(2);
  });
});

test.describe("the sender: what Register Now sends with", () => {
  const SENDER = /\/assets\/registration-sender-[\w-]+\.js$/;

  test("nothing of it is fetched for a visitor who only scrolls; a tap on the form and an autofill fetch it before Register Now, before React took over", async ({
    page,
    request,
  }) => {
    const data = student("first-paint-sender");
    const fetched: string[] = [];
    page.on("request", (asked) => {
      if (SENDER.test(new URL(asked.url()).pathname)) fetched.push(asked.url());
    });
    const release = await holdIslandCode(page);
    const islandsAsked = page.waitForRequest(ISLAND_CODE);
    await page.goto("/", { waitUntil: "load" });
    await test.step("scrolling the whole page, past the form, fetches nothing of it", async () => {
      const bottom = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < bottom; y += 800) await page.mouse.wheel(0, 800);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      // The loader has run (it asked for the islands' code on the first scroll), so it saw it all.
      await islandsAsked;
      expect(fetched).toEqual([]);
    });
    await test.step("a tap on First name and every field filled at once fetch it", async () => {
      await field(page, "firstName").tap();
      await page.evaluate((data) => {
        for (const [name, value] of Object.entries(data)) {
          const input = document.querySelector<HTMLInputElement>(`#registration [name="${name}"]`);
          if (!input) continue;
          input.value = value;
          input.dispatchEvent(new Event("input", { bubbles: true }));
        }
      }, data);
      await field(page, "consent").check();
      await expect.poll(() => fetched.length).toBe(1);
      expect(await page.evaluate(islandsHydrated)).toBe(false);
    });
    await test.step("Register Now then registers once, with the sender fetched once", async () => {
      release();
      await page.waitForFunction(islandsHydrated);
      await submitButton(page).click();
      await expect(banner(page)).toBeVisible(AFTER_CODE_ARRIVES);
      expect(await outboxMessagesFor(request, data.email)).toHaveLength(2);
      expect(fetched).toHaveLength(1);
    });
  });
});

test.describe("while the page's code is held back", () => {
  test("a tap on the menu, text and Register Now are all answered: the registration is sent without waiting for React, and taken over once", async ({
    page,
    request,
  }) => {
    const data = student("first-paint-held");
    const release = await holdIslandCode(page);
    await page.goto("/");
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(toggle(page)).toHaveAccessibleName("Close menu");
    await page.keyboard.press("Escape");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toBeFocused();

    await fillRegistration(page, data);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveAccessibleName(/sending/i);
    await submitButton(page).click({ force: true });
    // The sender needs no React: both emails go while the islands' code is still held back.
    await expect.poll(() => outboxMessagesFor(request, data.email)).toHaveLength(2);
    expect(await page.evaluate(islandsHydrated)).toBe(false);
    await expect(submitButton(page)).toHaveAccessibleName(/sending/i);

    release();
    await expect(banner(page)).toBeVisible(AFTER_CODE_ARRIVES);
    await expect(submitButton(page)).toHaveAccessibleName("Register Now");
    await expect(field(page, "firstName")).toHaveValue("");
    expect(await outboxMessagesFor(request, data.email)).toHaveLength(2);
  });

  test("Register Now pressed early, with the sender held back until the form has taken over: sent once, by the form", async ({
    page,
    request,
  }) => {
    const data = student("first-paint-sender-late");
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(SENDER_CODE, async (route: Route) => {
      await released;
      await route.continue();
    });
    const releaseIslands = await holdIslandCode(page);
    await page.goto("/");
    await fillRegistration(page, data);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveAccessibleName(/sending/i);
    // The loader asked for the sender at the press, and so does the form once it runs.
    releaseIslands();
    await expect.poll(() => page.evaluate(islandsHydrated), AFTER_CODE_ARRIVES).toBe(true);
    await expect(submitButton(page)).toHaveAccessibleName(/sending/i);
    expect(await outboxMessagesFor(request, data.email)).toEqual([]);

    release();
    await expect(banner(page)).toBeVisible(AFTER_CODE_ARRIVES);
    expect(await outboxMessagesFor(request, data.email)).toHaveLength(2);
  });

  test("Register Now without consent, pressed early, asks for consent and sends nothing", async ({
    page,
    request,
  }) => {
    const data = student("first-paint-consent");
    const release = await holdIslandCode(page);
    await page.goto("/");
    await fillRegistration(page, data, false);
    await submitButton(page).click();
    release();
    await expect(toasts(page)).toContainText(
      registrationToasts.consentRequired.title,
      AFTER_CODE_ARRIVES,
    );
    await expect(field(page, "consent")).toBeFocused();
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveAccessibleName("Register Now");
    await expect(field(page, "email")).toHaveValue(data.email);
    expect(await outboxMessagesFor(request, data.email)).toEqual([]);
  });

  // Two early acts in one visit (a page load costs more CPU than the checks): the menu link,
  // then the play button further up, both before the code arrives.
  test("a link in the menu and the video's play button, pressed before the code arrives: the menu closes and scrolls to its section, and the video plays once the code arrives", async ({
    page,
  }) => {
    const release = await holdIslandCode(page);
    await page.goto("/");
    await test.step("a link in the menu, before the code arrives, closes the menu and scrolls to its section", async () => {
      await toggle(page).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await menu.getByRole("link", { name: "Instructors" }).click();
      await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/#instructors$/);
      await expect(page.locator("#instructors")).toBeFocused();
      // The smooth scroll ends with the heading below the fixed header.
      await expect
        .poll(async () => {
          const heading = await page.locator("#instructors h2").boundingBox();
          const header = await page.getByRole("banner").boundingBox();
          return !!heading && !!header && heading.y >= header.y + header.height && heading.y < 812;
        })
        .toBe(true);
      expect(await page.evaluate(islandsHydrated)).toBe(false);
    });
    await test.step("the video's play button pressed early plays once the code arrives", async () => {
      await page.getByRole("button", { name: video.playLabel }).click();
      expect(await page.evaluate(islandsHydrated), "still before the code").toBe(false);
      release();
      await page.waitForFunction(islandsHydrated);
      await expect(page.locator(`iframe[title="${video.iframeTitle}"]`)).toBeAttached(
        AFTER_CODE_ARRIVES,
      );
    });
  });
});

test.describe("when the page's code cannot be loaded", () => {
  test.use({
    expectedConsoleErrors:
      /interactive code could not be loaded|Failed to load|resource error: <(link|script)\b[^>]*> \/assets\/(islands|index)-/,
  });

  // The loader (requested by the first-paint script at the first intent) and the islands' code
  // it imports then: whichever does not arrive, nothing hangs, and the next press asks for it
  // again under a new URL (a browser may keep a failed module failed for the page's lifetime).
  for (const { code, files, id } of [
    { code: "the islands' code", files: ISLAND_CODE, id: "failed-code" },
    { code: "the loader", files: LOADER, id: "failed-loader" },
  ]) {
    test(`when ${code} does not arrive, an early Register Now comes back instead of hanging, and the next press registers`, async ({
      page,
      request,
    }) => {
      const data = student(`first-paint-${id}`);
      let failing = true;
      const asked: string[] = [];
      await page.route(files, (route) => {
        asked.push(new URL(route.request().url()).search);
        return failing ? route.abort() : route.continue();
      });
      await page.goto("/", { waitUntil: "load" });
      await fillRegistration(page, data);
      await submitButton(page).click();
      await expect(submitButton(page)).toHaveAccessibleName("Register Now");
      await expect(field(page, "email")).toHaveValue(data.email);
      failing = false;
      await submitButton(page).click();
      await expect(banner(page)).toBeVisible(AFTER_CODE_ARRIVES);
      expect(asked).toContain("?try=2");
      expect(await outboxMessagesFor(request, data.email)).toHaveLength(2);
    });
  }
});

test("a page that is only read runs no code but the first-paint script", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (asked) => {
    if (/\.js$/.test(new URL(asked.url()).pathname)) scripts.push(new URL(asked.url()).pathname);
  });
  await page.goto("/", { waitUntil: "load" });
  // Past `load` and the first idle moment after it, when the loader used to come and prefetch the
  // islands' files: the loader waits for a sign of intent (or a kept registration).
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })),
  );
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect(scripts).toEqual([]);
  expect(await page.locator("[data-island][data-hydrated]").count()).toBe(0);
  // The first sign of intent asks for the loader, which takes the islands over.
  await hydrate(page);
  expect(scripts[0]).toMatch(LOADER);
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false });

  test("a deep link to the form makes the page interactive with no touch, and so does every reload at a fragment after a touch", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    // The form is in view: the page takes it over without waiting for the visitor.
    await page.goto("/#registration");
    await page.waitForFunction(islandsHydrated);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Curriculum" })
      .click();
    await expect(page).toHaveURL(/#curriculum$/);
    for (let reload = 1; reload <= 3; reload += 1) {
      await page.reload();
      // A reload's restored scroll may or may not count as intent; the first touch after it does.
      await hydrate(page);
    }
    expect(problems).toEqual([]);
  });
});
