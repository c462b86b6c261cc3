import { Icon } from "../ui/icons.tsx";
import { listPriceLabel, offer, offerText, registrationSection } from "../content/program.ts";
import { sectionIds } from "../content/sections.ts";
import { RegistrationPanel } from "../registration/registration-panel.tsx";
import { Island } from "../ui/island.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card } from "../ui/card.tsx";

export function OfferSection() {
  return (
    <section
      id={sectionIds.registration}
      aria-labelledby="registration-title"
      className="bg-surface-alt py-16 lg:py-24"
    >
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-start gap-8 px-5 lg:grid-cols-[2fr_3fr]">
        <Card className="border-brand/20 lg:sticky lg:top-[calc(var(--spacing-header)+1.5rem)]">
          <p className="text-sm font-semibold tracking-wide text-teal uppercase">{offer.label}</p>
          <h2 className="mt-1 text-2xl font-bold text-brand">{offer.title}</h2>
          <p className="mt-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-5xl font-extrabold tracking-tight text-ink">
              {offerText.price}
            </span>
            <span className="text-lg text-muted">{offer.period}</span>
          </p>
          <p className="mt-2 text-muted">
            <span className="sr-only">{`${listPriceLabel} `}</span>
            <s>{offerText.listPrice}</s> <span aria-hidden="true">{offer.period}</span>
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Badge className="bg-accent text-white">{offerText.savingsPercent}</Badge>
            <Badge>{offerText.savingsAmount}</Badge>
          </div>
          <ul className="mt-6 space-y-2 border-t border-line pt-6">
            {offer.includes.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Icon name="check" className="size-5 shrink-0 text-teal" />
                {item}
              </li>
            ))}
          </ul>
        </Card>
        {/* A long unbroken string in the form (an email address) wraps rather than widen the page. */}
        <Card className="p-6 [overflow-wrap:anywhere] sm:p-8">
          <h2 id="registration-title" className="text-2xl font-bold text-brand sm:text-3xl">
            {registrationSection.title}
          </h2>
          <p className="mt-2 text-muted">{registrationSection.intro}</p>
          <Island name="registration">
            <RegistrationPanel />
          </Island>
        </Card>
      </div>
    </section>
  );
}
