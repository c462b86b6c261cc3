// The loader (src/loader.ts) is requested by the first-paint script, not by a tag of the page:
// at `load`, or at the visitor's first sign of intent if that comes sooner. A request the page
// makes while it is still being painted is on the way of its largest paint on a slow connection
// (decision 0004); until the visitor acts, nothing needs the loader before `load`. Controls
// answer from the first paint regardless (lib/first-paint.ts).
import { onIntent, retryAtNextTouch } from "./intent.ts";

/** On <html>: the loader's file, named by the build (scripts/optimize-page.ts). */
export const LOADER_ATTRIBUTE = "data-loader";

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
    // A browser may keep a failed module script failed for the page's lifetime: a new URL each try.
    script.src = tries === 1 ? src : `${src}?try=${tries}`;
    script.addEventListener("error", () => {
      script.remove();
      started = false;
      retryAtNextTouch(doc, start);
    });
    doc.head.append(script);
  };
  onIntent(doc, start);
  if (doc.readyState === "complete") start();
  else win.addEventListener("load", start, { once: true });
}
