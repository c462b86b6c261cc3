// The first sign that a visitor is about to use the page, which is when the loader fetches and
// runs the islands (src/loader.ts). The first-paint script watches for it from <head>, so a sign
// given before the loader arrived is not missed. docs/decisions/0010-first-paint.md.

/** On <html> once the visitor has shown intent; with the event below, the loader's cue. */
export const INTENT = "data-intent";
export const INTENT_EVENT = "site:intent";
export const INTENT_EVENTS = [
  "pointerdown",
  "touchstart",
  "keydown",
  "focusin",
  "wheel",
  "scroll",
] as const;
/** Told by the loader when the islands' code could not be loaded. */
export const CODE_FAILED_EVENT = "site:code-failed";
/** On an element whose coming near the viewport is a sign too (the registration form). */
export const HYDRATE_NEAR = "data-hydrate-near";

/** Marks the first sign of intent on <html> and tells the loader, once. */
export function watchForIntent(doc: Document): void {
  const root = doc.documentElement;
  const options = { capture: true, passive: true } as const;
  const signal = () => {
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, signal, options);
    if (root.hasAttribute(INTENT)) return;
    root.setAttribute(INTENT, "");
    doc.dispatchEvent(new Event(INTENT_EVENT));
  };
  for (const type of INTENT_EVENTS) doc.addEventListener(type, signal, options);
}

/**
 * After code that did not download: tells the page (a pending Register Now comes back, nothing
 * waits on it) and calls `retry` at the visitor's next touch, key or submit.
 */
export function retryAtNextTouch(doc: Document, retry: () => void): void {
  doc.dispatchEvent(new Event(CODE_FAILED_EVENT));
  for (const type of [...INTENT_EVENTS, "submit"]) {
    doc.addEventListener(type, retry, { once: true, capture: true, passive: true });
  }
}

/** Calls `start` on the first intent, at once if it already happened. */
export function onIntent(doc: Document, start: () => void): void {
  if (doc.documentElement.hasAttribute(INTENT)) start();
  else doc.addEventListener(INTENT_EVENT, start, { once: true });
}
