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
  /** Known only from the email service's answers; it only grows, until the details are corrected. */
  delivered: Step[];
  /** Presses of other pages with the same details: they continue this registration. */
  aliases?: string[];
  /** The time of the last of them: a correction pressed before it, applied late, is superseded. */
  aliasedAt?: number;
  /** Corrected after an admin email of other details reached the team: the next one says so. */
  corrects?: true;
  /** Found past its week or dated ahead of the clock: sent once more, then it leaves. */
  lastChance?: true;
};

/** How a lead left the device, told to other tabs (never read from absence): no personal detail. */
export type Done = {
  reference: string;
  outcome: "sent" | "refused" | "expired";
  until: number;
  /** The registration a press of this reference continued: the emails quote that one. */
  as?: string;
  /** Sent without a confirmation to the student (a filled honeypot, or past its week). */
  unconfirmed?: true;
  /** Refused or expired after the team had its admin email: only the confirmation is missing. */
  teamHas?: true;
};
export type Ledger = { leads: Lead[]; done: Done[]; foreign?: true };
export const emptyLedger: Ledger = { leads: [], done: [] };

/**
 * Register Now as the first-paint script keeps it, under a key of its own. `again`: the same
 * details as the page's last press of `reference`, pressed before the page showed how it went.
 */
export type Press = Pick<Lead, "reference" | "at" | "form" | "honeypot"> & { again?: true };

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
function readLead(value: unknown): Lead | undefined {
  if (!isRecord(value)) return;
  const { reference, at, form, honeypot, source, delivered = [], aliases = [] } = value;
  const trusted =
    isReference(reference) &&
    // Any date: a clock that was wrong when it was pressed does not make it less of a lead.
    Number.isFinite(at) &&
    isRecord(form) &&
    FIELDS.every((name) => isText(form[name])) &&
    isText(honeypot) &&
    (source === undefined || (isRecord(source) && Object.values(source).every(isText))) &&
    Array.isArray(delivered) &&
    delivered.every((step) => step === "admin" || step === "student") &&
    Array.isArray(aliases) &&
    aliases.every(isReference);
  if (!trusted) return;
  const lead: Lead = {
    reference,
    at: at as number,
    form: Object.fromEntries(FIELDS.map((name) => [name, form[name]])) as RegistrationData,
    honeypot,
    delivered: [...new Set(delivered as Step[])],
  };
  if (aliases.length) lead.aliases = aliases as string[];
  if (Number.isFinite(value.aliasedAt)) lead.aliasedAt = value.aliasedAt as number;
  if (value.corrects === true) lead.corrects = true;
  if (value.lastChance === true) lead.lastChance = true;
  // The email gets what a landing could give, no more.
  if (source)
    lead.source = Object.fromEntries(
      Object.entries(source).map(([k, v]) => [k, cleanSourceValue(String(v))]),
    );
  return lead;
}

function readDone(value: unknown): Done | undefined {
  if (!isRecord(value) || !isText(value.reference) || typeof value.until !== "number") return;
  const { reference, outcome, until, as, unconfirmed, teamHas } = value;
  if (outcome !== "sent" && outcome !== "refused" && outcome !== "expired") return;
  return {
    reference,
    outcome,
    until,
    ...(isReference(as) && { as }),
    ...(unconfirmed === true && { unconfirmed }),
    ...(teamHas === true && { teamHas }),
  };
}

/** A press as kept (as text, or parsed already), or nothing. */
export function readPress(value: unknown): Press | undefined {
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    const lead = isRecord(parsed) ? readLead({ ...parsed, delivered: [] }) : undefined;
    if (!lead || !isRecord(parsed)) return;
    const { reference, at, form, honeypot } = lead;
    return { reference, at, form, honeypot, ...(parsed.again === true && { again: true }) };
  } catch {
    return undefined;
  }
}

/**
 * What can be trusted of the stored text, with the presses kept under keys of their own applied
 * in the order they were made; the rest is set aside.
 */
