import { cn } from "../lib/cn.ts";

export function Label({ className, htmlFor, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn("block text-sm font-semibold text-ink", className)}
      {...props}
    />
  );
}
