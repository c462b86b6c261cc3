// What a visitor on a cheap phone feels, timed: the journeys of issue 15 on a throttled page
// (throttled-phone.ts), each in a fresh browser context with an empty cache, against the real
// server (server/start.ts) with an outbox of its own, so a registration really sends.
// Times are taken inside the page (performance.now at the event, and when the DOM answered), so
// the driver's own latency does not count. A tap that gets no answer within ANSWER_MS is lost.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from "@playwright/test";
import { successBanner } from "../../src/content/registration.ts";
import { quietFlags } from "../chrome-flags.ts";
import { gzipSize } from "../compression.ts";
import type { Sample } from "./figures.ts";
import { phoneViewport, throttle } from "./throttled-phone.ts";

const ANSWER_MS = 10_000;

/**
 * Installed before the page's own scripts: when each kind of input arrived (the event's
 * timeStamp, so time spent waiting for a busy main thread counts), when the page answered (a
 * mutation observer sees the menu's aria-expanded turn true at once, with no frame to wait
 * for), and the Event Timing entries.
 */
function recorder() {
  const record = {
    events: {} as Record<string, number>,
    answered: {} as Record<string, number>,
    eventTiming: [] as EventTimingEntry[],
  };
  Object.assign(window, { __bench: record });
  for (const type of ["pointerdown", "click", "keydown", "submit"]) {
    window.addEventListener(type, (event) => (record.events[type] ??= event.timeStamp), {
      capture: true,
    });
  }
  window.addEventListener(
    "input",
    (event) => {
      const target = event.target as HTMLInputElement | null;
      if (target?.name === "firstName" && target.value === "Ada") {
        record.answered.typed ??= performance.now();
      }
    },
    { capture: true },
  );
  new MutationObserver(() => {
    const toggle = document.querySelector("button[aria-controls='mobile-menu']");
    if (toggle?.getAttribute("aria-expanded") === "true")
      record.answered.menu ??= performance.now();
  }).observe(document, { attributes: true, attributeFilter: ["aria-expanded"], subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      const { name, duration, startTime, processingStart, processingEnd, target } = entry;
      record.eventTiming.push({
        name,
        duration,
        // What the event waited for: the input delay, its handlers, and the paint after them.
        phases: [processingStart - startTime, processingEnd - processingStart].map(Math.round),
        target:
          target instanceof Element
            ? `${target.localName}${target.hasAttribute("name") ? `[name=${target.getAttribute("name")}]` : ""}`
            : "",
      });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

type EventTimingEntry = {
  name: string;
  duration: number;
  /** Input delay and processing, ms; the rest of the duration is the presentation. */
  phases: number[];
  target: string;
};
type Record_ = {
  events: Record<string, number>;
  answered: Record<string, number>;
  eventTiming: EventTimingEntry[];
};
const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: Record_ }).__bench);

/** Every island has hydrated (data-hydrated), or, on a build before it, the toaster is there. */
function hydrated(): boolean {
  const islands = [...document.querySelectorAll("[data-island]")];
  if (islands.some((island) => island.hasAttribute("data-hydrated"))) {
    return islands.every((island) => island.hasAttribute("data-hydrated"));
  }
  return document.querySelector('[role="region"][aria-label="Notifications (F8)"]') !== null;
}

/** Resolves with what `answer(arg)` first returns other than false (polled every frame), or null. */
async function answeredAt<A extends string | undefined>(
  page: Page,
  answer: (arg: A) => number | false,
  arg: A,
  timeout = ANSWER_MS,
): Promise<number | null> {
  return page
    .waitForFunction(answer as (arg: unknown) => number | false, arg, { timeout, polling: "raf" })
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
}

// Each returns the page time at which it first holds.
const menuOpenAt = () =>
  document.querySelector("button[aria-controls='mobile-menu']")?.getAttribute("aria-expanded") ===
    "true" && performance.now();
const firstNameIsAt = (value: string) =>
  (document.querySelector("#registration input[name='firstName']") as HTMLInputElement | null)
    ?.value === value && performance.now();
const bannerAt = (title: string) =>
  [...document.querySelectorAll('[role="status"]')].some((status) =>
    status.textContent?.includes(title),
  ) && performance.now();

const menuToggle = "button[aria-controls='mobile-menu']";

/** Each journey's page and its DevTools session (throttled-phone.ts), which taps as a finger does. */
const devTools = new WeakMap<Page, CDPSession>();
/** How long a finger rests on the glass in a tap. */
const TAP_HOLD_MS = 50;

/**
 * A finger's tap on `selector`: down, a rest, up, as the phone's touch screen sends them. Not
 * Playwright's `tap()`: it sends down and up in one instant, so the click's Event Timing began at
 * the touch's start and took in the touchstart's work, and its check of the hit target ran its own
 * listeners inside the events measured. A real tap's click is timed from the finger's release, and
 * its touchstart is an entry of its own, also counted.
 */
