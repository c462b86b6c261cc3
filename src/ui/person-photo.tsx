import { cn } from "../lib/cn.ts";
import { builtPhoto } from "../lib/people-photos.ts";

/** Lazy: far below the fold. Empty alt: the name stands beside it and would be read twice. */
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
