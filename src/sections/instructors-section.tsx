import { Icon } from "../ui/icons.tsx";
import { instructors, instructorsSection } from "../content/people.ts";
import { sectionIds } from "../content/sections.ts";
import type { Instructor } from "../content/types.ts";
import { photoSizes } from "../lib/photo-sizes.ts";
import { InitialsAvatar } from "../ui/avatar.tsx";
import { Card } from "../ui/card.tsx";
import { PersonPhoto } from "../ui/person-photo.tsx";
import { Section } from "../ui/section.tsx";

// Widened to the content type: `photo` is optional, so the literal array may have none.
const people: readonly Instructor[] = instructors;

export function InstructorsSection() {
  return (
    <Section
      id={sectionIds.instructors}
      headingId="instructors-title"
      title={instructorsSection.title}
      intro={instructorsSection.intro}
    >
      <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {people.map((person) => (
          <li key={person.name}>
            <Card className="flex h-full flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:gap-5 sm:text-left">
              {person.photo ? (
                <PersonPhoto
                  file={person.photo}
                  size={photoSizes.instructor}
                  className="ring-4 ring-surface-alt"
                />
              ) : (
                <InitialsAvatar name={person.name} portrait={person.imageKey} />
              )}
              <div>
                <h3 className="text-xl font-semibold">{person.name}</h3>
                <p className="mt-1 flex items-center justify-center gap-1.5 font-medium text-brand sm:justify-start">
                  <Icon name="badge-check" className="size-5 shrink-0 text-teal" />
                  {person.role}
                </p>
                <p className="mt-0.5 text-muted">{person.experience}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