async function fingerTap(page: Page, selector: string): Promise<void> {
  const target = page.locator(selector);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const session = devTools.get(page);
  if (!box || !session) throw new Error(`nothing to tap at ${selector}`);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await new Promise((resolve) => setTimeout(resolve, TAP_HOLD_MS));
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Over this, a journey's longest Event Timing is named on stderr (the figure's budget). */
const EVENT_TIMING_BUDGET_MS = 100;
/** The build the journeys run on, named in those lines. */
let build = "";

/** The journey's longest Event Timing duration; named, with what it waited for, when over budget. */
function longestEvent(journey: string, entries: EventTimingEntry[]): number {
  // The events of one interaction share its duration: the one that ran longest names it.
  const longest = entries.reduce<EventTimingEntry | undefined>(
    (worst, entry) =>
      worst &&
      (worst.duration > entry.duration ||
        (worst.duration === entry.duration && (worst.phases[1] ?? 0) >= (entry.phases[1] ?? 0)))
        ? worst
        : entry,
    undefined,
  );
  if (longest && longest.duration > EVENT_TIMING_BUDGET_MS) {
    const [delay = 0, processing = 0] = longest.phases;
    const presentation = Math.round(longest.duration - delay - processing);
    console.error(
      `  ${build}, ${journey}: ${longest.name} on ${longest.target || "?"} took ${longest.duration} ms (input delay ${delay}, processing ${processing}, presentation ${presentation})`,
    );
  }
  return longest?.duration ?? 0;
}

type Journey = (page: Page, base: string) => Promise<Sample>;

/** The menu tapped at first contentful paint or at `load`: ms until aria-expanded="true". */
const menuTap =
  (at: "fcp" | "load"): Journey =>
  async (page, base) => {
    await page.goto(base, { waitUntil: at === "load" ? "load" : "commit" });
    if (at === "fcp") {
      await page.waitForFunction(
        () => performance.getEntriesByName("first-contentful-paint").length > 0,
        null,
        { polling: 16 },
      );
    }
    await fingerTap(page, menuToggle);
    const seen = await answeredAt(page, menuOpenAt, undefined);
    const { events, answered, eventTiming } = await recorded(page);
    const tapped = events.click ?? Number.NaN;
    return {
      [`menu${at === "fcp" ? "Fcp" : "Load"}`]:
        seen === null ? Number.NaN : (answered.menu ?? seen) - tapped,
      lost: seen === null ? 1 : 0,
      eventTiming: longestEvent(`menu tapped at ${at}`, eventTiming),
    };
  };

/** "Ada" typed into the first name at `load`: ms until it reads "Ada"; kept after hydration. */
const typeAtLoad: Journey = async (page, base) => {
  await page.goto(base, { waitUntil: "load" });
  const firstName = "#registration input[name='firstName']";
  const field = page.locator(firstName);
  await fingerTap(page, firstName);
  await page.keyboard.type("Ada");
  const seen = await answeredAt(page, firstNameIsAt, "Ada");
  const { events, answered, eventTiming } = await recorded(page);
  const isHydrated = await page
    .waitForFunction(hydrated, null, { timeout: ANSWER_MS })
    .then(() => true)
    .catch(() => false);
  const kept = isHydrated && (await field.inputValue()) === "Ada";
  return {
    typeLoad:
      seen === null ? Number.NaN : (answered.typed ?? seen) - (events.keydown ?? Number.NaN),
    lost: seen === null || !kept ? 1 : 0,
    eventTiming: longestEvent("typed at load", eventTiming),
  };
};

const submitButton = "#registration button[type='submit']";
const SEND_PATH = "/api/v1.0/email/send";

/**
 * As the page timed them: the sends, each from its request's start to its answer's end; the code
 * the press had to fetch (ms from the press until the last script asked after it arrived); and,
 * with reCAPTCHA, how long each send had to wait for Google's token after the press (the
 * stand-in's times, e2e/support/recaptcha-stand-in.ts): the first after the code, the second
 * after the first send's answer.
 */
const networkAfterPress = ({ path, press }: { path: string; press: number }) => {
  const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const sends = entries.filter((entry) => new URL(entry.name).pathname.endsWith(path));
  const code = entries.filter(
    (entry) => /\.js$/.test(new URL(entry.name).pathname) && entry.startTime >= press,
  );
  const codeArrived = Math.max(0, ...code.map((entry) => entry.responseEnd - press));
  const tokensAt = (window as { __recaptchaTokensAt?: number[] }).__recaptchaTokensAt ?? [];
  const [first, second] = tokensAt.filter((at) => at >= press);
  const firstAnswered = sends[0]?.responseEnd;
  return {
    sends: sends.reduce((sum, entry) => sum + entry.responseEnd - entry.startTime, 0),
    code: codeArrived,
    tokenWaits:
      Math.max(0, (first ?? press) - press - codeArrived) +
      (second !== undefined && firstAnswered !== undefined
        ? Math.max(0, second - firstAnswered)
        : 0),
  };
};

