import { useSyncExternalStore } from "react";

declare const __BUILD_YEAR__: number;

const subscribe = () => () => {};

/**
 * The current year. The prerendered HTML carries the build year; once hydrated, the visitor's
 * clock decides, so a page built last December still says this year.
 */
export function CopyrightYear() {
  const year = useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
  return <>{year}</>;
}
