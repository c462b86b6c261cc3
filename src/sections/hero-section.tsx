import { hero } from "../content/program.ts";
import { enrollLink } from "../content/navigation.ts";
import { sectionIds } from "../content/sections.ts";
import { ButtonLink } from "../ui/button.tsx";

/** No entrance animation: the title is the largest paint and must not wait for one. */
export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-br from-brand to-brand-strong pt-header text-white"
    >
      <div className="mx-auto max-w-6xl px-5 py-16 text-center lg:py-28">
        <h1
          id="hero-title"
          className="mx-auto max-w-4xl text-[clamp(2.25rem,5vw,3.75rem)] font-extrabold tracking-tight"
        >
          {hero.title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-white/90 sm:text-xl">{hero.tagline}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <ButtonLink href={enrollLink.href} size="lg" className="w-full sm:w-auto">
            {enrollLink.label}
          </ButtonLink>
          <ButtonLink
            href={`#${sectionIds.curriculum}`}
            variant="outline"
            size="lg"
            className="w-full sm:w-auto"
          >
            {hero.secondaryCta}
          </ButtonLink>
        </div>
        <ul className="mt-12 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm font-medium text-white/85 sm:text-base">
          {hero.facts.map((fact) => (
            <li key={fact} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-1.5 rounded-full bg-white/70" />
              {fact}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
