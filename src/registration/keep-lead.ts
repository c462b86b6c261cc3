// The first step of a registration, in the form's own code: the lead is kept on the device
// before anything is sent, even when the sender's code cannot be fetched (offline). Reading back,
// checking and sending what is kept is the sender's (send-lead.ts, kept-lead.ts), which loads
// only when a registration is sent or something waits. docs/decisions/0015-kept-leads.md.
import type { VisitSource } from "../lib/visit-source.ts";
import type { RegistrationData } from "./registration-data.ts";

/** The localStorage key. src/loader.ts spells it out too: it shares no module with this one. */
export const KEPT_LEADS_KEY = "kept-registrations";

/** The stored format; an entry of another version is not this page's to read or to remove. */
export const KEPT_LEADS_VERSION = 1;

/** No 0/O, 1/I/L: read out over the phone or copied by hand, a reference stays one reference. */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 6;

/** Entries: more than one person may register on one device, and a lead pressed again while the
 * sender's code is out of reach is kept again; more than this is a script, not people. */
export const MAX_KEPT_LEADS = 10;

export type Step = "admin" | "student";

export type KeptLead = {
  /** Quoted in both emails, the same in every resend: the team tells a repeat by it. */
  reference: string;
  /** When Register Now was pressed (ms since the epoch): the emails' registration time. */
  at: number;
  form: RegistrationData;
  honeypot: string;
  /** Where the visit came from, once the sender has read it (the tab's sessionStorage). */
  source?: VisitSource;
  /** Emails the provider accepted. */
  delivered: Step[];
  /** Emails sent whose answer has not come yet: if the page goes away, they are sent again. */
  inFlight: Step[];
};

/** Set by the first storage problem: from then on this page keeps nothing, and says so once. */
let unusable = false;

/** `problem`: what the storage threw, or what is wrong with what it holds. */
export function storageProblem(problem: unknown): void {
  if (unusable) return;
  unusable = true;
  console.warn("Registration not kept on this device:", problem);
}

export const storageUsable = (): boolean => !unusable;

/** One look, no parsing: whether anything may wait to be sent. */
export function hasKeptLeads(): boolean {
  try {
    return !unusable && localStorage.getItem(KEPT_LEADS_KEY) !== null;
  } catch {
    return false;
  }
}

/** A reference from random bytes (crypto.getRandomValues): 31^6, about 900 million. */
export function makeReference(bytes: Uint8Array): string {
  let reference = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) {
    reference += REFERENCE_ALPHABET[(bytes[i] ?? 0) % REFERENCE_ALPHABET.length];
  }
  return reference;
}

/** A new registration of `form`, not yet kept: a fresh reference, registered now. */
export const newLead = (form: RegistrationData, honeypot: string): KeptLead => ({
  reference: makeReference(crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH))),
  at: Date.now(),
  form,
  honeypot,
  delivered: [],
  inFlight: [],
});

/**
 * Keeps `lead` after the leads already kept; false, after one warning, when storage refuses or
 * holds what this page did not write. A lead pressed again is added again: the sender reads the
 * entries of one reference as one lead (kept-lead.ts), and checks every lead before sending.
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
    // Denied (SecurityError), full (QuotaExceededError), not JSON, or not ours to change.
    storageProblem(error);
    return false;
  }
}

/** For tests: a page starts with usable storage. */
export function resetKeptLeadStorage(): void {
  unusable = false;
}
