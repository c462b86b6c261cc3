import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../lib/cn.ts";

export const buttonVariants = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 motion-reduce:transition-none",
  {
    variants: {
      variant: {
        accent: "bg-accent text-white hover:bg-accent-strong",
        brand: "bg-brand text-white hover:bg-brand-strong",
        outline: "border border-current bg-transparent hover:bg-white/10",
        ghost: "bg-transparent hover:bg-surface-alt",
      },
      size: {
        default: "",
        lg: "min-h-12 px-6 text-lg",
        icon: "size-11 px-0 py-0",
      },
    },
    defaultVariants: { variant: "accent", size: "default" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  className,
  variant,
  size,
  type = "button",
  ...props
}: React.ComponentProps<"button"> & ButtonVariants) {
  return (
    <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}

export function ButtonLink({
  className,
  variant,
  size,
  children,
  ...props
}: React.ComponentProps<"a"> & ButtonVariants) {
  return (
    <a className={cn(buttonVariants({ variant, size }), className)} {...props}>
      {children}
    </a>
  );
}
