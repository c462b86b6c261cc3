// Toasts as a module-level store: the registration island raises them and the toaster island
// shows them, and the two are separate React roots that share nothing but this module.
import { useSyncExternalStore } from "react";

/** A new toast replaces the shown one. */
export const TOAST_LIMIT = 1;

export type ToastVariant = "default" | "destructive";

/** A link the toast offers; `altText` says how to do the same without reaching the toast. */
export type ToastAction = { label: string; altText: string; href: string };

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
};

export type ToastItem = ToastInput & { id: string };

export type ToastStore = {
  add: (toast: ToastInput) => string;
  remove: (id: string) => void;
  getSnapshot: () => readonly ToastItem[];
  subscribe: (listener: () => void) => () => void;
};

export function createToastStore(limit = TOAST_LIMIT): ToastStore {
  let toasts: readonly ToastItem[] = [];
  let count = 0;
  const listeners = new Set<() => void>();
  const set = (next: readonly ToastItem[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };
  return {
    add(toast) {
      count += 1;
      const id = `toast-${count}`;
      set([{ ...toast, id }, ...toasts].slice(0, limit));
      return id;
    },
    remove(id) {
      if (toasts.some((toast) => toast.id === id)) set(toasts.filter((toast) => toast.id !== id));
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const toastStore = createToastStore();

export function toast(input: ToastInput): string {
  return toastStore.add(input);
}

const noToasts: readonly ToastItem[] = [];

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => noToasts);
}
