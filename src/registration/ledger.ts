// The registrations waiting on this device: one record per reference, and every event that
// changes them as a pure function from ledger to ledger. lead-store.ts binds it to localStorage;
// docs/decisions/0017-registration-ledger.md states its invariants.
import { cleanSourceValue, type VisitSource } from "../lib/visit-source.ts";
import type { RegistrationData } from "./registration-data.ts";

/** An entry of a higher version is a later page's: left alone, never rewritten. */
export const LEDGER_VERSION = 1;

/** No 0/O, 1/I/L: read out or copied by hand, a reference stays one reference. */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 6;

export const DAY_MS = 86_400_000;
/** The team follows up within a day; a week covers a weekend away, and no more. */
export const KEEP_FOR_MS = 7 * DAY_MS;

export type Step = "admin" | "student";

export type Lead = {
  /** Quoted in both emails, the same in every resend: the team tells a repeat by it. */
  reference: string;
  /** The first press, in ms since the epoch: the emails' registration time. */
  at: number;
  form: RegistrationData;
  honeypot: string;
  /** The landing's, added by the tab that first sends it (it lives in that tab's session). */
  source?: VisitSource;
  /** Known only from the email service's answers; it only grows. */
  delivered: Step[];
};

/**
 * How a lead left the device. Other tabs learn it here (a storage event), never from the lead's
 * absence. No detail of the person: the random reference, the outcome, and when it may go.
 */
export type Outcome = "sent" | "refused" | "expired";
export type Done = { reference: string; outcome: Outcome; until: number };

export type Ledger = { leads: Lead[]; done: Done[]; foreign?: true };

export const emptyLedger: Ledger = { leads: [], done: [] };

const FIELDS = ["firstName", "lastName", "email", "phone"] as const;

export function makeReference(bytes: Uint8Array): string {
  let reference = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++)
    reference += REFERENCE_ALPHABET[(bytes[i] ?? 0) % REFERENCE_ALPHABET.length];
  return reference;
}

/** The same person, however they retype it: trimmed names and phone, lower-cased email. */
export const detailsKey = ({ firstName, lastName, email, phone }: RegistrationData): string =>
  JSON.stringify([firstName.trim(), lastName.trim(), email.trim().toLowerCase(), phone.trim()]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === "string";

const isReference = (value: unknown): value is string =>
  isString(value) && new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(value);

/** One stored lead, or nothing: storage is anyone's to edit, so each lead is checked alone. */
function readLead(value: unknown, now: number): Lead | undefined {
  if (!isObject(value)) return;
  const { reference, at, form, honeypot, source, delivered } = value;
  if (!isReference(reference)) return;
  // A clock set back a little is fine; a lead dated more than a day ahead was not written here.
  if (typeof at !== "number" || !Number.isFinite(at) || at > now + DAY_MS) return;
  if (!isObject(form) || !FIELDS.every((name) => isString(form[name])) || !isString(honeypot))
    return;
  if (source !== undefined && !(isObject(source) && Object.values(source).every(isString))) return;
  if (
    !Array.isArray(delivered) ||
    !delivered.every((step) => step === "admin" || step === "student")
  )
    return;
  const lead: Lead = {
    reference,
    at,
    form: Object.fromEntries(FIELDS.map((name) => [name, form[name]])) as RegistrationData,
    honeypot,
    delivered: [...new Set(delivered as Step[])],
  };
  // The email gets what a landing could give, no more.
  if (source)
    lead.source = Object.fromEntries(
      Object.entries(source).map(([name, text]) => [name, cleanSourceValue(text as string)]),
    );
  return lead;
}

const readDone = (value: unknown): Done | undefined =>
  isObject(value) &&
  isString(value.reference) &&
  ["sent", "refused", "expired"].includes(value.outcome as string) &&
  typeof value.until === "number"
    ? { reference: value.reference, outcome: value.outcome as Outcome, until: value.until }
    : undefined;

/** What can be trusted of the stored text; the rest is set aside (`damaged` says what). */
export function parseLedger(
  text: string | null,
  now: number,
): { ledger: Ledger; damaged?: string } {
  if (text === null) return { ledger: emptyLedger };
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return { ledger: emptyLedger, damaged: "not JSON" };
  }
  if (!isObject(entry)) return { ledger: emptyLedger, damaged: "not an object" };
  if (typeof entry.v === "number" && entry.v > LEDGER_VERSION)
    return { ledger: { ...emptyLedger, foreign: true } };
  const [leads, done, presses] = [entry.leads, entry.done, entry.presses].map((list) =>
    Array.isArray(list) ? (list as unknown[]) : [],
  );
  let ledger: Ledger = { leads: [], done: [] };
  let setAside = 0;
  for (const value of done ?? []) {
    const record = readDone(value);
    if (record) ledger.done.push(record);
    else setAside++;
  }
  // A reference kept twice (written by an older page) is one lead: its first record, every
  // email either delivered.
  for (const value of leads ?? []) {
    const lead = readLead(value, now);
    const earlier = lead && findLead(ledger, lead.reference);
    if (!lead) setAside++;
    else if (earlier) earlier.delivered = [...new Set([...earlier.delivered, ...lead.delivered])];
    else ledger.leads.push(lead);
  }
  for (const value of presses ?? []) {
    const lead = isObject(value) && readLead({ ...value, delivered: [] }, now);
    const { replaces } = value as Partial<Press>;
    if (lead && (replaces === undefined || isReference(replaces)))
      ledger = press(ledger, { ...lead, replaces });
    else setAside++;
  }
  const lists = [entry.leads, entry.done, entry.presses];
  return entry.v === LEDGER_VERSION &&
    lists.every((l) => l === undefined || Array.isArray(l)) &&
    !setAside
    ? { ledger }
    : { ledger, damaged: `${setAside} record(s) set aside` };
}

