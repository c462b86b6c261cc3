// Collects what a page says on its console: errors and warnings (a hydration mismatch is one of
// them) and uncaught errors. Any journey can import it; `expect(problems).toEqual([])` at the end.
import type { ConsoleMessage, Page } from "@playwright/test";

const reported = new Set<ReturnType<ConsoleMessage["type"]>>(["error", "warning", "assert"]);

/** Starts listening at once; the returned array fills as the page runs. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (reported.has(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
