import { cn } from "../lib/cn.ts";
import { builtPhoto } from "../lib/people-photos.ts";

/**
 * A person's photo as the build made it (scripts/people-photos/): AVIF where the browser has it,
 * else WebP, each at 1× and 2×. Width and height reserve the square before it loads; every card
 * with a photo is far below the fold, so it loads lazily and decodes off the main thread.
 * The alternative text is empty on purpose: the person's name stands right beside the photo, and
 * a screen reader would otherwise say it twice ("Priya Raman, image. Priya Raman, heading").
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
