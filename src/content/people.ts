// The instructors and the students who vouch for the program. Placeholders: replace with your own people.
import type { Instructor, Testimonial } from "./types.ts";

export const instructorsSection = {
  title: "Meet your instructors",
  intro: "Learn from engineers who run databases in the cloud every day.",
} as const;

export const instructors = [
  {
    name: "Daniel Carter",
    role: "Certified Cloud Engineer",
    experience: "15+ years of experience",
    imageKey: "navy",
    // Not shown on the page (the product's specification leaves it out); search engines read it
    // in the page's structured data.
    description:
      "Daniel has designed and migrated SQL Server estates for banks and hospitals and now leads cloud database teams.",
  },
  {
    name: "Priya Raman",
    role: "Certified Cloud Engineer",
    experience: "16+ years of experience",
    imageKey: "teal",
    description:
      "Priya specialises in high availability and performance tuning and has mentored hundreds of new DBAs.",
  },
] satisfies Instructor[];

export const testimonialsSection = {
  title: "Student Success Stories",
  intro: "Beginners who made the move, in their own words.",
} as const;

export const testimonials = [
  {
    name: "Maria Gonzalez",
    role: "Junior Database Administrator",
    content:
      "I came from retail with no tech background. The labs and my mentor got me through my first interview, and I started my DBA job two weeks after graduating.",
    rating: 5,
  },
  {
    name: "James Okafor",
    role: "Cloud Database Engineer",
    content:
      "The migration project was exactly what my interviewers asked about. Being able to walk them through it made all the difference.",
    rating: 5,
  },
  {
    name: "Emily Chen",
    role: "SQL Developer",
    content:
      "Self-paced lessons fit around my full-time job, and the weekly mentor calls kept me on track for all twelve weeks.",
    rating: 5,
  },
  {
    name: "Robert Williams",
    role: "Data Platform Analyst",
    content:
      "Performance tuning used to scare me. Now it is the part of my job I enjoy most, and the on-job support helped in my first months.",
    rating: 5,
  },
] satisfies Testimonial[];
