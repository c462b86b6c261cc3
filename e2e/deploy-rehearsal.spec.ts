// The deploy rehearsal: an operator's whole path, from a content edit to a deployed site, on one
// copy of the project and one build (a build costs about 5 s of CPU, so the edit and the settings
// share it). The copy gets a new price, a future class date, a seventh module, an accented
// instructor name and a new phone number (the edits replace whatever the content says now, so
// this also passes on a copy an operator has already edited), and its settings only in `.env`
// (the build runs with no VITE_* in its environment). It is built with `npm run build`, served the
// way Netlify and Cloudflare Pages serve `dist/` (its `_headers` applied), and registered on in
// Chromium against a stand-in EmailJS on a second loopback origin. Everything derived from the
// edited facts must follow: the page's words, the JSON-LD, the two emails as sent and the share
// image. Why not Cloudflare's own emulator: docs/decisions/0006-build-config-and-deploy-rehearsal.md.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pageText } from "../scripts/page-text.ts";
import { curriculum } from "../src/content/program.ts";
import { successBanner } from "../src/content/registration.ts";
import { numberWord } from "../src/lib/number-words.ts";
import { startEmailJsStandIn, type EmailJsStandIn } from "./support/emailjs-stand-in.ts";
import { copyProject, editFile, type ProjectCopy, runInCopy } from "./support/project-copy.ts";
import { expect, fillRegistration, student, submitButton, test } from "./support/registration.ts";
import { startStaticHost } from "./support/static-host.ts";

const settings = {
  VITE_EMAILJS_PUBLIC_KEY: "rehearsal-public-key",
  VITE_EMAILJS_SERVICE_ID: "rehearsal-service",
  VITE_EMAILJS_TEMPLATE_ID: "rehearsal-template",
  VITE_ADMIN_EMAIL: "admissions@rehearsal-school.test",
  VITE_SITE_URL: "https://rehearsal-school.test/bootcamp/",
};

/**
 * Secrets an operator may keep beside the settings (in `.env` and in the shell of the build):
 * none may reach the browser. Only the EmailJS public key (with the service and template ids
 * every EmailJS request carries) may; the rehearsal's build shows which ones the files a visitor
 * downloads hold, so no second build is needed for it.
 */
const secrets = {
  // EmailJS's private access token must never be needed by, or shipped to, the browser.
  EMAILJS_PRIVATE_KEY: "canary-private-key-5e6f",
  DATABASE_PASSWORD: "canary-server-secret-1c2d",
} as const;
// A VITE_ variable the code never reads is not inlined either: no one reads import.meta.env whole.
const unusedViteSetting = { VITE_UNUSED_SECRET: "canary-unused-vite-8a8b" } as const;

/** The share image's words as the copy's content draws them, printed by a script in the copy. */
const shareImageProbe = `
import { makeShareImage, svgTextContent } from "./scripts/share-image/make-share-image.ts";
console.log(svgTextContent((await makeShareImage(process.cwd())).svgText));
`;

let project: ProjectCopy;
let emailJs: EmailJsStandIn;
let host: Awaited<ReturnType<typeof startStaticHost>>;
let buildOutput = "";
let html = "";
let shareImageText = "";

// One build for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  emailJs = await startEmailJsStandIn();
  project = await copyProject();
  const dir = project.dir;
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
  await project.writeEnv({
    ...settings,
    VITE_EMAILJS_ORIGIN: emailJs.origin,
    ...unusedViteSetting,
    ...secrets,
  });
  // No VITE_* variable in the shell, as on a host that builds from .env; the other secrets are
  // in both places, as an operator's shell may hold them too.
  const build = await project.build(secrets);
  buildOutput = build.output;
  expect(build.code, build.output).toBe(0);
  html = await readFile(path.join(dir, "dist", "index.html"), "utf8");
  await writeFile(path.join(dir, "share-image-probe.ts"), shareImageProbe);
  shareImageText = await runInCopy(dir, ["share-image-probe.ts"]);
  host = await startStaticHost(path.join(dir, "dist"));
});

