// One tab at a time, each email once, and nothing left on the device once both emails are
// delivered, the lead expired, or a failure came that waiting cannot cure.
import { forgetVisitSource, readVisitSource } from "../lib/visit-source.ts";
import { hasKeptLeads, KEPT_LEADS_KEY, storageProblem, storageUsable } from "./keep-lead.ts";
import {
  isOtherVersion,
  parseLeads,
  serializeLeads,
  withLead,
  withoutLead,
  type KeptLead,
} from "./kept-lead.ts";
import type { Submission, SubmitEvents, SubmitResult } from "./registration-flow.ts";

type Submit = (submission: Submission, events: SubmitEvents) => Promise<SubmitResult>;

function write(leads: readonly KeptLead[]): void {
  try {
    if (leads.length) localStorage.setItem(KEPT_LEADS_KEY, serializeLeads(leads));
    else localStorage.removeItem(KEPT_LEADS_KEY);
  } catch (error) {
    storageProblem(error);
  }
}

/**
 * Expired leads are removed now; a damaged entry too (it would wake the page's code on every
 * visit) unless a later version of the page wrote it.
 */
export function readKeptLeads(now = Date.now()): KeptLead[] {
  if (!storageUsable()) return [];
  let text: string | null;
  try {
    text = localStorage.getItem(KEPT_LEADS_KEY);
  } catch (error) {
    storageProblem(error);
    return [];
  }
  const { leads, expired, damaged } = parseLeads(text, now);
  if (damaged) {
    storageProblem(`a damaged entry (${damaged})`);
    if (!isOtherVersion(text)) {
      try {
        localStorage.removeItem(KEPT_LEADS_KEY);
      } catch {
        // The warning is out and nothing is kept.
      }
    }
    return [];
  }
  if (expired) write(leads);
  return leads;
}

const keptLead = (reference: string, leads = readKeptLeads()) =>
  leads.find((kept) => kept.reference === reference);

/** A lead no longer kept (done, or sent by another tab) stays gone. */
function updateLead(reference: string, change: Partial<KeptLead>): void {
  const leads = readKeptLeads();
  const lead = keptLead(reference, leads);
  if (lead) write(withLead(leads, { ...lead, ...change }) ?? []);
}

const forgetLead = (reference: string) => {
  const leads = readKeptLeads();
  if (keptLead(reference, leads)) write(withoutLead(leads, reference));
};

let queue: Promise<unknown> = Promise.resolve();
let running = 0;

/** In this tab's own turn: at once, in the caller's task, when nothing is before it. */
function inTab<T>(run: () => Promise<T>): Promise<T> {
  const previous = queue;
  const idle = running === 0;
  running += 1;
  let finished = () => {};
  // Set before `run` starts, so whatever it starts in turn waits for it.
  queue = new Promise<void>((resolve) => (finished = resolve));
  const result = idle ? new Promise<T>((resolve) => resolve(run())) : previous.then(run);
  void result
    .catch(() => undefined)
    .then(() => {
      running -= 1;
      finished();
    });
  return result;
}

/** How long a tab keeps the send lock it took ahead of Register Now, after the last touch. */
const HOLD_MS = 10_000;

type Hold = {
  granted: Promise<void>;
  isGranted: () => boolean;
  release: () => void;
  extend: () => void;
};
let hold: Hold | undefined;

/**
 * Every send waits its turn across tabs, and reads what is kept only once it has it. Web Locks
 * are released by a tab that closes or crashes, with no lease to expire.
 */
function withSendLock<T>(run: () => Promise<T>): Promise<T> {
  const { locks } = navigator;
  if (hold) return hold.isGranted() ? inTab(run) : hold.granted.then(() => inTab(run));
  // Without Web Locks tabs are not told apart, but a tab sends one at a time.
  return locks ? locks.request(KEPT_LEADS_KEY, run) : inTab(run);
}

/**
 * The visitor started on the form: the tab takes the send lock now, so that Register Now does
 * not wait for its grant (a task or more: 50–80 ms on a slow phone). It lets go when the tab is
 * hidden, when its registration ends, or HOLD_MS after the last touch, never while it sends.
 */
