import "./styles.css";
import interUrl from "./assets/fonts/inter-subset.woff2";
import { sectionIds } from "./content/sections.ts";
import { afterLoadAndPaint } from "./lib/after-load-and-paint.ts";
import { INTENT_EVENTS, onIntent, PENDING_SUBMIT } from "./lib/first-paint.ts";
import { interWeights } from "./lib/inter-weights.ts";
import { prefetchWhenIdle } from "./lib/prefetch.ts";

// The page's script module. The prerendered page paints and works without it: the first-paint
// script in <head> answers the menu, the in-page links and the form (lib/first-paint.ts). This
// loads React and the islands only when the visitor asks for them, on the first sign of intent
// or when the form comes near the viewport, so a page that is only read runs no more than this.
// Once the page has loaded and painted it adds the web font and fetches the islands' code at
// idle priority, without running it, so that asking costs no round trip.

let hydration: Promise<unknown> | undefined;

function hydrate() {
  hydration ??= import("./entry-client.tsx").catch((error: unknown) => {
    console.error("The page's interactive code could not be loaded.", error);
    // Nothing is left waiting on code that did not come: a pending Register Now comes back,
    // and the visitor's next touch tries again.
    for (const form of document.querySelectorAll(`[${PENDING_SUBMIT}]`)) {
      form.removeAttribute(PENDING_SUBMIT);
    }
    hydration = undefined;
    for (const type of [...INTENT_EVENTS, "submit"]) {
      document.addEventListener(type, hydrate, { once: true, capture: true, passive: true });
    }
  });
}

onIntent(document, hydrate);

const form = document.querySelector(`#${sectionIds.registration} form`);
if (form) {
  // Half a viewport ahead: by the time the form is in view its code runs.
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      hydrate();
    },
    { rootMargin: "0px 0px 50% 0px" },
  );
  near.observe(form);
}

void afterLoadAndPaint().then(() => {
  const inter = new FontFace("Inter Variable", `url(${interUrl}) format("woff2")`, {
    weight: `${interWeights.min} ${interWeights.max}`,
    display: "swap",
  });
  document.fonts.add(inter);
  void inter.load().catch(() => undefined);
  prefetchWhenIdle(document);
});
