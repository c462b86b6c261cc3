import { useEffect, useState, type RefObject } from "react";
import { pickActiveSection, SCROLL_SPY_THROTTLE_MS, throttle } from "../lib/scroll-spy.ts";

/** Null in the prerender, on the hero, or on a band without a nav link. */
export function useActiveSection<Id extends string>(
  ids: readonly Id[],
  header: RefObject<HTMLElement | null>,
): Id | null {
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
      const root = document.documentElement;
      setActive(
        pickActiveSection(sections, {
          headerHeight: header.current?.getBoundingClientRect().bottom ?? 0,
          viewportHeight: window.innerHeight,
          atBottom: Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight - 1,
        }),
      );
    }, SCROLL_SPY_THROTTLE_MS);
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    return () => {
      update.cancel();
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [key, header]);
  return active;
}
