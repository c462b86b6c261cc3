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
  press,
  without,
  leaveForGood,
  type Lead,
  type Ledger,
  type Press,
  type Step,
} from "./ledger.ts";

/**
 * How a registration ended for now. `waiting`: kept, sent again when the page can; `failed`: not
 * kept (storage refused) and not sent; `refused` and `expired`: gone from the device, unsent.
 * `teamHas`: the team's email was delivered, only the confirmation is missing.
 */
export type Finished =
  | { outcome: "sent"; studentEmailed: boolean }
  | { outcome: "waiting" | "failed" | "refused" | "expired"; teamHas?: boolean };

export type LeadSenderDeps = {
  store: LedgerStore;
  deliver: (lead: Lead, step: Step, events?: DeliveryEvents) => Promise<StepResult>;
  withLock: <T>(run: () => Promise<T>) => Promise<T>;
  /** The landing's source in the tab that sends, for a lead first sent here. */
  source?: () => VisitSource;
  now?: () => number;
};

type Pressed = Pick<Lead, "reference" | "honeypot">;
/** `reference`: the registration it ended as, when that is not the one pressed. */
export type Named = Finished & { reference?: string };

const sent = (lead: Pressed): Finished => ({ outcome: "sent", studentEmailed: !lead.honeypot });

/** How the ledger says a lead left the device, if it did, and under which reference. */
function leftAs(
  ledger: Ledger | undefined,
  lead: Pressed,
): (Finished & { reference?: string }) | undefined {
  const done = ledger && findDone(ledger, lead.reference);
  if (!done) return;
  const finished: Finished =
    done.outcome === "sent"
      ? { outcome: "sent", studentEmailed: !done.unconfirmed }
      : { outcome: done.outcome, ...(done.teamHas && { teamHas: true }) };
  return done.as ? { ...finished, reference: done.as } : finished;
}

