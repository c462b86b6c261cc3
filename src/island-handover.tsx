import { useLayoutEffect, type ReactNode } from "react";
import { HYDRATED, PENDING_CLICK } from "./lib/before-hydration.ts";

/**
 * Hands an island over from the first-paint script to React (lib/before-hydration.ts): marks its
 * container hydrated in the commit that hydrated it, before the browser can deliver another
 * event, and presses again a button the visitor pressed before. The island's own layout effects
 * (adopting the menu state, a pending submit) have run just before, as children's do.
 */
export function IslandHandover({
  container,
  children,
}: {
  container: HTMLElement;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    container.setAttribute(HYDRATED, "");
    for (const button of container.querySelectorAll<HTMLElement>(`[${PENDING_CLICK}]`)) {
      button.removeAttribute(PENDING_CLICK);
      button.click();
    }
  }, [container]);
  return children;
}
