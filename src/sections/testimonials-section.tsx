import { testimonials, testimonialsSection } from "../content/people.ts";
import { sectionIds } from "../content/sections.ts";
import type { Testimonial } from "../content/types.ts";
import { photoSizes } from "../lib/photo-sizes.ts";
import { Card } from "../ui/card.tsx";
import { PersonPhoto } from "../ui/person-photo.tsx";
import { Section } from "../ui/section.tsx";
import { StarRating } from "../ui/star-rating.tsx";

// Widened to the content type: `photo` is optional, so the literal array may have none.
const stories: readonly Testimonial[] = testimonials;

function Student({ story }: { story: Testimonial }) {
  const who = (
    <>
      <span className="block font-semibold">{story.name}</span>
      <span className="block text-muted">{story.role}</span>
    </>
  );
  if (!story.photo) return who;
  return (
    <div className="flex items-center gap-3">
      <PersonPhoto file={story.photo} size={photoSizes.student} />
      <div>{who}</div>
    </div>
  );
}

export function TestimonialsSection() {
  return (
    <Section
      id={sectionIds.testimonials}
      headingId="testimonials-title"
      title={testimonialsSection.title}
      intro={testimonialsSection.intro}
      tone="alt"
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {stories.map((story) => (
          <li key={story.name}>
            <Card className="flex h-full flex-col">
              <StarRating rating={story.rating} />
              <figure className="mt-4 flex flex-1 flex-col">
                <blockquote className="flex-1 text-ink sm:text-lg">
                  <p>{`“${story.content}”`}</p>
                </blockquote>
                <figcaption className="mt-5">
                  <Student story={story} />
                </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
