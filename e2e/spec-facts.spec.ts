// The product's fixed facts (docs/spec-facts.md), pinned as shipped: the one test an operator's content edit may break.
// Every other test reads its expectations from src/content, so it follows any edit. This one
// reads the built page (dist/index.html) and the content's machine-readable facts, and compares
// them with the specification's values written out below (listed in docs/spec-facts.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { instructors, testimonials } from "../src/content/people.ts";
import { curriculum, features, offer, program } from "../src/content/program.ts";
import { registrationToasts } from "../src/content/registration.ts";
import { registrationEmailCopy } from "../src/content/registration-emails.ts";
import { site } from "../src/content/site.ts";
import { pageText } from "../scripts/page-text.ts";

const CHANGED_ON_PURPOSE =
  "A fixed fact of the product specification changed. If you changed it on purpose (a content " +
  "edit), update e2e/spec-facts.spec.ts and docs/spec-facts.md; no other test needs to change.";

const html = readFileSync(path.resolve(process.env.DIST_DIR ?? "dist", "index.html"), "utf8");
const text = pageText(html).replace(/\s+/g, " ");

const shownStrings = [
  "SQL & Cloud Databases Bootcamp",
  "Next class starts June 06 2025",
  "Start Registration",
  "$499",
  "per month",
  "$1663.33",
  "Save 70%",
  "Save $1164.33 every month",
  "$110,000",
  "Twelve weeks, six modules",
  "12 weeks",
  "Student Success Stories",
  "Contact Us",
  "Office hours (EST)",
  "Privacy Policy",
  "Terms of Service",
];

test("the page shows the specification's fixed texts", () => {
  const missing = shownStrings.filter((value) => !text.includes(value));
  expect(missing, CHANGED_ON_PURPOSE).toEqual([]);
  expect(text, CHANGED_ON_PURPOSE).toMatch(/Make 6 figures with a 3-month training/);
  expect(text, CHANGED_ON_PURPOSE).toMatch(/© \d{4} /);
});

test("the program's numbers and date are the specification's", () => {
  expect(
    {
      months: program.months,
      weeks: program.weeks,
      nextClassStart: program.nextClassStart,
      currency: offer.currency,
      price: offer.price,
      listPrice: offer.listPrice,
      period: offer.period,
    },
    CHANGED_ON_PURPOSE,
  ).toEqual({
    months: 3,
    weeks: 12,
    nextClassStart: "2025-06-06",
    currency: "USD",
    price: 499,
    listPrice: 1663.33,
    period: "per month",
  });
});

test("the curriculum is the specification's six modules, in order", () => {
  expect(
    curriculum.map((item) => `${item.weeks}: ${item.title}`),
    CHANGED_ON_PURPOSE,
  ).toEqual([
    "Weeks 1-2: SQL Fundamentals & Database Design",
    "Weeks 3-4: Advanced SQL & Performance Tuning",
    "Weeks 5-6: Cloud Platforms & Migration",
    "Weeks 7-8: Security & High Availability",
    "Weeks 9-10: Real-world Projects",
    "Weeks 11-12: Career Preparation",
  ]);
});

test("the features, people and contacts are the specification's", () => {
  expect(
    {
      features: features.map((feature) => feature.text),
      instructors: instructors.map((person) => `${person.role}, ${person.experience}`),
      testimonials: testimonials.map((story) => story.rating),
      phones: site.phones.length,
      officeHours: site.officeHours.map((row) => `${row.days} ${row.hours}`),
      officeHoursZone: site.officeHoursZone,
      social: site.social.map((link) => link.label),
      legal: site.legal.map((link) => `${link.label} ${link.href}`),
    },
    CHANGED_ON_PURPOSE,
  ).toEqual({
    features: [
      "100% online and beginner-friendly",
      "Self-paced structured learning paths",
      "1-on-1 mentorship and career coaching",
      "Job-ready skills in SQL Server and a cloud platform",
      "Cloud projects and hands-on labs",
    ],
    instructors: [
      "Certified Cloud Engineer, 15+ years of experience",
      "Certified Cloud Engineer, 16+ years of experience",
    ],
    testimonials: [5, 5, 5, 5],
    phones: 2,
    officeHours: ["Mon-Fri 9:00 AM-6:00 PM", "Sat 10:00 AM-2:00 PM", "Sun Closed"],
    officeHoursZone: "EST",
    social: ["LinkedIn", "Twitter", "Facebook", "Instagram", "YouTube", "TikTok"],
    legal: ["Privacy Policy #", "Terms of Service #"],
  });
});

test("the toasts and the emails' fixed words are the specification's", () => {
  expect(
    {
      toasts: registrationToasts,
      adminSubject: registrationEmailCopy.admin.subject,
      studentSubject: registrationEmailCopy.student.subject,
    },
    CHANGED_ON_PURPOSE,
  ).toMatchObject({
    toasts: {
      consentRequired: {
        title: "Consent Required",
        description: "Please agree to the terms and conditions.",
      },
      registrationError: {
        title: "Registration Error",
        description: "There was an error processing your registration. Please try again.",
      },
    },
    adminSubject: "New Bootcamp Registration",
    studentSubject: expect.stringMatching(/Registration Confirmation$/),
  });
});
