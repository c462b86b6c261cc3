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

/** How a lead left the device, told to other tabs (never read from absence): no personal detail. */
export type Done = { reference: string; outcome: "sent" | "refused" | "expired"; until: number };
export type Ledger = { leads: Lead[]; done: Done[]; foreign?: true };
export const emptyLedger: Ledger = { leads: [], done: [] };

/** Register Now as the first-paint script keeps it. `replaces`: a registration the team has. */
export type Press = Pick<Lead, "reference" | "at" | "form" | "honeypot"> & { replaces?: string };

/** A new reference, from random bytes. */
export function makeReference(bytes = crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH))) {
  let reference = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++)
    reference += REFERENCE_ALPHABET[(bytes[i] ?? 0) % REFERENCE_ALPHABET.length];
  return reference;
}

/** The same person, however they retype it: trimmed names and phone, lower-cased email. */
export const detailsKey = ({ firstName, lastName, email, phone }: RegistrationData): string =>
  JSON.stringify([firstName.trim(), lastName.trim(), email.trim().toLowerCase(), phone.trim()]);

const FIELDS = ["firstName", "lastName", "email", "phone"] as const;
const isText = (value: unknown): value is string => typeof value === "string";
const isReference = (value: unknown): value is string =>
  isText(value) && new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A stored lead or press, or nothing: storage is anyone's to edit, so each is checked alone. */
function readLead(value: unknown, now: number): Lead | undefined {
  if (!isRecord(value)) return;
  const { reference, at, form, honeypot, source, delivered = [] } = value;
  const trusted =
    isReference(reference) &&
    typeof at === "number" &&
    // A clock set back a little is fine; a lead dated more than a day ahead was not written here.
    at <= now + DAY_MS &&
    isRecord(form) &&
    FIELDS.every((name) => isText(form[name])) &&
    isText(honeypot) &&
    (source === undefined || (isRecord(source) && Object.values(source).every(isText))) &&
    Array.isArray(delivered) &&
    delivered.every((step) => step === "admin" || step === "student");
  if (!trusted) return;
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
      Object.entries(source).map(([k, v]) => [k, cleanSourceValue(String(v))]),
    );
  return lead;
}

const readDone = (value: unknown): Done | undefined =>
  isRecord(value) &&
  isText(value.reference) &&
  ["sent", "refused", "expired"].includes(value.outcome as string) &&
  typeof value.until === "number"
    ? { reference: value.reference, outcome: value.outcome as Done["outcome"], until: value.until }
    : undefined;

/** What can be trusted of the stored text, its presses applied; the rest is set aside. */
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
  if (!isRecord(entry)) return { ledger: emptyLedger, damaged: "not an object" };
  if (typeof entry.v === "number" && entry.v > LEDGER_VERSION)
    return { ledger: { ...emptyLedger, foreign: true } };
  const lists = [entry.leads, entry.done, entry.presses];
  const [leads = [], done = [], presses = []] = lists.map((l) => (Array.isArray(l) ? l : []));
  let ledger: Ledger = { leads: [], done: [] };
  let setAside = 0;
  for (const value of done) {
    const record = readDone(value);
    if (record) ledger.done.push(record);
    else setAside++;
  }
  for (const value of leads) {
    const lead = readLead(value, now);
    if (lead && !findLead(ledger, lead.reference)) ledger.leads.push(lead);
    else setAside++;
  }
  for (const value of presses) {
    const lead = isRecord(value) ? readLead({ ...value, delivered: [] }, now) : undefined;
    const { replaces } = value as Partial<Press>;
    if (lead && (replaces === undefined || isReference(replaces)))
      ledger = press(ledger, { ...lead, replaces });
    else setAside++;
  }
  const whole = lists.every((l) => l === undefined || Array.isArray(l));
  return entry.v === LEDGER_VERSION && whole && !setAside
    ? { ledger }
    : { ledger, damaged: `${setAside} record(s) set aside` };
}

/** Nothing left to say: the key is removed, so the loader wakes no code for it. */
export const serializeLedger = ({ leads, done }: Ledger): string | null =>
  leads.length || done.length ? JSON.stringify({ v: LEDGER_VERSION, leads, done }) : null;

export const findLead = (ledger: Ledger, reference: string | undefined) =>
  ledger.leads.find((lead) => lead.reference === reference);

export const findDone = (ledger: Ledger, reference: string | undefined) =>
  ledger.done.find((done) => done.reference === reference);

