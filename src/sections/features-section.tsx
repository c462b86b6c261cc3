import { features, featuresSection, program, support } from "../content/program.ts";
import { Badge } from "../ui/badge.tsx";
import { Card } from "../ui/card.tsx";
import { Icon } from "../ui/icons.tsx";
import { Section } from "../ui/section.tsx";

export function FeaturesSection() {
  return (
    <Section headingId="features-title" title={featuresSection.title} intro={featuresSection.intro}>
      <div className="-mt-4 mb-10 flex justify-center">
        <Badge>
          <Icon name="calendar" className="size-4" />
          <time dateTime={program.nextClassStart}>{featuresSection.badge}</time>
        </Badge>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {features.map((feature) => (
          // An odd item out in the two-column grid takes the whole row rather than sit alone.
          <li key={feature.text} className="sm:odd:last:col-span-2 lg:odd:last:col-span-1">
            <Card className="flex h-full items-start gap-3 p-5 lg:flex-col">
              <Icon name={feature.icon} className="size-6 shrink-0 text-teal" />
              <span className="font-medium">{feature.text}</span>
            </Card>
          </li>
        ))}
      </ul>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {support.map((item) => (
          <li key={item.title}>
            <Card className="flex h-full gap-4 border-brand/15 bg-brand/5">
              <Icon name={item.icon} className="size-7 shrink-0 text-brand" />
              <div>
                <h3 className="text-xl font-semibold">{item.title}</h3>
                <p className="mt-1 text-muted">{item.text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
