/** A section's box, relative to the viewport, as `getBoundingClientRect` gives it. */
export type SectionBox<Id extends string> = { id: Id; top: number; bottom: number };

export type ReadingView = {
  /** Height of the fixed header that covers the top of the viewport. */
  headerHeight: number;
  viewportHeight: number;
  /** The page cannot scroll any further down. */
  atBottom: boolean;
};

/**
 * Where the eye reads: a third of the way down the part of the viewport below the header. A
 * section an in-page link has just landed (its top at the scroll padding) is above this line,
 * and one that merely peeks in at the bottom of the screen is not yet.
 */
export function readingLine({ headerHeight, viewportHeight }: ReadingView): number {
  return headerHeight + Math.max(0, viewportHeight - headerHeight) / 3;
}

/**
 * Picks the section the visitor is reading: the one that spans the reading line, or none (the
 * hero, or a band that has no nav link). At the very bottom of the page the last section in
 * view wins, because a short last section may never reach the line.
 * `sections` are in page order.
 */
export function pickActiveSection<Id extends string>(
  sections: readonly SectionBox<Id>[],
  view: ReadingView,
): Id | null {
  if (view.atBottom) {
    const inView = sections.filter(
      (section) => section.top < view.viewportHeight && section.bottom > view.headerHeight,
    );
    const last = inView.at(-1);
    if (last) return last.id;
  }
  const line = readingLine(view);
  const spanning = sections.find((section) => section.top <= line && section.bottom > line);
  return spanning?.id ?? null;
}

/** docs/spec-facts.md: scroll-spy updates at most every 66 ms. */
export const SCROLL_SPY_THROTTLE_MS = 66;

/** Runs `fn` at most once per `wait` ms, always finishing with the latest call. */
export function throttle<Args extends unknown[]>(fn: (...args: Args) => void, wait: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Args | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const throttled = (...args: Args) => {
    pending = args;
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0 && timer === undefined) run();
    else timer ??= setTimeout(run, Math.max(0, remaining));
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
