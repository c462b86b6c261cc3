// JSON-LD for search engines: the school, and the bootcamp as a Course with its Offer and next
// CourseInstance. Testimonials are the Course's `review`s, never the organization's (Google
// treats reviews an organization publishes about itself as self-serving); no `aggregateRating`:
// four hand-picked quotes are not an aggregate of every student's rating.
import { curriculum, offer, program, programText } from "./content/program.ts";
import { instructors, testimonials } from "./content/people.ts";
import { sectionIds } from "./content/sections.ts";
import { site } from "./content/site.ts";
import type { Instructor } from "./content/types.ts";
import { addWeeks } from "./lib/format-date.ts";
import { absoluteUrl } from "./lib/site-url.ts";

export const SHARE_IMAGE_PATH = "share-image.png";
/** The share image's size: the large card Open Graph and Twitter ask for. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** ISO 8601 durations: P12W, P3M. */
export const PROGRAM_DURATION = `P${program.weeks}W`;
export const BILLING_DURATION = `P${program.months}M`;

// Per month (UN/CEFACT unit MON) for the program's length. The Offer carries no `price`, so
// nothing can read the monthly figure as the price of the whole course.
function monthlyPrice(price: number) {
  return {
    "@type": "UnitPriceSpecification",
    price,
    priceCurrency: offer.currency,
    referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
    billingDuration: BILLING_DURATION,
  };
}

/** `SoldOut` once the class starts, so no search result advertises it. `today`: YYYY-MM-DD, UTC. */
export function offerAvailability(startDate: string, today: string): string {
  return startDate < today ? "https://schema.org/SoldOut" : "https://schema.org/InStock";
}

/** `instructorPhotos`: the site path of each built instructor photo, by the content's file name. */
export function buildStructuredData(
  baseUrl: string,
  instructorPhotos: Readonly<Record<string, string>> = {},
  today = new Date().toISOString().slice(0, 10),
) {
  const people: readonly Instructor[] = instructors;
  const organizationId = absoluteUrl(baseUrl, "#organization");
  const organization = {
    "@type": "EducationalOrganization",
    "@id": organizationId,
    name: site.brand,
    url: baseUrl,
    description: site.about,
    email: site.email,
    telephone: site.phones[0]?.tel,
    contactPoint: site.phones.map((phone) => ({
      "@type": "ContactPoint",
      contactType: phone.label,
      telephone: phone.tel,
      email: site.email,
      availableLanguage: site.language,
    })),
    sameAs: site.social.map((link) => link.href),
  };
  const course = {
    "@type": "Course",
    "@id": absoluteUrl(baseUrl, "#course"),
    name: program.name,
    description: `${programText.length} (${programText.lengthWeeks}), ${program.format}. ${site.about}`,
    url: baseUrl,
    image: absoluteUrl(baseUrl, SHARE_IMAGE_PATH),
    inLanguage: site.language,
    timeRequired: PROGRAM_DURATION,
    teaches: curriculum.map((item) => item.title),
    provider: { "@id": organizationId },
    offers: {
      "@type": "Offer",
      category: "Paid",
      url: absoluteUrl(baseUrl, `#${sectionIds.registration}`),
      availability: offerAvailability(program.nextClassStart, today),
      priceSpecification: [
        monthlyPrice(offer.price),
        // The struck-through price the page shows beside the offer.
        {
          ...monthlyPrice(offer.listPrice),
          priceType: "https://schema.org/ListPrice",
        },
      ],
    },
    hasCourseInstance: {
      "@type": "CourseInstance",
      // Google's course info spells the modes Online, Onsite and Blended.
      courseMode: "Online",
      startDate: program.nextClassStart,
      endDate: addWeeks(program.nextClassStart, program.weeks),
      duration: PROGRAM_DURATION,
      // Google wants a workload in hours or a schedule; the content knows weeks, so: self-paced,
      // one week of study a week, for as many weeks as the program lasts.
      courseSchedule: {
        "@type": "Schedule",
        repeatFrequency: "Weekly",
        repeatCount: program.weeks,
        duration: "P1W",
        startDate: program.nextClassStart,
        endDate: addWeeks(program.nextClassStart, program.weeks),
      },
      location: { "@type": "VirtualLocation", url: baseUrl },
      instructor: people.map((person) => {
        const photo = person.photo && instructorPhotos[person.photo];
        return {
          "@type": "Person",
          name: person.name,
          jobTitle: person.role,
          description: person.description,
          ...(photo ? { image: absoluteUrl(baseUrl, photo) } : {}),
        };
      }),
    },
    review: testimonials.map((story) => ({
      "@type": "Review",
      author: { "@type": "Person", name: story.name, jobTitle: story.role },
      reviewBody: story.content,
      reviewRating: { "@type": "Rating", ratingValue: story.rating, bestRating: 5, worstRating: 1 },
    })),
  };
  return { "@context": "https://schema.org", "@graph": [organization, course] as const };
}

/**
 * The JSON-LD as a `<script type="application/ld+json">` block. `<` is escaped so no content can
 * close the script element; a data block is never executed, so the CSP needs no exception.
 */
export function renderStructuredData(
  baseUrl: string,
  instructorPhotos: Readonly<Record<string, string>> = {},
): string {
  const json = JSON.stringify(buildStructuredData(baseUrl, instructorPhotos)).replaceAll(
    "<",
    "\\u003c",
  );
  return `<script type="application/ld+json">${json}</script>`;
}
