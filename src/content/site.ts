// Who runs the site and how to reach them. Replace these placeholders to make the site yours.
import { program } from "./program.ts";
import type { OfficeHours, Phone, SocialLink } from "./types.ts";

const brand = "Northwind Data Academy";

export const site = {
  brand,
  brandShort: "Northwind",
  /** Used for the canonical URL, sitemap and share tags when VITE_SITE_URL is not set. */
  url: "https://bootcamp.example.com",
  locale: "en_US",
  language: "en",
  about: `${brand} trains beginners for database administrator and cloud database roles through a ${program.months}-month, ${program.format} program with mentors who work in the field.`,
  email: "admissions@bootcamp.example.com",
  phones: [
    { label: "Admissions", display: "(555) 010-2040", tel: "+15550102040" },
    { label: "Student support", display: "(555) 010-3050", tel: "+15550103050" },
  ] satisfies Phone[],
  officeHoursZone: "EST",
  officeHours: [
    { days: "Mon-Fri", hours: "9:00 AM-6:00 PM" },
    { days: "Sat", hours: "10:00 AM-2:00 PM" },
    { days: "Sun", hours: "Closed" },
  ] satisfies OfficeHours[],
  social: [
    { network: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/company/example" },
    { network: "twitter", label: "Twitter", href: "https://twitter.com/example" },
    { network: "facebook", label: "Facebook", href: "https://www.facebook.com/example" },
    { network: "instagram", label: "Instagram", href: "https://www.instagram.com/example" },
    { network: "youtube", label: "YouTube", href: "https://www.youtube.com/@example" },
    { network: "tiktok", label: "TikTok", href: "https://www.tiktok.com/@example" },
  ] satisfies SocialLink[],
  legal: [
    { label: "Privacy Policy", href: "#" },
    { label: "Terms of Service", href: "#" },
  ],
} as const;
