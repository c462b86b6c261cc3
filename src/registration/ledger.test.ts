import { describe, expect, it } from "vitest";
import { keptRegistration } from "../content/registration.ts";
import {
  answer,
  DAY_MS,
  detailsKey,
  emptyLedger,
  expire,
  findDone,
  findLead,
  KEEP_FOR_MS,
  LEDGER_VERSION,
  makeReference,
  nextStep,
  parseLedger,
  keepPress,
  REFERENCE_ALPHABET,
  serializeLedger,
  type Done,
  type Lead,
  type Ledger,
} from "./ledger.ts";

const now = Date.parse("2025-06-05T18:30:00Z");
const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "555" };
const lead: Lead = {
  reference: "K7QM2X",
  at: now - 60_000,
  form,
  honeypot: "",
  source: { utm_source: "newsletter" },
  delivered: ["admin"],
};
const other: Lead = {
  reference: "ABCDEF",
  at: now - 120_000,
  form: { firstName: "Bo", lastName: "Peep", email: "bo@example.com", phone: "777" },
  honeypot: "",
  delivered: [],
};
const entry = (leads: unknown[], done: unknown[] = [], v: unknown = LEDGER_VERSION) =>
  JSON.stringify({ v, leads, done });
const ledgerOf = (...leads: Lead[]): Ledger => ({ leads, done: [] });

type Pressed = {
  reference?: string;
  form: Lead["form"];
  honeypot: string;
  now: number;
  fresh: string;
};

/** A press as the page makes it: kept with the stored text, applied at the next read. */
function press(ledger: Ledger, { reference, form, honeypot, now: at, fresh }: Pressed) {
  const kept = keepPress(serializeLedger(ledger), { at, form, honeypot }, reference, fresh);
  if (!kept) throw new Error("not kept");
  const read = parseLedger(kept[0], at);
  expect(read.damaged).toBeUndefined();
  return { ledger: read.ledger, reference: kept[1] };
}

