import { describe, expect, it } from "vitest";
import type { Figure } from "./figures.ts";
import { formatValue } from "./format-value.ts";
import { ratio, renderTable } from "./render-table.ts";

const figures: Figure[] = [
  { id: "lcp", group: "Paint", label: "LCP", unit: "seconds", budget: { max: 1000 } },
  { id: "js", group: "Bytes", label: "JavaScript", unit: "bytes", budget: { max: 100_000 } },
];
const spread = (median: number, min = median, max = median) => ({ median, min, max, runs: 5 });

/** The table as rows of trimmed cells, so the tests read past the padding. */
const cells = (table: string) =>
  table.split("\n").map((line) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );

describe("renderTable", () => {
  it("shows one build's medians, ranges and verdicts under group rows", () => {
    const table = renderTable(
      [{ name: "now", summary: { lcp: spread(880, 860, 930), js: spread(120_000) } }],
      figures,
    );
    const [header, rule, ...rows] = cells(table);
    expect(header).toEqual(["Figure", "Median of 5 runs", "Range", "Budget", ""]);
    expect(rule?.every((cell) => /^-+:?$/.test(cell))).toBe(true);
    expect(rows).toEqual([
      ["**Paint**", "", "", "", ""],
      ["LCP", "0.88 s", "0.86 s – 0.93 s", "≤ 1.00 s", "ok"],
      ["**Bytes**", "", "", "", ""],
      ["JavaScript", "120.0 KB", "120.0 KB – 120.0 KB", "≤ 100.0 KB", "MISSED"],
    ]);
  });

  it("puts two builds side by side with their ratio", () => {
    const table = renderTable(
      [
        { name: "now", summary: { lcp: spread(880), js: spread(90_000) } },
        { name: "before", summary: { lcp: spread(1100), js: spread(90_000) } },
      ],
      figures,
    );
    expect(cells(table)[0]).toEqual(["Figure", "now", "before", "Ratio", "Budget", ""]);
    expect(cells(table)).toContainEqual(["LCP", "0.88 s", "1.10 s", "0.80×", "≤ 1.00 s", "ok"]);
    expect(cells(table)).toContainEqual([
      "JavaScript",
      "90.0 KB",
      "90.0 KB",
      "1.00×",
      "≤ 100.0 KB",
      "ok",
    ]);
  });

  it("says so in the header when the figures took different numbers of runs", () => {
    const table = renderTable(
      [{ name: "now", summary: { lcp: { ...spread(880), runs: 9 }, js: spread(90_000) } }],
      figures,
    );
    expect(cells(table)[0]?.[1]).toBe("Median of 5–9 runs");
  });

  it("marks a figure a build did not measure", () => {
    const table = renderTable([{ name: "now", summary: {} }], figures);
    expect(cells(table)).toContainEqual(["LCP", "n/a", "", "≤ 1.00 s", ""]);
  });
});

describe("ratio", () => {
  it("divides the first build's figure by the second's", () => {
    expect(ratio(50, 200)).toBe("0.25×");
    expect(ratio(0, 0)).toBe("1.00×");
    expect(ratio(3, 0)).toBe("—");
    expect(ratio(undefined, 1)).toBe("");
  });
});

describe("formatValue", () => {
  it("writes seconds, milliseconds, kilobytes and megabytes the way the budgets are stated", () => {
    expect(formatValue("seconds", 876)).toBe("0.88 s");
    expect(formatValue("ms", 49.6)).toBe("50 ms");
    expect(formatValue("bytes", 1_234)).toBe("1.2 KB");
    expect(formatValue("bytes", 2_340_000)).toBe("2.34 MB");
    expect(formatValue("shift", 0.0042)).toBe("0.004");
    expect(formatValue("score", 99.6)).toBe("100");
  });
});
