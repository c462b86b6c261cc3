import { useSyncExternalStore } from "react";
import { Icon } from "../ui/icons.tsx";
import { successBanner } from "../content/registration.ts";

type BannerState = { visible: boolean; studentEmailed: boolean };

export type BannerStore = {
  show: (studentEmailed: boolean) => void;
  hide: () => void;
  get: () => BannerState;
  subscribe: (listener: () => void) => () => void;
};

/**
 * The banner's own state, outside the form's: shown, it renders alone and at once, without
 * waiting for the form's larger render that clears the fields.
 */
export function createBannerStore(): BannerStore {
  let state: BannerState = { visible: false, studentEmailed: true };
  const listeners = new Set<() => void>();
  const set = (next: BannerState) => {
    if (next.visible === state.visible && next.studentEmailed === state.studentEmailed) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    show: (studentEmailed) => set({ visible: true, studentEmailed }),
    hide: () => set({ ...state, visible: false }),
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The live region stays in the page and only its content changes, so screen readers announce it. */
export function SuccessBanner({ banner }: { banner: BannerStore }) {
  const { visible, studentEmailed } = useSyncExternalStore(
    banner.subscribe,
    banner.get,
    banner.get,
  );
  return (
    <div role="status" aria-live="polite">
      {visible && (
        <div className="mt-4 flex items-start gap-3 rounded-lg bg-success p-4 text-white">
          <Icon name="circle-check" className="mt-0.5 size-6 shrink-0" />
          <div>
            <p className="font-semibold">{successBanner.title}</p>
            <p className="mt-1 text-sm">
              {studentEmailed ? successBanner.text : successBanner.textWithoutConfirmation}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
