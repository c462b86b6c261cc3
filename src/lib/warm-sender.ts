// The first touch of the form fetches the sender and opens the connection to the email service,
// so Register Now waits for neither; a visitor who only reads fetches nothing of it. A press
// before the form's code ran runs the sender at once: it needs no React, and sends the press as
// it loads (src/registration/registration-sender.ts), while React still loads.
import { prefetch } from "./prefetch.ts";

/** On <html>: the sender's files, its own first (scripts/optimize-page.ts). */
export const SENDER_ATTRIBUTE = "data-sender";
/** On <html> when the emails go to another origin (EmailJS): the origin to preconnect to. */
export const EMAIL_ORIGIN_ATTRIBUTE = "data-email-origin";
/** Not `pointerdown`: a swipe over the form is reading. `input`: autofill may come untouched. */
const FORM_TOUCHES = ["focusin", "click", "input"];
/** lib/before-hydration.ts's, spelled out: the loader shares no module with the islands. */
const PENDING_SUBMIT = "data-pending-submit";

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
  if (!form || !files?.[0]) return;
  const sender = files[0];
  const warm = () => {
    for (const type of FORM_TOUCHES) form.removeEventListener(type, warm, true);
    const origin = root.getAttribute(EMAIL_ORIGIN_ATTRIBUTE);
    if (origin) prefetch(doc, [origin], "preconnect");
    prefetch(doc, files, "modulepreload");
  };
  const sendPressed = () => {
    if (!form.hasAttribute(PENDING_SUBMIT)) return;
    doc.removeEventListener("submit", sendPressed, true);
    // A failure is the form's to handle once it runs.
    import(/* @vite-ignore */ sender).catch(() => {});
  };
  if (touchedAlready(form)) warm();
  else for (const type of FORM_TOUCHES) form.addEventListener(type, warm, true);
  doc.addEventListener("submit", sendPressed, true);
  sendPressed();
}
