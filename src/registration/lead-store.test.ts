import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LEAD_ATTRIBUTE, UNKEPT } from "../lib/before-hydration.ts";
import {
  ADA,
  asForm,
  FakeFormData,
  filledForm,
  MemoryStorage,
} from "../test-support/form-doubles.ts";
import { LEDGER_KEY, PRESS_PREFIX } from "./registration-data.ts";
import { DAY_MS } from "./ledger.ts";

// The send lock and the warning are the module's own state: each case imports it fresh.
type LeadStore = typeof import("./lead-store.ts");
const loadStore = (): Promise<LeadStore> => import("./lead-store.ts");

/** Web Locks as the browser grants them: one holder of a name at a time, in a later task. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  let held = 0;
  const names: string[] = [];
  const locks = {
    request<T>(name: string, run: () => Promise<T>): Promise<T> {
      names.push(name);
      const result = tail.then(async () => {
        held += 1;
        try {
          return await run();
        } finally {
          held -= 1;
        }
      });
      tail = result.catch(() => {});
      return result;
    },
  };
  return { locks, names, held: () => held };
}

/** A send the test answers. */
function pendingSend() {
  let answer: () => void = () => {};
  const done = new Promise<void>((resolve) => (answer = resolve));
  return { run: vi.fn(() => done), answer };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

let page: EventTarget & { visibilityState: DocumentVisibilityState };

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-06-05T18:30:00Z") });
  vi.resetModules();
  const win = new EventTarget();
  page = Object.assign(new EventTarget(), { visibilityState: "visible" as const });
  vi.stubGlobal("document", page);
  vi.stubGlobal("addEventListener", win.addEventListener.bind(win));
  vi.stubGlobal("removeEventListener", win.removeEventListener.bind(win));
  // `visibilitychange` bubbles from the document to the window: the test dispatches it there.
  vi.stubGlobal("dispatchEvent", win.dispatchEvent.bind(win));
  vi.stubGlobal("navigator", {});
  vi.stubGlobal("FormData", FakeFormData);
});
afterEach(() => vi.useRealTimers());

/** The tab is hidden, or shown again. */
function showPage(visibility: DocumentVisibilityState) {
  page.visibilityState = visibility;
  dispatchEvent(new Event("visibilitychange"));
}

