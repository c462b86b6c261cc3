// The program: what is advertised, what it costs, when it starts, what is taught.
import type { CurriculumItem, Feature } from "./types.ts";

export const program = {
  name: "SQL & Cloud Databases Bootcamp",
  length: "3 months",
  lengthWeeks: "12 weeks",
  format: "100% online",
  /** Shown as written; `nextClassStartIso` is the same day for machines (JSON-LD, <time>). */
  nextClassStart: "June 06 2025",
  nextClassStartIso: "2025-06-06",
} as const;

export const hero = {
  title: program.name,
  tagline:
    "Make 6 figures with a 3-month training: go from beginner to job-ready database and cloud database professional.",
  secondaryCta: "View Curriculum",
  facts: [program.lengthWeeks, program.format, `Next class ${program.nextClassStart}`],
} as const;

export const featuresSection = {
  title: "Everything you need to land your first database job",
  intro: "A structured path from your first SELECT to running databases in the cloud.",
  badge: `Next class starts ${program.nextClassStart}`,
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
  price: "$499",
  period: "per month",
  originalPrice: "$1663.33",
  savingsPercent: "Save 70%",
  savingsAmount: "Save $1164.33 every month",
  includes: [
    "Full 12-week curriculum",
    "1-on-1 mentorship",
    "Interview preparation",
    "On-job support",
  ],
  /** Machine-readable price for structured data. */
  priceValue: 499,
  currency: "USD",
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

export const curriculumSection = {
  title: "Curriculum",
  intro: "Twelve weeks, six modules, each built around hands-on labs.",
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
