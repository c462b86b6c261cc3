import { describe, expect, it } from "vitest";
import { curriculum, offer, program } from "./content/program.ts";
import { instructors, testimonials } from "./content/people.ts";
import { site } from "./content/site.ts";
import { addWeeks } from "./lib/format-date.ts";
import { buildStructuredData, offerAvailability, renderStructuredData } from "./structured-data.ts";

const base = "https://learn.example.org/";
const [organization, course] = buildStructuredData(base)["@graph"];

describe("buildStructuredData", () => {
  it("describes the school as an EducationalOrganization with its contacts", () => {
    expect(organization).toMatchObject({
      "@type": "EducationalOrganization",
      "@id": `${base}#organization`,
      name: site.brand,
      url: base,
      email: site.email,
      sameAs: site.social.map((link) => link.href),
    });
    expect(organization?.contactPoint.map((point) => point.telephone)).toEqual(
      site.phones.map((phone) => phone.tel),
    );
  });

  it("keeps reviews off the organization, where they would be self-serving", () => {
    expect(organization).not.toHaveProperty("review");
    expect(organization).not.toHaveProperty("aggregateRating");
  });

  it("describes the bootcamp as a Course provided by the school", () => {
    expect(course).toMatchObject({
      "@type": "Course",
      name: program.name,
      provider: { "@id": `${base}#organization` },
      image: `${base}share-image.png`,
      timeRequired: `P${program.weeks}W`,
      teaches: curriculum.map((item) => item.title),
    });
  });

  it("prices the course per month, in a form no one reads as the course's total price", () => {
    expect(course?.offers).toMatchObject({
      "@type": "Offer",
      category: "Paid",
      url: `${base}#registration`,
    });
    expect(course?.offers).not.toHaveProperty("price");
    const [monthly, list] = course?.offers.priceSpecification ?? [];
    expect(monthly).toEqual({
      "@type": "UnitPriceSpecification",
      price: offer.price,
      priceCurrency: offer.currency,
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      billingDuration: `P${program.months}M`,
    });
    expect(list).toMatchObject({
      price: offer.listPrice,
      referenceQuantity: { value: 1, unitCode: "MON" },
      priceType: "https://schema.org/ListPrice",
    });
  });

  it("offers the class until it starts, and as sold out once it has started", () => {
    const start = program.nextClassStart;
    const [, before] = buildStructuredData(base, {}, "2000-01-01")["@graph"];
    const [, onTheDay] = buildStructuredData(base, {}, start)["@graph"];
    const [, after] = buildStructuredData(base, {}, "2999-12-31")["@graph"];
    expect(before.offers.availability).toBe("https://schema.org/InStock");
    expect(onTheDay.offers.availability).toBe("https://schema.org/InStock");
    expect(after.offers.availability).toBe("https://schema.org/SoldOut");
    expect(offerAvailability("2025-06-06", "2025-06-05")).toBe("https://schema.org/InStock");
    expect(offerAvailability("2025-06-06", "2025-06-07")).toBe("https://schema.org/SoldOut");
  });

  it("gives the next class as an Online CourseInstance with a weekly schedule", () => {
    const end = addWeeks(program.nextClassStart, program.weeks);
    expect(course?.hasCourseInstance).toMatchObject({
      "@type": "CourseInstance",
      courseMode: "Online",
      startDate: program.nextClassStart,
      endDate: end,
      duration: `P${program.weeks}W`,
      courseSchedule: {
        "@type": "Schedule",
        repeatFrequency: "Weekly",
        repeatCount: program.weeks,
        duration: "P1W",
        startDate: program.nextClassStart,
        endDate: end,
      },
    });
    expect(course?.hasCourseInstance).not.toHaveProperty("courseWorkload");
    expect(course?.hasCourseInstance.instructor.map((person) => person.name)).toEqual(
      instructors.map((person) => person.name),
    );
  });

  it("lists every testimonial as a five-star review of the course", () => {
    expect(course?.review).toHaveLength(testimonials.length);
    course?.review.forEach((review, index) => {
      expect(review.author.name).toBe(testimonials[index]?.name);
      expect(review.reviewBody).toBe(testimonials[index]?.content);
      expect(review.reviewRating).toMatchObject({ ratingValue: 5, bestRating: 5 });
    });
    expect(course).not.toHaveProperty("aggregateRating");
  });
});

describe("renderStructuredData", () => {
  it("emits a JSON-LD block that parses back to the same data", () => {
    const html = renderStructuredData(base);
    const json = html
      .replace(/^<script type="application\/ld\+json">/, "")
      .replace(/<\/script>$/, "");
    expect(JSON.parse(json)).toEqual(buildStructuredData(base));
  });

  it("never lets content close the script element", () => {
    expect(renderStructuredData(base).match(/<\//g)).toHaveLength(1);
    expect(JSON.stringify("</script>").replaceAll("<", "\\u003c")).not.toContain("<");
  });
});
