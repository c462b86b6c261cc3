import { describe, expect, it } from "vitest";
import { curriculum, offer, program } from "./content/program.ts";
import { instructors, testimonials } from "./content/people.ts";
import { site } from "./content/site.ts";
import {
  addWeeks,
  buildStructuredData,
  priceNumber,
  renderStructuredData,
} from "./structured-data.ts";

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
      timeRequired: "P12W",
      teaches: curriculum.map((item) => item.title),
    });
  });

  it("prices the course at 499 USD per month, billed for three months", () => {
    expect(course?.offers).toMatchObject({
      "@type": "Offer",
      category: "Paid",
      price: 499,
      priceCurrency: "USD",
      url: `${base}#registration`,
    });
    const [monthly, list] = course?.offers.priceSpecification ?? [];
    expect(monthly).toMatchObject({
      "@type": "UnitPriceSpecification",
      price: offer.priceValue,
      priceCurrency: "USD",
      unitCode: "MON",
      unitText: "MONTH",
      billingDuration: "P3M",
    });
    expect(list).toMatchObject({ price: 1663.33, priceType: "https://schema.org/ListPrice" });
  });

  it("gives the next class as an online CourseInstance of twelve weeks", () => {
    expect(course?.hasCourseInstance).toMatchObject({
      "@type": "CourseInstance",
      courseMode: "online",
      startDate: "2025-06-06",
      endDate: "2025-08-29",
      duration: "P12W",
      courseWorkload: "P12W",
    });
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

describe("helpers", () => {
  it("adds whole weeks to an ISO date across month ends", () => {
    expect(addWeeks("2025-06-06", 12)).toBe("2025-08-29");
    expect(addWeeks("2025-12-29", 1)).toBe("2026-01-05");
  });

  it("reads a shown price as a number", () => {
    expect(priceNumber("$1663.33")).toBe(1663.33);
    expect(priceNumber("$1,200")).toBe(1200);
  });
});
