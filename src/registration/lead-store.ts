// The ledger's browser parts: localStorage, the send lock, and the press the first-paint script
// keeps with this file and ledger.ts alone, whether or not the page's other code ever arrives.
import {
  emptyLedger,
  expire,
  keepPress,
  makeReference,
  parseLedger,
  serializeLedger,
  type Ledger,
  type Press,
} from "./ledger.ts";
import { LEAD_ATTRIBUTE, UNKEPT } from "../lib/before-hydration.ts";
import { LEDGER_KEY, PRESS_PREFIX, readRegistrationForm } from "./registration-data.ts";

export type KeyValueStorage = Pick<
  Storage,
  "getItem" | "setItem" | "removeItem" | "key" | "length"
>;

export type LedgerStore = ReturnType<typeof createLedgerStore>;

let warned = false;
function warnOnce(problem: unknown) {
  if (warned) return;
  warned = true;
  console.warn("Registration storage on this device:", problem);
}

export function createLedgerStore(
  storage: () => KeyValueStorage = () => localStorage,
  now: () => number = Date.now,
  warn: (problem: unknown) => void = warnOnce,
) {
  /**
   * The ledger with the presses kept beside it applied, and those storage refused (`unkept`, the
   * page's own), all in the order they were made; expired leads marked.
   */
  const look = (unkept: readonly Press[]) => {
    const kept = storage();
    const text = kept.getItem(LEDGER_KEY);
    const keys: string[] = [];
    for (let i = 0; i < kept.length; i++) {
      const key = kept.key(i);
      if (key?.startsWith(PRESS_PREFIX)) keys.push(key);
    }
    const { ledger, damaged } = parseLedger(text, [
      ...keys.map((key) => kept.getItem(key) ?? ""),
      ...unkept.map((p) => JSON.stringify(p)),
    ]);
    if (damaged) warn(`a damaged entry (${damaged})`);
    return { kept, text, keys, ledger: expire(ledger, now()) };
  };
  /**
   * Read, changed and written in one task, under the send lock: the new ledger, or undefined if
   * storage refused. The presses it applied leave their keys.
   */
  const update = (
    change: (ledger: Ledger) => Ledger,
    unkept: readonly Press[] = [],
  ): Ledger | undefined => {
    try {
      const { kept, text, keys, ledger } = look(unkept);
      // A later version of the page wrote it: that version sends it.
      if (ledger.foreign) return undefined;
      const next = change(ledger);
      const written = serializeLedger(next);
      if (written !== text) {
        if (written === null) kept.removeItem(LEDGER_KEY);
        else kept.setItem(LEDGER_KEY, written);
      }
      // Only once the ledger holds them: refused, the presses stay for the next read.
      for (const key of keys) kept.removeItem(key);
      return next;
    } catch (error) {
      warn(error);
      return undefined;
    }
  };
  /** A look that writes nothing: any tab may make it at any time. */
  const read = (unkept: readonly Press[] = []): Ledger => {
    try {
      const { ledger } = look(unkept);
      return ledger.foreign ? emptyLedger : ledger;
    } catch (error) {
      warn(error);
      return emptyLedger;
    }
  };
  return { update, read };
}

/** How long a tab keeps the send lock it took ahead of Register Now, after the last touch. */
const HOLD_MS = 10_000;

let hold: { granted: Promise<void>; isGranted: boolean; extend: () => void } | undefined;
/** This tab's sends, one after another. */
let turn: Promise<unknown> | undefined;
let waiting = 0;

/** In this tab, one at a time; at once, in the caller's task, when nothing is before it. */
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const result = waiting++ && turn ? turn.then(run) : new Promise<T>((resolve) => resolve(run()));
  turn = result.catch(() => {}).finally(() => waiting--);
  return result;
}

/**
 * Every send waits its turn across tabs, and reads the ledger only once it has it. Web Locks are
 * released by a tab that closes or crashes. Without them a tab still sends one at a time.
 */
export function withSendLock<T>(run: () => Promise<T>): Promise<T> {
  if (hold) return hold.isGranted ? inTurn(run) : hold.granted.then(() => inTurn(run));
  return navigator.locks ? navigator.locks.request(LEDGER_KEY, run) : inTurn(run);
}

/**
 * The visitor started on the form: the tab takes the send lock now, so Register Now does not wait
 * for its grant (a task or more: 50–80 ms on a slow phone). It lets go when the tab is hidden, or
 * HOLD_MS after the last touch, never while it sends.
 */
export function holdSendLock(): void {
  const { locks } = navigator;
  if (hold || !locks) return hold?.extend();
  let letGo = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    if (hold !== current) return;
    hold = undefined;
    clearTimeout(timer);
    removeEventListener("visibilitychange", onHide);
    void current.granted.then(() => turn).then(() => letGo());
  };
  const onHide = () => document.visibilityState === "hidden" && release();
  const current = {
    isGranted: false,
    granted: new Promise<void>((granted) => {
      void locks.request(LEDGER_KEY, () => {
        current.isGranted = true;
        granted();
        return new Promise<void>((done) => (letGo = done));
      });
    }),
    extend() {
      clearTimeout(timer);
      timer = setTimeout(release, HOLD_MS);
    },
  };
  hold = current;
  current.extend();
  addEventListener("visibilitychange", onHide);
}

/** The page's last press: pressed again unchanged, it is the same registration. */
let lastPressed: Press | undefined;

/**
 * Every Register Now with consent, kept before anything is sent, under a key of its own, and named
 * on the form. Storage refused, the form's code sends the press from the page alone.
 */
export function keepPressed(form: HTMLFormElement, storage?: KeyValueStorage): void {
  // The registration form is the page's only form with a consent box.
  const { values, consent, honeypot } = readRegistrationForm(form);
  if (!consent) return;
  const fresh = makeReference();
  const kept = keepPress(
    { at: Date.now(), form: values, honeypot },
    form.getAttribute(LEAD_ATTRIBUTE),
    lastPressed,
    fresh,
  );
  lastPressed = kept;
  form.setAttribute(LEAD_ATTRIBUTE, kept.reference);
  try {
    (storage ?? localStorage).setItem(PRESS_PREFIX + fresh, JSON.stringify(kept));
    form.removeAttribute(UNKEPT);
  } catch {
    // Full or denied: the sender applies the press from the page, and says if nothing waits.
    form.setAttribute(UNKEPT, JSON.stringify(kept));
  }
}
