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

/** One stored lead, or nothing: storage is anyone's to edit, so each lead is checked alone. */
function readLead(value: unknown, now: number): Lead | undefined {
  if (!isObject(value)) return;
  const { reference, at, form, honeypot, source, delivered } = value;
  if (
    !isString(reference) ||
    !new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(reference)
  )
    return;
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
  const stored = [entry.leads, entry.done].map((list) => (Array.isArray(list) ? list : []));
  const leads = (stored[0] ?? []).map((value) => readLead(value, now));
  const done = (stored[1] ?? []).map(readDone);
  const ledger: Ledger = { leads: [], done: done.filter((d) => d !== undefined) };
  // A reference kept twice (written by an older page) is one lead: its first record, every
  // email either delivered.
  for (const lead of leads) {
    if (!lead) continue;
    const earlier = ledger.leads.find((kept) => kept.reference === lead.reference);
    if (earlier) earlier.delivered = [...new Set([...earlier.delivered, ...lead.delivered])];
    else ledger.leads.push(lead);
  }
  const setAside = leads.length - leads.filter(Boolean).length + done.length - ledger.done.length;
  return entry.v === LEDGER_VERSION && Array.isArray(entry.leads) && !setAside
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

export type Press = {
  /** The page's registration still unfinished, if any: a press again is its correction. */
  reference?: string;
  form: RegistrationData;
  honeypot: string;
  now: number;
  /** A new reference, used if the press starts a new registration. */
  fresh: string;
};

/**
 * Register Now. A press again with the same details continues the registration (only what is
 * missing is sent); before its admin email is delivered, one with other details replaces them
 * under the same reference (a typo corrected is one lead). Once the team has it, other details
 * are a new registration, and the earlier one's confirmation, to the details just corrected,
 * never goes.
 */
export function press(ledger: Ledger, { reference, form, honeypot, now, fresh }: Press) {
  const earlier = findLead(ledger, reference);
  // Exactly the same: small enough for the first-paint script, which calls this.
  const same = JSON.stringify(earlier?.form) === JSON.stringify(form);
  if (earlier && (same || !earlier.delivered.length)) {
    const lead = { ...earlier, form, honeypot };
    const leads = ledger.leads.map((kept) => (kept === earlier ? lead : kept));
    return { ledger: { ...ledger, leads }, reference: earlier.reference };
  }
  const lead: Lead = { reference: fresh, at: now, form, honeypot, delivered: [] };
  // The team has the earlier one: it leaves as sent, without its confirmation.
  const rest = earlier ? without(ledger, earlier, "sent", now) : ledger;
  return { ledger: { ...rest, leads: [...rest.leads, lead] }, reference: fresh };
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
