// The lead sender in the orders of events the model test reaches only now and then: storage that
// refuses (full or denied) around a press and its answers, a registration the team has pressed
// again, a tab without Web Locks sending beside another, the page's clock, and the sends a page
// makes on its own. The store, the ledger and the sender are real; the email service is a script
// of answers, and what it received is the mailbox.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ADA, MemoryStorage } from "../test-support/form-doubles.ts";
import type { StepResult } from "./email-delivery.ts";
import type { Finished } from "./lead-sender.ts";
import { createLedgerStore, type KeyValueStorage } from "./lead-store.ts";
import {
  DAY_MS,
  KEEP_FOR_MS,
  keepPress,
  makeReference,
  type Lead,
  type Press,
  type Step,
} from "./ledger.ts";
import { LEDGER_KEY, PRESS_PREFIX } from "./registration-data.ts";
import type { RegistrationData } from "./registration-data.ts";

// Imported afresh for each case, so that what the module defines as it loads is under test too.
let createLeadSender: typeof import("./lead-sender.ts").createLeadSender;
beforeEach(async () => {
  vi.resetModules();
  ({ createLeadSender } = await import("./lead-sender.ts"));
});

const T0 = Date.UTC(2026, 0, 5, 9);
const TYPO: RegistrationData = { ...ADA, email: "ada@exmaple.com" };
const BO: RegistrationData = { ...ADA, firstName: "Bo", email: "bo@example.com" };

/** One email as the service received it. */
type Mail = { reference: string; step: Step; to: string; corrects: boolean };
/** The service's answer to one email, or something that happens while it is on its way. */
type Reply = "200" | "503" | "400" | ((lead: Lead) => Promise<StepResult> | StepResult);

const OK: StepResult = { ok: true };
const answers: Record<"200" | "503" | "400", StepResult> = {
  "200": OK,
  "503": { ok: false, error: { status: 503 }, retryable: true },
  "400": { ok: false, error: { status: 400 }, retryable: false },
};