/** Nothing left to say: the key is removed, so the loader wakes no code for it. */
export const serializeLedger = ({ leads, done }: Ledger): string | null =>
  leads.length || done.length ? JSON.stringify({ v: LEDGER_VERSION, leads, done }) : null;

const leaving = (lead: Lead, outcome: Outcome, now = 0): Done => ({
  reference: lead.reference,
  outcome,
  // As long as a page that pressed it may still hold it, and a day for pages to hear of it.
  until: Math.max(lead.at + KEEP_FOR_MS, now + DAY_MS),
});

export const findLead = (ledger: Ledger, reference: string | undefined) =>
  ledger.leads.find((lead) => lead.reference === reference);

export const findDone = (ledger: Ledger, reference: string | undefined) =>
  ledger.done.find((done) => done.reference === reference);

/**
 * Register Now, as the first-paint script keeps it (`keepPress`): stored as pressed, and applied to
 * the ledger at the next read (`parseLedger`), in the order pressed.
 */
export type Press = {
  /** The registration it is part of: the page's own, continued, or a new one. */
  reference: string;
  /** The page's registration that the team has already, whose confirmation never goes. */
  replaces?: string;
  at: number;
  form: RegistrationData;
  honeypot: string;
};

/**
 * Register Now, kept with no other code: the press is added to the stored text as it is, under the
 * reference it will have, and the ledger's checks wait for the next read. `own`: the page's
 * registration still unfinished, if any; `fresh`: a new reference, used if the press starts one.
 * Undefined when a later version of the page wrote the entry: that version sends what it holds.
 */
