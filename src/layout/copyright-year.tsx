import { useSyncExternalStore } from "react";

declare const __BUILD_YEAR__: number;

const subscribe = () => () => {};

/** The prerender carries the build year; once hydrated, the visitor's clock decides. */
export function CopyrightYear() {
  const year = useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
  return <>{year}</>;
}