/** One device: its storage (full or denied when the test says), its clock, and the mailbox. */
function device() {
  const items = new MemoryStorage();
  const state = { fault: "none" as "none" | "full" | "denied", now: T0 };
  const refuse = (writing: boolean) => {
    if (state.fault === "denied") throw new DOMException("denied", "SecurityError");
    if (writing && state.fault === "full") throw new DOMException("full", "QuotaExceededError");
  };
  const storage: KeyValueStorage = {
    getItem: (key) => (refuse(false), items.getItem(key)),
    setItem: (key, value) => (refuse(true), items.setItem(key, value)),
    removeItem: (key) => (refuse(false), items.removeItem(key)),
    key: (index) => (refuse(false), items.key(index)),
    get length() {
      return (refuse(false), items.length);
    },
  };
  const mailbox: Mail[] = [];
  /** The leads as each email went out (the admin email quotes a filled honeypot). */
  const sentLeads: Lead[] = [];
  const replies: Reply[] = [];
  let presses = 0;

  const deliver = async (lead: Lead, step: Step): Promise<StepResult> => {
    sentLeads.push(lead);
    mailbox.push({
      reference: lead.reference,
      step,
      to: lead.form.email,
      corrects: !!lead.corrects,
    });
    const reply = replies.shift() ?? "200";
    return typeof reply === "string" ? answers[reply] : reply(lead);
  };

  /** A tab: its own lock (a browser without Web Locks), and its own memory of what it pressed. */
  function page() {
    let tail: Promise<unknown> = Promise.resolve();
    const withLock = <T>(run: () => Promise<T>): Promise<T> => {
      const result = tail.then(run);
      tail = result.catch(() => {});
      return result;
    };
    const store = createLedgerStore(
      () => storage,
      () => state.now,
      () => {},
    );
    const sender = createLeadSender({
      store,
      deliver,
      withLock,
      now: () => state.now,
      source: () => ({ utm_source: "flyer" }),
    });
    /** The form's reference while the page has not shown how its registration went. */
    let own: string | undefined;
    let last: Parameters<typeof keepPress>[2];
    /** Register Now as the page does it: the first-paint script keeps the press, then it is sent. */
    const press = async (form: RegistrationData = ADA, honeypot = "") => {
      state.now += 1;
      const fresh = makeReference(Uint8Array.of(++presses, presses >> 5, 2, 3, 4, 5));
      const kept = keepPress({ at: state.now, form, honeypot }, own, last, fresh);
      last = kept;
      let unkept: Press | undefined;
      try {
        storage.setItem(PRESS_PREFIX + fresh, JSON.stringify(kept));
      } catch {
        unkept = kept;
      }
      own = kept.reference;
      const lead: Lead = { ...kept, delivered: [] };
      const finished = await sender.registerNow(lead, undefined, unkept);
      if (finished.outcome !== "waiting") own = undefined;
      return { pressed: kept.reference, ...finished };
    };
    /** What the page sends on its own (a load, `online`), and what it tells for each lead. */
    const resend = async () => {
      const told: (Finished & { lead: string })[] = [];
      await sender.resend((lead, finished) => told.push({ lead: lead.reference, ...finished }));
      return told;
    };
    return { sender, press, resend, forget: () => (own = undefined) };
  }

  /** A lead as an earlier visit left it in the ledger. */
  const leaveLead = (lead: Partial<Lead> & { reference: string }) => {
    const stored = JSON.parse(items.getItem(LEDGER_KEY) ?? '{"v":1,"leads":[],"done":[]}');
    stored.leads.push({ at: state.now, form: ADA, honeypot: "", delivered: [], ...lead });
    items.setItem(LEDGER_KEY, JSON.stringify(stored));
  };
  const admins = () => mailbox.filter((mail) => mail.step === "admin");
  const confirmations = () => mailbox.filter((mail) => mail.step === "student");
  /** Anything of a visitor left in storage. */
  const personal = () => [...items.items.values()].join().match(/example|exmaple|Ada|Bo/);
  return {
    state,
    items,
    mailbox,
    sentLeads,
    replies,
    page,
    leaveLead,
    admins,
    confirmations,
    personal,
  };
}

