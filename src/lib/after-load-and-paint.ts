export const PAINT_FALLBACK_MS = 1000;

export type PageSignals = {
  document: { readyState: DocumentReadyState };
  addEventListener: (type: "load", listener: () => void, options: { once: true }) => void;
  requestAnimationFrame: (callback: () => void) => unknown;
  setTimeout: (callback: () => void, ms: number) => unknown;
  PerformanceObserver?: typeof PerformanceObserver;
};

function loaded(page: PageSignals): Promise<void> {
  return new Promise((resolve) => {
    if (page.document.readyState === "complete") resolve();
    else page.addEventListener("load", () => resolve(), { once: true });
  });
}

function painted(page: PageSignals, fallbackMs: number): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    const Observer = page.PerformanceObserver;
    if (Observer?.supportedEntryTypes?.includes("paint")) {
      observer = new Observer(done);
      observer.observe({ type: "paint", buffered: true });
    }
    // The paint entry may never come (Firefox opened at a fragment, a background tab): then two
    // animation frames, or the timeout where frames do not run.
    page.requestAnimationFrame(() => page.requestAnimationFrame(done));
    page.setTimeout(done, fallbackMs);
  });
}

/** Resolves after `load` and the first paint, or after a bounded wait where no paint is reported. */
export async function afterLoadAndPaint(
  page: PageSignals = window,
  fallbackMs = PAINT_FALLBACK_MS,
): Promise<void> {
  await loaded(page);
  await painted(page, fallbackMs);
}
