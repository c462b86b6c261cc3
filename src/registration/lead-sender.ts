// What a tab does with the ledger: sends a press, or whatever waits, one tab at a time, each
// answer written before the next email. Its browser parts come in as dependencies, so the model
// test (lead-sender.model.test.ts) drives several tabs at once.
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

/** How the ledger says a lead left the device, if it did. */
function leftAs(ledger: Ledger | undefined, lead: Pressed): Finished | undefined {
  const done = ledger && findDone(ledger, lead.reference);
  if (done) return done.outcome === "sent" ? sent(lead) : { outcome: done.outcome };
}

export function createLeadSender({
  store,
  deliver,
  withLock,
  source = () => ({}),
  now = Date.now,
}: LeadSenderDeps) {
  /** Refused after the team had them, by details: pressed again, they continue. Memory only. */
  const refused = new Map<string, Lead>();

  /** Every email `lead` still needs, in order; `kept`: each answer is written to the ledger. */
  async function send(lead: Lead, kept: boolean, events?: DeliveryEvents): Promise<Finished> {
    let current = lead.source ? lead : { ...lead, source: source() };
    const { reference } = lead;
    // One budget for both emails; a challenge the visitor solves moves it by its own time.
    const within = { deadline: now() + REGISTRATION_BUDGET_MS, ...events };
    for (let step = nextStep(current); step; step = nextStep(current)) {
      const pressed = current;
      const result = await deliver(pressed, step, within);
      if (!result.ok && result.retryable) {
        if (!kept) return { outcome: "failed" };
        // It waits, with the landing's source should this tab close, unless a late answer here or
        // in another tab ended it; lost to a crossing write, it is kept again.
        const ledger = store.update((l) => {
          const stored = findLead(l, reference) ?? pressed;
          const waiting = { ...stored, source: stored.source ?? pressed.source };
          return findDone(l, reference) ? l : replaceLead(l, waiting);
        });
        return leftAs(ledger, pressed) ?? { outcome: ledger ? "waiting" : "failed" };
      }
      if (!result.ok && pressed.delivered.length) refused.set(detailsKey(pressed.form), pressed);
      const change = (l: Ledger) => answer(l, pressed, step, result.ok, now());
      // The ledger's word wins: a press in this page may have corrected the details meanwhile.
      const ledger = (kept && store.update(change)) || change({ leads: [pressed], done: [] });
      const next = findLead(ledger, reference);
      // Gone, or corrected since: the press that corrected it sends it, in its turn.
      if (!next || detailsKey(next.form) !== detailsKey(pressed.form))
        return leftAs(ledger, pressed) ?? { outcome: "waiting" };
      current = next;
    }
    return sent(current);
  }

  /**
   * Register Now: the press kept under `lead.reference` is sent in its turn; `lead`, as the form
   * holds it, if storage lost it. `reference`: the refused registration it continued, if any.
   */
  function registerNow(
    lead: Lead,
    events?: DeliveryEvents,
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
      if (stored) return send(stored, true, events);
      // Another tab finished it while this one waited, and said how.
      const left = leftAs(ledger, lead);
      if (left) return left;
      if (now() - lead.at >= KEEP_FOR_MS) return { outcome: "expired" };
      // Not kept, or gone with no word of it (another tab's write crossed this one's): kept now.
      return send(lead, store.update((l) => replaceLead(l, lead)) !== undefined, events);
    });
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

  /** How a press of this page left the device; past its week and a day, by the page's clock. */
  function outcomeOf(lead: Pressed & { at?: number }): Finished | undefined {
    const ledger = store.read();
    const left = leftAs(ledger, lead);
    if (left) return left;
    const gone = lead.at !== undefined && !findLead(ledger, lead.reference);
    if (gone && now() - (lead.at ?? 0) >= KEEP_FOR_MS + DAY_MS) return { outcome: "expired" };
  }

  /** An email that answered after its send gave up: written down, so it is not sent again. */
  const lateAnswer = (lead: Lead, step: Step, ok: boolean): boolean =>
    ok && store.update((ledger) => answer(ledger, lead, step, true, now())) !== undefined;

  return { registerNow, resend, outcomeOf, lateAnswer };
}
