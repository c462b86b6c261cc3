import { cn } from "../lib/cn.ts";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      className={cn(
        // A 3:1 border against white (WCAG 1.4.11) and a 48 px tall touch target.
        "block min-h-12 w-full rounded-lg border border-muted/70 bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-muted focus-visible:border-brand aria-invalid:border-danger",
        className,
      )}
      {...props}
    />
  );
}
