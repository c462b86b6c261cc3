import { instructors, instructorsSection } from "../content/people.ts";
import { sectionIds } from "../content/sections.ts";
import { InitialsAvatar } from "../ui/avatar.tsx";
import { Card } from "../ui/card.tsx";
import { Section } from "../ui/section.tsx";

export function InstructorsSection() {
  return (
    <Section
      id={sectionIds.instructors}
      headingId="instructors-title"
      title={instructorsSection.title}
      intro={instructorsSection.intro}
    >
      <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {instructors.map((person) => (
          <li key={person.name}>
            <Card className="flex h-full items-center gap-5">
              <InitialsAvatar name={person.name} />
              <div>
                <h3 className="text-xl font-semibold">{person.name}</h3>
                <p className="font-medium text-brand">{person.role}</p>
                <p className="text-muted">{person.experience}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
