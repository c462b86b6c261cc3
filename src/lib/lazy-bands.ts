// The bands below the fold are laid out only as they come near the view (`content-visibility:
// auto` in styles.css), so the first paint lays out what is on
// screen rather than the whole page. Until a band has been laid out its height is an estimate, so
// whatever needs true positions first lays out every band (this attribute on <html>): a jump by
// an in-page link (lib/smooth-scroll.ts), keyboard focus moving down the page, and a visit that
// starts somewhere other than the top (a fragment, or a reload or a return that restores a scroll
// offset). Without JavaScript the bands stay lazy and the browser's own jumps rely on its scroll
// anchoring; printing lays out every band by itself.

/** On <html> once every band has its true height. */
export const BANDS_LAID_OUT = "data-laid-out";

export function layOutAllBands(doc: Document): void {
  doc.documentElement.setAttribute(BANDS_LAID_OUT, "");
}

/** From <head>: lays out every band now, or at the first Tab. */
export function layOutBandsWhenNeeded(doc: Document): void {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (location.hash || navigation?.type !== "navigate") {
    layOutAllBands(doc);
    return;
  }
  // Before Tab moves focus, so the browser scrolls the next control into view by true positions.
  doc.addEventListener("keydown", (event) => event.key === "Tab" && layOutAllBands(doc), true);
}
