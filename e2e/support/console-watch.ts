// Collects what a page says on its console: errors and warnings (a hydration mismatch is one of
// them), uncaught errors, and (through reportResourceErrors, which every test's context runs)
// resources that failed to load. Any journey can import it; `expect(problems).toEqual([])` at the end.
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

/**
 * A resource that fails to load fires `error` on its element, which does not bubble and which no
 * engine need print: in the capture phase, this prints it as a console error.
 */
export function reportResourceErrors() {
  addEventListener(
    "error",
    ({ target }) => {
      if (!(target instanceof Element)) return;
      const rel = target.getAttribute("rel");
      const url = target.getAttribute("href") ?? target.getAttribute("src") ?? "";
      console.error(`resource error: <${target.localName}${rel ? ` rel="${rel}"` : ""}> ${url}`);
    },
    true,
  );
}
