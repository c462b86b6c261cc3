// How a kept lead is read back, and when it is too old or too strange to trust. Pure: send-lead.ts
// binds it to localStorage.
import { cleanSourceValue, type VisitSource } from "../lib/visit-source.ts";
import {
  KEPT_LEADS_VERSION,
  MAX_KEPT_LEADS,
  REFERENCE_ALPHABET,
  REFERENCE_LENGTH,
  type KeptLead,
  type Step,
} from "./keep-lead.ts";
import type { RegistrationData } from "./registration-data.ts";

export {
  KEPT_LEADS_KEY,
  KEPT_LEADS_VERSION,
  MAX_KEPT_LEADS,
  type KeptLead,
  type Step,
} from "./keep-lead.ts";

const DAY_MS = 86_400_000;

/** The next class is weeks away, a visitor gone a week has likely registered another way, and
 * the device should not hold their details longer than the lead is worth. */
export const KEEP_FOR_MS = 7 * DAY_MS;

/** A device's clock may be set back a little after a lead was kept; more than a day is not that. */
export const CLOCK_SKEW_MS = DAY_MS;

const STEPS: readonly Step[] = ["admin", "student"];

/** `damaged`: the entry was there but not ours to trust (its text, shape, version or dates). */
export type ParsedLeads = { leads: KeptLead[]; expired: number; damaged?: string };

export function serializeLeads(leads: readonly KeptLead[]): string {
  return JSON.stringify({ v: KEPT_LEADS_VERSION, leads });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === "string";

const FIELDS = ["firstName", "lastName", "email", "phone"] as const;

function readSteps(value: unknown): Step[] | undefined {
  if (!Array.isArray(value) || !value.every((step) => STEPS.includes(step as Step))) return;
  return [...new Set(value as Step[])];
}

function readSource(value: unknown): VisitSource | undefined {
  if (!isObject(value)) return;
  const source: VisitSource = {};
  for (const [name, text] of Object.entries(value)) {
    if (!isString(text)) return;
    // Storage is anyone's to edit: the email gets what a landing could give, no more.
    source[name as keyof VisitSource] = cleanSourceValue(text);
  }
  return source;
}

/** One stored lead, or why it cannot be one. */
function readLead(value: unknown, now: number): KeptLead | string {
  if (!isObject(value)) return "a lead is not an object";
  const { reference, at, form, honeypot, delivered, inFlight } = value;
  if (
    !isString(reference) ||
    !new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`).test(reference)
  )
    return "a lead has no valid reference";
  if (typeof at !== "number" || !Number.isFinite(at)) return "a lead has no time";
  if (at > now + CLOCK_SKEW_MS) return "a lead is dated in the future";
  if (!isObject(form) || !FIELDS.every((name) => isString(form[name])))
    return "a lead has no details";
  const source = value.source === undefined ? {} : readSource(value.source);
  const steps = [readSteps(delivered), readSteps(inFlight)] as const;
  if (!isString(honeypot) || !source || !steps[0] || !steps[1]) return "a lead is malformed";
  const details = Object.fromEntries(FIELDS.map((name) => [name, form[name]])) as RegistrationData;
  const lead: KeptLead = {
    reference,
    at,
    form: details,
    honeypot,
    delivered: steps[0],
    inFlight: steps[1],
  };
  if (value.source !== undefined) lead.source = source;
  return lead;
}

/** Anything in `text` it cannot trust makes the whole entry `damaged`. */
export function parseLeads(text: string | null, now: number): ParsedLeads {
  if (text === null) return { leads: [], expired: 0 };
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return { leads: [], expired: 0, damaged: "not JSON" };
  }
  if (!isObject(entry)) return { leads: [], expired: 0, damaged: "not an object" };
  if (entry.v !== KEPT_LEADS_VERSION)
    return { leads: [], expired: 0, damaged: `version ${JSON.stringify(entry.v)}` };
  if (!Array.isArray(entry.leads) || entry.leads.length > MAX_KEPT_LEADS)
    return { leads: [], expired: 0, damaged: "no list of leads" };
  const leads: KeptLead[] = [];
  let expired = 0;
  for (const value of entry.leads) {
    const lead = readLead(value, now);
    if (typeof lead === "string") return { leads: [], expired: 0, damaged: lead };
    // A lead pressed again is kept again: one lead, the latest details, every email delivered.
    const earlier = leads.findIndex((kept) => kept.reference === lead.reference);
    if (earlier >= 0) {
      const delivered = [...new Set([...(leads[earlier]?.delivered ?? []), ...lead.delivered])];
      leads.splice(earlier, 1, { ...lead, delivered });
    } else if (now - lead.at >= KEEP_FOR_MS) expired += 1;
    else leads.push(lead);
  }
  return { leads, expired };
}

/** Left alone, for the later version of the page that wrote it to send. */
export function isOtherVersion(text: string | null): boolean {
  try {
    const entry: unknown = JSON.parse(text ?? "null");
    return isObject(entry) && typeof entry.v === "number" && entry.v > KEPT_LEADS_VERSION;
  } catch {
    return false;
  }
}

/** The leads with `lead` in place of the one of its reference, or added (null: no room). */
export function withLead(leads: readonly KeptLead[], lead: KeptLead): KeptLead[] | null {
  // In its place: the leads are sent oldest first.
  if (leads.some((kept) => kept.reference === lead.reference))
    return leads.map((kept) => (kept.reference === lead.reference ? lead : kept));
  return leads.length >= MAX_KEPT_LEADS ? null : [...leads, lead];
}

export const withoutLead = (leads: readonly KeptLead[], reference: string): KeptLead[] =>
  leads.filter((kept) => kept.reference !== reference);