test.afterAll(async () => {
  await host?.close();
  await emailJs?.close();
  await project?.remove();
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

test("the share image shows the new price and date", async () => {
  const shown = shareImageText.replace(/\s+/g, "");
  expect(shown).toContain("$549permonth");
  expect(shown).toContain("NextclassMarch152027");
  const png = await readFile(path.join(project.dir, "dist", "share-image.png"));
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("a build configured only by .env registers through EmailJS under the host's headers, and both emails give the new class date and the student's the new phone", async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportViolation: (line: string) => void })
        .reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto(`${host.origin}/`);
  expect(response?.headers()["content-security-policy"]).toContain(
    `connect-src 'self' ${emailJs.origin}`,
  );
  await expect(page.locator("#registration fieldset")).toBeEnabled();
  // The connection to EmailJS is opened at the first touch of the form, never at load.
  const preconnect = page.locator(`link[rel="preconnect"][href="${emailJs.origin}"]`);
  await page.waitForLoadState("load");
  await expect(preconnect).toHaveCount(0);
  const data = student("rehearsal");
  await fillRegistration(page, data);
  await expect(preconnect).toHaveCount(1);
  await submitButton(page).click();
  await expect(page.getByRole("status").filter({ hasText: successBanner.title })).toBeVisible();

  expect(emailJs.preflights).toBeGreaterThanOrEqual(1);
  const sends = emailJs.sends.map(({ origin, body }) => ({
    origin,
    ids: [body.user_id, body.service_id, body.template_id],
    to: body.template_params.to_email,
  }));
  const ids = [
    settings.VITE_EMAILJS_PUBLIC_KEY,
    settings.VITE_EMAILJS_SERVICE_ID,
    settings.VITE_EMAILJS_TEMPLATE_ID,
  ];
  expect(sends).toEqual([
    { origin: host.origin, ids, to: settings.VITE_ADMIN_EMAIL },
    { origin: host.origin, ids, to: data.email },
  ]);
  // The emails as the built page sent them, not as the source would write them.
  const [admin, confirmation] = emailJs.sends.map(({ body }) => body.template_params.message);
  for (const message of [admin, confirmation]) {
    expect(message).toContain("Next class starts: March 15 2027");
  }
  expect(confirmation).toContain("Admissions: (555) 010-9999");
  expect(violations).toEqual([]);
});

test("the sitemap, robots.txt and the canonical link carry the .env site URL", async ({
  request,
}) => {
  const siteUrl = settings.VITE_SITE_URL;
  const sitemap = await request.get(`${host.origin}/sitemap.xml`);
  expect(await sitemap.text()).toContain(`<loc>${siteUrl}</loc>`);
  const robots = await (await request.get(`${host.origin}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${siteUrl}sitemap.xml`);
  const html = await (await request.get(`${host.origin}/`)).text();
  expect(html).toContain(`<link rel="canonical" href="${siteUrl}" />`);
  expect(html).toContain(`<meta property="og:image" content="${siteUrl}share-image.png" />`);
  expect((await request.get(`${host.origin}/_headers`)).status()).toBe(404);
  const vercel = await readFile(path.join(project.dir, "dist", "vercel.json"), "utf8");
  expect(vercel).toContain(`connect-src 'self' ${emailJs.origin}`);
  // A normal build warns about what is left to do; a configured one not about the outbox.
  expect(buildOutput).not.toContain("a static host has no outbox");
});

test("the browser's files hold the public key and no other secret", async () => {
  const dist = path.join(project.dir, "dist");
  const files = (await readdir(dist, { recursive: true })).filter((file) =>
    /\.(js|html|css)$/.test(file),
  );
  const shipped = (
    await Promise.all(files.map((file) => readFile(path.join(dist, file), "utf8")))
  ).join("\n");
  expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  expect(shipped).toContain(settings.VITE_EMAILJS_PUBLIC_KEY);
  for (const secret of [...Object.values(secrets), unusedViteSetting.VITE_UNUSED_SECRET]) {
    // A short message: the files themselves are hundreds of kilobytes.
    expect(shipped.includes(secret), `${secret} is in the browser's files`).toBe(false);
  }
});

test("a build that fails half-way leaves the previous dist/ byte for byte", async () => {
  test.setTimeout(240_000);
  const dist = path.join(project.dir, "dist");
  const snapshot = async () => {
    const files = (await readdir(dist, { recursive: true })).sort();
    return Promise.all(
      files.map(async (file) => [file, await readFile(path.join(dist, file)).catch(() => "dir")]),
    );
  };
  const before = await snapshot();
  // A placeholder nothing fills: the prerender throws after both bundles are written.
  const template = path.join(project.dir, "index.html");
  await writeFile(
    template,
    (await readFile(template, "utf8")).replace("</body>", "<!--app-x--></body>"),
  );

  const build = await project.build();
  expect(build.code).toBe(1);
  expect(build.output).toContain("index.html has a placeholder left unfilled");
  expect(build.output).toContain("Build failed; dist/ is unchanged.");
  expect(await snapshot()).toEqual(before);
  const leftovers = (await readdir(project.dir)).filter((name) => /\.(partial|old)-/.test(name));
  expect(leftovers).toEqual([]);
});

test("a misspelt icon name in the content stops the build, naming the file, before anything is written", async () => {
  test.setTimeout(120_000);
  const program = path.join(project.dir, "src/content/program.ts");
  const source = await readFile(program, "utf8");
  await editFile(project.dir, "src/content/program.ts", [[/icon: "[a-z]+"/, 'icon: "databse"']]);
  try {
    const build = await project.build();
    expect(build.code).toBe(1);
    expect(build.output).toMatch(
      /error: src\/content\/program\.ts\(\d+,\d+\): Type '"databse"' is not assignable to type 'IconName'/,
    );
    expect(build.output).toContain("Build stopped before writing anything; dist/ is unchanged.");
  } finally {
    await writeFile(program, source);
  }
});