describe("Register Now where storage refuses", () => {
  it("sends a press storage refused from the page, both emails, and says so", async () => {
    const d = device();
    d.state.fault = "denied";
    const finished = await d.page().press();
    expect(finished).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.mailbox).toEqual([
      { reference: finished.pressed, step: "admin", to: ADA.email, corrects: false },
      { reference: finished.pressed, step: "student", to: ADA.email, corrects: false },
    ]);
  });

  it("claims no confirmation for a filled honeypot, and sends none", async () => {
    const d = device();
    d.state.fault = "full";
    const finished = await d.page().press(ADA, "bot");
    expect(finished).toMatchObject({ outcome: "sent", studentEmailed: false });
    expect(d.mailbox.map((mail) => mail.step)).toEqual(["admin"]);
  });

  it("says a press kept nowhere could not be sent, and never sends it later behind the visitor's back", async () => {
    const d = device();
    d.state.fault = "full";
    const tab = d.page();
    d.replies.push("503");
    expect(await tab.press()).toMatchObject({ outcome: "failed" });
    // Storage is back: the page's next sends (and writes) carry nothing of the failed press.
    d.state.fault = "none";
    expect(await tab.resend()).toEqual([]);
    d.state.fault = "full";
    expect(await tab.press(BO)).toMatchObject({ outcome: "sent" });
    d.state.fault = "none";
    expect(await tab.resend()).toEqual([]);
    expect(d.admins().map((mail) => mail.to)).toEqual([ADA.email, BO.email]);
    expect(d.personal()).toBeNull();
  });

  it("tells a press storage refused that waits once storage took a write, and a later page sends only the confirmation", async () => {
    const d = device();
    d.state.fault = "full";
    d.replies.push(() => ((d.state.fault = "none"), OK), "503");
    expect(await d.page().press()).toMatchObject({ outcome: "waiting" });
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent", studentEmailed: true }]);
    expect(d.admins()).toHaveLength(1);
    expect(d.confirmations()).toHaveLength(2);
    expect(d.personal()).toBeNull();
  });

  it("keeps a press storage refused that fails once storage took a write: told it waits, and sent later", async () => {
    const d = device();
    d.state.fault = "full";
    d.replies.push(() => ((d.state.fault = "none"), answers["503"]));
    expect(await d.page().press()).toMatchObject({ outcome: "waiting" });
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent" }]);
    expect(d.admins()).toHaveLength(2);
  });

  it("tells a press kept on the device that waits when storage filled before its answer could be written", async () => {
    const d = device();
    d.replies.push(() => ((d.state.fault = "full"), answers["503"]));
    expect(await d.page().press()).toMatchObject({ outcome: "waiting" });
    d.state.fault = "none";
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent" }]);
  });

  it("tells a press kept on the device that waits when storage refused it only as it was applied", async () => {
    const d = device();
    const tab = d.page();
    // The press's own key was written; the ledger's write is refused, then storage is back for
    // the answer, then full again.
    d.state.fault = "none";
    const pressing = tab.press();
    d.state.fault = "full";
    d.replies.push(() => answers["503"]);
    expect(await pressing).toMatchObject({ outcome: "waiting" });
    d.state.fault = "none";
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent" }]);
    expect(d.admins()).toHaveLength(2);
  });

  it("tells a press storage refused that waits once storage took it, though the answer could not be written", async () => {
    const d = device();
    const tab = d.page();
    d.state.fault = "full";
    const pressing = tab.press();
    // Storage is back before the press is applied, and full again before the answer.
    d.state.fault = "none";
    d.replies.push(() => ((d.state.fault = "full"), answers["503"]));
    expect(await pressing).toMatchObject({ outcome: "waiting" });
    d.state.fault = "none";
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent" }]);
    expect(d.admins()).toHaveLength(2);
  });

  it("remembers the emails it heard delivered when storage refused to keep them: the next send is only the confirmation", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22" });
    const tab = d.page();
    d.replies.push(() => ((d.state.fault = "full"), OK), "503");
    expect(await tab.resend()).toMatchObject([{ lead: "KEPT22", outcome: "waiting" }]);
    d.state.fault = "none";
    expect(await tab.resend()).toMatchObject([{ outcome: "sent", studentEmailed: true }]);
    expect(d.admins()).toHaveLength(1);
    expect(d.confirmations()).toHaveLength(2);
    // Written now: a later page sends nothing more.
    expect(await d.page().resend()).toEqual([]);
    expect(d.personal()).toBeNull();
  });

  it("does not send again the same details pressed again after both emails went, while storage is denied", async () => {
    const d = device();
    d.state.fault = "denied";
    const tab = d.page();
    const first = await tab.press();
    expect(first).toMatchObject({ outcome: "sent" });
    // The page shows how it went only after this press (the press again before that, kept as such).
    const again = await tab.sender.registerNow(
      { reference: first.pressed, at: d.state.now + 1, form: ADA, honeypot: "", delivered: [] },
      undefined,
      { again: true },
    );
    expect(again).toMatchObject({ outcome: "sent" });
    expect(d.mailbox).toHaveLength(2);
  });

  it("goes on from what it holds when the lead vanished from storage during its send", async () => {
    const d = device();
    d.replies.push(() => (d.items.items.clear(), OK));
    expect(await d.page().press()).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.confirmations()).toHaveLength(1);
  });
});

