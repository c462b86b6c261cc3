import { curriculum, curriculumSection } from "../content/program.ts";
import { sectionIds } from "../content/sections.ts";
import { Badge } from "../ui/badge.tsx";
import { Card } from "../ui/card.tsx";
import { Icon } from "../ui/icons.tsx";
import { Section } from "../ui/section.tsx";

export function CurriculumSection() {
  return (
    <Section
      id={sectionIds.curriculum}
      headingId="curriculum-title"
      title={curriculumSection.title}
      intro={curriculumSection.intro}
      tone="alt"
    >
      <ol className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {curriculum.map((item) => (
          <li key={item.weeks}>
            <Card className="flex h-full flex-col">
              <div className="flex items-center justify-between gap-3">
                <Badge>{item.weeks}</Badge>
                <Icon name={item.icon} className="size-6 text-brand" />
              </div>
              <h3 className="mt-4 text-xl font-semibold">{item.title}</h3>
              <p className="mt-2 text-muted">{item.description}</p>
            </Card>
          </li>
        ))}
      </ol>
    </Section>
  );
}
