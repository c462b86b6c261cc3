// Radix moves focus into its viewport when a focused toast closes, and focus or a pointer there
// pauses every toast's timer; the listeners that lift the pause exist only while a toast is shown,
// so the next toast would never time out. So on close, while Radix still listens, focus returns
// where the visitor was and the pointer leaves: Radix's own resume path.
import { useEffect, useRef, type RefObject } from "react";

/** The "Notifications (F8)" region around Radix's viewport list. */
export function regionOf(viewport: HTMLElement | null): HTMLElement | null {
  return viewport?.closest<HTMLElement>('[role="region"]') ?? null;
}

/** The element that last had focus outside the notifications: where focus returns on close. */
export function useLastFocusOutside(
  viewport: RefObject<HTMLElement | null>,
): RefObject<HTMLElement | null> {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const record = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !regionOf(viewport.current)?.contains(target)) {
        last.current = target;
      }
    };
    document.addEventListener("focusin", record);
    return () => document.removeEventListener("focusin", record);
  }, [viewport]);
  return last;
}

/** Call when a toast closes, with the element to give focus back to (null: the body). */
export function releaseToastRegion(region: HTMLElement | null, returnTo: HTMLElement | null): void {
  if (!region) return;
  if (region.contains(document.activeElement)) {
    if (returnTo?.isConnected && !region.contains(returnTo))
      returnTo.focus({ preventScroll: true });
    // The element is gone or cannot take focus (e.g. disabled): the body gets it.
    const active = document.activeElement;
    if (active instanceof HTMLElement && region.contains(active)) active.blur();
  }
  region.dispatchEvent(new PointerEvent("pointerleave"));
}