export function holdSendLock(): void {
  const { locks } = navigator;
  if (!locks) return;
  if (hold) return hold.extend();
  let letGo = () => {};
  let isGranted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const granted = new Promise<void>((grant) => {
    void locks.request(KEPT_LEADS_KEY, () => {
      isGranted = true;
      grant();
      return new Promise<void>((done) => (letGo = done));
    });
  });
  const onHide = () => {
    if (document.visibilityState === "hidden") current.release();
  };
  const current: Hold = {
    granted,
    isGranted: () => isGranted,
    release: () => {
      if (hold !== current) return;
      hold = undefined;
      clearTimeout(timer);
      removeEventListener("visibilitychange", onHide);
      void granted.then(() => queue).then(() => letGo());
    },
    extend: () => {
      clearTimeout(timer);
      timer = setTimeout(current.release, HOLD_MS);
    },
  };
  hold = current;
  current.extend();
  addEventListener("visibilitychange", onHide);
}

/** `waiting`: the lead waits on the device for the page to send it again. */
export type Sent = { result: SubmitResult; waiting: boolean };

export function createLeadSender(submit: Submit) {
  /** Leads this page gave up on (a failure waiting cannot cure): gone, but not sent. */
  const refused = new Set<string>();

  async function send(
    lead: KeptLead,
    kept: boolean,
    events: SubmitEvents = {},
  ): Promise<SubmitResult> {
    refused.delete(lead.reference);
    // Read in the tab that registers: the landing's source lives in that tab's session. It is
    // kept with the first progress, written in the task that sends the admin email.
    const source = lead.source ?? readVisitSource();
    const result = await submit(
      {
        ...lead.form,
        honeypot: lead.honeypot,
        source,
        reference: lead.reference,
        at: new Date(lead.at),
        delivered: lead.delivered,
      },
      {
        ...events,
        onProgress: (progress) => {
          if (kept) updateLead(lead.reference, { ...progress, source });
        },
      },
    );
    if (result.ok) {
      // Nothing about the visitor stays behind: the lead, and the landing's source it carried.
      if (kept) forgetLead(lead.reference);
      forgetVisitSource();
    } else if (!result.retryable) {
      // Not to be sent by itself: the error toast offers the visitor to email the team instead.
      refused.add(lead.reference);
      if (kept) forgetLead(lead.reference);
    }
    return result;
  }

  /** `kept`: whether the form could keep `lead` on the device. */
  async function registerNow(
    lead: KeptLead,
    kept: boolean,
    events: SubmitEvents = {},
  ): Promise<Sent> {
    const result = await withSendLock(async (): Promise<SubmitResult> => {
      if (!kept) return send(lead, false, events);
      // Another tab may have sent some or all of it while this one waited: gone, it was sent.
      const stored = keptLead(lead.reference);
      if (stored) return send(stored, true, events);
      // Unless the entry turned out damaged and went, this lead with it.
      return storageUsable()
        ? { ok: true, studentEmailed: !lead.honeypot }
        : send(lead, false, events);
    });
    // Its turn is over: other tabs may send what waits.
    hold?.release();
    return {
      result,
      waiting: !result.ok && result.retryable && keptLead(lead.reference) !== undefined,
    };
  }

  /**
   * Oldest first. A tab that waited for another finds what that tab sent gone: `mine()`, the
   * page's own unfinished lead, gone and not refused, was sent there, and its visitor sees the
   * success here too. A failure that may pass leaves the rest for next time.
   */
  async function resendKeptLeads(
    sent: (lead: KeptLead, result: SubmitResult) => void,
    mine: () => KeptLead | undefined,
  ): Promise<void> {
    if (!navigator.onLine) return;
    await withSendLock(async () => {
      const leads = readKeptLeads();
      const own = mine();
      if (
        own &&
        storageUsable() &&
        !refused.has(own.reference) &&
        !leads.some((kept) => kept.reference === own.reference)
      )
        sent(own, { ok: true, studentEmailed: !own.honeypot });
      for (const lead of leads) {
        const result = await send(lead, true);
        sent(lead, result);
        if (!result.ok && result.retryable) return;
      }
    });
  }

  /** After a look that drops what expired. */
  const leadsWaiting = (): boolean => hasKeptLeads() && readKeptLeads().length > 0;

  return { registerNow, resendKeptLeads, leadsWaiting };
}