describe("keepPressed (the first-paint script's submit listener)", () => {
  /** The presses kept under keys of their own, in the order written. */
  const presses = (storage: MemoryStorage) =>
    [...storage.items]
      .filter(([key]) => key.startsWith(PRESS_PREFIX))
      .map(([, v]) => JSON.parse(v));

  it("keeps a press with consent as it was made, under a key of its own, and names it on the form", async () => {
    const { keepPressed } = await loadStore();
    const storage = new MemoryStorage();
    storage.setItem(LEDGER_KEY, "another tab's entry");
    const form = filledForm();
    keepPressed(asForm(form), storage);
    const reference = form.getAttribute(LEAD_ATTRIBUTE);
    expect(reference).toMatch(/^[2-9A-Z]{6}$/);
    expect(presses(storage)).toEqual([{ at: Date.now(), form: ADA, honeypot: "", reference }]);
    // The ledger's entry is never read or written here: no other tab's write can be lost.
    expect(storage.getItem(LEDGER_KEY)).toBe("another tab's entry");
    // Pressed again with the same details: the same registration, said to be a press again.
    keepPressed(asForm(form), storage);
    expect(form.getAttribute(LEAD_ATTRIBUTE)).toBe(reference);
    expect(presses(storage)[1]).toEqual({
      at: Date.now() + 1,
      form: ADA,
      honeypot: "",
      reference,
      again: true,
    });
    // Other details: the same registration, corrected.
    form.fields.email = "ada@example.org";
    keepPressed(asForm(form), storage);
    expect(presses(storage)[2]).toMatchObject({ reference, form: { email: "ada@example.org" } });
    expect(presses(storage)[2]).not.toHaveProperty("again");
  });

  it("keeps nothing without consent (the form asks for it)", async () => {
    const { keepPressed } = await loadStore();
    const storage = new MemoryStorage();
    const form = filledForm();
    delete form.fields.consent;
    keepPressed(asForm(form), storage);
    expect(storage.items.size).toBe(0);
    expect(form.hasAttribute(LEAD_ATTRIBUTE)).toBe(false);
  });

  it("names a press that storage refused, marks it unkept, and throws nothing", async () => {
    const { keepPressed } = await loadStore();
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const form = filledForm();
    expect(() => keepPressed(asForm(form), full)).not.toThrow();
    const reference = form.getAttribute(LEAD_ATTRIBUTE);
    expect(reference).toMatch(/^[2-9A-Z]{6}$/);
    const unkept = () => JSON.parse(form.getAttribute(UNKEPT) ?? "null") as unknown;
    expect(unkept()).toEqual({ reference, at: Date.now(), form: ADA, honeypot: "" });
    // Pressed again unchanged, the sender is told it is a press again, never earlier than the last.
    vi.setSystemTime(Date.now() - 2 * DAY_MS);
    expect(() => keepPressed(asForm(form), full)).not.toThrow();
    expect(unkept()).toMatchObject({ reference, again: true, at: Date.now() + 2 * DAY_MS + 1 });
    expect(form.getAttribute(LEAD_ATTRIBUTE)).toBe(reference);
    // Kept once storage takes it again.
    keepPressed(asForm(form), new MemoryStorage());
    expect(form.hasAttribute(UNKEPT)).toBe(false);
  });

  it("throws nothing where storage is denied outright (localStorage itself throws)", async () => {
    const { keepPressed } = await loadStore();
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get: () => {
        throw new DOMException("denied", "SecurityError");
      },
    });
    const form = filledForm();
    expect(() => keepPressed(asForm(form))).not.toThrow();
    expect(form.getAttribute(UNKEPT)).toContain(form.getAttribute(LEAD_ATTRIBUTE));
    Reflect.deleteProperty(globalThis, "localStorage");
  });

  it("keeps in localStorage by default", async () => {
    const { keepPressed } = await loadStore();
    const storage = new MemoryStorage();
    vi.stubGlobal("localStorage", storage);
    keepPressed(asForm(filledForm()));
    expect(presses(storage)[0]?.form).toEqual(ADA);
  });
});

describe("the store's warning", () => {
  it("says once per page that storage fails, however often it fails", async () => {
    const { createLedgerStore } = await loadStore();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const denied = new DOMException("denied", "SecurityError");
    const store = createLedgerStore(() => {
      throw denied;
    });
    expect(store.read()).toEqual({ leads: [], done: [] });
    expect(store.update((ledger) => ledger)).toBeUndefined();
    expect(warn.mock.calls).toEqual([["Registration storage on this device:", denied]]);
  });
});