export function parseLedger(
  text: string | null,
  presses: readonly string[] = [],
): { ledger: Ledger; damaged?: string } {
  let setAside = 0;
  let problem: string | undefined;
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(text ?? "{}");
  } catch {
    problem = "not JSON";
  }
  if (!isRecord(parsed)) problem ??= "not an object";
  // The presses are read even beside a damaged entry: each is a visitor's.
  const entry = isRecord(parsed) ? parsed : {};
  if (typeof entry.v === "number" && entry.v > LEDGER_VERSION)
    return { ledger: { ...emptyLedger, foreign: true } };
  const lists = [entry.leads, entry.done];
  const [leads = [], done = []] = lists.map((list) =>
    Array.isArray(list) ? list : (list !== undefined && setAside++, []),
  );
  let ledger: Ledger = { leads: [], done: [] };
  for (const value of done) {
    const record = readDone(value);
    if (record) ledger.done.push(record);
    else setAside++;
  }
  for (const value of leads) {
    const lead = readLead(value);
    if (lead && !findLead(ledger, lead.reference)) ledger.leads.push(lead);
    else setAside++;
  }
  const pressed: Press[] = [];
  // An earlier page kept its presses in the entry itself: still theirs to send.
  const inEntry = Array.isArray(entry.presses) ? entry.presses : [];
  for (const value of [...presses, ...inEntry]) {
    const kept = readPress(value);
    if (kept) pressed.push(kept);
    else setAside++;
  }
  for (const p of pressed.sort((a, b) => a.at - b.at)) ledger = press(ledger, p);
  const versioned = text === null || entry.v === LEDGER_VERSION;
  if (problem) return { ledger, damaged: problem };
  return versioned && !setAside
    ? { ledger }
    : { ledger, damaged: `${setAside} record(s) set aside` };
}

/** Nothing left to say: the key is removed, so the loader wakes no code for it. */
export const serializeLedger = ({ leads, done }: Ledger): string | null =>
  leads.length || done.length ? JSON.stringify({ v: LEDGER_VERSION, leads, done }) : null;

/** A lead by its reference, or by the reference of a press that continued it. */
export const findLead = (ledger: Ledger, reference: string | undefined) =>
  ledger.leads.find(
    (lead) => lead.reference === reference || (!!reference && !!lead.aliases?.includes(reference)),
  );

export const findDone = (ledger: Ledger, reference: string | undefined) =>
  ledger.done.find((done) => done.reference === reference);

const sameDetails = (a: RegistrationData, b: RegistrationData) => detailsKey(a) === detailsKey(b);

/**
 * Register Now, as the first-paint script keeps it: no read of the ledger, so nothing another tab
 * wrote can be lost. `own`: the page's registration not yet finished; `last`: the page's last
 * press; `fresh`: the reference of a new registration. The next read applies it (`press`), in the
 * order of `at`, which never goes back within a page whatever the clock does.
 */
export function keepPress(
  pressed: Omit<Press, "reference" | "again">,
  own: string | null | undefined,
  last: Pick<Press, "form" | "at"> | undefined,
  fresh: string,
): Press {
  const again = own && last && sameDetails(last.form, pressed.form);
  const at = Math.max(pressed.at, (last?.at ?? -Infinity) + 1);
  return { ...pressed, at, reference: own || fresh, ...(again && { again: true }) };
}

/**
 * A press applied. Its own registration takes its details: after the team had an admin email of
 * other details, the next one says it corrects it. The same details as a lead waiting on the
 * device continue that lead, whichever page pressed it. A press again of a registration that left
 * the device as sent, before the page showed it, changes nothing.
 */
export function press(ledger: Ledger, { reference, at, form, honeypot, again }: Press): Ledger {
  const own = findLead(ledger, reference);
  if (own) {
    const { lastChance, ...rest } = own;
    // Pressed past its week (marked, or not yet looked at): the visitor is here, and it gets its
    // week again.
    const since = lastChance || at - own.at >= KEEP_FOR_MS ? at : own.at;
    if (sameDetails(own.form, form)) {
      // Pressed by a person: a confirmation is owed, whatever an earlier press's honeypot held.
      if (since === own.at && !lastChance && (!own.honeypot || honeypot)) return ledger;
      return replaceLead(ledger, { ...rest, at: since, honeypot: own.honeypot && honeypot });
    }
    // Storage refused it until now, and another page has pressed these details since: by time,
    // that press is the registration's last word.
    if (at < (own.aliasedAt ?? -Infinity)) return ledger;
    const corrects = own.corrects || own.delivered.includes("admin");
    return replaceLead(ledger, {
      ...rest,
      at: since,
      form,
      honeypot,
      delivered: [],
      ...(corrects && { corrects: true }),
    });
  }
  const left = findDone(ledger, reference);
  if (left && again) return ledger;
  const rest = { ...ledger, done: ledger.done.filter((done) => done !== left) };
  const match = ledger.leads.find((lead) => sameDetails(lead.form, form));
  if (match) {
    const aliasedAt = Math.max(match.aliasedAt ?? at, at);
    // Pressed by a person: a confirmation is owed, whatever the other press's honeypot held.
    const person = match.honeypot && !honeypot && { honeypot };
    const aliases = [...(match.aliases ?? []), reference];
    return replaceLead(rest, { ...match, ...person, aliases, aliasedAt });
  }
  const lead: Lead = { reference, at, form, honeypot, delivered: [] };
  // Its reference reached the team with other details: the new ones correct them.
  const reached = left?.outcome === "sent" || left?.teamHas;
  return replaceLead(rest, reached ? { ...lead, corrects: true } : lead);
}

