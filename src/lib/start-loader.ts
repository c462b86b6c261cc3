// Not a tag: a request made while the page paints delays its largest paint on a slow connection.
import { onIntent, retryAtNextTouch } from "./intent.ts";

/** On <html>: the loader's file, named by the build (scripts/optimize-page.ts). */
export const LOADER_ATTRIBUTE = "data-loader";

/** The ledger's key and its presses' prefix (registration/registration-data.ts), spelled out. */
const KEPT = "kept-registrations";

/**
 * A registration waits on the device: a lead in the ledger (a record of how one left holds no
 * "form" and waits for nothing), or a press under a key of its own. Storage denied: none can.
 */
export function registrationWaits(win: Pick<Window, "localStorage"> = window): boolean {
  try {
    const storage = win.localStorage;
    return (
      !!storage.getItem(KEPT)?.includes('"form"') ||
      Object.keys(storage).some((key) => key.startsWith(`${KEPT}:`))
    );
  } catch {
    return false;
  }
}

/**
 * Requests the loader at the visitor's first sign of intent (a deep link's scroll to the form is
 * one), or at `load` when a registration kept on the device waits: a page that is only read runs
 * nothing but this script (docs/performance.md).
 */
export function startLoaderWhenNeeded(doc: Document, win: Window = window): void {
  const src = doc.documentElement.getAttribute(LOADER_ATTRIBUTE);
  // In `npm run dev` the page names the loader itself, as a module script.
  if (!src) return;
  let tries = 0;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    tries += 1;
    const script = doc.createElement("script");
    script.type = "module";
    // A browser may keep a failed module script failed for the page's lifetime.
    script.src = tries === 1 ? src : `${src}?try=${tries}`;
    script.addEventListener("error", () => {
      script.remove();
      started = false;
      retryAtNextTouch(doc, start);
    });
    doc.head.append(script);
  };
  onIntent(doc, start);
  // A registration kept on the device waits to be sent: the loader wakes the form's code for it.
  // Checked in a task of its own, after `load`'s: the first read of storage waits on the browser
  // (a few ms, on every visit), and an input that arrives meanwhile goes first.
  const atLoad = () => win.setTimeout(() => registrationWaits(win) && start());
  if (doc.readyState === "complete") atLoad();
  else win.addEventListener("load", atLoad, { once: true });
}
