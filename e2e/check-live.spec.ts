// `npm run check:live` against local servers only, never the internet: a production-like build
// (EmailJS keys, the email service a stand-in on a loopback origin of its own, VITE_SITE_URL the
// address it is served at, as `npm start` prints it: localhost, the sample's placeholders
// replaced, a future class) served by the real `npm run serve`, then made to fail one way at a
// time. One build for the file; four test registrations in the checker's own headless Chromium
// (accepted, through the command line; an EmailJS 400; a refused origin; the service not
// reachable). Hosts that break the deploy (a header left out, no assets/, a plain file server)
// serve copies of the build in this process. Each cause's words and every EmailJS text:
// scripts/check-live/*.test.ts.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import sirv from "sirv";
import { securityHeaders } from "../server/security-headers.ts";
import { createSiteServer } from "../server/app.ts";
import { formatChecklist } from "../scripts/check-live/checklist.ts";
import { runLiveChecks } from "../scripts/check-live/live-checks.ts";
import { testRegistrationItems } from "../scripts/check-live/test-registration.ts";
import { nextClassWarnings } from "../scripts/site-build/build-checks.ts";
import { contentFacts } from "../scripts/site-build/content-facts.ts";
import { placeholderWarnings } from "../scripts/site-build/placeholder-checks.ts";
import { site } from "../src/content/site.ts";
import { resolveSiteUrl } from "../src/lib/site-url.ts";
import { startEmailJsStandIn, type EmailJsStandIn } from "./support/emailjs-stand-in.ts";
import { freePort } from "./support/free-port.ts";
import { listenOnLoopback } from "./support/loopback.ts";
import { copyProject, type ProjectCopy } from "./support/project-copy.ts";
import { startServer, type ServerProcess } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

let project: ProjectCopy;
let emailJs: EmailJsStandIn;
let emailJsClosed = false;
let server: ServerProcess;
let siteUrl = "";

/**
 * A copy of the build, changed by `edit`, served on loopback in this process: by the real
 * server, or (`plain`) by a file server that sends no headers of its own, as some hosts do.
 */
async function serveCopy(
  edit: (dist: string) => Promise<void>,
  { plain = false } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const dist = await mkdtemp(path.join(project.dir, "dist-"));
  await cp(path.join(project.dir, "dist"), dist, { recursive: true });
  await edit(dist);
  const host = plain
    ? createServer(sirv(dist))
    : createSiteServer({ distDir: dist, outboxDir: path.join(dist, ".outbox"), log: () => {} });
  const { origin, close } = await listenOnLoopback(host);
  return { url: `${origin}/`, close };
}

async function replaceSamples(dir: string, file: string, edits: [RegExp, string][]) {
  const target = path.join(dir, file);
  const text = await readFile(target, "utf8");
  await writeFile(
    target,
    edits.reduce((edited, [from, to]) => edited.replace(from, to), text),
  );
}

/** The contact email the copy's page shows, and the test registration registers with. */
const contactEmail = site.email.replace(/example\.com/g, "northwind-academy.test");

/** The item's line as the checklist prints it. */
const itemLine = (items: Awaited<ReturnType<typeof runLiveChecks>>, title: string) =>
  formatChecklist(items.filter((item) => item.title === title)).split("\n\n")[0];

/** The checker as an operator runs it; resolves with its exit code and what it printed. */
async function checkLive(...args: string[]): Promise<{ code: number; output: string }> {
  const run = promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/check-live/check-live.ts", ...args],
    { timeout: 90_000 },
  );
  try {
    const { stdout } = await run;
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  emailJs = await startEmailJsStandIn();
  const port = await freePort();
  siteUrl = `http://localhost:${port}/`;
  project = await copyProject();
  const { dir } = project;
  // The operator's edits the README asks for before going live, where the content still has the
  // sample's placeholders: an operator's own content passes as it is.
  await replaceSamples(dir, "src/content/program.ts", [
    [/nextClassStart: "[\d-]+",/, 'nextClassStart: "2031-09-01",'],
    [/@example/g, "@northwind-academy"],
  ]);
  await replaceSamples(dir, "src/content/site.ts", [
    [/example\.com/g, "northwind-academy.test"],
    [/\/example\b/g, "/northwind-academy"],
    [/@example\b/g, "@northwind-academy"],
    [/href: "#"/g, 'href: "https://northwind-academy.test/legal"'],
    [/\(555\) /g, "(212) "],
    [/\+1555/g, "+1212"],
  ]);
  await project.writeEnv({
    VITE_EMAILJS_PUBLIC_KEY: "live-check-public-key",
    VITE_EMAILJS_SERVICE_ID: "live-check-service",
    VITE_EMAILJS_TEMPLATE_ID: "live-check-template",
    VITE_EMAILJS_ORIGIN: emailJs.origin,
    VITE_ADMIN_EMAIL: "desk@northwind-academy.test",
    VITE_SITE_URL: siteUrl,
  });
  const build = await project.build();
  expect(build.code, build.output).toBe(0);
  expect(build.output).not.toContain("warning:");
  server = await startServer({ PORT: String(port), DIST_DIR: path.join(dir, "dist") });
});