describe("a correction pressed while the admin email is on its way", () => {
  it("sends the confirmation to the corrected details, never to the typo", async () => {
    const d = device();
    const tab = d.page();
    let correcting: ReturnType<typeof tab.press> | undefined;
    // The visitor corrects the email and presses again: kept at once, sent in its turn.
    d.replies.push(() => ((correcting = tab.press(ADA)), OK));
    // The typo's press is told it waits: the press that corrected it sends it, in its turn.
    expect(await tab.press(TYPO)).toMatchObject({ outcome: "waiting" });
    expect(await correcting).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.confirmations().map((mail) => mail.to)).toEqual([ADA.email]);
    expect(d.admins()).toMatchObject([
      { to: TYPO.email, corrects: false },
      { to: ADA.email, corrects: true },
    ]);
    expect(d.personal()).toBeNull();
  });
});

describe("another tab without Web Locks sends beside this one", () => {
  it("tells the page the registration went when the other tab delivered it while its own send failed", async () => {
    const d = device();
    const a = d.page();
    const b = d.page();
    let beside: Promise<unknown> = Promise.resolve();
    d.replies.push(() => {
      beside = b.resend();
      return beside.then(() => answers["503"]);
    });
    const finished = await a.press();
    expect(finished).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.admins()).toHaveLength(2);
    // Nothing waits: no third email at the next load.
    expect(await d.page().resend()).toEqual([]);
    expect(d.mailbox).toHaveLength(3);
  });

  it("does not end a registration the team has because a copy under a press's own reference was refused", async () => {
    const d = device();
    const a = d.page();
    const b = d.page();
    // Tab B's registration: the team has it, its confirmation was refused.
    d.replies.push("200", "400");
    const first = await b.press();
    expect(first).toMatchObject({ outcome: "refused", teamHas: true });
    // Tab A presses the same details; while its admin email is on its way, B presses them again,
    // which continues B's registration with A's press in it. B's confirmation is still on its way
    // when the service refuses A's copy.
    let confirm: (result: StepResult) => void = () => {};
    let again: Promise<unknown> = Promise.resolve();
    d.replies.push(async () => {
      const confirming = new Promise<void>((resolve) =>
        d.replies.push(() => (resolve(), new Promise((done) => (confirm = done)))),
      );
      again = b.press();
      await confirming;
      return answers["400"];
    });
    const finished = await a.press();
    confirm(OK);
    expect(await again).toMatchObject({ outcome: "sent", reference: first.pressed });
    expect(finished).toMatchObject({ outcome: "sent", reference: first.pressed });
    expect(d.admins()).toHaveLength(2);
    expect(await d.page().resend()).toEqual([]);
  });
});

