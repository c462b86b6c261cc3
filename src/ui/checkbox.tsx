import { cn } from "../lib/cn.ts";

/** A native checkbox: it submits with its form and needs no script to work. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-5 shrink-0 cursor-pointer rounded accent-brand aria-invalid:outline-2 aria-invalid:outline-offset-2 aria-invalid:outline-danger",
        className,
      )}
      {...props}
    />
  );
}
