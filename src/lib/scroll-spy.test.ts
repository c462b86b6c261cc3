import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pickActiveSection, readingLine, SCROLL_SPY_THROTTLE_MS, throttle } from "./scroll-spy.ts";

const view = { headerHeight: 72, viewportHeight: 900, atBottom: false };
// Reading line: 72 + (900 - 72) / 3 = 348.

/** Sections stacked in page order, `offset` px above the viewport's top, with these heights. */
function stack(offset: number, heights: Record<string, number>) {
  let top = -offset;
  return Object.entries(heights).map(([id, height]) => {
    const box = { id, top, bottom: top + height };
    top += height;
    return box;
  });
}

describe("readingLine", () => {
  it("sits a third of the way down the part of the viewport below the header", () => {
    expect(readingLine(view)).toBe(348);
  });

  it("falls back to the header's edge when the viewport is no taller than the header", () => {
    expect(readingLine({ ...view, viewportHeight: 50 })).toBe(72);
  });
});

describe("pickActiveSection", () => {
  it("picks none while only the hero spans the reading line", () => {
    const sections = stack(-600, { curriculum: 800, instructors: 600 });
    expect(pickActiveSection(sections, view)).toBeNull();
  });

  it("picks the section that spans the reading line", () => {
    const sections = stack(300, { curriculum: 800, instructors: 600 });
    expect(pickActiveSection(sections, view)).toBe("curriculum");
  });

  it("picks a section that an in-page link has just landed below the header", () => {
    // scroll-padding-top is 80 px: the section's top sits 8 px below the header.
    const sections = [
      { id: "video", top: -720, bottom: 80 },
      { id: "curriculum", top: 80, bottom: 880 },
    ];
    expect(pickActiveSection(sections, view)).toBe("curriculum");
  });

  it("moves on to the next section once its top crosses the line", () => {
    const before = stack(450, { curriculum: 800, instructors: 600 });
    const after = stack(460, { curriculum: 800, instructors: 600 });
    expect(pickActiveSection(before, view)).toBe("curriculum");
    expect(pickActiveSection(after, view)).toBe("instructors");
  });

  it("picks none in a band without a nav link between two sections", () => {
    const sections = [
      { id: "curriculum", top: -900, bottom: 100 },
      { id: "contact", top: 500, bottom: 1100 },
    ];
    expect(pickActiveSection(sections, view)).toBeNull();
  });

  it("picks the last section in view at the bottom of the page, even below the line", () => {
    const sections = [
      { id: "testimonials", top: -300, bottom: 500 },
      { id: "contact", top: 500, bottom: 800 },
    ];
    expect(pickActiveSection(sections, view)).toBe("testimonials");
    expect(pickActiveSection(sections, { ...view, atBottom: true })).toBe("contact");
  });

  it("ignores a section hidden under the header at the bottom of the page", () => {
    const sections = [
      { id: "testimonials", top: -900, bottom: 60 },
      { id: "contact", top: 900, bottom: 1200 },
    ];
    expect(pickActiveSection(sections, { ...view, atBottom: true })).toBeNull();
  });
});

describe("throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits 66 ms between scroll-spy updates, as docs/spec-facts.md says", () => {
    expect(SCROLL_SPY_THROTTLE_MS).toBe(66);
  });

  it("runs the first call at once", () => {
    const fn = vi.fn();
    throttle(fn, 66)("a");
    expect(fn).toHaveBeenCalledExactlyOnceWith("a");
  });

  it("runs at most once per wait, finishing with the latest arguments", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 66);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(65);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });

  it("calls about every 66 ms during a steady stream of events", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 66);
    // A scroll event every frame for one second.
    for (let elapsed = 0; elapsed < 1000; elapsed += 16) {
      throttled(elapsed);
      vi.advanceTimersByTime(16);
    }
    vi.runAllTimers();
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(14);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(17);
    expect(fn.mock.lastCall).toEqual([992]);
  });

  it("runs a call at once again after a quiet wait", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 66);
    throttled("first");
    vi.advanceTimersByTime(200);
    throttled("second");
    expect(fn.mock.calls).toEqual([["first"], ["second"]]);
  });

  it("drops a pending call when cancelled", () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 66);
    throttled("first");
    throttled("dropped");
    throttled.cancel();
    vi.runAllTimers();
    expect(fn.mock.calls).toEqual([["first"]]);
  });
});
