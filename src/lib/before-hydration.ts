// Run from <head> by the first-paint script. docs/decisions/0010-first-paint.md.
import { CODE_FAILED_EVENT } from "./intent.ts";

// Until an island's container carries `data-hydrated`, this code answers inside it and React
// never sees the event (stopped at the document, before React's listeners on the container).
// The islands adopt from the DOM what was done before them.

export const HYDRATED = "data-hydrated";
/** On the registration form: Register Now was pressed before the form's code ran. */
export const PENDING_SUBMIT = "data-pending-submit";
/** On the registration form: the reference of the page's registration not yet finished. */
export const LEAD_ATTRIBUTE = "data-lead";
/** On the registration form: storage refused its last press, which only the page holds. */
export const UNKEPT = "data-unkept";
/** On the registration form: a press kept while the page's code could not be had (CSS says so). */
export const KEPT_OFFLINE = "data-kept-offline";
/** On a button of an island: pressed before the island ran; the island replays the click. */
export const PENDING_CLICK = "data-pending-click";
/** The menu toggle: `aria-controls` names the menu it shows and hides. */
export const MENU_TOGGLE = "[data-menu-toggle]";
/**
 * The element, first in a fieldset that the prerender disables (so nothing is sent without
 * JavaScript), that enables it once the first-paint script has defined it.
 */
export const ENABLES_ITS_FIELDSET = "enables-its-fieldset";

const islandOf = (element: Element) => element.closest("[data-island]");

export function beforeHydration(element: Element): boolean {
  const island = islandOf(element);
  return island !== null && !island.hasAttribute(HYDRATED);
}

export function setMenuOpen(toggle: Element, open: boolean): void {
  toggle.setAttribute("aria-expanded", String(open));
  const menu = toggle.ownerDocument.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (menu) menu.hidden = !open;
}

function openToggleBeforeHydration(doc: Document): Element | null {
  const toggle = doc.querySelector(`${MENU_TOGGLE}[aria-expanded="true"]`);
  return toggle && beforeHydration(toggle) ? toggle : null;
}

/**
 * Enables the form's controls as the parser inserts them: the custom element's
 * `connectedCallback` runs as the parser inserts it, before its fieldset's controls exist, so the
 * visitor never sees the form disabled. Without JavaScript it stays an unknown element and the
 * fieldset stays disabled (nothing could send it). An element, not an observer of the whole
 * document: an observer's records and queries cost every chunk of the parse.
 */
export function enableFormControls(): void {
  customElements.define(
    ENABLES_ITS_FIELDSET,
    class extends HTMLElement {
      connectedCallback() {
        if (this.parentElement instanceof HTMLFieldSetElement) this.parentElement.disabled = false;
      }
    },
  );
}

export function answerBeforeHydration(
  doc: Document,
  onSubmit: (form: HTMLFormElement) => void = () => {},
): void {
  doc.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !beforeHydration(target)) return;
      const toggle = target.closest(MENU_TOGGLE);
      if (toggle) {
        event.stopPropagation();
        setMenuOpen(toggle, toggle.getAttribute("aria-expanded") !== "true");
        return;
      }
      // A link in the open menu closes it, as the header does; the link itself still works.
      if (target.closest("a")) {
        const open = openToggleBeforeHydration(doc);
        const menu = open && doc.getElementById(open.getAttribute("aria-controls") ?? "");
        if (open && menu?.contains(target)) setMenuOpen(open, false);
        return;
      }
      // Any other button of an island (the video's play button) is pressed again once its
      // island runs. Submit buttons are left alone: their submit event is handled below.
      const button = target.closest('button[type="button"]');
      if (button) {
        event.stopPropagation();
        button.setAttribute(PENDING_CLICK, "");
      }
    },
    { capture: true },
  );
  doc.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape") return;
      const open = openToggleBeforeHydration(doc);
      if (!open) return;
      event.stopPropagation();
      setMenuOpen(open, false);
      if (open instanceof HTMLElement) open.focus();
    },
    { capture: true },
  );
  // Every Register Now goes to `onSubmit` first (the registration keeps it); before the form's
  // code ran, it is not sent by the browser, and not lost either.
  doc.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      onSubmit(form);
      if (!beforeHydration(form)) return;
      event.preventDefault();
      event.stopPropagation();
      form.setAttribute(PENDING_SUBMIT, "");
    },
    { capture: true },
  );
  // Nothing is left waiting on code that did not come (the loader retries at the next touch). A
  // press kept on the device (registration/lead-store.ts) says so, in words CSS shows.
  doc.addEventListener(CODE_FAILED_EVENT, () => {
    for (const form of doc.querySelectorAll(`[${PENDING_SUBMIT}]`)) {
      form.removeAttribute(PENDING_SUBMIT);
      if (form.hasAttribute(LEAD_ATTRIBUTE) && !form.hasAttribute(UNKEPT))
        form.setAttribute(KEPT_OFFLINE, "");
    }
  });
}