/**
 * Register Now, added to the stored text as pressed, checked at the next read: the first-paint
 * script's part. `own`: the page's unfinished registration; `fresh`: a new reference, if the press
 * starts one. Undefined for a later version's entry: that version sends what it holds.
 */
export function keepPress(
  text: string | null,
  pressed: Omit<Press, "reference" | "replaces">,
  own: string | null | undefined,
  fresh: string,
): [text: string, reference: string] | undefined {
  let entry: { v?: number; leads?: Partial<Lead>[]; presses?: Press[] } = {};
  try {
    entry = Object(JSON.parse(text ?? "{}"));
  } catch {
    // Nothing in it can be read: the press starts the entry again.
  }
  if ((entry.v ?? 0) > LEDGER_VERSION) return;
  const presses = ([] as Press[]).concat(entry.presses ?? []);
  const earlier = entry.leads?.find?.((l) => l?.reference === own);
  // The same details, or nothing delivered yet (a typo corrected is one lead; so is a press not
  // yet applied).
  const kept = earlier
    ? !earlier.delivered?.length || JSON.stringify(earlier.form) === JSON.stringify(pressed.form)
    : presses.some((p) => p?.reference === own);
  const reference = own && kept ? own : fresh;
  entry.v = LEDGER_VERSION;
  entry.presses = [...presses, { ...pressed, reference, replaces: (!kept && own) || undefined }];
  return [JSON.stringify(entry), reference];
}

/** A press applied: new details of its registration, or a new lead; one it replaces leaves. */
export function press(ledger: Ledger, { reference, replaces, at, form, honeypot }: Press): Ledger {
  const replaced = findLead(ledger, replaces);
  const rest = replaced ? without(ledger, replaced, "sent", at) : ledger;
  const earlier = findLead(rest, reference);
  return replaceLead(
    rest,
    earlier ? { ...earlier, form, honeypot } : { reference, at, form, honeypot, delivered: [] },
  );
}

/** In its place, or added: a lead lost to another tab's crossing write is kept again. */
export function replaceLead(ledger: Ledger, lead: Lead): Ledger {
  const leads = ledger.leads.map((kept) => (kept.reference === lead.reference ? lead : kept));
  return { ...ledger, leads: findLead(ledger, lead.reference) ? leads : [...leads, lead] };
}

const without = (ledger: Ledger, lead: Lead, outcome: Done["outcome"], now = 0): Ledger => ({
  leads: ledger.leads.filter((kept) => kept.reference !== lead.reference),
  done: [
    ...ledger.done.filter((done) => done.reference !== lead.reference),
    // As long as a page that pressed it may still hold it, and a day for pages to hear of it.
    { reference: lead.reference, outcome, until: Math.max(lead.at + KEEP_FOR_MS, now + DAY_MS) },
  ],
});

/** The email a lead still needs: admin first, and no confirmation for a filled honeypot. */
export function nextStep(lead: Lead): Step | undefined {
  if (!lead.delivered.includes("admin")) return "admin";
  if (!lead.honeypot && !lead.delivered.includes("student")) return "student";
}

/**
 * The email service's answer to one email of `sent` (the lead as sent). About details since
 * corrected, it changes nothing: the corrected ones still need their email. A lead missing with no
 * word of how it left was lost to another tab's crossing write: the answer keeps it again.
 */
export function answer(ledger: Ledger, sent: Lead, step: Step, ok: boolean, now?: number): Ledger {
  if (findDone(ledger, sent.reference)) return ledger;
  const lead = findLead(ledger, sent.reference) ?? sent;
  if (detailsKey(lead.form) !== detailsKey(sent.form)) return ledger;
  if (!ok) return without(ledger, lead, "refused", now);
  const delivered = [...new Set([...lead.delivered, step])];
  // The source it was sent with stays with it, so a resend's email says the same.
  const updated = { ...lead, delivered, source: lead.source ?? sent.source };
  return nextStep(updated) ? replaceLead(ledger, updated) : without(ledger, updated, "sent", now);
}

/** A week after its press a lead leaves: unsent, or as sent once the team has it. */
export function expire(ledger: Ledger, now: number): Ledger {
  let next: Ledger = { ...ledger, done: ledger.done.filter((done) => done.until > now) };
  for (const lead of ledger.leads)
    if (now - lead.at >= KEEP_FOR_MS)
      next = without(next, lead, lead.delivered.includes("admin") ? "sent" : "expired", now);
  return next;
}
