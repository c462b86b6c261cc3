import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VISIT_SOURCE_KEY } from "../lib/visit-source.ts";
import { keepLead, KEPT_LEADS_KEY, resetKeptLeadStorage, type KeptLead } from "./keep-lead.ts";
import { KEEP_FOR_MS } from "./kept-lead.ts";
import { createLeadSender, holdSendLock } from "./send-lead.ts";
import type { Progress, Submission, SubmitEvents, SubmitResult } from "./registration-flow.ts";

const OK: SubmitResult = { ok: true, studentEmailed: true };

const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555" };
const lead = (reference: string, at = Date.now() - 1000): KeptLead => ({
  reference,
  at,
  form,
  honeypot: "",
  delivered: [],
  inFlight: [],
});
const unavailable = { ok: false, step: "admin", error: { status: 503 }, retryable: true } as const;
const badKeys = { ok: false, step: "admin", error: { status: 400 }, retryable: false } as const;

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let local: ReturnType<typeof fakeStorage>;
let session: ReturnType<typeof fakeStorage>;
const warn = vi.fn<(...args: unknown[]) => void>();

beforeEach(() => {
  local = fakeStorage();
  session = fakeStorage();
  session.setItem(
    VISIT_SOURCE_KEY,
    JSON.stringify({ href: "https://site.example/?utm_source=news", referrer: "" }),
  );
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("window", { sessionStorage: session });
  // No Web Locks here: the tab's own queue stands in for them.
  vi.stubGlobal("navigator", { onLine: true });
  warn.mockClear();
  vi.spyOn(console, "warn").mockImplementation(warn);
  resetKeptLeadStorage();
});
afterEach(() => resetKeptLeadStorage());

/** A sender whose flow answers from `answers`, one per send; it reports what it is given. */
function setup(...answers: SubmitResult[]) {
  const sent: Submission[] = [];
  const submit = vi.fn(async (submission: Submission, events: SubmitEvents) => {
    const onProgress = (progress: Progress) => events.onProgress?.(progress);
    sent.push(submission);
    onProgress({ delivered: [], inFlight: ["admin"] });
    const answer = answers.shift() ?? OK;
    onProgress(
      answer.ok
        ? { delivered: ["admin", "student"], inFlight: [] }
        : { delivered: [], inFlight: [] },
    );
    return answer;
  });
  return { sent, ...createLeadSender(submit) };
}

const stored = () =>
  JSON.parse(local.items.get(KEPT_LEADS_KEY) ?? "null") as {
    leads: KeptLead[];
  } | null;

describe("registerNow", () => {
  it("sends in the send lock taken at the first touch, at once, and lets go of it after", async () => {
    const asked: string[] = [];
    let released = false;
    const locks = {
      request: (name: string, run: () => Promise<unknown>) => {
        asked.push(name);
        return Promise.resolve()
          .then(run)
          .finally(() => (released = true));
      },
    };
    vi.stubGlobal("navigator", { onLine: true, locks });
    vi.stubGlobal("addEventListener", () => {});
    vi.stubGlobal("removeEventListener", () => {});
    const { registerNow, sent } = setup();
    holdSendLock();
    await new Promise((resolve) => setTimeout(resolve));
    const ada = lead("K7QM2X");
    keepLead(ada);
    const pressed = registerNow(ada, true);
    // Granted already, and nothing before it in the tab: sent within the press's own call.
    expect(sent).toHaveLength(1);
    expect(await pressed).toEqual({ result: OK, waiting: false });
    // The hold's request only: the press did not wait for another grant.
    expect(asked).toEqual([KEPT_LEADS_KEY]);
    await vi.waitFor(() => expect(released).toBe(true));
  });

  it("sends a kept lead with its reference and time, then forgets it and the landing's source", async () => {
    const { registerNow, sent } = setup();
    const ada = lead("K7QM2X");
    expect(keepLead(ada)).toBe(true);
    expect(await registerNow(ada, true)).toEqual({ result: OK, waiting: false });
    expect(sent).toEqual([
      expect.objectContaining({
        reference: "K7QM2X",
        at: new Date(ada.at),
        source: { utm_source: "news" },
        delivered: [],
      }),
    ]);
    expect(local.items.size).toBe(0);
    expect(session.items.size).toBe(0);
  });

  it("keeps a lead that may go later, with its source and what the flow learnt", async () => {
    const { registerNow } = setup(unavailable);
    keepLead(lead("K7QM2X"));
    expect(await registerNow(lead("K7QM2X"), true)).toEqual({
      result: unavailable,
      waiting: true,
    });
    expect(stored()?.leads).toEqual([
      expect.objectContaining({ source: { utm_source: "news" }, delivered: [], inFlight: [] }),
    ]);
    expect(session.items.size).toBe(1);
  });

  it("forgets a lead that waiting cannot cure", async () => {
    const { registerNow } = setup(badKeys);
    keepLead(lead("K7QM2X"));
    expect(await registerNow(lead("K7QM2X"), true)).toEqual({ result: badKeys, waiting: false });
    expect(local.items.size).toBe(0);
  });

  it("sends what another tab delivered no more, and nothing when that tab sent it all", async () => {
    const { registerNow, sent } = setup();
    keepLead(lead("K7QM2X"));
    keepLead({ ...lead("K7QM2X"), delivered: ["admin"] });
    await registerNow(lead("K7QM2X"), true);
    expect(sent.map((submission) => submission.delivered)).toEqual([["admin"]]);
    expect(await registerNow(lead("K7QM2X"), true)).toEqual({
      result: OK,
      waiting: false,
    });
    expect(sent).toHaveLength(1);
  });
});

