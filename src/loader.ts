import "./styles.css";
import interUrl from "./assets/fonts/inter-subset.woff2";
import { afterLoadAndPaint } from "./lib/after-load-and-paint.ts";
import { interWeights } from "./lib/inter-weights.ts";

// The only script in the HTML. The prerendered page paints without JavaScript and without its
// web font (the metric-matched "Inter Fallback" takes Inter's room, so the swap moves nothing).
// Both the font and the islands' code wait until the page has loaded AND painted: on a slow
// phone `load` can come before the first paint, and neither may compete with it. The wait is
// bounded, as not every browser reports the paint (lib/after-load-and-paint.ts).

void afterLoadAndPaint().then(() => {
  const inter = new FontFace("Inter Variable", `url(${interUrl}) format("woff2")`, {
    weight: `${interWeights.min} ${interWeights.max}`,
    display: "swap",
  });
  document.fonts.add(inter);
  void inter.load().catch(() => undefined);
  void import("./entry-client.tsx");
});
