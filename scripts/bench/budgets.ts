import { figures, type Figure } from "./figures.ts";
import { formatValue } from "./format-value.ts";
import type { Summary } from "./summarize.ts";

export type BudgetMiss = { figure: Figure; value: number | undefined; message: string };

export function withinBudget(figure: Figure, value: number): boolean {
  const { min, max } = figure.budget ?? {};
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

export function describeBudget(figure: Figure): string {
  const { min, max } = figure.budget ?? {};
  if (min !== undefined && min === max) return `= ${formatValue(figure.unit, min)}`;
  if (min !== undefined) return `≥ ${formatValue(figure.unit, min)}`;
  if (max !== undefined) return `≤ ${formatValue(figure.unit, max)}`;
  return "";
}

/** Every budgeted figure whose median misses its budget, or that no run measured. */
export function checkBudgets(summary: Summary, all: readonly Figure[] = figures): BudgetMiss[] {
  const misses: BudgetMiss[] = [];
  for (const figure of all) {
    if (!figure.budget) continue;
    const value = summary[figure.id]?.median;
    if (value === undefined && figure.onlyWithAgainst) continue;
    if (value === undefined) {
      misses.push({ figure, value, message: `${figure.label}: not measured` });
    } else if (!withinBudget(figure, value)) {
      const measured = formatValue(figure.unit, value);
      misses.push({
        figure,
        value,
        message: `${figure.group} › ${figure.label}: ${measured}, budget ${describeBudget(figure)}`,
      });
    }
  }
  return misses;
}