/** In its place, or added. */
export function replaceLead(ledger: Ledger, lead: Lead): Ledger {
  const same = (kept: Lead) => kept.reference === lead.reference;
  const leads = ledger.leads.map((kept) => (same(kept) ? lead : kept));
  return { ...ledger, leads: ledger.leads.some(same) ? leads : [...leads, lead] };
}

/**
 * The lead leaves the device; its reference and those of the presses that continued it, told.
 * `as`: the registration it went into, which the emails quote.
 */
export function without(
  ledger: Ledger,
  lead: Lead,
  outcome: Done["outcome"],
  now = 0,
  as?: string,
): Ledger {
  const references = [lead.reference, ...(lead.aliases ?? [])];
  const record: Done = {
    reference: lead.reference,
    outcome,
    // As long as a page that pressed it may still hold it, and a day for pages to hear of it.
    until: Math.max(lead.at + KEEP_FOR_MS, now + DAY_MS),
  };
  const adminDelivered = lead.delivered.includes("admin");
  if (outcome === "sent" && !lead.delivered.includes("student")) record.unconfirmed = true;
  if (outcome !== "sent" && adminDelivered) record.teamHas = true;
  if (as) record.as = as;
  return {
    leads: ledger.leads.filter((kept) => kept.reference !== lead.reference),
    done: [
      ...ledger.done.filter((done) => !references.includes(done.reference)),
      record,
      ...(lead.aliases ?? []).map((alias) => ({
        ...record,
        reference: alias,
        as: as ?? lead.reference,
      })),
    ],
  };
}

/** Its last chance taken: it leaves as sent if the team has it, else as expired. */
export const leaveForGood = (ledger: Ledger, lead: Lead, now: number): Ledger =>
  without(ledger, lead, lead.delivered.includes("admin") ? "sent" : "expired", now);

/** The email a lead still needs: admin first, and no confirmation for a filled honeypot. */
export function nextStep(lead: Lead): Step | undefined {
  if (!lead.delivered.includes("admin")) return "admin";
  if (!lead.honeypot && !lead.delivered.includes("student")) return "student";
}

/**
 * The email service's answer to one email of `sent` (the lead as sent). About details since
 * corrected, it changes nothing but this: the team has other details under the reference, so the
 * next admin email says it corrects them. About a lead no longer kept, it changes nothing.
 */
export function answer(ledger: Ledger, sent: Lead, step: Step, ok: boolean, now?: number): Ledger {
  const lead = findLead(ledger, sent.reference);
  if (!lead) return ledger;
  if (detailsKey(lead.form) !== detailsKey(sent.form))
    return ok && step === "admin" && !lead.corrects
      ? replaceLead(ledger, { ...lead, corrects: true })
      : ledger;
  // A copy sent under a press's own reference, refused: the lead may still reach the team.
  if (!ok)
    return lead.reference === sent.reference ? without(ledger, lead, "refused", now) : ledger;
  const delivered = [...new Set([...lead.delivered, step])];
  // The source it was sent with stays with it, so a resend's email says the same.
  const updated = { ...lead, delivered, source: lead.source ?? sent.source };
  return nextStep(updated) ? replaceLead(ledger, updated) : without(ledger, updated, "sent", now);
}

/**
 * A week after its press a lead is due to leave: it is not dropped unsent, but gets one more send
 * at the next load (`lastChance`) and then leaves, whatever the answer. One dated more than a day
 * ahead was pressed under a wrong clock: it is dated now, and gets its week.
 */
export function expire(ledger: Ledger, now: number): Ledger {
  const checked = (lead: Lead): Lead => {
    if (lead.at - now > DAY_MS)
      return { ...lead, at: now, ...(lead.aliasedAt !== undefined && { aliasedAt: now }) };
    return now - lead.at >= KEEP_FOR_MS ? { ...lead, lastChance: true } : lead;
  };
  // A later version's entry (`foreign`) stays so: never rewritten by this one.
  return {
    ...ledger,
    leads: ledger.leads.map(checked),
    done: ledger.done.filter((record) => record.until > now),
  };
}