describe("the same details pressed again after the team had them and the confirmation failed", () => {
  /** A registration the team has, whose confirmation the service refused. */
  async function teamHasIt() {
    const d = device();
    const tab = d.page();
    d.replies.push("200", "400");
    const first = await tab.press();
    expect(first).toMatchObject({ outcome: "refused", teamHas: true });
    return { d, tab, first };
  }

  it("sends only the confirmation, under the registration the team has", async () => {
    const { d, tab, first } = await teamHasIt();
    // Another visitor's registration, sent from another tab: its record stays for its page.
    const other = await d.page().press(BO);
    const again = await tab.press();
    expect(again).toMatchObject({
      outcome: "sent",
      studentEmailed: true,
      reference: first.pressed,
    });
    expect(d.admins().map((mail) => mail.to)).toEqual([ADA.email, BO.email]);
    expect(d.confirmations().map((mail) => mail.to)).toEqual([ADA.email, BO.email, ADA.email]);
    expect(d.confirmations()[2]?.reference).toBe(first.pressed);
    // Another page asking about the second press hears it went, as the first registration.
    expect(d.page().sender.outcomeOf({ reference: again.pressed, honeypot: "" })).toEqual({
      outcome: "sent",
      studentEmailed: true,
      reference: first.pressed,
    });
    expect(d.page().sender.outcomeOf({ reference: other.pressed, honeypot: "" })).toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
    expect(d.personal()).toBeNull();
  });

  it("keeps it waiting when the confirmation fails again, and a later page sends only the confirmation", async () => {
    const { d, tab, first } = await teamHasIt();
    d.leaveLead({ reference: "NEXT22", form: BO });
    d.replies.push("503");
    expect(await tab.press()).toMatchObject({ outcome: "waiting", reference: first.pressed });
    const later = await d.page().resend();
    expect(later).toMatchObject([
      { lead: "NEXT22", outcome: "sent" },
      { lead: first.pressed, outcome: "sent", studentEmailed: true },
    ]);
    expect(d.admins().map((mail) => mail.to)).toEqual([ADA.email, BO.email]);
    expect(d.confirmations().map((mail) => mail.reference)).toEqual([
      first.pressed,
      first.pressed,
      "NEXT22",
      first.pressed,
    ]);
    expect(d.personal()).toBeNull();
  });

  it("says it could not be sent when storage keeps nothing and the confirmation fails again", async () => {
    const { d, tab } = await teamHasIt();
    d.state.fault = "full";
    d.replies.push("503");
    expect(await tab.press()).toMatchObject({ outcome: "failed", teamHas: true });
    d.state.fault = "none";
    expect(await d.page().resend()).toEqual([]);
    expect(d.admins()).toHaveLength(1);
  });

  it("sends only the confirmation when the team had a press storage kept nowhere", async () => {
    const d = device();
    const tab = d.page();
    d.state.fault = "full";
    d.replies.push("200", "503");
    const first = await tab.press();
    expect(first).toMatchObject({ outcome: "failed", teamHas: true });
    d.state.fault = "none";
    const again = await tab.press();
    expect(again).toMatchObject({
      outcome: "sent",
      studentEmailed: true,
      reference: first.pressed,
    });
    expect(d.admins()).toHaveLength(1);
    expect(d.confirmations().map((mail) => mail.reference)).toEqual([first.pressed, first.pressed]);
    expect(d.personal()).toBeNull();
  });

  it("keeps it waiting when storage took the press again but not the confirmation's failure", async () => {
    const { d, tab, first } = await teamHasIt();
    d.replies.push(() => ((d.state.fault = "full"), answers["503"]));
    expect(await tab.press()).toMatchObject({ outcome: "waiting", reference: first.pressed });
    d.state.fault = "none";
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent", studentEmailed: true }]);
    expect(d.admins()).toHaveLength(1);
  });

  it("sends nothing more when another page delivered the confirmation meanwhile", async () => {
    const d = device();
    const tab = d.page();
    // The refusal of the confirmation could not be written: storage still holds the lead as the
    // team's, and another page sends its confirmation.
    d.replies.push("200", () => ((d.state.fault = "full"), answers["400"]));
    const first = await tab.press();
    expect(first).toMatchObject({ outcome: "refused", teamHas: true });
    d.state.fault = "none";
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent" }]);
    const again = await tab.press();
    expect(again).toMatchObject({ outcome: "sent", reference: first.pressed });
    expect(d.page().sender.outcomeOf({ reference: again.pressed, honeypot: "" })).toMatchObject({
      outcome: "sent",
      reference: first.pressed,
    });
    expect(await d.page().resend()).toEqual([]);
    expect(d.admins()).toHaveLength(1);
    expect(d.confirmations()).toHaveLength(2);
    expect(d.personal()).toBeNull();
  });
});

describe("a press whose details match a lead waiting on the device", () => {
  it("continues that lead: its emails quote the waiting registration", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22" });
    const finished = await d.page().press();
    expect(finished).toMatchObject({ outcome: "sent", reference: "KEPT22" });
    expect(d.mailbox.map((mail) => mail.reference)).toEqual(["KEPT22", "KEPT22"]);
  });

  it("waits when the visitor is back on a lead past its week and the send fails", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22" });
    d.state.now += KEEP_FOR_MS + DAY_MS;
    d.replies.push("503");
    expect(await d.page().press()).toMatchObject({ outcome: "waiting", reference: "KEPT22" });
  });
});

