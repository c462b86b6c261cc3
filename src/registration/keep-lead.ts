// In the form's own code, so a lead is kept before anything is sent even when the sender's code
// cannot be fetched (offline). docs/decisions/0015-kept-leads.md.
import type { VisitSource } from "../lib/visit-source.ts";
import type { RegistrationData } from "./registration-data.ts";

/** src/loader.ts spells it out too. */
export const KEPT_LEADS_KEY = "kept-registrations";

/** The stored format; an entry of another version is not this page's to read or to remove. */
export const KEPT_LEADS_VERSION = 1;

/** No 0/O, 1/I/L: read out or copied by hand, a reference stays one reference. */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 6;

/** Several people may register on one device, and a lead pressed again is kept again; more
 * entries than this are a script, not people. */
export const MAX_KEPT_LEADS = 10;

export type Step = "admin" | "student";

export type KeptLead = {
  /** Quoted in both emails, the same in every resend: the team tells a repeat by it. */
  reference: string;
  /** Register Now's press, in ms since the epoch. */
  at: number;
  form: RegistrationData;
  honeypot: string;
  /** Set once the sender has read it from the tab's sessionStorage. */
  source?: VisitSource;
  delivered: Step[];
  /** Sent, not yet answered: sent again if the page goes away. */
  inFlight: Step[];
};

/** After the first storage problem the page keeps nothing, and warns once. */
let unusable = false;

export function storageProblem(problem: unknown): void {
  if (unusable) return;
  unusable = true;
  console.warn("Registration not kept on this device:", problem);
}

export const storageUsable = (): boolean => !unusable;

/** One look, no parsing. */
export function hasKeptLeads(): boolean {
  try {
    return !unusable && localStorage.getItem(KEPT_LEADS_KEY) !== null;
  } catch {
    return false;
  }
}

export function makeReference(bytes: Uint8Array): string {
  let reference = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) {
    reference += REFERENCE_ALPHABET[(bytes[i] ?? 0) % REFERENCE_ALPHABET.length];
  }
  return reference;
}

export const newLead = (form: RegistrationData, honeypot: string): KeptLead => ({
  reference: makeReference(crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH))),
  at: Date.now(),
  form,
  honeypot,
  delivered: [],
  inFlight: [],
});

/**
 * False, after one warning, when storage refuses or holds what this page did not write. A lead
 * pressed again is added again: kept-lead.ts reads the entries of one reference as one lead.
 */
export function keepLead(lead: KeptLead): boolean {
  if (unusable) return false;
  try {
    const entry = JSON.parse(
      localStorage.getItem(KEPT_LEADS_KEY) ?? `{"v":${KEPT_LEADS_VERSION},"leads":[]}`,
    ) as { v?: unknown; leads?: unknown[] };
    if (
      entry.v !== KEPT_LEADS_VERSION ||
      !Array.isArray(entry.leads) ||
      entry.leads.length >= MAX_KEPT_LEADS
    )
      throw new Error("storage holds an entry this page did not write");
    entry.leads.push(lead);
    localStorage.setItem(KEPT_LEADS_KEY, JSON.stringify(entry));
    return true;
  } catch (error) {
    storageProblem(error);
    return false;
  }
}

/** For tests. */
export function resetKeptLeadStorage(): void {
  unusable = false;
}
