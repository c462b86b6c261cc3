import { useRef } from "react";
import { notifications } from "../content/registration.ts";
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "./toast.tsx";
import { regionOf, releaseToastRegion, useLastFocusOutside } from "./toast-focus.ts";
import { toastStore, useToasts } from "./toast-store.ts";
import { useHydrated } from "./use-hydrated.ts";

/** Radix Toast's defaults are the behaviour the page needs. */
export function Toaster() {
  const toasts = useToasts();
  const hydrated = useHydrated();
  const viewport = useRef<HTMLOListElement>(null);
  const lastFocus = useLastFocusOutside(viewport);
  // Rendered from hydration on: the page has no toasts before, and Radix gives the viewport an
  // inline style that the site's CSP would refuse in the prerendered HTML.
  if (!hydrated) return null;
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, action }) => (
        <Toast
          key={id}
          variant={variant}
          onOpenChange={(open) => {
            if (open) return;
            // Focus back where the visitor was, and no pause left behind (toast-focus.ts).
            releaseToastRegion(regionOf(viewport.current), lastFocus.current);
            // Closed toasts leave the store at once, so nothing dismissed stays mounted.
            toastStore.remove(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description && <ToastDescription>{description}</ToastDescription>}
            {action && (
              <ToastAction altText={action.altText} asChild>
                <a href={action.href}>{action.label}</a>
              </ToastAction>
            )}
          </div>
          <ToastClose aria-label={notifications.closeLabel} />
        </Toast>
      ))}
      <ToastViewport ref={viewport} />
    </ToastProvider>
  );
}
