// An operator's content edit, end to end: a copy of the project gets a new price, a future
// class date, a seventh module, an accented instructor name and a new phone number; it is built,
// and everything derived from those facts must follow — the page's words, the JSON-LD, the two
// emails and the share image. The edits replace whatever the content says
// now, so this test also passes on a copy an operator has already edited.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { pageText } from "../scripts/page-text.ts";
import { curriculum } from "../src/content/program.ts";
import { numberWord } from "../src/lib/number-words.ts";
import { copyProject, type ProjectCopy, editFile, runInCopy } from "./support/project-copy.ts";

test.describe.configure({ mode: "serial", timeout: 300_000 });

/** What the copy's content module and the two emails produce, printed by a script in the copy. */
const probe = `
import { program, programText } from "./src/content/program.ts";
import { registrationEmailCopy } from "./src/content/registration.ts";
import { site } from "./src/content/site.ts";
import { buildAdminEmail, buildStudentEmail } from "./src/registration/registration-emails.ts";
import { makeShareImage, svgTextContent } from "./scripts/share-image/make-share-image.ts";
const content = { program: { name: program.name, ...programText }, site, copy: registrationEmailCopy, adminEmail: "team@example.org" };
const form = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "1" };
const at = new Date("2026-01-05T15:00:00Z");
const image = await makeShareImage(process.cwd());
console.log(JSON.stringify({
  admin: buildAdminEmail(form, content, at).message,
  student: buildStudentEmail(form, content, at).message,
  shareText: svgTextContent(image.svgText),
}));
`;

let copy: ProjectCopy | undefined;
let dir = "";
let html = "";
let probed: { admin: string; student: string; shareText: string };

test.beforeAll(async () => {
  // Copying, building (or starting Vite) takes a while on a busy machine.
  test.setTimeout(300_000);
  copy = await copyProject();
  dir = copy.dir;
  await editFile(dir, "src/content/program.ts", [
    [/ price: [\d.]+,/, " price: 549,"],
    [/nextClassStart: "[\d-]+",/, 'nextClassStart: "2027-03-15",'],
    [
      /\n\] satisfies CurriculumItem\[\];/,
      '\n  {\n    weeks: "Week 12",\n    title: "Capstone Review",\n    description: "Present your project.",\n    icon: "briefcase",\n  },\n] satisfies CurriculumItem[];',
    ],
  ]);
  // The first name in people.ts is the first instructor's.
  await editFile(dir, "src/content/people.ts", [[/name: "[^"]*",/, 'name: "Sofía Núñez",']]);
  await editFile(dir, "src/content/site.ts", [
    [/display: "[^"]*", tel: "[^"]*"/, 'display: "(555) 010-9999", tel: "+15550109999"'],
  ]);
  await runInCopy(dir, ["scripts/build.ts"]);
  html = await readFile(path.join(dir, "dist", "index.html"), "utf8");
  await writeFile(path.join(dir, "probe.ts"), probe);
  probed = JSON.parse(await runInCopy(dir, ["probe.ts"])) as typeof probed;
});

test.afterAll(async () => {
  await copy?.remove();
});

test("the page shows every derived text from the edited facts, and none of the old ones", () => {
  const text = pageText(html).replace(/\s+/g, " ");
  for (const shown of [
    "$549",
    "Save 67%",
    "Save $1114.33 every month",
    "$1663.33",
    "Next class starts March 15 2027",
    "Next class March 15 2027",
    `Twelve weeks, ${numberWord(curriculum.length + 1)} modules, each built around hands-on labs.`,
    "Capstone Review",
    "Sofía Núñez",
    "(555) 010-9999",
  ]) {
    expect(text, shown).toContain(shown);
  }
  for (const old of ["$499", "Save 70%", "$1164.33", "June 06 2025", "six modules", "010-2040"]) {
    expect(text, old).not.toContain(old);
  }
  expect(html).toContain('<time dateTime="2027-03-15">');
});

test("the JSON-LD carries the new price, dates, modules, instructor and phone", () => {
  const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? "";
  const [organization, course] = JSON.parse(json)["@graph"];
  expect(organization.telephone).toBe("+15550109999");
  expect(course.offers.priceSpecification[0]).toMatchObject({ price: 549, priceCurrency: "USD" });
  expect(course.teaches).toHaveLength(curriculum.length + 1);
  expect(course.teaches.at(-1)).toBe("Capstone Review");
  expect(course.hasCourseInstance).toMatchObject({
    startDate: "2027-03-15",
    endDate: "2027-06-07",
    courseSchedule: { repeatCount: 12, startDate: "2027-03-15" },
  });
  expect(course.hasCourseInstance.instructor[0].name).toBe("Sofía Núñez");
});

test("both emails give the new class date and the student's the new phone", () => {
  for (const message of [probed.admin, probed.student]) {
    expect(message).toContain("Next class starts: March 15 2027");
  }
  expect(probed.student).toContain("Admissions: (555) 010-9999");
});

test("the share image shows the new price and date", async () => {
  const shown = probed.shareText.replace(/\s+/g, "");
  expect(shown).toContain("$549permonth");
  expect(shown).toContain("NextclassMarch152027");
  const png = await readFile(path.join(dir, "dist", "share-image.png"));
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});
