// Watched from <head> by the first-paint script, so a sign given before the loader arrived is not
// missed.

/** On <html> once the visitor has shown intent. */
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
export const CODE_FAILED_EVENT = "site:code-failed";
/** On an element whose coming near the viewport is a sign too (the registration form). */
export const HYDRATE_NEAR = "data-hydrate-near";

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

/** At the next touch, or when the connection returns (a press may be waiting for the code). */
export function retryAtNextTouch(doc: Document, retry: () => void): void {
  doc.dispatchEvent(new Event(CODE_FAILED_EVENT));
  for (const type of [...INTENT_EVENTS, "submit"]) {
    doc.addEventListener(type, retry, { once: true, capture: true, passive: true });
  }
  doc.defaultView?.addEventListener("online", retry, { once: true });
}

export function onIntent(doc: Document, start: () => void): void {
  if (doc.documentElement.hasAttribute(INTENT)) start();
  else doc.addEventListener(INTENT_EVENT, start, { once: true });
}
