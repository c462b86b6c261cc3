import { cn } from "../lib/cn.ts";

type SectionProps = Omit<React.ComponentProps<"section">, "title"> & {
  title: string;
  intro?: string;
  /** Alternate bands read as separate sections (docs/design.md). */
  tone?: "surface" | "alt";
  headingId: string;
};

export function Section({
  title,
  intro,
  tone = "surface",
  headingId,
  className,
  children,
  ...props
}: SectionProps) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn("py-16 lg:py-24", tone === "alt" ? "bg-surface-alt" : "bg-surface", className)}
      {...props}
    >
      <div className="mx-auto max-w-6xl px-5">
        <div className="mx-auto mb-10 max-w-2xl text-center lg:mb-14">
          <h2
            id={headingId}
            className="text-[clamp(1.75rem,3.5vw,2.5rem)] font-bold tracking-tight text-brand"
          >
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg text-muted">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
