import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  hasKeptLeads,
  keepLead,
  KEPT_LEADS_KEY,
  MAX_KEPT_LEADS,
  newLead,
  REFERENCE_ALPHABET,
  resetKeptLeadStorage,
} from "./keep-lead.ts";

const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555" };

/** A localStorage of a Map, whose setItem a test may make throw. */
function fakeStorage() {
  const items = new Map<string, string>();
  const storage = {
    items,
    failWith: undefined as Error | undefined,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (storage.failWith) throw storage.failWith;
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
  return storage;
}

let storage: ReturnType<typeof fakeStorage>;
const warn = vi.fn<(...args: unknown[]) => void>();

beforeEach(() => {
  storage = fakeStorage();
  vi.stubGlobal("localStorage", storage);
  warn.mockClear();
  vi.spyOn(console, "warn").mockImplementation(warn);
  resetKeptLeadStorage();
});
afterEach(() => resetKeptLeadStorage());

const entry = () => JSON.parse(storage.items.get(KEPT_LEADS_KEY) ?? "null") as unknown;

describe("newLead", () => {
  it("is a registration of now, with a fresh reference and nothing sent", () => {
    const lead = newLead(form, "");
    expect(lead).toMatchObject({ form, honeypot: "", delivered: [], inFlight: [] });
    expect(lead.reference).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{6}$`));
    expect(Math.abs(lead.at - Date.now())).toBeLessThan(1000);
  });
});

describe("keepLead", () => {
  it("stores nothing until asked, then each lead after the ones kept", () => {
    expect(hasKeptLeads()).toBe(false);
    const first = newLead(form, "");
    const second = newLead({ ...form, email: "grace@example.com" }, "");
    expect(keepLead(first)).toBe(true);
    expect(keepLead(second)).toBe(true);
    expect(entry()).toEqual({ v: 1, leads: [first, second] });
    expect(hasKeptLeads()).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ["is full", new DOMException("The quota has been exceeded.", "QuotaExceededError")],
    ["is denied", new DOMException("The operation is insecure.", "SecurityError")],
  ])("keeps nothing when storage %s: one warning, then silence, never a throw", (_, error) => {
    storage.failWith = error;
    expect(keepLead(newLead(form, ""))).toBe(false);
    expect(keepLead(newLead(form, ""))).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith("Registration not kept on this device:", error);
    expect(hasKeptLeads()).toBe(false);
  });

  it.each([
    ["not JSON", "{not json"],
    ["of another version", JSON.stringify({ v: 2, leads: [] })],
    ["of the wrong shape", JSON.stringify({ v: 1, leads: {} })],
    ["full of leads", JSON.stringify({ v: 1, leads: Array(MAX_KEPT_LEADS).fill({}) })],
  ])("leaves an entry %s alone and keeps nothing, with one warning", (_, text) => {
    storage.items.set(KEPT_LEADS_KEY, text);
    expect(keepLead(newLead(form, ""))).toBe(false);
    expect(storage.items.get(KEPT_LEADS_KEY)).toBe(text);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
