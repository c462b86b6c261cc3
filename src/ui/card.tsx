import { cn } from "../lib/cn.ts";

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn("rounded-xl border border-line bg-surface p-6 shadow-sm", className)}
      {...props}
    />
  );
}