test.afterAll(async () => {
  await server?.stop();
  if (!emailJsClosed) await emailJs?.close();
  await project?.remove();
});

test("passes a production-like site at localhost, shows what its build carries, and its test registration reaches the email service twice", async () => {
  test.setTimeout(120_000);
  emailJs.answer = undefined;
  const before = emailJs.sends.length;
  const { code, output } = await checkLive(siteUrl, "--send-test");
  expect(output).toContain("All 17 checks passed.");
  // The server says where this build sends: not to its outbox.
  expect(server.output()).toContain(
    `Email:  this build sends registrations to EmailJS (${emailJs.origin}), not to the outbox`,
  );
  expect(output).toContain(
    [
      `✓ Built for production: registrations go to EmailJS at ${emailJs.origin}`,
      "    service ID live-check-service, template ID live-check-template, public key live-check-public-key",
      "    admin emails to desk@northwind-academy.test",
      "    reCAPTCHA off",
    ].join("\n"),
  );
  expect(output).toMatch(/✓ Files the page loads: all \d+ \(scripts, styles, images, icons\)/);
  expect(output).toContain(
    '✓ Test registration, admin email: 200 "OK": EmailJS accepted it, to desk@northwind-academy.test',
  );
  expect(output).toContain(
    `✓ Test registration, confirmation email: 200 "OK": EmailJS accepted it, to ${contactEmail}`,
  );
  expect(code).toBe(0);
  const sent = emailJs.sends.slice(before).map(({ body }) => body.template_params);
  expect(sent.map((params) => params.to_email)).toEqual([
    "desk@northwind-academy.test",
    contactEmail,
  ]);
  for (const params of sent) expect(params.message).toContain("TEST Live check – please ignore");
});

test("reports EmailJS's 400 in words, with its fix, and that the confirmation was never sent", async () => {
  test.setTimeout(120_000);
  emailJs.answer = {
    status: 400,
    text: "The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account",
  };
  // In this process: the command line's own run is the first test's.
  const output = formatChecklist(await testRegistrationItems(siteUrl, undefined));
  expect(output).toContain(
    '✗ Test registration, admin email: 400 "The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account": wrong public key',
  );
  expect(output).toContain("into VITE_EMAILJS_PUBLIC_KEY");
  expect(output).toContain(
    "✗ Test registration, confirmation email: not sent: the admin email failed, so the page did not send it",
  );
});

test("reports an email service that refuses the site's origin", async () => {
  test.setTimeout(120_000);
  emailJs.answer = "refuse-origin";
  const output = formatChecklist(await testRegistrationItems(siteUrl, undefined));
  expect(output).toContain(
    `✗ Test registration, admin email: no answer the page may read from ${emailJs.origin} (net::ERR_FAILED)`,
  );
  expect(output).toContain(
    "fix: add this site's address under Account → Security → allowed origins",
  );
});

test("reports an email service it cannot reach as such, never as a refused origin", async () => {
  test.setTimeout(120_000);
  // Last of the sends: nothing listens at the stand-in's address from here on.
  await emailJs.close();
  emailJsClosed = true;
  const output = formatChecklist(await testRegistrationItems(siteUrl, undefined));
  expect(output).toContain(
    `✗ Test registration, admin email: could not reach ${emailJs.origin} (net::ERR_CONNECTION_REFUSED): the connection was refused`,
  );
  expect(output).toContain("fix: check the address above: if VITE_EMAILJS_ORIGIN is set");
  expect(output).not.toMatch(/allowed origins|CORS/);
});

