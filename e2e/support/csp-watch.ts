// Collects what breaks the page's Content Security Policy: the `securitypolicyviolation` events the
// page sees and the browser's CSP console lines, from the start of the page's life. Any visit can
// import it; `expect(await violations()).toEqual([])` at the end.
import type { Page } from "@playwright/test";

/** Starts listening before the page loads; the returned function reads what was collected. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, "__cspViolations", { value: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
    );
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )),
    ...console,
  ];
}
