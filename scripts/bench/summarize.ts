import type { Sample } from "./figures.ts";

export type Spread = { median: number; min: number; max: number; runs: number };
export type Summary = Record<string, Spread>;

/** The middle value; for an even count, the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** Median, min and max of every figure over the runs that measured it. */
export function summarize(samples: readonly Sample[]): Summary {
  const byFigure = new Map<string, number[]>();
  for (const sample of samples) {
    for (const [id, value] of Object.entries(sample)) {
      byFigure.set(id, [...(byFigure.get(id) ?? []), value]);
    }
  }
  const summary: Summary = {};
  for (const [id, values] of byFigure) {
    summary[id] = {
      median: median(values),
      min: Math.min(...values),
      max: Math.max(...values),
      runs: values.length,
    };
  }
  return summary;
}
