import { describeBudget, withinBudget } from "./budgets.ts";
import { figures as allFigures, type Figure } from "./figures.ts";
import { formatValue } from "./format-value.ts";
import type { Summary } from "./summarize.ts";

/** A measured build: its name in the header and the summary of its runs. */
export type Column = { name: string; summary: Summary };

/**
 * One Markdown table (readable in a terminal, pastable into the README): a row per figure under
 * a row per group. One build shows median and range; several show every median and the ratio
 * of the first to the second. The budget column always judges the first build.
 */
export function renderTable(columns: readonly Column[], figures: readonly Figure[] = allFigures) {
  const [first, second] = columns;
  if (!first) throw new Error("nothing to show");
  const header = second
    ? ["Figure", ...columns.map((column) => column.name), "Ratio", "Budget", ""]
    : ["Figure", `Median of ${runsOf(first.summary)}`, "Range", "Budget", ""];
  const rows: string[][] = [];
  let group = "";
  for (const figure of figures) {
    if (figure.group !== group) {
      group = figure.group;
      rows.push([`**${group}**`, ...header.slice(1).map(() => "")]);
    }
    const a = first.summary[figure.id];
    const measured = (spread: Summary[string] | undefined) =>
      spread ? formatValue(figure.unit, spread.median) : "n/a";
    const verdict = !figure.budget || !a ? "" : withinBudget(figure, a.median) ? "ok" : "MISSED";
    const middle = second
      ? [
          ...columns.slice(1).map((column) => measured(column.summary[figure.id])),
          ratio(a?.median, second.summary[figure.id]?.median),
        ]
      : [a ? `${formatValue(figure.unit, a.min)} – ${formatValue(figure.unit, a.max)}` : ""];
    rows.push([figure.label, measured(a), ...middle, describeBudget(figure), verdict]);
  }
  return toMarkdown(header, rows);
}

/** How many samples the medians took: "5 runs", or "3–9 runs" when Lighthouse loaded more. */
function runsOf(summary: Summary): string {
  const counts = Object.values(summary).map((spread) => spread.runs);
  const most = Math.max(0, ...counts);
  const fewest = Math.min(most, ...counts);
  return `${fewest === most ? most : `${fewest}–${most}`} run${most === 1 ? "" : "s"}`;
}

/** First build over second: below 1 means the first is smaller, faster or lighter. */
export function ratio(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined) return "";
  if (a === b) return "1.00×";
  if (b === 0) return "—";
  return `${(a / b).toFixed(2)}×`;
}

function toMarkdown(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) =>
    Math.max(3, cell.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((width, i) => (i === 0 ? "-".repeat(width) : `${"-".repeat(width - 1)}:`)).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}
