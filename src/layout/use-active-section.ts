import { useEffect, useState } from "react";
import { pickActiveSection, throttle } from "../lib/scroll-spy.ts";

/** SPEC.md §9: scroll-spy updates at most every 66 ms. */
export const SCROLL_SPY_THROTTLE_MS = 66;

/** The id of the section in view, among `ids`, or null above the first of them. */
export function useActiveSection<Id extends string>(ids: readonly Id[], headerOffset: number) {
  const [active, setActive] = useState<Id | null>(null);
  const key = ids.join(" ");
  useEffect(() => {
    const sectionIds = key.split(" ") as Id[];
    const update = throttle(() => {
      const sections = sectionIds.flatMap((id) => {
        const element = document.getElementById(id);
        if (!element) return [];
        const { top, bottom } = element.getBoundingClientRect();
        return [{ id, top, bottom }];
      });
      setActive(pickActiveSection(sections, headerOffset));
    }, SCROLL_SPY_THROTTLE_MS);
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    return () => {
      update.cancel();
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [key, headerOffset]);
  return active;
}
