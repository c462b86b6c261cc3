// What a registration may leave in the browser once it is delivered, refused or expired: no lead,
// and none of the visitor's details. The ledger may keep how a lead left, by its random reference
// and outcome alone, for a day, so other tabs learn it (src/registration/ledger.ts). Free of any
// test runner, so the Playwright specs and the cross-engine journeys (Vitest) share it.
import { LEDGER_KEY, type RegistrationData } from "../../src/registration/registration-data.ts";

export type BrowserStorage = {
  local: Record<string, string>;
  session: Record<string, string>;
  cookie: string;
};

/** In the page: everything the site may keep there (page functions take no imports). */
export const readBrowserStorage = (): BrowserStorage => ({
  local: { ...localStorage },
  session: { ...sessionStorage },
  cookie: document.cookie,
});

/** What of `visitors` the browser still holds: [] when nothing. */
export function leftOfVisitors(
  { local, session, cookie }: BrowserStorage,
  visitors: RegistrationData[],
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(local))
    if (key !== LEDGER_KEY) problems.push(`localStorage holds ${key}`);
  const text = local[LEDGER_KEY] ?? "";
  for (const data of visitors)
    for (const value of Object.values(data))
      if (text.includes(value)) problems.push(`the ledger holds ${JSON.stringify(value)}`);
  if (text) {
    let leads: unknown;
    try {
      leads = (JSON.parse(text) as { leads?: unknown }).leads;
    } catch {
      leads = "not JSON";
    }
    if (!Array.isArray(leads) || leads.length)
      problems.push(`the ledger's leads: ${JSON.stringify(leads)}`);
  }
  // The landing's source stays in the tab's session only until its lead is delivered.
  for (const key of Object.keys(session)) problems.push(`sessionStorage holds ${key}`);
  if (cookie) problems.push(`cookies: ${cookie}`);
  return problems;
}
