// Not a tag: a request made while the page paints delays its largest paint on a slow connection.
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
  if (doc.readyState === "complete") start();
  else win.addEventListener("load", start, { once: true });
}