describe("the honeypot of a registration pressed again", () => {
  it("owes a confirmation once a person presses the same details with the honeypot empty", async () => {
    const d = device();
    const tab = d.page();
    d.replies.push("503");
    expect(await tab.press(ADA, "filled")).toMatchObject({ outcome: "waiting" });
    expect(await tab.press(ADA, "")).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.mailbox.map((mail) => mail.step)).toEqual(["admin", "admin", "student"]);
  });

  it("quotes the honeypot it was first pressed with while no person pressed it", async () => {
    const d = device();
    const tab = d.page();
    d.replies.push("503");
    expect(await tab.press(ADA, "first")).toMatchObject({ outcome: "waiting" });
    expect(await tab.press(ADA, "second")).toMatchObject({
      outcome: "sent",
      studentEmailed: false,
    });
    expect(d.sentLeads.map((lead) => lead.honeypot)).toEqual(["first", "first"]);
  });

  it("still owes it when a later press of the same details comes with the honeypot filled", async () => {
    const d = device();
    const tab = d.page();
    d.replies.push("503");
    expect(await tab.press(ADA, "")).toMatchObject({ outcome: "waiting" });
    expect(await tab.press(ADA, "filled")).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.mailbox.map((mail) => mail.step)).toEqual(["admin", "admin", "student"]);
  });
});

describe("what an earlier page left in storage", () => {
  it("sends a lead that corrects an admin email as such", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22", corrects: true });
    expect(await d.page().resend()).toMatchObject([{ outcome: "sent" }]);
    expect(d.admins()).toEqual([
      { reference: "KEPT22", step: "admin", to: ADA.email, corrects: true },
    ]);
  });

  it("lets a lead on its last chance go after one more send, whatever its date", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22", lastChance: true });
    d.replies.push("503");
    expect(await d.page().resend()).toEqual([{ lead: "KEPT22", outcome: "expired" }]);
    expect(await d.page().resend()).toEqual([]);
    expect(d.personal()).toBeNull();
  });

  it("sends the leads it can trust beside one it cannot read", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22" });
    const entry = JSON.parse(d.items.getItem(LEDGER_KEY) ?? "{}");
    d.items.setItem(LEDGER_KEY, JSON.stringify({ ...entry, leads: [null, ...entry.leads] }));
    expect(await d.page().resend()).toMatchObject([{ lead: "KEPT22", outcome: "sent" }]);
    // Once its record has told the pages, nothing is left: the entry's key goes, so the next
    // visit wakes no code for it.
    d.state.now += KEEP_FOR_MS + DAY_MS;
    expect(await d.page().resend()).toEqual([]);
    expect(d.items.length).toBe(0);
  });

  it("tells addresses apart that differ by more than case", async () => {
    const d = device();
    const other = { ...ADA, email: "straße@example.com" };
    d.leaveLead({ reference: "KEPT22", form: other });
    const finished = await d.page().press({ ...ADA, email: "strasse@example.com" });
    expect(finished).not.toHaveProperty("reference");
    expect(d.mailbox.map((mail) => [mail.reference, mail.to])).toEqual([
      [finished.pressed, "strasse@example.com"],
      [finished.pressed, "strasse@example.com"],
    ]);
  });
});