/**
 * Fills the form as a browser's autofill does: every field at once, through the native value
 * setter and an `input` event, so a page that React runs sees it as it would see autofill.
 */
const autofill = (email: string) => {
  const values: Record<string, string> = {
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "+1 555 010 0100",
    email,
  };
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  for (const [name, value] of Object.entries(values)) {
    const input = document.querySelector<HTMLInputElement>(`#registration [name="${name}"]`);
    if (!input || !setValue) continue;
    setValue.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
};

/**
 * A registration timed from the press to the success banner, beside the two sends themselves as
 * the page measured them: their ratio is what the page adds to the network's floor.
 */
const registration =
  (id: string, fill: (page: Page) => Promise<void>): Journey =>
  async (page, base) => {
    let sends = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith(SEND_PATH)) {
        sends += 1;
      }
    });
    await page.goto(base, { waitUntil: "load" });
    await fill(page);
    await fingerTap(page, submitButton);
    const answered = await answeredAt(page, bannerAt, successBanner.title, 30_000);
    const { events, eventTiming } = await recorded(page);
    const press = events.submit ?? Number.NaN;
    const took = answered === null ? Number.NaN : answered - press;
    const {
      sends: sent,
      code,
      tokenWaits,
    } = await page.evaluate(networkAfterPress, { path: SEND_PATH, press });
    return {
      [id]: took,
      [`${id}Sends`]: sent,
      [`${id}Code`]: code,
      [`${id}Tokens`]: tokenWaits,
      // A press that is the visitor's first act must fetch the code: its floor includes it, and
      // Google's answers the sends waited for after it.
      [`${id}Ratio`]: took / (id === "registerLoad" ? sent + code + tokenWaits : sent + tokenWaits),
      emails: sends,
      lost: answered === null ? 1 : 0,
      eventTiming: longestEvent(id, eventTiming),
    };
  };

const benchEmail = () => `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

/** Register Now at `load` on a form the browser filled with no event: the press is the first act. */
const registerAtLoad = registration("registerLoad", async (page) => {
  await page.evaluate(
    ({ email }) => {
      const values = { firstName: "Ada", lastName: "Lovelace", phone: "+1 555 010 0100", email };
      for (const [name, value] of Object.entries(values)) {
        const input = document.querySelector<HTMLInputElement>(`#registration [name="${name}"]`);
        if (input) input.value = value;
      }
      const consent = document.querySelector<HTMLInputElement>('#registration [name="consent"]');
      if (consent) consent.checked = true;
    },
    { email: benchEmail() },
  );
});

/** One tap on First name at `load`, every field filled at once, consent, Register Now 6 s later. */
const registerAutofilled = registration("registerAutofill", async (page) => {
  await fingerTap(page, "#registration [name='firstName']");
  await page.evaluate(autofill, benchEmail());
  await fingerTap(page, "#registration [name='consent']");
  await page.waitForTimeout(6000);
});

/** Every field typed at a person's pace once the page took over, Register Now 2 s later. */
const registerTyped = registration("registerTyped", async (page) => {
  await fingerTap(page, "#registration [name='firstName']");
  await page.waitForFunction(hydrated, null, { timeout: ANSWER_MS });
  const values = { firstName: "Ada", lastName: "Lovelace", email: benchEmail(), phone: "5550100" };
  for (const [name, value] of Object.entries(values)) {
    await fingerTap(page, `#registration [name='${name}']`);
    await page.keyboard.type(value, { delay: 120 });
  }
  await fingerTap(page, "#registration [name='consent']");
  await page.waitForTimeout(2000);
});

/** The registration journeys, also run against a site whose emails go to another origin. */
const registrations: Journey[] = [registerAtLoad, registerAutofilled, registerTyped];

/** The page left alone for 5 s after `load`: the JavaScript it ran (gzip), inline and files. */
async function jsBeforeInteraction(page: Page, base: string, distDir: string): Promise<number> {
  await page.goto(base, { waitUntil: "load" });
  await page.waitForTimeout(5000);
  const { inline, files } = await page.evaluate(() => ({
    inline: [...document.querySelectorAll("script:not([src]):not([type])")].map(
      (script) => script.textContent ?? "",
    ),
    // Prefetches are fetched by a <link> (initiatorType "link") and never run.
    files: performance
      .getEntriesByType("resource")
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script")
      .map((entry) => new URL(entry.name).pathname),
  }));
  const module = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map(
      (script) => new URL(script.src).pathname,
    ),
  );
  const run = [...new Set([...module, ...files])];
  const sizes = await Promise.all(
    run.map(async (file) => gzipSize(await readFile(path.join(distDir, file)))),
  );
  return gzipSize(Buffer.from(inline.join(""))) + sizes.reduce((a, b) => a + b, 0);
}