describe("withSendLock without Web Locks", () => {
  it("runs a send at once, in the caller's task, when nothing is before it", async () => {
    const { withSendLock } = await loadStore();
    const run = vi.fn(() => Promise.resolve("sent"));
    const result = withSendLock(run);
    expect(run).toHaveBeenCalledTimes(1);
    await expect(result).resolves.toBe("sent");
  });

  it("runs sends one after another, each when the one before has settled, even if it failed", async () => {
    const { withSendLock } = await loadStore();
    const first = pendingSend();
    const failing = vi.fn(() => Promise.reject(new Error("503")));
    const third = vi.fn(() => Promise.resolve("third"));
    const firstResult = withSendLock(first.run);
    const failed = withSendLock(failing);
    const thirdResult = withSendLock(third);
    await settle();
    expect(failing).not.toHaveBeenCalled();
    first.answer();
    await expect(firstResult).resolves.toBeUndefined();
    await expect(failed).rejects.toThrow("503");
    await expect(thirdResult).resolves.toBe("third");
    expect(third).toHaveBeenCalledTimes(1);
    // All settled: the next runs at once again.
    await settle();
    const next = vi.fn(() => Promise.resolve());
    void withSendLock(next);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it("turns a send that throws into a rejection", async () => {
    const { withSendLock } = await loadStore();
    const result = withSendLock(() => {
      throw new Error("emailjs-com: the user ID is required");
    });
    await expect(result).rejects.toThrow("the user ID is required");
    // Nothing is left waiting behind it.
    await settle();
    const next = vi.fn(() => Promise.resolve());
    void withSendLock(next);
    expect(next).toHaveBeenCalledTimes(1);
  });
});

describe("the send lock across tabs", () => {
  it("waits for the lock of the ledger's name", async () => {
    const { withSendLock } = await loadStore();
    const { locks, names, held } = fakeLocks();
    vi.stubGlobal("navigator", { locks });
    const send = pendingSend();
    const result = withSendLock(send.run);
    expect(send.run).not.toHaveBeenCalled();
    await settle();
    expect([names, held()]).toEqual([[LEDGER_KEY], 1]);
    send.answer();
    await result;
    expect(held()).toBe(0);
  });

  it("is taken at the first touch, so Register Now runs in its own task", async () => {
    const { holdSendLock, withSendLock } = await loadStore();
    const { locks, names, held } = fakeLocks();
    vi.stubGlobal("navigator", { locks });
    holdSendLock();
    await settle();
    expect(held()).toBe(1);
    const run = vi.fn(() => Promise.resolve("sent"));
    const result = withSendLock(run);
    expect(run).toHaveBeenCalledTimes(1);
    await expect(result).resolves.toBe("sent");
    // One request: the send went under the lock held.
    expect(names).toEqual([LEDGER_KEY]);
  });

  it("a press before the lock is granted waits for the grant, not for a lock of its own", async () => {
    const { holdSendLock, withSendLock } = await loadStore();
    const { locks, names } = fakeLocks();
    // Another tab sends: the grant comes when it has done.
    vi.stubGlobal("navigator", { locks });
    const otherTab = pendingSend();
    void locks.request(LEDGER_KEY, otherTab.run);
    holdSendLock();
    const run = vi.fn(() => Promise.resolve());
    const result = withSendLock(run);
    await settle();
    expect(run).not.toHaveBeenCalled();
    otherTab.answer();
    await result;
    expect(run).toHaveBeenCalledTimes(1);
    expect(names).toEqual([LEDGER_KEY, LEDGER_KEY]);
  });

  it("lets go 10 s after the last touch, not before", async () => {
    const { holdSendLock, withSendLock } = await loadStore();
    const { locks, names, held } = fakeLocks();
    vi.stubGlobal("navigator", { locks });
    holdSendLock();
    await vi.advanceTimersByTimeAsync(9000);
    // Another touch: another 10 s.
    holdSendLock();
    await vi.advanceTimersByTimeAsync(9999);
    expect(held()).toBe(1);
    expect(names).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(held()).toBe(0);
    // Let go: a send asks for the lock again.
    await withSendLock(() => Promise.resolve());
    expect(names).toHaveLength(2);
  });

  it("never lets go while it sends", async () => {
    const { holdSendLock, withSendLock } = await loadStore();
    const { locks, held } = fakeLocks();
    vi.stubGlobal("navigator", { locks });
    holdSendLock();
    await settle();
    const send = pendingSend();
    const result = withSendLock(send.run);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(held()).toBe(1);
    send.answer();
    await result;
    await settle();
    expect(held()).toBe(0);
  });

  it("lets go when the tab is hidden, and listens no more", async () => {
    const { holdSendLock } = await loadStore();
    const added = vi.spyOn(globalThis, "addEventListener");
    const removed = vi.spyOn(globalThis, "removeEventListener");
    const { locks, names, held } = fakeLocks();
    vi.stubGlobal("navigator", { locks });
    holdSendLock();
    await settle();
    showPage("visible");
    await settle();
    expect(held()).toBe(1);
    showPage("hidden");
    await settle();
    expect(held()).toBe(0);
    expect(removed.mock.calls).toEqual(added.mock.calls);
    // Shown and touched again: taken anew, and hidden again, let go anew.
    showPage("visible");
    holdSendLock();
    await settle();
    expect([names.length, held()]).toEqual([2, 1]);
    showPage("hidden");
    await settle();
    expect(held()).toBe(0);
  });

  it("a hold let go by hiding is not let go again by its timer", async () => {
    const { holdSendLock } = await loadStore();
    const { locks, held } = fakeLocks();
    vi.stubGlobal("navigator", { locks });
    holdSendLock();
    await settle();
    showPage("hidden");
    await vi.advanceTimersByTimeAsync(5000);
    showPage("visible");
    holdSendLock();
    await settle();
    // The first hold's 10 s end here; the second's hold goes on.
    await vi.advanceTimersByTimeAsync(5000);
    expect(held()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(held()).toBe(0);
  });
});
