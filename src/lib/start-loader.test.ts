import { describe, expect, it } from "vitest";
import { INTENT, INTENT_EVENT } from "./intent.ts";
import { LOADER_ATTRIBUTE, startLoaderWhenNeeded } from "./start-loader.ts";

type Listener = () => void;

/**
 * The little of a page the first-paint script's loader start touches: <html> and its attributes,
 * the document's events, <head>, and the window's `load`, timers and storage (undefined: it
 * throws).
 */
function fakePage({
  storage = {} as Record<string, string> | undefined,
  readyState = "interactive" as DocumentReadyState,
} = {}) {
  const attributes = new Map([[LOADER_ATTRIBUTE, "/assets/index-abc.js"]]);
  const docListeners = new Map<string, Listener[]>();
  const winListeners = new Map<string, Listener[]>();
  const requested: string[] = [];
  const timers: Listener[] = [];
  const doc = {
    readyState,
    documentElement: {
      getAttribute: (name: string) => attributes.get(name) ?? null,
      hasAttribute: (name: string) => attributes.has(name),
    },
    addEventListener: (type: string, listener: Listener) =>
      docListeners.set(type, [...(docListeners.get(type) ?? []), listener]),
    createElement: () => ({ type: "", src: "", addEventListener: () => {} }),
    head: { append: (script: { src: string }) => requested.push(script.src) },
  };
  // Storage as a page reads it: its keys, and getItem (not one of them).
  const local =
    storage &&
    Object.defineProperty({ ...storage }, "getItem", {
      value: (key: string) => storage[key] ?? null,
    });
  const win = {
    get localStorage() {
      if (!local) throw new DOMException("The operation is insecure.", "SecurityError");
      return local;
    },
    addEventListener: (type: string, listener: Listener) =>
      winListeners.set(type, [...(winListeners.get(type) ?? []), listener]),
    setTimeout: (callback: Listener) => timers.push(callback),
  };
  startLoaderWhenNeeded(doc as unknown as Document, win as unknown as Window);
  const fire = (listeners: Map<string, Listener[]>, type: string) =>
    listeners.get(type)?.forEach((listener) => listener());
  return {
    requested,
    load: () => fire(winListeners, "load"),
    /** Runs the tasks the page queued. */
    runTimers: () => timers.splice(0).forEach((callback) => callback()),
    intent: () => {
      attributes.set(INTENT, "");
      fire(docListeners, INTENT_EVENT);
    },
  };
}

describe("startLoaderWhenNeeded", () => {
  it("asks for nothing at load on a page that is only read, and for the loader at the first intent", () => {
    const page = fakePage();
    page.load();
    page.runTimers();
    expect(page.requested).toEqual([]);
    page.intent();
    expect(page.requested).toEqual(["/assets/index-abc.js"]);
  });

  it("asks for the loader at load when a registration is kept on the device, once", () => {
    const page = fakePage({ storage: { "kept-registrations:q7m2": "{}" } });
    expect(page.requested).toEqual([]);
    page.load();
    // Not in `load`'s own task: storage is read in the next.
    expect(page.requested).toEqual([]);
    page.runTimers();
    expect(page.requested).toEqual(["/assets/index-abc.js"]);
    page.intent();
    expect(page.requested).toEqual(["/assets/index-abc.js"]);
  });

  it("asks for nothing at load where the ledger holds only records of how registrations left", () => {
    const done = { reference: "K7QM2X", outcome: "sent", until: Date.now() + 86_400_000 };
    const page = fakePage({
      storage: { "kept-registrations": JSON.stringify({ v: 1, leads: [], done: [done] }) },
    });
    page.load();
    page.runTimers();
    expect(page.requested).toEqual([]);
  });

  it("checks at once when the page had loaded already, and waits for intent where storage throws", () => {
    const lead = JSON.stringify({ v: 1, leads: [{ reference: "K7QM2X", form: {} }], done: [] });
    const loaded = fakePage({ storage: { "kept-registrations": lead }, readyState: "complete" });
    loaded.runTimers();
    expect(loaded.requested).toHaveLength(1);
    const denied = fakePage({ storage: undefined });
    denied.load();
    denied.runTimers();
    expect(denied.requested).toEqual([]);
    denied.intent();
    expect(denied.requested).toHaveLength(1);
  });
});