export function createLeadSender({
  store,
  deliver,
  withLock,
  source = () => ({}),
  now = Date.now,
}: LeadSenderDeps) {
  /**
   * Ended unsent after the team had them (a refused confirmation, or storage that kept nothing),
   * by details: pressed again, they continue, and only the confirmation goes. Memory only.
   */
  const teamHas = new Map<string, Lead>();
  const unsent = (lead: Lead, outcome: "failed" | "refused"): Finished => {
    if (!lead.delivered.includes("admin")) return { outcome };
    teamHas.set(detailsKey(lead.form), lead);
    return { outcome, teamHas: true };
  };

  /**
   * What this page knows that storage may not hold: its presses storage refused, until a write
   * takes them, and for the page's life the emails it heard delivered. Applied at every look.
   */
  let unwritten: Press[] = [];
  const heard: { lead: Lead; step: Step }[] = [];
  const withHeard = (ledger: Ledger) =>
    heard.reduce((l, { lead, step }) => answer(l, lead, step, true, now()), ledger);
  /** The same, for a ledger of this page alone: its presses after those of the ledger. */
  const known = (ledger: Ledger) => withHeard(unwritten.reduce(press, ledger));
  const update = (change: (l: Ledger) => Ledger) => {
    const written = store.update((l) => change(withHeard(l)), unwritten);
    if (written) unwritten = [];
    return written;
  };
  const read = () => withHeard(store.read(unwritten));

  /**
   * Every email `lead` still needs, in order, each answer written to the ledger; where storage
   * refuses, the page goes on from what it holds and remembers what it heard. `kept`: the lead is
   * on the device, in the ledger or as a press, so a failure that may pass leaves it waiting.
   * `resent`: sent by the page on its own; a lead past its week then leaves after this send.
   */
  async function send(
    lead: Lead,
    kept: boolean,
    events?: DeliveryEvents,
    resent = false,
  ): Promise<Named> {
    const { reference } = lead;
    const alone = (l: Lead): Ledger => known({ leads: [l], done: [] });
    const mine = alone(lead);
    const held = findLead(mine, reference);
    let current = held ?? lead;
    current = current.source ? current : { ...current, source: source() };
    // The registration it ended as, the emails' reference: a lead's, or the ledger's word for it.
    const named = (finished: Named): Named =>
      current.reference === reference ? finished : { reference: current.reference, ...finished };
    // Delivered, as this page heard (late answers too) or as the ledger says, though storage did
    // not keep how it left: written now.
    const gone = held ? undefined : leftAs(mine, lead);
    if (gone?.outcome === "sent" || !nextStep(current)) {
      update((l) => {
        const stored = findLead(l, reference);
        return stored && !nextStep(stored) ? without(l, stored, "sent", now()) : l;
      });
      return named(gone ?? sent(current));
    }
    // One budget for both emails; a challenge the visitor solves moves it by its own time.
    const within = { deadline: now() + REGISTRATION_BUDGET_MS, ...events };
    for (let step = nextStep(current); step; step = nextStep(current)) {
      const pressed = current;
      const result = await deliver(pressed, step, within);
      if (!result.ok && result.retryable) {
        // It waits, with the landing's source should this tab close, unless a late answer here or
        // in another tab ended it; not kept, it is kept now as a press. Its last chance taken, it
        // leaves.
        const ledger = update((l) => {
          if (findDone(l, reference)) return l;
          const kept = findLead(l, reference) ? l : press(l, pressed);
          const stored = findLead(kept, reference) ?? pressed;
          if (stored.lastChance && resent) return leaveForGood(kept, stored, now());
          return replaceLead(kept, { ...stored, source: stored.source ?? pressed.source });
        });
        return named(
          leftAs(ledger, pressed) ??
            (ledger || kept ? { outcome: "waiting" } : unsent(pressed, "failed")),
        );
      }
      if (result.ok) heard.push({ lead: pressed, step });
      const change = (l: Ledger) => answer(l, pressed, step, result.ok, now());
      // The ledger's word wins: a press in this page may have corrected the details meanwhile.
      let ledger = update(change) ?? change(alone(pressed));
      // Gone from storage with no word of how it left: this page goes on from what it holds.
      if (!findLead(ledger, reference) && !findDone(ledger, reference))
        ledger = change(alone(pressed));
      const next = findLead(ledger, reference);
      // Gone, or corrected since: the press that corrected it sends it, in its turn.
      if (!next || detailsKey(next.form) !== detailsKey(pressed.form)) {
        const left = leftAs(ledger, pressed);
        return named(
          left?.outcome === "refused"
            ? unsent(pressed, "refused")
            : (left ?? { outcome: "waiting" }),
        );
      }
      current = next;
    }
    return named(sent(current));
  }

  /**
   * Register Now: the press kept under `lead.reference` is sent in its turn, as the registration it
   * continues. `unkept`: storage refused the press (as the first-paint script made it; `lead`, as
   * the form holds it, stands for what it leaves out), applied at every write until one takes it.
   * `reference`: the registration's, when it is not the press's own (it continued one that waited,
   * or one the team has).
   */
  function registerNow(
    lead: Lead,
    events?: DeliveryEvents,
    unkept?: Partial<Press>,
  ): Promise<Named> {
    return withLock(async () => {
      // Finished, its presses are not applied again; told it failed and kept nowhere, it is not
      // sent later behind the visitor's back.
      const named = ({ reference, ...finished }: Named): Named => {
        const ended = [lead.reference, reference];
        if (finished.outcome !== "waiting")
          unwritten = unwritten.filter((p) => !ended.includes(p.reference));
        return reference === undefined || reference === lead.reference
          ? finished
          : { ...finished, reference };
      };
      const pending: Press | undefined = unkept && { ...lead, ...unkept };
      if (pending) unwritten.push(pending);
      // Written before anything is sent: the lead it sends is the one every later press finds.
      const written = update((l) => l);
      const ledger = written ?? read();
      let stored = findLead(ledger, lead.reference);
      const key = detailsKey(stored?.form ?? lead.form);
      const earlier = !stored?.delivered.length && teamHas.get(key);
      if (earlier) {
        // The same details again: the registration the team has continues in the new press's place.
        teamHas.delete(key);
        // Sent meanwhile (another tab had it): nothing is left to send.
        const left = leftAs(ledger, earlier);
        const continued = update((l) => {
          // The new press's lead, which other pages may have continued too, goes into it.
          const twin = findLead(l, lead.reference);
          if (left?.outcome === "sent")
            return twin ? without(l, twin, "sent", now(), earlier.reference) : l;
          const references = twin ? [twin.reference, ...(twin.aliases ?? [])] : [earlier.reference];
          const leads = l.leads.filter((kept) => kept !== twin);
          const done = l.done.filter(
            (record) => ![earlier.reference, ...references].includes(record.reference),
          );
          const aliases = [...(earlier.aliases ?? []), ...references].filter(
            (r) => r !== earlier.reference,
          );
          return replaceLead({ leads, done }, { ...earlier, ...(aliases.length && { aliases }) });
        });
        if (left?.outcome === "sent") return named({ reference: earlier.reference, ...left });
        return named({
          reference: earlier.reference,
          ...(await send(earlier, continued !== undefined, events)),
        });
      }
      // Another tab finished it while this one waited, and said how.
      const left = stored ? undefined : leftAs(ledger, lead);
      if (left) return named(left);
      // Not kept, or gone with no word of it: kept now, as a press, so the same details continue.
      // What this page heard may finish it at once (`send` says so).
      if (!stored) {
        const next = update((l) => press(l, lead)) ?? known(press(ledger, lead));
        stored = findLead(next, lead.reference);
      }
      // On the device, in the ledger or as the press the first-paint script kept.
      const kept = written !== undefined || !unkept;
      const sending = stored ?? lead;
      return named({ reference: sending.reference, ...(await send(sending, kept, events)) });
    });
  }

  /** Oldest first; a failure that may pass leaves the rest for the next chance. */
  function resend(
    told: (lead: Lead, finished: Finished) => void,
    events?: DeliveryEvents,
  ): Promise<void> {
    return withLock(async () => {
      for (const lead of (update((l) => l) ?? read()).leads) {
        const finished = await send(lead, true, events, true);
        told(lead, finished);
        if (finished.outcome === "waiting") return;
      }
    });
  }

  /** How a press of this page left the device; past its week and a day, by the page's clock. */
  function outcomeOf(lead: Pressed & { at?: number }): Finished | undefined {
    const ledger = read();
    const left = leftAs(ledger, lead);
    if (left) return left;
    const gone = lead.at !== undefined && !findLead(ledger, lead.reference);
    if (gone && now() - (lead.at ?? 0) >= KEEP_FOR_MS + DAY_MS) return { outcome: "expired" };
  }

  /** An email that answered after its send gave up: written down, so it is not sent again. */
  const lateAnswer = async (lead: Lead, step: Step, ok: boolean): Promise<boolean> => {
    if (!ok) return false;
    heard.push({ lead, step });
    return (await withLock(async () => update((l) => l))) !== undefined;
  };

  return { registerNow, resend, outcomeOf, lateAnswer };
}
