import { Star } from "lucide-react";

const MAX_STARS = 5;
const STAR_SHAPE = "star-shape";

/**
 * The star's outline, once on the page (put it before the first rating): each star of every
 * rating is a `<use>` of it, so the page carries one star path, not twenty.
 */
export function StarShape() {
  return (
    <svg aria-hidden="true" className="absolute size-0">
      <symbol id={STAR_SHAPE} viewBox="0 0 24 24">
        {/* fill="inherit": each star says whether it is filled. */}
        <Star fill="inherit" />
      </symbol>
    </svg>
  );
}

// amber-600: the stars keep 3:1 against white (WCAG 1.4.11); the label carries the rating.
export function StarRating({ rating }: { rating: number }) {
  const label = `Rated ${rating} out of ${MAX_STARS} stars`;
  return (
    <div role="img" aria-label={label} className="flex gap-0.5 text-amber-600">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <svg
          key={index}
          aria-hidden="true"
          className="size-5"
          fill={index < rating ? "currentColor" : "none"}
        >
          <use href={`#${STAR_SHAPE}`} />
        </svg>
      ))}
    </div>
  );
}
