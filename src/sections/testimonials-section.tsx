import { testimonials, testimonialsSection } from "../content/people.ts";
import { sectionIds } from "../content/sections.ts";
import { Card } from "../ui/card.tsx";
import { Section } from "../ui/section.tsx";
import { StarRating } from "../ui/star-rating.tsx";

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
        {testimonials.map((story) => (
          <li key={story.name}>
            <Card className="flex h-full flex-col">
              <StarRating rating={story.rating} />
              <figure className="mt-4 flex flex-1 flex-col">
                <blockquote className="flex-1 text-ink sm:text-lg">
                  <p>{`“${story.content}”`}</p>
                </blockquote>
                <figcaption className="mt-5">
                  <span className="block font-semibold">{story.name}</span>
                  <span className="block text-muted">{story.role}</span>
                </figcaption>
              </figure>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