describe("resendKeptLeads", () => {
  it("sends what waits, oldest first, until a failure that may pass", async () => {
    const { resendKeptLeads, sent, leadsWaiting } = setup(OK, unavailable);
    for (const reference of ["AAAAAA", "BBBBBB", "CCCCCC"]) keepLead(lead(reference));
    const outcomes: [string, boolean][] = [];
    await resendKeptLeads(
      (kept, result) => outcomes.push([kept.reference, result.ok]),
      () => undefined,
    );
    expect(outcomes).toEqual([
      ["AAAAAA", true],
      ["BBBBBB", false],
    ]);
    expect(sent.map((submission) => submission.reference)).toEqual(["AAAAAA", "BBBBBB"]);
    expect(stored()?.leads.map((kept) => kept.reference)).toEqual(["BBBBBB", "CCCCCC"]);
    expect(leadsWaiting()).toBe(true);
  });

  it("tells the page its own lead was sent when another tab sent it", async () => {
    const { resendKeptLeads, registerNow, sent } = setup(unavailable);
    keepLead(lead("K7QM2X"));
    await registerNow(lead("K7QM2X"), true);
    // Another tab delivers it and forgets it.
    local.items.clear();
    const outcomes: [string, boolean][] = [];
    await resendKeptLeads(
      (kept, result) => outcomes.push([kept.reference, result.ok]),
      () => lead("K7QM2X"),
    );
    expect(outcomes).toEqual([["K7QM2X", true]]);
    expect(sent).toHaveLength(1);
  });

  it("sends nothing while the browser knows it is offline", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const { resendKeptLeads, sent } = setup();
    keepLead(lead("K7QM2X"));
    await resendKeptLeads(
      () => {},
      () => undefined,
    );
    expect(sent).toEqual([]);
  });

  it("drops an expired lead unsent, and removes a damaged entry after one warning", async () => {
    const { resendKeptLeads, sent, leadsWaiting } = setup();
    keepLead(lead("K7QM2X", Date.now() - KEEP_FOR_MS));
    expect(leadsWaiting()).toBe(false);
    expect(local.items.size).toBe(0);

    local.setItem(KEPT_LEADS_KEY, JSON.stringify({ v: 1, leads: [{ reference: "nope" }] }));
    await resendKeptLeads(
      () => {},
      () => undefined,
    );
    expect(sent).toEqual([]);
    expect(local.items.size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("leaves an entry of a later version alone", async () => {
    const { resendKeptLeads, sent } = setup();
    const later = JSON.stringify({ v: 2, leads: [] });
    local.setItem(KEPT_LEADS_KEY, later);
    await resendKeptLeads(
      () => {},
      () => undefined,
    );
    expect(sent).toEqual([]);
    expect(local.getItem(KEPT_LEADS_KEY)).toBe(later);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
