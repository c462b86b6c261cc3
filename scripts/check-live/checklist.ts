// The checklist as the terminal shows it: ✓ or ✗ and the item, what was found, and under each ✗
// what to do.
import type { CheckItem } from "./live-checks.ts";

export function formatChecklist(items: readonly CheckItem[]): string {
  const lines = items.flatMap((item) => [
    // A detail of several lines (one per placeholder) starts on the item's line, the rest under it.
    `${item.ok ? "✓" : "✗"} ${item.title}: ${item.detail.replaceAll("\n", "\n    ")}`,
    ...(item.ok || !item.fix ? [] : [`    fix: ${item.fix}`]),
  ]);
  const failed = items.filter((item) => !item.ok).length;
  const summary =
    failed === 0
      ? `All ${items.length} checks passed.`
      : `${failed} of ${items.length} checks failed.`;
  return [...lines, "", summary].join("\n");
}
