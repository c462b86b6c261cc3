// The deploy rehearsal: the README's Deploy steps as an operator follows them. A copy of the
// project whose settings are only in `.env` (the build runs with no VITE_* in its environment)
// is built with `npm run build`, served the way Netlify and Cloudflare Pages serve `dist/` (its
// `_headers` applied), and registered on in Chromium against a stand-in EmailJS on a second
// loopback origin. Why not Cloudflare's own emulator: docs/decisions/0006-build-config-and-deploy-rehearsal.md.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { successBanner } from "../src/content/registration.ts";
import { startEmailJsStandIn, type EmailJsStandIn } from "./support/emailjs-stand-in.ts";
import { copyProject, type ProjectCopy } from "./support/project-copy.ts";
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

let project: ProjectCopy;
let emailJs: EmailJsStandIn;
let host: Awaited<ReturnType<typeof startStaticHost>>;
let buildOutput = "";

// One build for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  emailJs = await startEmailJsStandIn();
  project = await copyProject();
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
  host = await startStaticHost(path.join(project.dir, "dist"));
});

test.afterAll(async () => {
  await host?.close();
  await emailJs?.close();
  await project?.remove();
});

test("a build configured only by .env registers through EmailJS under the host's headers", async ({
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
  const data = student("rehearsal");
  await fillRegistration(page, data);
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
