import { describe, expect, it } from "vitest";
import { checkBudgets, describeBudget, withinBudget } from "./budgets.ts";
import { figures, type Figure } from "./figures.ts";
import type { Summary } from "./summarize.ts";

const spread = (median: number) => ({ median, min: median, max: median, runs: 1 });
const figure = (id: string): Figure => {
  const found = figures.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no figure ${id}`);
  return found;
};

describe("the budgets of the issue", () => {
  it("are set on the figures they name", () => {
    const budgets = Object.fromEntries(figures.map(({ id, budget }) => [id, budget]));
    expect(budgets).toMatchObject({
      performance: { min: 100 },
      accessibility: { min: 100 },
      bestPractices: { min: 100 },
      seo: { min: 100 },
      fcp: { max: 900 },
      lcp: { max: 1000 },
      tbt: { max: 50 },
      cls: { max: 0.01 },
      jsBeforePaint: { max: 2_000 },
      js: { max: 100_000 },
      css: { max: 12_000 },
      html: { max: 20_000 },
      transfer: { max: 200_000 },
      requests: { max: 12 },
      domElements: { max: 800 },
      heap: { max: 5_000_000 },
    });
  });

  it("let the page grow after the video click, but never fail a request there", () => {
    expect(figure("click.js").budget).toBeUndefined();
    expect(figure("click.consoleErrors").budget).toEqual({ max: 0 });
  });
});

describe("withinBudget", () => {
  it("holds at the limit and fails just past it, for maxima and minima", () => {
    expect(withinBudget(figure("lcp"), 1000)).toBe(true);
    expect(withinBudget(figure("lcp"), 1001)).toBe(false);
    expect(withinBudget(figure("performance"), 100)).toBe(true);
    expect(withinBudget(figure("performance"), 99)).toBe(false);
  });
});

describe("checkBudgets", () => {
  it("names each missed budget with the measured median and the limit", () => {
    const summary: Summary = { lcp: spread(1120), fcp: spread(700) };
    const misses = checkBudgets(summary, [figure("lcp"), figure("fcp")]);
    expect(misses.map((miss) => miss.message)).toEqual([
      "Lighthouse, mobile, simulated throttling › Largest Contentful Paint: 1.12 s, budget ≤ 1.00 s",
    ]);
  });

  it("counts a budgeted figure that no run measured as missed", () => {
    const misses = checkBudgets({}, [figure("heap")]);
    expect(misses.map((miss) => miss.message)).toEqual(["JS heap used: not measured"]);
  });

  it("describes budgets in the figure's unit", () => {
    expect(describeBudget(figure("js"))).toBe("≤ 100.0 KB");
    expect(describeBudget(figure("seo"))).toBe("≥ 100");
    expect(describeBudget(figure("fonts"))).toBe("≤ 0.0 KB");
    expect(describeBudget(figure("speedIndex"))).toBe("");
  });
});
