// The program: what is advertised, what it costs, when it starts, what is taught.
// Each fact is written once, as a number or an ISO date; the words the page, the emails, the
// search data and the share image show are formatted from it (`programText`, `offerText` …).
import { formatCalendarDate } from "../lib/format-date.ts";
import { formatMoney, savingsPercent } from "../lib/format-money.ts";
import { capitalize, numberWord } from "../lib/number-words.ts";
import type { CurriculumItem, Feature } from "./types.ts";

export const program = {
  name: "SQL & Cloud Databases Bootcamp",
  months: 3,
  weeks: 12,
  format: "100% online",
  /** The first day of the next class, as YYYY-MM-DD (shown as "June 06 2025"). */
  nextClassStart: "2025-06-06",
} as const;

/** The program's facts as the page and the emails write them. */
export const programText = {
  length: `${program.months} months`,
  lengthWeeks: `${program.weeks} weeks`,
  nextClassStart: formatCalendarDate(program.nextClassStart),
} as const;

export const hero = {
  title: program.name,
  tagline: `Make 6 figures with a ${program.months}-month training: go from beginner to job-ready database and cloud database professional.`,
  secondaryCta: "View Curriculum",
  facts: [programText.lengthWeeks, program.format, `Next class ${programText.nextClassStart}`],
} as const;

export const featuresSection = {
  title: "Everything you need to land your first database job",
  intro: "A structured path from your first SELECT to running databases in the cloud.",
  badge: `Next class starts ${programText.nextClassStart}`,
} as const;

export const features = [
  { icon: "globe", text: "100% online and beginner-friendly" },
  { icon: "route", text: "Self-paced structured learning paths" },
  { icon: "users", text: "1-on-1 mentorship and career coaching" },
  { icon: "server", text: "Job-ready skills in SQL Server and a cloud platform" },
  { icon: "flask", text: "Cloud projects and hands-on labs" },
] satisfies Feature[];

export const support = [
  {
    icon: "messages",
    title: "Interview preparation support",
    text: "Mock interviews, resume reviews and the questions hiring managers really ask.",
  },
  {
    icon: "lifebuoy",
    title: "On-job support",
    text: "Help from your mentors during your first months in the new role.",
  },
] satisfies (Feature & { title: string })[];

export const offer = {
  title: "Special Offer",
  label: "Limited-time tuition",
  /** ISO 4217 code of both prices. */
  currency: "USD",
  /** The tuition per month. */
  price: 499,
  /** The regular tuition per month, shown struck through beside the price. */
  listPrice: 1663.33,
  period: "per month",
  includes: [
    `Full ${program.weeks}-week curriculum`,
    "1-on-1 mentorship",
    "Interview preparation",
    "On-job support",
  ],
} as const;

/** Read out before the struck-through regular price, which screen readers do not announce. */
export const listPriceLabel = "Regular price:";

/** The offer's numbers as the page writes them ("$499", "Save 70%" …). */
export const offerText = {
  price: formatMoney(offer.price, offer.currency),
  listPrice: formatMoney(offer.listPrice, offer.currency),
  savingsPercent: `Save ${savingsPercent(offer.price, offer.listPrice)}%`,
  savingsAmount: `Save ${formatMoney(offer.listPrice - offer.price, offer.currency)} every month`,
} as const;

export const registrationSection = {
  title: "Start Registration",
  intro: "Register your interest and our team will contact you within 24 hours.",
} as const;

export const salary = {
  title: "What entry-level database professionals earn",
  amount: "$110,000",
  caption: "Advertised median salary for entry-level roles in one state",
  note: "Database administrators and cloud database engineers are in demand: the skills you learn here are the ones those roles ask for.",
} as const;

export const video = {
  title: "See how the bootcamp works",
  intro: "A short walk through the program, the labs and the mentorship.",
  youtubeId: "HXV3zeQKqGY",
  playLabel: "Play video: how the SQL & Cloud Databases Bootcamp works",
  iframeTitle: "SQL & Cloud Databases Bootcamp video",
  subscribeLabel: "Subscribe to our YouTube channel",
  channelHref: "https://www.youtube.com/@example?sub_confirmation=1",
} as const;

export const curriculum = [
  {
    weeks: "Weeks 1-2",
    title: "SQL Fundamentals & Database Design",
    description:
      "Queries, joins and aggregates; tables, keys and normalization; designing a schema from a real brief.",
    icon: "database",
  },
  {
    weeks: "Weeks 3-4",
    title: "Advanced SQL & Performance Tuning",
    description:
      "Window functions, CTEs and stored procedures; reading execution plans, indexing and query tuning.",
    icon: "gauge",
  },
  {
    weeks: "Weeks 5-6",
    title: "Cloud Platforms & Migration",
    description:
      "Managed databases in the cloud; planning and running a migration from on-premises SQL Server.",
    icon: "cloud",
  },
  {
    weeks: "Weeks 7-8",
    title: "Security & High Availability",
    description:
      "Logins, roles and encryption; backups, restores, replication and failover you can rely on.",
    icon: "shield",
  },
  {
    weeks: "Weeks 9-10",
    title: "Real-world Projects",
    description:
      "Build, migrate and operate a production-style database end to end, reviewed by your mentor.",
    icon: "briefcase",
  },
  {
    weeks: "Weeks 11-12",
    title: "Career Preparation",
    description: "Resume, LinkedIn and portfolio; mock interviews and a plan for your job search.",
    icon: "graduation",
  },
] satisfies CurriculumItem[];

export const curriculumSection = {
  title: "Curriculum",
  intro: `${capitalize(numberWord(program.weeks))} weeks, ${numberWord(curriculum.length)} modules, each built around hands-on labs.`,
} as const;
