import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterLoadAndPaint, PAINT_FALLBACK_MS, type PageSignals } from "./after-load-and-paint.ts";

/** A page whose load, paint entries and animation frames the test releases by hand. */
function fakePage({ reportsPaint = true, readyState = "loading" as DocumentReadyState } = {}) {
  const onLoad: (() => void)[] = [];
  let frames: (() => void)[] = [];
  const observers: (() => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = reportsPaint ? ["paint", "largest-contentful-paint"] : [];
    constructor(private callback: () => void) {}
    observe() {
      observers.push(() => this.callback());
    }
    disconnect() {}
  }
  const page: PageSignals = {
    document: { readyState },
    addEventListener: (_type, listener) => onLoad.push(listener),
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
  };
  return {
    page,
    load: () => onLoad.forEach((listener) => listener()),
    paint: () => observers.forEach((report) => report()),
    frame: () => {
      const due = frames;
      frames = [];
      due.forEach((callback) => callback());
    },
  };
}

/** Whether the promise has settled, after letting pending callbacks run. */
async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("afterLoadAndPaint", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for load, then for the first paint entry", async () => {
    const fake = fakePage();
    const ready = afterLoadAndPaint(fake.page);
    fake.paint();
    expect(await settled(ready)).toBe(false);
    fake.load();
    expect(await settled(ready)).toBe(false);
    fake.paint();
    expect(await settled(ready)).toBe(true);
  });

  it("starts at once on a page that has already loaded and painted", async () => {
    const fake = fakePage({ readyState: "complete" });
    const ready = afterLoadAndPaint(fake.page);
    await vi.advanceTimersByTimeAsync(0);
    fake.paint();
    expect(await settled(ready)).toBe(true);
  });

  it("goes on after two animation frames when no paint entry ever arrives", async () => {
    const fake = fakePage();
    const ready = afterLoadAndPaint(fake.page);
    fake.load();
    await vi.advanceTimersByTimeAsync(0);
    fake.frame();
    expect(await settled(ready)).toBe(false);
    fake.frame();
    expect(await settled(ready)).toBe(true);
  });

  it("goes on after the timeout where frames do not run (a background tab)", async () => {
    const fake = fakePage();
    const ready = afterLoadAndPaint(fake.page);
    fake.load();
    await vi.advanceTimersByTimeAsync(PAINT_FALLBACK_MS - 1);
    expect(await settled(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(ready)).toBe(true);
  });

  it("does not need the paint entry type at all", async () => {
    const fake = fakePage({ reportsPaint: false, readyState: "complete" });
    const ready = afterLoadAndPaint(fake.page);
    await vi.advanceTimersByTimeAsync(0);
    fake.frame();
    fake.frame();
    expect(await settled(ready)).toBe(true);
  });
});
