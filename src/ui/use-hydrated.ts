import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the prerender and during hydration: for parts that must not act before then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
