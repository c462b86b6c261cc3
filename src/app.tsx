import { skipLinkLabel } from "./content/navigation.ts";
import { sectionIds } from "./content/sections.ts";
import { SiteFooter } from "./layout/site-footer.tsx";
import { SiteHeader } from "./layout/site-header.tsx";
import { ContactSection } from "./sections/contact-section.tsx";
import { CurriculumSection } from "./sections/curriculum-section.tsx";
import { FeaturesSection } from "./sections/features-section.tsx";
import { HeroSection } from "./sections/hero-section.tsx";
import { InstructorsSection } from "./sections/instructors-section.tsx";
import { OfferSection } from "./sections/offer-section.tsx";
import { SalarySection } from "./sections/salary-section.tsx";
import { TestimonialsSection } from "./sections/testimonials-section.tsx";
import { VideoSection } from "./sections/video-section.tsx";
import { Island } from "./ui/island.tsx";
import { Toaster } from "./ui/toaster.tsx";

/** The page, in the order of docs/spec-facts.md. */
export function App() {
  return (
    <>
      <a
        href={`#${sectionIds.main}`}
        className="sr-only z-50 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:rounded-md focus:bg-accent focus:px-4 focus:py-2 focus:text-white"
      >
        {skipLinkLabel}
      </a>
      <Island name="header">
        <SiteHeader />
      </Island>
      <main id={sectionIds.main} tabIndex={-1}>
        <HeroSection />
        <FeaturesSection />
        <OfferSection />
        <SalarySection />
        <VideoSection />
        <CurriculumSection />
        <InstructorsSection />
        <TestimonialsSection />
        <ContactSection />
      </main>
      <SiteFooter />
      <Island name="toaster">
        <Toaster />
      </Island>
    </>
  );
}
