// What a tab does with the ledger: sends a press, or whatever waits, one tab at a time, and
// writes every answer back before the next email. Storage, the lock and the emails come in as
// dependencies, so the model test (lead-sender.model.test.ts) drives several tabs at once.
import type { VisitSource } from "../lib/visit-source.ts";
import { REGISTRATION_BUDGET_MS, type DeliveryEvents, type StepResult } from "./email-delivery.ts";
import type { LedgerStore } from "./lead-store.ts";
import {
  answer,
  replaceLead,
  detailsKey,
  findDone,
  findLead,
  DAY_MS,
  KEEP_FOR_MS,
  nextStep,
  type Done,
  type Lead,
  type Ledger,
  type Step,
} from "./ledger.ts";

/**
 * How a registration ended for now. `waiting`: kept, sent again when the page can; `failed`: not
 * kept (storage refused) and not sent; `refused` and `expired`: gone from the device, unsent.
 */
export type Finished =
  | { outcome: "sent"; studentEmailed: boolean }
  | { outcome: "waiting" | "failed" | "refused" | "expired" };

export type LeadSenderDeps = {
  store: LedgerStore;
  deliver: (lead: Lead, step: Step, events?: DeliveryEvents) => Promise<StepResult>;
  withLock: <T>(run: () => Promise<T>) => Promise<T>;
  /** The landing's source in the tab that sends, for a lead first sent here. */
  source?: () => VisitSource;
  now?: () => number;
};

type Pressed = Pick<Lead, "reference" | "honeypot">;

const sent = (lead: Pressed): Finished => ({ outcome: "sent", studentEmailed: !lead.honeypot });

const finishedAs = (done: Done, lead: Pressed): Finished =>
  done.outcome === "sent" ? sent(lead) : { outcome: done.outcome };

export function createLeadSender({
  store,
  deliver,
  withLock,
  source = () => ({}),
  now = Date.now,
}: LeadSenderDeps) {
  /**
   * This page's registrations refused after their admin email went (a confirmation the service
   * refused, a challenge the visitor closed), by their details: pressed again, they continue.
   * Memory only: a refused lead leaves the device.
   */
  const refused = new Map<string, Lead>();

  /** Every email `lead` still needs, in order; `kept`: each answer is written to the ledger. */
  async function send(lead: Lead, kept: boolean, events?: DeliveryEvents): Promise<Finished> {
    let current = lead.source ? lead : { ...lead, source: source() };
    // One budget for both emails; a challenge the visitor solves moves it by its own time.
    const within = { deadline: now() + REGISTRATION_BUDGET_MS, ...events };
    for (let step = nextStep(current); step; step = nextStep(current)) {
      const result = await deliver(current, step, within);
      if (!result.ok && result.retryable) {
        if (!kept) return { outcome: "failed" };
        // It waits on the device, with the landing's source should this tab close first, unless
        // it left meanwhile (a late answer here or in another tab); taken by a crossing write,
        // it is kept again.
        const ledger = store.update((l) => {
          const stored = findLead(l, lead.reference);
          if (findDone(l, lead.reference)) return l;
          return replaceLead(
            l,
            stored ? { ...stored, source: stored.source ?? current.source } : current,
          );
        });
        const done = ledger && findDone(ledger, lead.reference);
        return done ? finishedAs(done, lead) : { outcome: ledger ? "waiting" : "failed" };
      }
      if (!result.ok && current.delivered.length) refused.set(detailsKey(current.form), current);
      const local = answer({ leads: [current], done: [] }, current, step, result.ok, now());
      // The ledger's word wins: a press in this page may have corrected the details meanwhile.
      const ledger =
        (kept && store.update((l) => answer(l, current, step, result.ok, now()))) || local;
      const next = findLead(ledger, lead.reference);
      const done = findDone(ledger, lead.reference);
      if (!next) return done ? finishedAs(done, current) : { outcome: "waiting" };
      // Corrected since: the press that corrected it sends it, in its turn.
      if (detailsKey(next.form) !== detailsKey(current.form)) return { outcome: "waiting" };
      current = next;
    }
    return sent(current);
  }

  /**
   * Register Now: the press the ledger keeps under `lead.reference` is sent in its turn. `lead` is
   * the press as the form holds it, sent from memory if storage could not keep it.
   */
  function registerNow(
    lead: Lead,
    events?: DeliveryEvents,
    /** `reference`: the refused registration this press continued, if it did. */
  ): Promise<Finished & { reference?: string }> {
    return withLock(async () => {
      const ledger = store.read();
      const stored = findLead(ledger, lead.reference);
      const earlier = stored && !stored.delivered.length && refused.get(detailsKey(stored.form));
      if (earlier) {
        // The same details again: the refused registration continues in the new press's place.
        refused.delete(detailsKey(earlier.form));
        const continued = store.update((l) => {
          const leads = l.leads.filter((kept) => kept.reference !== stored.reference);
          const done = l.done.filter((record) => record.reference !== earlier.reference);
          return replaceLead({ leads, done }, earlier);
        });
        const finished = await send(earlier, continued !== undefined, events);
        return { ...finished, reference: earlier.reference };
      }
      return sendPress(ledger, stored, lead, events);
    });
  }

  /** The press as the ledger keeps it, or as the form holds it if storage could not. */
  async function sendPress(
    ledger: Ledger,
    stored: Lead | undefined,
    lead: Lead,
    events?: DeliveryEvents,
  ): Promise<Finished> {
    if (stored) return send(stored, true, events);
    // Another tab finished it while this one waited, and said how.
    const done = findDone(ledger, lead.reference);
    if (done) return finishedAs(done, lead);
    if (now() - lead.at >= KEEP_FOR_MS) return { outcome: "expired" };
    // Not kept, or gone with no word of it (another tab's write crossed this one's): kept now.
    return send(lead, store.update((l) => replaceLead(l, lead)) !== undefined, events);
  }

  /** Oldest first; a failure that may pass leaves the rest for the next chance. */
  function resend(told: (lead: Lead, finished: Finished) => void): Promise<void> {
    return withLock(async () => {
      for (const lead of store.read().leads) {
        const finished = await send(lead, true);
        told(lead, finished);
        if (finished.outcome === "waiting") return;
      }
    });
  }

  /**
   * What the ledger says of a press of this page once it has left the device. A page open past
   * the lead's week and the day its record is kept has its own clock's word: expired.
   */
  function outcomeOf(lead: Pressed & { at?: number }): Finished | undefined {
    const ledger = store.read();
    const done = findDone(ledger, lead.reference);
    if (done) return finishedAs(done, lead);
    const { at } = lead;
    const gone = at !== undefined && !findLead(ledger, lead.reference);
    if (gone && now() - at >= KEEP_FOR_MS + DAY_MS) return { outcome: "expired" };
  }

  /** An email that answered after its send gave up: written down, so it is not sent again. */
  const lateAnswer = (lead: Lead, step: Step, ok: boolean): boolean =>
    ok && store.update((ledger) => answer(ledger, lead, step, true, now())) !== undefined;

  return { registerNow, resend, outcomeOf, lateAnswer };
}
