// Every string of the content folder: what the font must hold (the page, and the toasts and
// banner it shows only later) and the prose whose width the fallback font has to match.
import * as contact from "../src/content/contact.ts";
import * as navigation from "../src/content/navigation.ts";
import * as people from "../src/content/people.ts";
import * as program from "../src/content/program.ts";
import * as registration from "../src/content/registration.ts";
import * as site from "../src/content/site.ts";

const modules = [contact, navigation, people, program, registration, site];

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

export function contentStrings(): string[] {
  return modules.flatMap(strings);
}

/** The sentences among them (ids, URLs and single words left out). */
export function contentProse(): string {
  return contentStrings()
    .filter((value) => /\s/.test(value) && !/^(https?:|#)/.test(value))
    .join(" ");
}