describe("what the page sends on its own", () => {
  it("sends what waits, oldest first, and stops at the first failure that may pass", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22" });
    d.leaveLead({ reference: "NEXT22", form: BO });
    d.replies.push("503");
    expect(await d.page().resend()).toEqual([{ lead: "KEPT22", outcome: "waiting" }]);
    expect(d.mailbox).toHaveLength(1);
    const told = await d.page().resend();
    expect(told).toEqual([
      { lead: "KEPT22", outcome: "sent", studentEmailed: true },
      { lead: "NEXT22", outcome: "sent", studentEmailed: true },
    ]);
    expect(d.personal()).toBeNull();
  });

  it("sends nothing of a lead an earlier page left with every email it needs delivered, and tells it as sent", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22", delivered: ["admin", "student"] });
    d.leaveLead({ reference: "NEXT22", form: BO, honeypot: "bot", delivered: ["admin"] });
    expect(await d.page().resend()).toEqual([
      { lead: "KEPT22", outcome: "sent", studentEmailed: true },
      { lead: "NEXT22", outcome: "sent", studentEmailed: false },
    ]);
    expect(d.mailbox).toEqual([]);
  });

  it("gives a lead past its week one more send, then lets it go whatever the answer", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22" });
    d.leaveLead({ reference: "TEAM22", form: BO, delivered: ["admin"] });
    d.state.now += KEEP_FOR_MS;
    d.replies.push("503", "503");
    expect(await d.page().resend()).toEqual([
      { lead: "KEPT22", outcome: "expired" },
      { lead: "TEAM22", outcome: "sent", studentEmailed: false },
    ]);
    expect(await d.page().resend()).toEqual([]);
    expect(d.mailbox).toHaveLength(2);
    expect(d.personal()).toBeNull();
  });

  it("sends each lead past its week once more, then lets it go whatever the answer, and keeps the others", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22", at: T0 - KEEP_FOR_MS });
    d.leaveLead({ reference: "TEAM22", at: T0 - KEEP_FOR_MS, form: BO, delivered: ["admin"] });
    d.leaveLead({ reference: "FRESH2", form: TYPO });
    d.replies.push("503", "503", "503");
    expect(await d.page().resend()).toEqual([
      { lead: "KEPT22", outcome: "expired" },
      { lead: "TEAM22", outcome: "sent", studentEmailed: false },
      { lead: "FRESH2", outcome: "waiting" },
    ]);
    const other = d.page().sender;
    expect(other.outcomeOf({ reference: "KEPT22", honeypot: "" })).toEqual({ outcome: "expired" });
    expect(await d.page().resend()).toEqual([
      { lead: "FRESH2", outcome: "sent", studentEmailed: true },
    ]);
    expect(d.mailbox.map((mail) => mail.reference)).toEqual([
      "KEPT22",
      "TEAM22",
      "FRESH2",
      "FRESH2",
      "FRESH2",
    ]);
  });
});

describe("outcomeOf: what a page hears of its press", () => {
  it("hears another page's refusal, and whether the team had the registration", async () => {
    const d = device();
    d.replies.push("400");
    const refused = await d.page().press();
    d.replies.push("200", "400");
    const teamHas = await d.page().press(BO);
    const other = d.page().sender;
    expect(other.outcomeOf({ reference: refused.pressed, honeypot: "" })).toEqual({
      outcome: "refused",
    });
    expect(other.outcomeOf({ reference: teamHas.pressed, honeypot: "" })).toEqual({
      outcome: "refused",
      teamHas: true,
    });
  });

  it("says nothing of a press still waiting, however old", () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22", at: T0 });
    d.state.now += KEEP_FOR_MS + 2 * DAY_MS;
    expect(d.page().sender.outcomeOf({ reference: "KEPT22", honeypot: "", at: T0 })).toBe(
      undefined,
    );
  });

  it("calls a press gone with no word of it expired only a week and a day after it, by the page's clock", () => {
    const d = device();
    const sender = d.page().sender;
    const ask = () => sender.outcomeOf({ reference: "GNE222", honeypot: "", at: T0 });
    expect(ask()).toBe(undefined);
    d.state.now = T0 + KEEP_FOR_MS;
    expect(ask()).toBe(undefined);
    d.state.now = T0 + KEEP_FOR_MS + DAY_MS - 1;
    expect(ask()).toBe(undefined);
    d.state.now = T0 + KEEP_FOR_MS + DAY_MS;
    expect(ask()).toEqual({ outcome: "expired" });
    // Without the time of its press, never.
    expect(sender.outcomeOf({ reference: "GNE222", honeypot: "" })).toBe(undefined);
  });
});