/** Starts the real server on `distDir` with a fresh outbox; resolves with its address. */
async function startSite(root: string, distDir: string) {
  const outbox = await mkdtemp(path.join(tmpdir(), "bench-outbox-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DIST_DIR: distDir, OUTBOX_DIR: outbox },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stop = async () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    await rm(outbox, { recursive: true, force: true });
  };
  const base = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Site: +(http:\/\/[^/\s]+\/)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        // The bench's Chromium resolves no name but 127.0.0.1 (scripts/chrome-flags.ts).
        resolve(match[1].replace("//localhost:", "//127.0.0.1:"));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { base, stop };
}

async function inContext(
  browser: Browser,
  base: string,
  journey: Journey,
  prepare?: SiteVariant["prepare"],
): Promise<Sample> {
  const context = await browser.newContext({
    viewport: phoneViewport,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await prepare?.(context);
    const page = await context.newPage();
    await page.addInitScript(recorder);
    devTools.set(page, await throttle(page));
    return await journey(page, base);
  } catch (error) {
    console.error(`  journey failed: ${(error as Error).message.split("\n")[0]}`);
    return { lost: 1 };
  } finally {
    await context.close();
  }
}

/**
 * Playwright's driver keeps DevTools' network domain on, which records the script stack that
 * started each request; V8 then reparses every function on that stack for its source positions, inside the
 * XHR's `send` of Register Now's press (about 9 ms of the press at 4×, decision 0021). A phone
 * without DevTools does neither: V8 keeps the positions as it compiles, and the press is timed
 * without the debugger's work.
 */
const journeyFlags = ["--js-flags=--no-enable-lazy-source-positions"];

/** A build on which the registration journeys run. */
export type SiteVariant = {
  /** Prefixed to the registration figures' ids. */
  prefix: string;
  /** Names the build in the lines that name a slow event. */
  name?: string;
  distDir: string;
  /** Prepares each journey's browser context (a stand-in at a third party's address). */
  prepare?: (context: BrowserContext) => Promise<unknown>;
};

/**
 * One round of every journey: the taps on `distDir`'s page (prepared by `prepare`), the
 * registrations on each of `registrationSites`; `lost` and `eventTiming` combine over them.
 */
export async function runPhoneJourneys(
  root: string,
  distDir: string,
  chromePath: string,
  registrationSites: SiteVariant[],
  prepare?: SiteVariant["prepare"],
): Promise<Sample> {
  const site = await startSite(root, distDir);
  const sites = [site];
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [...quietFlags, ...journeyFlags],
  });
  try {
    const samples: Sample[] = [];
    build = "deployed build";
    for (const journey of [menuTap("fcp"), menuTap("load"), typeAtLoad]) {
      samples.push(await inContext(browser, site.base, journey, prepare));
    }
    for (const { prefix, name, distDir: variantDir, prepare } of registrationSites) {
      build = name ?? "this build";
      const variantSite = await startSite(root, variantDir);
      sites.push(variantSite);
      for (const journey of registrations) {
        const sample = await inContext(browser, variantSite.base, journey, prepare);
        const renamed = Object.entries(sample).map(([id, value]) => [
          /^register/.test(id) ? `${prefix}${id}` : id,
          value,
        ]);
        samples.push(Object.fromEntries(renamed));
      }
    }
    const context = await browser.newContext({ viewport: phoneViewport, isMobile: true });
    const jsBefore = await jsBeforeInteraction(await context.newPage(), site.base, distDir)
      .catch((error: unknown) => {
        console.error(`  measuring the JavaScript run failed: ${(error as Error).message}`);
        return Number.NaN;
      })
      .finally(() => context.close());
    const combined: Sample = Object.assign({}, ...samples);
    combined.lost = samples.reduce((total, sample) => total + (sample.lost ?? 0), 0);
    // Every registration sends two emails: any other count is the one shown.
    const emails = samples.flatMap((sample) =>
      sample.emails === undefined ? [] : [sample.emails],
    );
    combined.emails = emails.find((count) => count !== 2) ?? 2;
    combined.eventTiming = Math.max(0, ...samples.map((sample) => sample.eventTiming ?? 0));
    combined.jsBeforeInteraction = jsBefore;
    return combined;
  } finally {
    await browser.close();
    await Promise.all(sites.map((started) => started.stop()));
  }
}
