import { cn } from "../lib/cn.ts";

export function Badge({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full bg-teal/10 px-3 py-1 text-sm font-semibold text-teal",
        className,
      )}
      {...props}
    />
  );
}
