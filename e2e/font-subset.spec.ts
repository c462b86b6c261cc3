// The self-hosted Inter is a subset (scripts/fonts/subset-inter.ts). A character outside it would
// show in the fallback face in the middle of a word, so every text the page can show must be in it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { interCharacters } from "../scripts/fonts/inter-subset.ts";
import * as contact from "../src/content/contact.ts";
import * as navigation from "../src/content/navigation.ts";
import * as people from "../src/content/people.ts";
import * as program from "../src/content/program.ts";
import * as registration from "../src/content/registration.ts";
import * as site from "../src/content/site.ts";

const distDir = path.resolve(process.env.DIST_DIR ?? "dist");

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', nbsp: "\u00a0" };

/** The text and placeholders of the prerendered page, entities decoded. */
function visibleText(html: string): string {
  const body = html.replace(/<head>[\s\S]*?<\/head>/, "").replace(/<script[\s\S]*?<\/script>/g, "");
  const placeholders = [...body.matchAll(/\splaceholder="([^"]*)"/g)].map(([, text]) => text);
  return [body.replace(/<[^>]+>/g, " "), ...placeholders]
    .join(" ")
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
      name.startsWith("#x")
        ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
        : name.startsWith("#")
          ? String.fromCodePoint(Number(name.slice(1)))
          : (entities[name] ?? entity),
    );
}

/** Every string of the content folder: toasts and messages the page shows only later. */
function contentText(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(contentText);
  return [];
}

test("every character the page can show is in the self-hosted Inter subset", async () => {
  const html = await readFile(path.join(distDir, "index.html"), "utf8");
  const content = [contact, navigation, people, program, registration, site].flatMap(contentText);
  const shown = new Set([...visibleText(html), ...content.join(" ")]);
  const missing = [...shown].filter((char) => !/\s/.test(char) && !interCharacters.includes(char));
  expect(missing, "add them to interCharacters and run scripts/fonts/subset-inter.ts").toEqual([]);
});
