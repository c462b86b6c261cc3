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
  leaveForGood,
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
  own?: string;
  last?: Lead["form"];
  form: Lead["form"];
  honeypot?: string;
  now?: number;
  fresh?: string;
};

/** A press as the page makes it: kept under a key of its own, applied at the next read. */
function pressed(
  ledger: Ledger,
  { own, last, form, honeypot = "", now: at = now, fresh = "NEW234" }: Pressed,
) {
  const kept = keepPress({ at, form, honeypot }, own, last && { form: last, at: 0 }, fresh);
  const read = parseLedger(serializeLedger(ledger), [JSON.stringify(kept)]);
  expect(read.damaged).toBeUndefined();
  return { ledger: read.ledger, reference: kept.reference };
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
    expect(parseLedger(serializeLedger(ledger))).toEqual({ ledger });
    expect(parseLedger(null)).toEqual({ ledger: emptyLedger });
  });

  it("sets aside an entry that is not JSON", () => {
    expect(parseLedger("{not json")).toEqual({ ledger: emptyLedger, damaged: "not JSON" });
  });

  it.each([["[]"], ["null"], ['"text"'], ["7"]])(
    "sets aside an entry that is not an object (%s)",
    (text) => {
      expect(parseLedger(text)).toEqual({ ledger: emptyLedger, damaged: "not an object" });
    },
  );

  it("reads a record's flags only where they are true: an edited entry cannot take a confirmation away", () => {
    const record = { reference: "ABCDEF", outcome: "sent", until: now + DAY_MS };
    const { ledger } = parseLedger(
      entry(
        [],
        [
          { ...record, unconfirmed: "no" },
          { ...record, reference: "K7QM2X", teamHas: 0 },
        ],
      ),
    );
    expect(ledger.done).toEqual([record, { ...record, reference: "K7QM2X" }]);
  });

  it("leaves an entry of a later version alone: foreign, with nothing read from it", () => {
    const { ledger, damaged } = parseLedger(entry([lead], [], LEDGER_VERSION + 1));
    expect(ledger).toEqual({ leads: [], done: [], foreign: true });
    expect(damaged).toBeUndefined();
  });

  it("reads an entry of an earlier, no or a garbled version, and says it is damaged", () => {
    const texts = [entry([lead], [], 0), JSON.stringify({ leads: [lead], done: [] })];
    for (const text of [...texts, entry([lead], [], String(LEDGER_VERSION + 1))]) {
      const { ledger, damaged } = parseLedger(text);
      expect(ledger.leads).toEqual([lead]);
      expect(ledger.foreign).toBeUndefined();
      expect(damaged).toBeDefined();
    }
  });

  it("says an entry with no list of leads is damaged", () => {
    expect(parseLedger(JSON.stringify({ v: 1, leads: {} }))).toEqual({
      ledger: emptyLedger,
      damaged: "1 record(s) set aside",
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
    ["with a time that is not a number", { ...lead, at: Infinity }],
    ["with details missing", { ...lead, form: { firstName: "Ada" } }],
    ["with a detail that is not text", { ...lead, form: { ...form, phone: 555 } }],
    ["with no honeypot", { ...lead, honeypot: undefined }],
    ["with a source value that is not text", { ...lead, source: { utm_source: 7 } }],
    ["with a source that is not an object", { ...lead, source: "newsletter" }],
    ["with an unknown step delivered", { ...lead, delivered: ["team"] }],
    ["with no list of steps delivered", { ...lead, delivered: "admin" }],
  ])("sets aside a lead %s, and keeps the others", (_, damagedLead) => {
    expect(parseLedger(entry([other, damagedLead]))).toEqual({
      ledger: ledgerOf(other),
      damaged: "1 record(s) set aside",
    });
  });

  it("tolerates a clock set back by up to a day", () => {
    const ahead = { ...lead, at: now + DAY_MS };
    expect(parseLedger(entry([ahead]))).toEqual({ ledger: ledgerOf(ahead) });
  });

  it("keeps a lead older than a week for expire to remove", () => {
    const old = { ...lead, at: now - 2 * KEEP_FOR_MS };
    expect(parseLedger(entry([old]))).toEqual({ ledger: ledgerOf(old) });
  });

  it("cleans the source of control characters: storage is anyone's to edit", () => {
    const edited = {
      ...lead,
      source: { utm_source: "a\nName: Eve", referrer: "\u202eevil.example\t" },
    };
    expect(parseLedger(entry([edited])).ledger.leads[0]?.source).toEqual({
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
    expect(parseLedger(entry([padded])).ledger.leads).toEqual([lead]);
  });

  it("sets aside a second record of a reference: one lead per reference", () => {
    const again = { ...lead, form: { ...form, phone: "556" }, delivered: ["student"] };
    const { ledger, damaged } = parseLedger(entry([lead, other, again]));
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
    );
    expect(ledger).toEqual({ leads: [lead], done: [done] });
    expect(damaged).toBe("3 record(s) set aside");
  });

  it("keeps nothing of a done record but its reference, outcome and end", () => {
    const stored = { reference: "PQR222", outcome: "sent", until: now, form };
    expect(parseLedger(entry([], [stored])).ledger.done).toEqual([
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
    const result = pressed(ledgerOf(other), { form });
    expect(result.reference).toBe("NEW234");
    expect(result.ledger).toEqual(
      ledgerOf(other, { reference: "NEW234", at: now, form, honeypot: "", delivered: [] }),
    );
  });

  it("takes a correction made before the admin email was delivered as the same lead", () => {
    const unsent = { ...lead, delivered: [] };
    const corrected = { ...form, email: "ada@example.org" };
    const result = pressed(ledgerOf(other, unsent), {
      own: unsent.reference,
      last: form,
      form: corrected,
      honeypot: "bot",
      now: now + 5000,
    });
    expect(result.reference).toBe(unsent.reference);
    // The reference, the first press's time and the source stay; the details are replaced.
    expect(result.ledger).toEqual(ledgerOf(other, { ...unsent, form: corrected, honeypot: "bot" }));
  });

  it("takes a correction made after the admin email was delivered as the same lead, whose next admin email says it corrects the first", () => {
    const corrected = { ...form, phone: "556" };
    const result = pressed(ledgerOf(lead, other), {
      own: lead.reference,
      last: form,
      form: corrected,
    });
    expect(result.reference).toBe(lead.reference);
    expect(result.ledger).toEqual(
      ledgerOf({ ...lead, form: corrected, delivered: [], corrects: true }, other),
    );
  });

  it("changes nothing when the same details are pressed again, however retyped", () => {
    const ledger = ledgerOf(lead, other);
    const retyped = { ...form, email: " ADA@example.com" };
    expect(pressed(ledger, { own: lead.reference, last: form, form: retyped }).ledger).toEqual(
      ledger,
    );
  });

  it("continues the lead waiting with the same details, whichever page pressed it", () => {
    const result = pressed(ledgerOf(other, lead), { form: { ...form, firstName: " Ada" } });
    expect(result.reference).toBe("NEW234");
    const continued = { ...lead, aliases: ["NEW234"], aliasedAt: now };
    expect(result.ledger).toEqual(ledgerOf(other, continued));
    expect(findLead(result.ledger, "NEW234")).toEqual(continued);
  });

  it("gives a lead past its week, pressed again unchanged, its week again", () => {
    const old = { ...lead, at: now - 8 * DAY_MS, lastChance: true as const };
    const again = pressed(ledgerOf(old), { own: lead.reference, last: form, form });
    expect(findLead(again.ledger, lead.reference)).toEqual({ ...lead, at: now });
    // Not yet marked (the press and the look that marks it in one read): the same.
    const { lastChance, ...unmarked } = old;
    expect(lastChance).toBe(true);
    const first = pressed(ledgerOf(unmarked), { own: lead.reference, last: form, form });
    expect(findLead(first.ledger, lead.reference)).toEqual({ ...lead, at: now });
  });

  it("owes a confirmation still when a filled honeypot's press continues a person's lead", () => {
    const bot = pressed(ledgerOf(lead), { form, honeypot: "filled" });
    expect(findLead(bot.ledger, "NEW234")).toMatchObject({ honeypot: "", aliasedAt: now });
    // An older press continuing it later leaves the time of the last one.
    const older = pressed(bot.ledger, { form, fresh: "NEW345", now: now - 5 });
    expect(findLead(older.ledger, "NEW345")?.aliasedAt).toBe(now);
  });

  it("gives a lead pressed again exactly a week after its first press its week again", () => {
    const weekOld = { ...lead, at: now - KEEP_FOR_MS };
    const again = pressed(ledgerOf(weekOld), { own: lead.reference, last: form, form });
    expect(findLead(again.ledger, lead.reference)?.at).toBe(now);
  });

  it("lets a correction pressed before another page's press of the same details, applied late, change nothing", () => {
    const continued = { ...lead, aliases: ["NEW234"], aliasedAt: now };
    const late = pressed(ledgerOf(continued), {
      own: lead.reference,
      last: form,
      form: { ...form, email: "ada@example.org" },
      now: now - 1,
    });
    expect(late.ledger).toEqual(ledgerOf(continued));
    // Pressed after it, the correction is the registration's.
    const after = pressed(ledgerOf(continued), {
      own: lead.reference,
      last: form,
      form: { ...form, email: "ada@example.org" },
      now: now + 1,
    });
    expect(findLead(after.ledger, lead.reference)?.form.email).toBe("ada@example.org");
  });

  it("changes nothing for the same details pressed again after the registration left as sent", () => {
    const done: Done = { reference: "PQR222", outcome: "sent", until: now + DAY_MS };
    const ledger = { leads: [other], done: [done] };
    expect(pressed(ledger, { own: "PQR222", last: form, form }).ledger).toEqual(ledger);
  });

  it("reopens a registration that left as sent for other details, as a correction", () => {
    const done: Done = { reference: "PQR222", outcome: "sent", until: now + DAY_MS };
    const corrected = { ...form, phone: "556" };
    const result = pressed(
      { leads: [other], done: [done] },
      { own: "PQR222", last: form, form: corrected },
    );
    expect(result.reference).toBe("PQR222");
    expect(result.ledger).toEqual(
      ledgerOf(other, {
        reference: "PQR222",
        at: now,
        form: corrected,
        honeypot: "",
        delivered: [],
        corrects: true,
      }),
    );
  });

  it("applies presses in the order they were made, whatever order their keys are read in", () => {
    const first = keepPress({ at: now, form, honeypot: "" }, undefined, undefined, "NEW234");
    const corrected = { ...form, email: "ada@example.org" };
    const second = keepPress(
      { at: now + 1, form: corrected, honeypot: "" },
      "NEW234",
      first,
      "NEW567",
    );
    const { ledger } = parseLedger(null, [JSON.stringify(second), JSON.stringify(first)]);
    expect(ledger.leads).toEqual([
      { reference: "NEW234", at: now, form: corrected, honeypot: "", delivered: [] },
    ]);
  });

  it("sets aside a press it cannot read, and applies the others", () => {
    const kept = keepPress({ at: now, form, honeypot: "" }, undefined, undefined, "NEW234");
    const damagedPress = JSON.stringify({ ...kept, form: { email: 5 } });
    const read = parseLedger(null, ["{oops", damagedPress, JSON.stringify(kept)]);
    expect(read.ledger.leads.map((l) => l.reference)).toEqual(["NEW234"]);
    expect(read.damaged).toBe("2 record(s) set aside");
  });

  it("applies the presses an earlier page kept inside the entry", () => {
    const kept = keepPress({ at: now, form, honeypot: "" }, undefined, undefined, "NEW234");
    const text = JSON.stringify({ v: LEDGER_VERSION, leads: [], done: [], presses: [kept] });
    expect(parseLedger(text).ledger).toEqual(ledgerOf({ ...kept, delivered: [] }));
  });

  it("reads the presses beside an entry that is not JSON", () => {
    const kept = keepPress({ at: now, form, honeypot: "" }, undefined, undefined, "NEW234");
    const read = parseLedger("{oops", [JSON.stringify(kept)]);
    expect(read).toEqual({ ledger: ledgerOf({ ...kept, delivered: [] }), damaged: "not JSON" });
  });
});

describe("keepPress", () => {
  it("names the page's registration, and says whether its details are those pressed last", () => {
    const pressedNow = { at: now, form, honeypot: "" };
    expect(keepPress(pressedNow, undefined, undefined, "NEW234")).toEqual({
      ...pressedNow,
      reference: "NEW234",
    });
    expect(
      keepPress(
        pressedNow,
        "K7QM2X",
        { form: { ...form, email: "ADA@example.com" }, at: 0 },
        "NEW234",
      ),
    ).toEqual({
      ...pressedNow,
      reference: "K7QM2X",
      again: true,
    });
    expect(
      keepPress(pressedNow, "K7QM2X", { form: { ...form, phone: "1" }, at: 0 }, "NEW234"),
    ).toEqual({
      ...pressedNow,
      reference: "K7QM2X",
    });
  });

  it("dates a page's presses in the order they were made, though the clock went back", () => {
    const last = { form, at: now };
    expect(
      keepPress({ at: now - 8 * DAY_MS, form, honeypot: "" }, "K7QM2X", last, "NEW234").at,
    ).toBe(now + 1);
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

  it("marks the corrected details as correcting an admin email of the earlier ones, and nothing else", () => {
    const corrected = { ...unsent, form: { ...form, email: "ada@example.org" } };
    const ledger = ledgerOf(corrected);
    expect(answer(ledger, unsent, "admin", true)).toEqual(
      ledgerOf({ ...corrected, corrects: true }),
    );
    expect(answer(ledger, unsent, "admin", false)).toBe(ledger);
    expect(answer(ledger, unsent, "student", true)).toBe(ledger);
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

  it("changes nothing with an answer about a lead no longer kept", () => {
    const ledger = ledgerOf(other);
    expect(answer(ledger, unsent, "admin", true)).toBe(ledger);
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

  it("gives a lead a week old its last chance, and dates one from more than a day ahead now", () => {
    const old = { ...other, at: now - KEEP_FOR_MS };
    const ahead = { ...other, reference: "AHEAD2", at: now + DAY_MS + 1 };
    const young = { ...lead, at: now - KEEP_FOR_MS + 1 };
    const soon = { ...lead, reference: "SOON22", at: now + DAY_MS };
    expect(expire(ledgerOf(old, ahead, young, soon), now)).toEqual(
      ledgerOf({ ...old, lastChance: true }, { ...ahead, at: now }, young, soon),
    );
    // The last press that continued it is dated now with it, so a correction is not superseded.
    const continued = { ...ahead, aliases: ["NEW234"], aliasedAt: now + DAY_MS + 5 };
    expect(expire(ledgerOf(continued), now).leads).toEqual([
      { ...continued, at: now, aliasedAt: now },
    ]);
    expect(expire(ledgerOf(ahead), now).leads[0]).not.toHaveProperty("aliasedAt");
  });

  it("lets a lead that had its last chance leave: as sent if the team has it, else as expired", () => {
    const sentOne = leaveForGood(ledgerOf(lead, other), { ...lead, lastChance: true }, now);
    expect(sentOne.leads).toEqual([other]);
    expect(findDone(sentOne, lead.reference)).toMatchObject({ outcome: "sent", unconfirmed: true });
    const unsentOne = leaveForGood(ledgerOf(lead, other), other, now);
    expect(findDone(unsentOne, other.reference)?.outcome).toBe("expired");
    expect(findDone(unsentOne, other.reference)?.teamHas).toBeUndefined();
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