export function keepPress(
  text: string | null,
  pressed: Omit<Press, "reference" | "replaces">,
  own: string | null | undefined,
  fresh: string,
): [text: string, reference: string] | undefined {
  // Read with no trust: a list that is not one is carried, and the next read sets it aside.
  let entry: { v?: number; leads?: Partial<Lead>[]; presses?: Press[] } = {};
  try {
    entry = Object(JSON.parse(text ?? "{}"));
  } catch {
    // Nothing in it can be read: the press starts the entry again.
  }
  if ((entry.v ?? 0) > LEDGER_VERSION) return;
  const presses = ([] as Press[]).concat(entry.presses ?? []);
  const earlier = entry.leads?.find?.((l) => l?.reference === own);
  // The same details, or the team has not got it yet (a typo corrected is one lead); a press not
  // yet applied is a registration nothing was delivered of. Compared exactly, and careless of
  // damaged records: small, as the first-paint script is.
  const kept = earlier
    ? !earlier.delivered?.length || JSON.stringify(earlier.form) === JSON.stringify(pressed.form)
    : presses.some((p) => p?.reference === own);
  const reference = own && kept ? own : fresh;
  entry.v = LEDGER_VERSION;
  entry.presses = [...presses, { ...pressed, reference, replaces: (!kept && own) || undefined }];
  return [JSON.stringify(entry), reference];
}

/** One press applied: the details of its registration, or a new lead; the one it replaces leaves. */
export function press(ledger: Ledger, { reference, replaces, at, form, honeypot }: Press): Ledger {
  const replaced = findLead(ledger, replaces);
  // The team has the earlier one: it leaves as sent, without its confirmation.
  const rest = replaced ? without(ledger, replaced, "sent", at) : ledger;
  const earlier = findLead(rest, reference);
  const lead: Lead = earlier
    ? { ...earlier, form, honeypot }
    : { reference, at, form, honeypot, delivered: [] };
  return replaceLead(rest, lead);
}

/** In its place, or added: a lead lost to another tab's crossing write is kept again. */
export const replaceLead = (ledger: Ledger, lead: Lead): Ledger => ({
  ...ledger,
  leads: findLead(ledger, lead.reference)
    ? ledger.leads.map((kept) => (kept.reference === lead.reference ? lead : kept))
    : [...ledger.leads, lead],
});

const without = (ledger: Ledger, lead: Lead, outcome: Outcome, now?: number): Ledger => ({
  leads: ledger.leads.filter((kept) => kept.reference !== lead.reference),
  done: [
    ...ledger.done.filter((done) => done.reference !== lead.reference),
    leaving(lead, outcome, now),
  ],
});

/** The email a lead still needs: admin first, and no confirmation for a filled honeypot. */
export function nextStep(lead: Lead): Step | undefined {
  if (!lead.delivered.includes("admin")) return "admin";
  if (!lead.honeypot && !lead.delivered.includes("student")) return "student";
}

/**
 * The email service's answer to one email of `sent` (the lead as it was when sent). An answer
 * about details since corrected changes nothing: the corrected ones still need their email. A lead
 * that left the device says how, and the answer changes nothing; one that is missing with no such
 * word was lost to another tab's crossing write, and is kept again with the answer.
 */
export function answer(ledger: Ledger, sent: Lead, step: Step, ok: boolean, now?: number): Ledger {
  if (findDone(ledger, sent.reference)) return ledger;
  const lead = findLead(ledger, sent.reference) ?? sent;
  if (detailsKey(lead.form) !== detailsKey(sent.form)) return ledger;
  if (!ok) return without(ledger, lead, "refused", now);
  const delivered = lead.delivered.includes(step) ? lead.delivered : [...lead.delivered, step];
  // The source it was sent with stays with it, so a resend's email says the same.
  const updated = { ...lead, delivered, source: lead.source ?? sent.source };
  return nextStep(updated) ? replaceLead(ledger, updated) : without(ledger, updated, "sent", now);
}

/**
 * A week after the press a lead leaves: unsent, or, once the team has it, as sent without its
 * confirmation. A record of how a lead left goes at its `until`.
 */
export function expire(ledger: Ledger, now: number): Ledger {
  let next: Ledger = { ...ledger, done: ledger.done.filter((done) => done.until > now) };
  for (const lead of ledger.leads) {
    if (now - lead.at < KEEP_FOR_MS) continue;
    next = without(next, lead, lead.delivered.includes("admin") ? "sent" : "expired", now);
  }
  return next;
}
