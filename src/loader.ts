import "./styles.css";
import interUrl from "./assets/fonts/inter-subset.woff2";
import { interWeights } from "./lib/inter-weights.ts";

// The only script in the HTML. The prerendered page paints without JavaScript and without its
// web font (the metric-matched "Inter Fallback" takes Inter's room, so the swap moves nothing).
// Both the font and the islands' code wait until the page has loaded AND painted: on a slow
// phone `load` can come before the first paint, and neither may compete with it.

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === "complete") resolve();
  else window.addEventListener("load", () => resolve(), { once: true });
});

const painted = new Promise<void>((resolve) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    resolve();
  }).observe({ type: "paint", buffered: true });
});

void Promise.all([loaded, painted]).then(() => {
  const inter = new FontFace("Inter Variable", `url(${interUrl}) format("woff2")`, {
    weight: `${interWeights.min} ${interWeights.max}`,
    display: "swap",
  });
  document.fonts.add(inter);
  void inter.load().catch(() => undefined);
  void import("./entry-client.tsx");
});
