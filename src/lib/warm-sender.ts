// The first touch of the form fetches the sender and opens the connection to the email service,
// so Register Now waits for neither; a visitor who only reads fetches nothing of it.
import { prefetch } from "./prefetch.ts";

/** On <html>: the sender's files beyond the islands' (scripts/optimize-page.ts). */
export const SENDER_ATTRIBUTE = "data-sender";
/** On <html> when the emails go to another origin (EmailJS): the origin to preconnect to. */
export const EMAIL_ORIGIN_ATTRIBUTE = "data-email-origin";
/** Not `pointerdown`: a swipe over the form is reading. `input`: autofill may come untouched. */
const FORM_TOUCHES = ["focusin", "click", "input"];

/** Touched before the loader ran: the focus is in the form, or a field holds a value. */
function touchedAlready(form: HTMLFormElement): boolean {
  return (
    form.contains(form.ownerDocument.activeElement) ||
    [...form.querySelectorAll("input")].some((input) =>
      input.type === "checkbox" ? input.checked : input.value !== "",
    )
  );
}

export function warmSenderOnFormTouch(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>("#registration form");
  const root = doc.documentElement;
  const files = root.getAttribute(SENDER_ATTRIBUTE)?.split(" ");
  if (!form || !files) return;
  const warm = () => {
    for (const type of FORM_TOUCHES) form.removeEventListener(type, warm, true);
    const origin = root.getAttribute(EMAIL_ORIGIN_ATTRIBUTE);
    if (origin) prefetch(doc, [origin], "preconnect");
    prefetch(doc, files, "modulepreload");
  };
  if (touchedAlready(form)) warm();
  else for (const type of FORM_TOUCHES) form.addEventListener(type, warm, true);
}

/** lib/before-hydration.ts's, spelled out: the loader shares no module with the islands. */
const PENDING_SUBMIT = "data-pending-submit";

/**
 * Register Now pressed before the form's code ran: the sender, which needs no React, is run now
 * and sends it as it loads (src/registration/registration-sender.ts), while React still loads.
 */
export function sendPressedBeforeHydration(doc: Document): void {
  const sender = doc.documentElement.getAttribute(SENDER_ATTRIBUTE)?.split(" ")[0];
  const form = doc.querySelector<HTMLFormElement>("#registration form");
  if (!sender || !form) return;
  const send = () => {
    if (!form.hasAttribute(PENDING_SUBMIT)) return;
    doc.removeEventListener("submit", send, true);
    // A failure is the form's to handle once it runs.
    import(/* @vite-ignore */ sender).catch(() => {});
  };
  doc.addEventListener("submit", send, true);
  send();
}
