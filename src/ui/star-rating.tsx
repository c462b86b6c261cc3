import { Icon } from "./icons.tsx";

const MAX_STARS = 5;

// amber-600: the stars keep 3:1 against white (WCAG 1.4.11); the label carries the rating.
export function StarRating({ rating }: { rating: number }) {
  const label = `Rated ${rating} out of ${MAX_STARS} stars`;
  return (
    <div role="img" aria-label={label} className="flex gap-0.5 text-amber-600">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Icon
          key={index}
          name="star"
          className="size-5"
          fill={index < rating ? "currentColor" : "none"}
        />
      ))}
    </div>
  );
}
