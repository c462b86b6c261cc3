import type { PortraitKey } from "../content/types.ts";
import { cn } from "../lib/cn.ts";

// Initials until the content gives a photo: no image request, no stranger's face as placeholder.
const portraits = {
  navy: "bg-brand text-white",
  teal: "bg-teal text-white",
} as const satisfies Record<PortraitKey, string>;

/** Initials of a name, at most two letters: "Priya Raman" → "PR". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => Array.from(word ?? "")[0]?.toUpperCase() ?? "").join("");
}

export function InitialsAvatar({
  name,
  portrait,
  className,
}: {
  name: string;
  portrait: PortraitKey;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-20 shrink-0 items-center justify-center rounded-full text-2xl font-bold tracking-wide ring-4 ring-surface-alt",
        portraits[portrait],
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
