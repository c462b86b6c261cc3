import { describe, expect, it } from "vitest";
import type { Summary } from "./summarize.ts";
import { stripScripts, versusStripped } from "./versus-stripped.ts";

const summary = (figures: Record<string, number>): Summary =>
  Object.fromEntries(
    Object.entries(figures).map(([id, median]) => [
      id,
      { median, min: median, max: median, runs: 3 },
    ]),
  );

describe("stripScripts", () => {
  it("removes inline and module scripts and keeps JSON-LD data and everything else", () => {
    const html = `<head><script>go()</script><script type="application/ld+json">{"a":1}</script><script type="module" data-islands="/a.js" src="/b.js"></script><style>p{}</style></head><p>x</p>`;
    expect(stripScripts(html)).toBe(
      `<head><script type="application/ld+json">{"a":1}</script><style>p{}</style></head><p>x</p>`,
    );
  });
});

describe("versusStripped", () => {
  const page = summary({ mainThread: 1100, tbt: 150, lcp: 1200, performance: 99 });
  const stripped = summary({ mainThread: 1000, tbt: 140, lcp: 1000, performance: 100 });

  it("gives the ratios and differences of the medians", () => {
    const vs = versusStripped(page, stripped);
    expect(vs["vs.mainThread"]?.median).toBeCloseTo(1.1);
    expect(vs["vs.tbt"]?.median).toBe(10);
    expect(vs["vs.lcp"]?.median).toBeCloseTo(1.2);
    expect(vs["vs.performance"]?.median).toBe(1);
    expect(vs["vs.strippedMainThreadToday"]).toBeUndefined();
  });

  it("counts the loads behind each figure: the fewer of the two pages'", () => {
    const fewer = { ...stripped, lcp: { median: 1000, min: 900, max: 1100, runs: 2 } };
    const vs = versusStripped(page, fewer);
    expect(vs["vs.mainThread"]?.runs).toBe(3);
    expect(vs["vs.lcp"]?.runs).toBe(2);
  });

  it("asks for no Performance points where the stripped page itself misses 100", () => {
    const slow = summary({ ...{ mainThread: 1, tbt: 1, lcp: 1 }, performance: 97 });
    expect(versusStripped(summary({ performance: 90 }), slow)["vs.performance"]?.median).toBe(0);
  });

  it("compares the stripped page and the LCP ratio with a reference build's", () => {
    const vs = versusStripped(page, stripped, {
      page: summary({ lcp: 1100 }),
      stripped: summary({ mainThread: 2000, lcp: 1000 }),
    });
    expect(vs["vs.strippedMainThreadToday"]?.median).toBeCloseTo(0.5);
    expect(vs["vs.lcpToday"]?.median).toBeCloseTo(1.2 / 1.1);
  });
});