describe("makeReference", () => {
  it("writes six characters of an alphabet without 0/O or 1/I/L", () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(makeReference(new Uint8Array([0, 1, 2, 30, 31, 255]))).toBe("234Z29");
    const reference = makeReference(crypto.getRandomValues(new Uint8Array(6)));
    expect(reference).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{6}$`));
  });

  it("still writes six characters when given fewer bytes", () => {
    expect(makeReference(new Uint8Array([8]))).toBe("A22222");
  });
});

describe("detailsKey", () => {
  it("is the same for the same person retyped with other spacing or the email's case", () => {
    const retyped = {
      firstName: " Ada ",
      lastName: "Lovelace ",
      email: "ADA@Example.com ",
      phone: " 555",
    };
    expect(detailsKey(retyped)).toBe(detailsKey(form));
  });

  it("differs when any detail changed, or a name's case", () => {
    for (const changed of [
      { ...form, phone: "556" },
      { ...form, firstName: "Ava" },
      { ...form, lastName: "lovelace" },
      { ...form, email: "ada@example.org" },
    ])
      expect(detailsKey(changed)).not.toBe(detailsKey(form));
  });
});

describe("findLead and findDone", () => {
  it("find a record by its reference, and nothing for no reference", () => {
    const done: Done = { reference: "PQR222", outcome: "sent", until: now + DAY_MS };
    const ledger: Ledger = { leads: [lead, other], done: [done] };
    expect(findLead(ledger, other.reference)).toBe(other);
    expect(findLead(ledger, "PQR222")).toBeUndefined();
    expect(findLead(ledger, undefined)).toBeUndefined();
    expect(findDone(ledger, "PQR222")).toBe(done);
    expect(findDone(ledger, lead.reference)).toBeUndefined();
    expect(findDone(ledger, undefined)).toBeUndefined();
  });
});

describe("parseLedger", () => {
  it("reads back what was kept, and an empty ledger from a missing entry", () => {
    const done: Done = { reference: "PQR222", outcome: "refused", until: now + DAY_MS };
    const ledger: Ledger = { leads: [lead, other], done: [done] };
    expect(parseLedger(serializeLedger(ledger), now)).toEqual({ ledger });
    expect(parseLedger(null, now)).toEqual({ ledger: emptyLedger });
  });

  it("sets aside an entry that is not JSON", () => {
    expect(parseLedger("{not json", now)).toEqual({ ledger: emptyLedger, damaged: "not JSON" });
  });

  it.each([["[]"], ["null"], ['"text"'], ["7"]])(
    "sets aside an entry that is not an object (%s)",
    (text) => {
      expect(parseLedger(text, now)).toEqual({ ledger: emptyLedger, damaged: "not an object" });
    },
  );

  it("leaves an entry of a later version alone: foreign, with nothing read from it", () => {
    const { ledger, damaged } = parseLedger(entry([lead], [], LEDGER_VERSION + 1), now);
    expect(ledger).toEqual({ leads: [], done: [], foreign: true });
    expect(damaged).toBeUndefined();
  });

  it("reads an entry of an earlier or no version, and says it is damaged", () => {
    for (const text of [entry([lead], [], 0), JSON.stringify({ leads: [lead], done: [] })]) {
      const { ledger, damaged } = parseLedger(text, now);
      expect(ledger.leads).toEqual([lead]);
      expect(ledger.foreign).toBeUndefined();
      expect(damaged).toBeDefined();
    }
  });

  it("says an entry with no list of leads is damaged", () => {
    expect(parseLedger(JSON.stringify({ v: 1, leads: {} }), now)).toEqual({
      ledger: emptyLedger,
      damaged: "0 record(s) set aside",
    });
  });

  it.each([
    ["that is not an object", "lead"],
    ["with a reference of a 0", { ...lead, reference: "K0QM2X" }],
    ["with a reference of an O", { ...lead, reference: "KOQM2X" }],
    ["with a reference of an I", { ...lead, reference: "KIQM2X" }],
    ["with a lower-case reference", { ...lead, reference: "k7qm2x" }],
    ["with a reference too long", { ...lead, reference: "K7QM2XA" }],
    ["with a reference too short", { ...lead, reference: "K7QM2" }],
    ["with no reference", { ...lead, reference: undefined }],
    ["with no time", { ...lead, at: "yesterday" }],
    ["dated more than a day in the future", { ...lead, at: now + DAY_MS + 1 }],
    ["with details missing", { ...lead, form: { firstName: "Ada" } }],
    ["with a detail that is not text", { ...lead, form: { ...form, phone: 555 } }],
    ["with no honeypot", { ...lead, honeypot: undefined }],
    ["with a source value that is not text", { ...lead, source: { utm_source: 7 } }],
    ["with a source that is not an object", { ...lead, source: "newsletter" }],
    ["with an unknown step delivered", { ...lead, delivered: ["team"] }],
    ["with no list of steps delivered", { ...lead, delivered: "admin" }],
  ])("sets aside a lead %s, and keeps the others", (_, damagedLead) => {
    expect(parseLedger(entry([other, damagedLead]), now)).toEqual({
      ledger: ledgerOf(other),
      damaged: "1 record(s) set aside",
    });
  });

  it("tolerates a clock set back by up to a day", () => {
    const ahead = { ...lead, at: now + DAY_MS };
    expect(parseLedger(entry([ahead]), now)).toEqual({ ledger: ledgerOf(ahead) });
  });

  it("keeps a lead older than a week for expire to remove", () => {
    const old = { ...lead, at: now - 2 * KEEP_FOR_MS };
    expect(parseLedger(entry([old]), now)).toEqual({ ledger: ledgerOf(old) });
  });

  it("cleans the source of control characters: storage is anyone's to edit", () => {
    const edited = {
      ...lead,
      source: { utm_source: "a\nName: Eve", referrer: "\u202eevil.example\t" },
    };
    expect(parseLedger(entry([edited]), now).ledger.leads[0]?.source).toEqual({
      utm_source: "a Name: Eve",
      referrer: "evil.example",
    });
  });

  it("keeps only the four details of a form and each step delivered once", () => {
    const padded = {
      ...lead,
      form: { ...form, note: "<script>" },
      delivered: ["admin", "admin"],
      extra: true,
    };
    expect(parseLedger(entry([padded]), now).ledger.leads).toEqual([lead]);
  });

  it("sets aside a second record of a reference: one lead per reference", () => {
    const again = { ...lead, form: { ...form, phone: "556" }, delivered: ["student"] };
    const { ledger, damaged } = parseLedger(entry([lead, other, again]), now);
    expect(ledger.leads).toEqual([lead, other]);
    expect(damaged).toBe("1 record(s) set aside");
  });

  it("sets aside a done record it cannot read, and keeps the others", () => {
    const done: Done = { reference: "PQR222", outcome: "sent", until: now };
    const { ledger, damaged } = parseLedger(
      entry(
        [lead],
        [
          done,
          { ...done, outcome: "lost" },
          { ...done, until: "tomorrow" },
          { reference: 7, outcome: "sent", until: now },
        ],
      ),
      now,
    );
    expect(ledger).toEqual({ leads: [lead], done: [done] });
    expect(damaged).toBe("3 record(s) set aside");
  });

  it("keeps nothing of a done record but its reference, outcome and end", () => {
    const stored = { reference: "PQR222", outcome: "sent", until: now, form };
    expect(parseLedger(entry([], [stored]), now).ledger.done).toEqual([
      { reference: "PQR222", outcome: "sent", until: now },
    ]);
  });
});

describe("serializeLedger", () => {
  it("writes the version, the leads and the done records", () => {
    const done: Done = { reference: "PQR222", outcome: "sent", until: now };
    expect(JSON.parse(serializeLedger({ leads: [lead], done: [done] }) ?? "null")).toEqual({
      v: LEDGER_VERSION,
      leads: [lead],
      done: [done],
    });
  });

  it("writes nothing (null) when nothing is left", () => {
    expect(serializeLedger(emptyLedger)).toBeNull();
    expect(serializeLedger({ leads: [], done: [] })).toBeNull();
  });
});

describe("press", () => {
  it("keeps a new lead under the fresh reference, at the press's time, with nothing delivered", () => {
    const result = press(ledgerOf(other), { form, honeypot: "", now, fresh: "NEW234" });
    expect(result.reference).toBe("NEW234");
    expect(result.ledger).toEqual(
      ledgerOf(other, { reference: "NEW234", at: now, form, honeypot: "", delivered: [] }),
    );
  });

  it("takes a correction made before the admin email was delivered as the same lead", () => {
    const unsent = { ...lead, delivered: [] };
    const corrected = { ...form, email: "ada@example.org" };
    const result = press(ledgerOf(other, unsent), {
      reference: unsent.reference,
      form: corrected,
      honeypot: "bot",
      now: now + 5000,
      fresh: "NEW234",
    });
    expect(result.reference).toBe(unsent.reference);
    // The reference, the first press's time and the source stay; the details are replaced.
    expect(result.ledger).toEqual(ledgerOf(other, { ...unsent, form: corrected, honeypot: "bot" }));
  });

  it("starts a new registration once the admin email was delivered, the earlier one leaving as sent", () => {
    const corrected = { ...form, phone: "556" };
    const result = press(ledgerOf(lead, other), {
      reference: lead.reference,
      form: corrected,
      honeypot: "",
      now,
      fresh: "NEW234",
    });
    expect(result.reference).toBe("NEW234");
    expect(result.ledger.leads).toEqual([
      other,
      { reference: "NEW234", at: now, form: corrected, honeypot: "", delivered: [] },
    ]);
    // The team has the earlier one: it leaves as sent, without its confirmation.
    expect(result.ledger.done).toEqual([
      { reference: lead.reference, outcome: "sent", until: lead.at + KEEP_FOR_MS },
    ]);
  });

  it("starts a new registration when the page's reference is no longer kept", () => {
    const done: Done = { reference: "PQR222", outcome: "sent", until: now + DAY_MS };
    const result = press(
      { leads: [other], done: [done] },
      { reference: "PQR222", form, honeypot: "", now, fresh: "NEW234" },
    );
    expect(result.reference).toBe("NEW234");
    expect(result.ledger.leads.map((kept) => kept.reference)).toEqual(["ABCDEF", "NEW234"]);
    expect(result.ledger.done).toEqual([done]);
  });

  it("leaves the ledger it was given unchanged", () => {
    const ledger = ledgerOf(other);
    const before = structuredClone(ledger);
    press(ledger, { reference: other.reference, form, honeypot: "", now, fresh: "NEW234" });
    press(ledger, { form, honeypot: "", now, fresh: "NEW234" });
    expect(ledger).toEqual(before);
  });
});

describe("keepPress", () => {
  const at = now;

  it("continues a press not yet read under the same reference: a typo corrected offline is one lead", () => {
    const first = keepPress(null, { at, form, honeypot: "" }, undefined, "NEW234");
    const corrected = { ...form, email: "ada@example.org" };
    const second = keepPress(
      first?.[0] ?? null,
      { at, form: corrected, honeypot: "" },
      "NEW234",
      "NEW567",
    );
    expect(second?.[1]).toBe("NEW234");
    const { ledger, damaged } = parseLedger(second?.[0] ?? null, at);
    expect(damaged).toBeUndefined();
    expect(ledger.leads).toEqual([
      { reference: "NEW234", at, form: corrected, honeypot: "", delivered: [] },
    ]);
  });

  it("starts the entry again over text that is not JSON, and leaves a later version's entry alone", () => {
    expect(keepPress("{oops", { at, form, honeypot: "" }, undefined, "NEW234")?.[1]).toBe("NEW234");
    expect(
      keepPress(entry([], [], LEDGER_VERSION + 1), { at, form, honeypot: "" }, undefined, "NEW234"),
    ).toBeUndefined();
  });

  it("is read with the ledger's checks: a press of damaged details is set aside", () => {
    const text = JSON.stringify({
      v: LEDGER_VERSION,
      presses: [{ reference: "NEW234", at, form: { email: 5 }, honeypot: "" }],
    });
    expect(parseLedger(text, now)).toEqual({
      ledger: emptyLedger,
      damaged: "1 record(s) set aside",
    });
  });
});

describe("nextStep", () => {
  it("asks for the admin email first, then the student's, then nothing", () => {
    expect(nextStep({ ...lead, delivered: [] })).toBe("admin");
    expect(nextStep({ ...lead, delivered: ["student"] })).toBe("admin");
    expect(nextStep({ ...lead, delivered: ["admin"] })).toBe("student");
    expect(nextStep({ ...lead, delivered: ["admin", "student"] })).toBeUndefined();
  });

  it("asks for no confirmation when the honeypot was filled", () => {
    expect(nextStep({ ...lead, honeypot: "x", delivered: [] })).toBe("admin");
    expect(nextStep({ ...lead, honeypot: "x", delivered: ["admin"] })).toBeUndefined();
  });
});

describe("answer", () => {
  const unsent: Lead = { ...lead, delivered: [] };

  it("adds a delivered step to the lead", () => {
    const ledger = answer(ledgerOf(other, unsent), unsent, "admin", true);
    expect(ledger).toEqual(ledgerOf(other, { ...unsent, delivered: ["admin"] }));
  });

  it("never removes a step on a late or repeated answer: delivered only grows", () => {
    // Kept as it is (the admin email delivered), the student's answer still awaited.
    const kept = ledgerOf({ ...lead, delivered: ["admin"] });
    const again = answer(kept, unsent, "admin", true);
    expect(again).toEqual(kept);
    const studentFirst = answer(ledgerOf(unsent), unsent, "student", true);
    expect(findLead(studentFirst, lead.reference)?.delivered).toEqual(["student"]);
    const late = answer(studentFirst, unsent, "student", true);
    expect(findLead(late, lead.reference)?.delivered).toEqual(["student"]);
    expect(findDone(answer(late, unsent, "admin", true), lead.reference)?.outcome).toBe("sent");
  });

  it("changes nothing with an answer about details since corrected", () => {
    const corrected = { ...unsent, form: { ...form, email: "ada@example.org" } };
    const ledger = ledgerOf(corrected);
    expect(answer(ledger, unsent, "admin", true)).toBe(ledger);
    expect(answer(ledger, unsent, "admin", false)).toBe(ledger);
  });

  it("counts an answer about the same details retyped with other spacing", () => {
    const retyped = { ...unsent, form: { ...form, firstName: " Ada ", email: "ADA@example.com" } };
    const ledger = answer(ledgerOf(retyped), unsent, "admin", true);
    expect(findLead(ledger, lead.reference)?.delivered).toEqual(["admin"]);
    // The details kept are the ledger's, not the answer's.
    expect(findLead(ledger, lead.reference)?.form).toEqual(retyped.form);
  });

  it("changes nothing with an answer about a lead that left the device, which says how", () => {
    const done: Done = { reference: lead.reference, outcome: "expired", until: now + DAY_MS };
    const ledger: Ledger = { leads: [other], done: [done] };
    expect(answer(ledger, unsent, "admin", true)).toBe(ledger);
    expect(answer(ledger, unsent, "admin", false)).toBe(ledger);
  });

  it("keeps again, with its answer, a lead lost to another tab's crossing write", () => {
    const ledger = answer(ledgerOf(other), unsent, "admin", true);
    expect(ledger).toEqual(ledgerOf(other, { ...unsent, delivered: ["admin"] }));
  });

  it("removes the lead once its last email is delivered, leaving a done record of no detail", () => {
    const ledger = answer(ledgerOf(other, lead), lead, "student", true);
    expect(ledger.leads).toEqual([other]);
    expect(ledger.done).toEqual([
      { reference: lead.reference, outcome: "sent", until: lead.at + KEEP_FOR_MS },
    ]);
    expect(JSON.stringify(ledger.done)).not.toMatch(/Ada|example\.com|555|newsletter/);
  });

  it("removes a refused lead as refused", () => {
    const ledger = answer(ledgerOf(unsent, other), unsent, "admin", false);
    expect(ledger.leads).toEqual([other]);
    expect(ledger.done).toEqual([
      { reference: lead.reference, outcome: "refused", until: lead.at + KEEP_FOR_MS },
    ]);
  });

  it("needs only the admin email when the honeypot was filled", () => {
    const bot = { ...unsent, honeypot: "https://spam.example" };
    const ledger = answer(ledgerOf(bot), bot, "admin", true);
    expect(ledger.leads).toEqual([]);
    expect(findDone(ledger, lead.reference)?.outcome).toBe("sent");
  });

  it("keeps the source the lead was sent with, so a resend's email says the same", () => {
    const { source, ...noSource } = unsent;
    const ledger = answer(ledgerOf(noSource), { ...noSource, source }, "admin", true);
    expect(findLead(ledger, lead.reference)?.source).toEqual({ utm_source: "newsletter" });
  });

  it("keeps the source it has rather than another tab's", () => {
    const ledger = answer(
      ledgerOf(unsent),
      { ...unsent, source: { utm_source: "elsewhere" } },
      "admin",
      true,
    );
    expect(findLead(ledger, lead.reference)?.source).toEqual({ utm_source: "newsletter" });
  });

  it("keeps the record of a lead sent late in its week for a day after it left", () => {
    const now = Date.now();
    const lateInWeek = { ...lead, at: now - KEEP_FOR_MS + 60 * 60_000 };
    const ledger = answer(ledgerOf(lateInWeek), lateInWeek, "student", true, now);
    expect(findDone(ledger, lead.reference)?.until).toBe(now + DAY_MS);
  });

  it("leaves the ledger it was given unchanged", () => {
    const ledger = ledgerOf(unsent, other);
    const before = structuredClone(ledger);
    answer(ledger, unsent, "admin", true);
    answer(ledger, unsent, "admin", false);
    expect(ledger).toEqual(before);
  });
});

describe("expire", () => {
  it("keeps a lead for the days the form tells the visitor", () => {
    expect(keptRegistration.waiting).toContain(`within ${KEEP_FOR_MS / DAY_MS} days`);
  });

  it("removes an unsent lead once it is a week old, as expired, remembered for a day", () => {
    const old = { ...other, at: now - KEEP_FOR_MS };
    const young = { ...lead, at: now - KEEP_FOR_MS + 1 };
    expect(expire(ledgerOf(old, young), now)).toEqual({
      leads: [young],
      done: [{ reference: other.reference, outcome: "expired", until: now + DAY_MS }],
    });
  });

  it("removes a week-old lead the team has as sent, without its confirmation", () => {
    const old = { ...lead, at: now - 2 * KEEP_FOR_MS };
    expect(expire(ledgerOf(old), now)).toEqual({
      leads: [],
      done: [{ reference: lead.reference, outcome: "sent", until: now + DAY_MS }],
    });
  });

  it("removes a done record at its until, not before", () => {
    const going: Done = { reference: "PQR222", outcome: "sent", until: now };
    const staying: Done = { reference: "PQR223", outcome: "refused", until: now + 1 };
    expect(expire({ leads: [lead], done: [going, staying] }, now)).toEqual({
      leads: [lead],
      done: [staying],
    });
  });

  it("changes nothing while every lead is younger than a week", () => {
    const ledger = ledgerOf(lead, other);
    expect(expire(ledger, now)).toEqual(ledger);
  });
});
