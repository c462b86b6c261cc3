import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { keptRegistration } from "../content/registration.ts";
import { KEPT_LEADS_KEY, makeReference, MAX_KEPT_LEADS, REFERENCE_ALPHABET } from "./keep-lead.ts";
import {
  CLOCK_SKEW_MS,
  isOtherVersion,
  KEEP_FOR_MS,
  parseLeads,
  serializeLeads,
  withLead,
  withoutLead,
  type KeptLead,
} from "./kept-lead.ts";

const now = Date.parse("2025-06-05T18:30:00Z");
const lead: KeptLead = {
  reference: "K7QM2X",
  at: now - 60_000,
  form: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555" },
  honeypot: "",
  source: { utm_source: "newsletter" },
  delivered: ["admin"],
  inFlight: ["student"],
};
const entry = (leads: unknown[], v: unknown = 1) => JSON.stringify({ v, leads });

describe("makeReference", () => {
  it("writes six characters of an alphabet without 0/O or 1/I/L", () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(makeReference(new Uint8Array([0, 1, 2, 30, 31, 255]))).toBe("234Z29");
    const reference = makeReference(crypto.getRandomValues(new Uint8Array(6)));
    expect(reference).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{6}$`));
  });
});

describe("parseLeads", () => {
  it("reads back what was kept, and nothing from nothing", () => {
    expect(parseLeads(serializeLeads([lead]), now)).toEqual({ leads: [lead], expired: 0 });
    expect(parseLeads(null, now)).toEqual({ leads: [], expired: 0 });
  });

  it("keeps a lead for the days the form tells the visitor", () => {
    expect(keptRegistration.waiting).toContain(`within ${KEEP_FOR_MS / 86_400_000} days`);
  });

  it("drops a lead once it is a week old, and counts it", () => {
    const old = { ...lead, reference: "PQR222", at: now - KEEP_FOR_MS };
    expect(parseLeads(serializeLeads([old, lead]), now)).toEqual({ leads: [lead], expired: 1 });
  });

  it("reads a lead kept again (pressed again) as one: the latest details, all it delivered", () => {
    const again = { ...lead, form: { ...lead.form, phone: "556" }, delivered: [], inFlight: [] };
    expect(parseLeads(entry([lead, again]), now).leads).toEqual([
      { ...again, delivered: ["admin"] },
    ]);
  });

  it("cleans what reaches the admin email: storage is anyone's to edit", () => {
    const edited = { ...lead, source: { utm_source: "a\nName: Eve" } };
    expect(parseLeads(entry([edited]), now).leads[0]?.source).toEqual({
      utm_source: "a Name: Eve",
    });
  });

  it("tolerates a clock set back by less than a day", () => {
    const ahead = { ...lead, at: now + CLOCK_SKEW_MS - 1 };
    expect(parseLeads(entry([ahead]), now).leads).toEqual([ahead]);
  });

  it.each([
    ["not JSON", "{not json", "not JSON"],
    ["not an object", "[]", "not an object"],
    ["another version", entry([lead], 2), "version 2"],
    ["no version", JSON.stringify({ leads: [lead] }), "version undefined"],
    ["no list", JSON.stringify({ v: 1, leads: {} }), "no list of leads"],
    ["too many", entry(Array(MAX_KEPT_LEADS + 1).fill(lead)), "no list of leads"],
    ["a lead that is not an object", entry(["lead"]), "a lead is not an object"],
    ["a bad reference", entry([{ ...lead, reference: "K0QM2X" }]), "a lead has no valid reference"],
    ["no time", entry([{ ...lead, at: "yesterday" }]), "a lead has no time"],
    [
      "a date in the future",
      entry([{ ...lead, at: now + CLOCK_SKEW_MS + 1 }]),
      "a lead is dated in the future",
    ],
    ["missing details", entry([{ ...lead, form: { firstName: "Ada" } }]), "a lead has no details"],
    ["an unknown step", entry([{ ...lead, delivered: ["team"] }]), "a lead is malformed"],
    [
      "a source that is not text",
      entry([{ ...lead, source: { utm_source: 7 } }]),
      "a lead is malformed",
    ],
    ["no honeypot", entry([{ ...lead, honeypot: undefined }]), "a lead is malformed"],
  ])("calls an entry with %s damaged, and trusts none of it", (_, text, damaged) => {
    expect(parseLeads(text, now)).toEqual({ leads: [], expired: 0, damaged });
  });
});

describe("isOtherVersion", () => {
  it("tells an entry of a later version, to be left alone, from a damaged one", () => {
    expect(isOtherVersion(entry([lead], 2))).toBe(true);
    expect(isOtherVersion(entry([lead], 1))).toBe(false);
    expect(isOtherVersion(entry([lead], 0))).toBe(false);
    expect(isOtherVersion("{not json")).toBe(false);
    expect(isOtherVersion(null)).toBe(false);
  });
});

describe("withLead and withoutLead", () => {
  it("replaces a lead of the same reference, adds another, and removes one", () => {
    const other = { ...lead, reference: "ABCDEF" };
    const sent = { ...lead, delivered: ["admin", "student"] as KeptLead["delivered"] };
    expect(withLead([lead, other], sent)).toEqual([sent, other]);
    expect(withLead([other], lead)).toEqual([other, lead]);
    expect(withoutLead([lead, other], lead.reference)).toEqual([other]);
  });

  it("adds no lead beyond the limit", () => {
    const many = Array.from({ length: MAX_KEPT_LEADS }, (_, i) => ({
      ...lead,
      reference: makeReference(new Uint8Array([i, i, i, i, i, i])),
    }));
    expect(withLead(many, { ...lead, reference: "ZZZZZZ" })).toBeNull();
  });
});

describe("KEPT_LEADS_KEY", () => {
  it("is the key the loader looks at, spelled out there (it shares no module with the islands)", async () => {
    const loader = await readFile(new URL("../loader.ts", import.meta.url), "utf8");
    expect(loader).toContain(`localStorage.getItem(${JSON.stringify(KEPT_LEADS_KEY)})`);
  });
});
