import { describe, expect, it } from "vitest";
import {
  easeInOutCubic,
  scrollPositionAt,
  scrollTargetY,
  SMOOTH_SCROLL_MS,
} from "./smooth-scroll.ts";

describe("easeInOutCubic", () => {
  it("starts at 0, passes the middle at 0.5 and ends at 1", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
  });

  it("starts and ends slowly", () => {
    expect(easeInOutCubic(0.1)).toBeCloseTo(0.004);
    expect(easeInOutCubic(0.9)).toBeCloseTo(0.996);
  });

  it("is symmetric around the middle", () => {
    for (const t of [0.1, 0.25, 0.4]) {
      expect(easeInOutCubic(t) + easeInOutCubic(1 - t)).toBeCloseTo(1);
    }
  });

  it("never moves backwards", () => {
    const samples = Array.from({ length: 101 }, (_, index) => easeInOutCubic(index / 100));
    samples.reduce((previous, value) => {
      expect(value).toBeGreaterThanOrEqual(previous);
      return value;
    });
  });
});

describe("the smooth scroll", () => {
  it("lasts 500 ms, as docs/spec-facts.md says", () => {
    expect(SMOOTH_SCROLL_MS).toBe(500);
  });

  it("is halfway at half time and arrives at the end of its duration", () => {
    expect(scrollPositionAt(1000, 3000, 0, 500)).toBe(1000);
    expect(scrollPositionAt(1000, 3000, 250, 500)).toBe(2000);
    expect(scrollPositionAt(1000, 3000, 500, 500)).toBe(3000);
    expect(scrollPositionAt(1000, 3000, 640, 500)).toBe(3000);
  });

  it("scrolls upwards as well as downwards", () => {
    expect(scrollPositionAt(3000, 1000, 250, 500)).toBe(2000);
  });

  it("treats a frame stamped before the start as the start", () => {
    expect(scrollPositionAt(1000, 3000, -8, 500)).toBe(1000);
  });

  it("jumps straight to the end when it has no duration", () => {
    expect(scrollPositionAt(1000, 3000, 0, 0)).toBe(3000);
  });
});

describe("scrollTargetY", () => {
  const page = { scrollY: 1200, padding: 80, maxScrollY: 6000 };

  it("puts the target its scroll padding below the top of the viewport", () => {
    expect(scrollTargetY(900, page)).toBe(2020);
    expect(scrollTargetY(-400, page)).toBe(720);
  });

  it("stops at the bottom of the page for a target near the end", () => {
    expect(scrollTargetY(5500, page)).toBe(6000);
  });

  it("stops at the top of the page for a target near the start", () => {
    expect(scrollTargetY(-1190, page)).toBe(0);
  });

  it("lands on whole pixels", () => {
    expect(scrollTargetY(900.4, page)).toBe(2020);
  });
});