describe("what mutation testing found", () => {
  it("sends no second confirmation after a late 200 the page heard, storage refusing", async () => {
    const d = device();
    d.state.fault = "full";
    const tab = d.page();
    let late: Lead | undefined;
    d.replies.push(
      "200",
      (lead) => ((late = lead), { ok: false, error: "timeout", retryable: true }),
    );
    expect(await tab.press()).toMatchObject({ outcome: "failed", teamHas: true });
    await tab.sender.lateAnswer(late as Lead, "student", true);
    expect(await tab.press()).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.confirmations()).toHaveLength(1);
  });

  it("writes a registration a late 200 finished, heard while storage refused, as sent once it can", async () => {
    const d = device();
    const tab = d.page();
    let late: Lead | undefined;
    d.replies.push(
      "200",
      (lead) => ((late = lead), { ok: false, error: "timeout", retryable: true }),
    );
    expect(await tab.press()).toMatchObject({ outcome: "waiting" });
    d.state.fault = "full";
    await tab.sender.lateAnswer(late as Lead, "student", true);
    d.state.fault = "none";
    expect(await tab.resend()).toEqual([]);
    expect(await tab.press()).toMatchObject({ outcome: "sent", studentEmailed: true });
    expect(d.personal()).toBeNull();
    expect(await d.page().resend()).toEqual([]);
    expect(d.confirmations()).toHaveLength(1);
  });

  it("sends the team's email once where a registration the team has failed again, storage refusing", async () => {
    const d = device();
    const tab = d.page();
    d.replies.push("200", "400");
    await tab.press();
    d.state.fault = "full";
    d.replies.push("503");
    expect(await tab.press()).toMatchObject({ outcome: "failed", teamHas: true });
    d.state.fault = "none";
    expect(await tab.resend()).toEqual([]);
    expect(d.admins()).toHaveLength(1);
  });

  it("owes a person a confirmation when their press continues a lead whose honeypot was filled", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22", honeypot: "filled" });
    expect(await d.page().press(ADA, "")).toMatchObject({ studentEmailed: true });
    expect(d.confirmations()).toHaveLength(1);
  });

  it("leaves a later version's entry as it is", async () => {
    const d = device();
    const later = JSON.stringify({ v: 2, leads: [{ reference: "KEPT22", form: BO }] });
    d.items.setItem(LEDGER_KEY, later);
    await d.page().resend();
    expect(d.items.getItem(LEDGER_KEY)).toBe(later);
  });

  it("moves a lead stored with every email delivered out of the ledger, telling it sent once", async () => {
    const d = device();
    d.leaveLead({ reference: "KEPT22", delivered: ["admin", "student"] });
    expect(await d.page().resend()).toEqual([
      { lead: "KEPT22", outcome: "sent", studentEmailed: true },
    ]);
    expect(await d.page().resend()).toEqual([]);
    expect(d.mailbox).toEqual([]);
    expect(d.page().sender.outcomeOf({ reference: "KEPT22", honeypot: "" })).toEqual({
      outcome: "sent",
      studentEmailed: true,
    });
  });

  it("applies a press storage refused once a write takes it, never again over a later correction", async () => {
    const d = device();
    const tab = d.page();
    d.state.fault = "full";
    // Storage takes writes again while the typo's admin email is on its way.
    d.replies.push(() => ((d.state.fault = "none"), answers["503"]));
    expect(await tab.press(TYPO)).toMatchObject({ outcome: "waiting" });
    d.replies.push("503");
    expect(await tab.press(ADA)).toMatchObject({ outcome: "waiting" });
    expect(await tab.resend()).toMatchObject([{ outcome: "sent" }]);
    expect(d.admins().at(-1)?.to).toBe(ADA.email);
    expect(d.confirmations().map((mail) => mail.to)).toEqual([ADA.email]);
  });
});
