// The page before its code has arrived, as a slow phone shows it: painted and usable. The
// islands' code is held back by a proxy (support/code-gate.ts) while the visitor taps and types;
// then it arrives and React takes over without losing what was done.
import { expect } from "vitest";
import { type Journey, isInteractive, phone, waitFor } from "./steps.ts";

const toggle = "header button[data-menu-toggle]";

function menuState() {
  const button = document.querySelector("header button[data-menu-toggle]");
  const menu = document.querySelector('nav[aria-label="Mobile"]');
  return {
    expanded: button?.getAttribute("aria-expanded"),
    visible: !!menu && menu.getClientRects().length > 0,
  };
}

const firstNameValue = () =>
  (document.querySelector('#registration [name="firstName"]') as HTMLInputElement | null)?.value;

// One visit (a page load is the dearest step in every engine): the visitor types first, then
// taps the menu (the open menu would cover the form), all before the code arrives.
export const firstPaintJourneys: Journey[] = [
  {
    name: "text typed and the menu tapped before the page's code has arrived: the menu opens, and both are kept when the code takes over",
    viewport: phone,
    run: async (page, { codeGate }) => {
      codeGate.hold();
      try {
        await page.goto(`${codeGate.base}/`);
        await page.fill('#registration [name="firstName"]', "Ada");
        expect(await page.evaluate(firstNameValue)).toBe("Ada");
        await page.click(toggle);
        expect(await page.evaluate(menuState)).toEqual({ expanded: "true", visible: true });
        await page.click(toggle);
        expect(await page.evaluate(menuState)).toEqual({ expanded: "false", visible: false });
        await page.click(toggle);
        expect(await page.evaluate(isInteractive), "nothing hydrated while held").toBe(false);
      } finally {
        codeGate.release();
      }
      await waitFor(page, "the islands to hydrate", isInteractive);
      expect(await page.evaluate(menuState)).toEqual({ expanded: "true", visible: true });
      // React has it now: the next tap closes the menu, once.
      await page.click(toggle);
      expect(await page.evaluate(menuState)).toEqual({ expanded: "false", visible: false });
      // A re-render of the form (the consent box) would write React's value back if it had
      // not adopted the typed one.
      await page.click('#registration [name="consent"]');
      expect(await page.evaluate(firstNameValue)).toBe("Ada");
    },
  },
];
