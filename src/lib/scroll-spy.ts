export type SectionBox<Id extends string> = { id: Id; top: number; bottom: number };

export type ReadingView = {
  headerHeight: number;
  viewportHeight: number;
  atBottom: boolean;
};

/**
 * A third of the way down the viewport below the header: a section an in-page link has just
 * landed is above it, one that merely peeks in at the bottom is not.
 */
export function readingLine({ headerHeight, viewportHeight }: ReadingView): number {
  return headerHeight + Math.max(0, viewportHeight - headerHeight) / 3;
}

/**
 * The section (in page order) that spans the reading line, or none. At the very bottom the last
 * one in view wins: a short last section may never reach the line.
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
