import "./styles.css";
import { afterLoadAndPaint } from "./lib/after-load-and-paint.ts";
import { HYDRATE_NEAR, onIntent, retryAtNextTouch } from "./lib/intent.ts";
import { islandFiles, islandsEntry, prefetch, prefetchWhenIdle } from "./lib/prefetch.ts";
import { warmSenderOnFormTouch } from "./lib/warm-sender.ts";

// The page's script module. The prerendered page paints and works without it: the first-paint
// script in <head> answers the menu, the in-page links and the form (lib/before-hydration.ts). This
// loads React and the islands only when the visitor asks for them, on the first sign of intent
// or when the form comes near the viewport, so a page that is only read runs no more than this.
// Once the page has loaded and painted it fetches the islands' code at idle priority, without
// running it, so that asking costs no round trip.
//
// The islands' entry is a build input of its own, named on <html> by the build
// (lib/prefetch.ts): imported by URL, it shares no module with this file and needs none of
// Vite's preload helper, so this stays the only script the page runs before it is used.

let hydration: Promise<unknown> | undefined;
let failures = 0;

function hydrate() {
  const entry = import.meta.env.DEV ? "/src/entry-client.tsx" : islandsEntry(document);
  if (!entry) return;
  // A browser may keep a failed import as failed for the page's lifetime, so each new try asks
  // for the entry under a URL of its own (src/islands-entry.ts says why that is safe).
  const url = failures === 0 ? entry : `${entry}?try=${failures + 1}`;
  // The entry is a one-line facade: the code it imports is fetched alongside, not after it.
  if (!import.meta.env.DEV) prefetch(document, islandFiles(document).slice(1));
  hydration ??= import(/* @vite-ignore */ url).catch((error: unknown) => {
    console.error("The page's interactive code could not be loaded.", error);
    failures += 1;
    hydration = undefined;
    retryAtNextTouch(document, hydrate);
  });
}

onIntent(document, hydrate);

// A registration kept on this device waits to be sent (src/registration/keep-lead.ts, whose key
// this spells out: the loader shares no module with the islands). Then the form's code runs now
// and sends it; otherwise this costs one look at storage, and no request.
try {
  if (localStorage.getItem("kept-registrations")) hydrate();
} catch {
  // Storage denied: nothing can wait in it.
}

// Half a viewport ahead: by the time the form is in view its code runs.
const near = new IntersectionObserver(
  (entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    near.disconnect();
    hydrate();
  },
  { rootMargin: "0px 0px 50% 0px" },
);
for (const element of document.querySelectorAll(`[${HYDRATE_NEAR}]`)) near.observe(element);

warmSenderOnFormTouch(document);

void afterLoadAndPaint().then(() => prefetchWhenIdle(document, () => hydration === undefined));
