import { cn } from "../lib/cn.ts";
import { builtPhoto } from "../lib/people-photos.ts";

/**
 * A person's photo as the build made it (scripts/people-photos/), far below the fold: lazy.
 * The alternative text is empty on purpose: the name stands right beside it, and a screen reader
 * would otherwise say it twice.
 */
export function PersonPhoto({
  file,
  size,
  className,
}: {
  file: string;
  size: number;
  className?: string;
}) {
  const photo = builtPhoto(file, size);
  return (
    <picture className="shrink-0">
      <source type="image/avif" srcSet={photo.avif} />
      <img
        src={photo.src}
        srcSet={photo.webp}
        width={size}
        height={size}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn("block rounded-full bg-surface-alt", className)}
      />
    </picture>
  );
}
