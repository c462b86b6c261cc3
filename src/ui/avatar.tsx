import { cn } from "../lib/cn.ts";

/** Initials of a name, at most two letters: "Priya Raman" → "PR". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => Array.from(word ?? "")[0]?.toUpperCase() ?? "").join("");
}

/** A drawn avatar: no image request, no layout shift. */
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-brand text-2xl font-bold text-white",
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