test("fails a host that leaves out a header of the build's, naming it", async () => {
  const host = await serveCopy(async (dist) => {
    const headersFile = path.join(dist, "_headers");
    const headers = await readFile(headersFile, "utf8");
    await writeFile(headersFile, headers.replace(/^\s*X-Frame-Options: DENY\n/m, ""));
  });
  try {
    // Served at another address than the build's: the address items fail too.
    const items = await runLiveChecks(host.url);
    expect(itemLine(items, "Security headers")).toBe(
      "✗ Security headers: X-Frame-Options is missing: older browsers let other sites frame the page (clickjacking)\n    fix: deploy all of dist/ with the headers file the build writes (_headers for Netlify and Cloudflare Pages, vercel.json for Vercel; on CloudFront, a response headers policy with the same values)",
    );
    expect(itemLine(items, "Security headers on files")).toMatch(
      /^✗ Security headers on files: X-Frame-Options is missing on (\d+) of \1 files/,
    );
  } finally {
    await host.close();
  }
});

test("fails a deploy without assets/: every script and image it names, and the build's settings", async () => {
  const host = await serveCopy((dist) => rm(path.join(dist, "assets"), { recursive: true }));
  try {
    const items = await runLiveChecks(host.url);
    const files = itemLine(items, "Files the page loads");
    expect(files).toMatch(/^✗ Files the page loads: \d+ of \d+ fail:\n/);
    expect(files).not.toContain("favicon.svg");
    expect(files).toMatch(/\/assets\/index-[\w-]+\.js answers 404/);
    expect(files).toMatch(/\/assets\/registration-sender-[\w-]+\.js answers 404/);
    expect(files).toMatch(/\/assets\/icons-[\w-]+\.svg answers 404/);
    expect(files).toContain("fix: deploy all of dist/, its assets/ folder included");
    expect(itemLine(items, "Built for production")).toMatch(
      /^✗ Built for production: the build's email settings cannot be read: its registration script .+ answers 404/,
    );
  } finally {
    await host.close();
  }
});

test("names a plain file server as a host that may not send headers, each header on its line", async () => {
  const host = await serveCopy(async () => {}, { plain: true });
  try {
    const items = await runLiveChecks(host.url);
    const line = itemLine(items, "Security headers");
    expect(line).toContain("this host cannot send headers (GitHub Pages");
    for (const name of Object.keys(securityHeaders({ emailOrigin: "/outbox" }))) {
      expect(line).toContain(`\n    ${name} is missing`);
    }
    expect(line).toContain("fix: host where headers can be set: Netlify or Cloudflare Pages");
    expect(itemLine(items, "Caching")).toContain('the page is served with Cache-Control "(none)"');
  } finally {
    await host.close();
  }
});

test("gives an address where nothing listens one line with the cause, and no ✓", async () => {
  const address = `http://127.0.0.1:${await freePort()}/`;
  expect(formatChecklist(await runLiveChecks(address))).toBe(
    [
      `✗ Site: nothing answers at ${address}: the connection was refused: nothing listens at that address and port (ECONNREFUSED)`,
      "    fix: check the address and port; deploy the site, or start it (npm start, npm run serve) for a local check",
      "",
      "1 of 1 checks failed.",
    ].join("\n"),
  );
});

// Whatever the content says: the build's own rules, fed from src/content/, are the reference.
test("reads the build's own placeholders and class date off the page `npm start` serves, an outbox build", async ({
  baseURL,
}) => {
  const facts = contentFacts();
  const dayAfter = new Date(Date.parse(facts.nextClassStartIso) + 86_400_000);
  const today = dayAfter.toISOString().slice(0, 10);
  const items = await runLiveChecks(`${baseURL}/`, undefined, today);
  expect(itemLine(items, "Built for production")).toContain(
    "✗ Built for production: the page is an outbox build",
  );
  const placeholders = placeholderWarnings({
    siteUrl: resolveSiteUrl(undefined, site.url),
    adminEmail: site.email,
    ...facts,
  });
  expect(items.find((item) => item.title === "No placeholder content")?.detail).toBe(
    placeholders.join("\n") || "no sample address, link or phone number left",
  );
  expect(itemLine(items, "Next class in the future")).toContain(
    `✗ Next class in the future: ${nextClassWarnings(facts.nextClassStartIso, today).join(" ")}`,
  );
  expect(items.find((item) => item.title === "Security headers")?.ok).toBe(true);
});
