// `npm run check:live` against local servers only, never the internet: a production-like build
// (EmailJS keys, the email service a stand-in on a loopback origin of its own, VITE_SITE_URL the
// address it is served at, the sample's placeholders replaced, a future class) served by the real
// `npm run serve`, then made to fail one way at a time. One build for the file; three test
// registrations in the checker's own headless Chromium (accepted, refused with an EmailJS 400,
// refused origin; the first through the command line). The checklist's other ✗ and every
// EmailJS text: scripts/check-live/*.test.ts.
import { execFile } from "node:child_process";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { formatChecklist } from "../scripts/check-live/checklist.ts";
import { runLiveChecks } from "../scripts/check-live/live-checks.ts";
import { testRegistrationItems } from "../scripts/check-live/test-registration.ts";
import { startEmailJsStandIn, type EmailJsStandIn } from "./support/emailjs-stand-in.ts";
import { freePort } from "./support/free-port.ts";
import { copyProject, editFile, type ProjectCopy } from "./support/project-copy.ts";
import { startServer, type ServerProcess } from "./support/server-process.ts";
import { expect, test } from "./support/test.ts";

let project: ProjectCopy;
let emailJs: EmailJsStandIn;
let server: ServerProcess;
let siteUrl = "";

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
  siteUrl = `http://127.0.0.1:${port}/`;
  project = await copyProject();
  const { dir } = project;
  // The operator's edits the README asks for before going live.
  await editFile(dir, "src/content/program.ts", [
    [/nextClassStart: "[\d-]+",/, 'nextClassStart: "2031-09-01",'],
    [/@example/g, "@northwind-academy"],
  ]);
  await editFile(dir, "src/content/site.ts", [
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
  await emailJs?.close();
  await project?.remove();
});

test("passes a production-like site, and its test registration reaches the email service twice", async () => {
  test.setTimeout(120_000);
  emailJs.answer = undefined;
  const before = emailJs.sends.length;
  const { code, output } = await checkLive(siteUrl, "--send-test");
  expect(output).toContain("All 14 checks passed.");
  expect(output).toContain('✓ Test registration, admin email: 200 "OK": EmailJS accepted it');
  expect(output).toContain('✓ Test registration, confirmation email: 200 "OK"');
  expect(code).toBe(0);
  const sent = emailJs.sends.slice(before).map(({ body }) => body.template_params);
  expect(sent.map((params) => params.to_email)).toEqual([
    "desk@northwind-academy.test",
    "admissions@bootcamp.northwind-academy.test",
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
  expect(output).toMatch(
    /✗ Test registration, admin email: no answer the page may read \(.+\): the email service refused this site's origin/,
  );
  expect(output).toContain("allowed origins");
});

test("fails a host that leaves out a header of the build's, naming it", async () => {
  // The same build with a headers file missing one line, served by the real server.
  const dist = path.join(project.dir, "dist-missing-header");
  await cp(path.join(project.dir, "dist"), dist, { recursive: true });
  const headersFile = path.join(dist, "_headers");
  const headers = await readFile(headersFile, "utf8");
  await writeFile(headersFile, headers.replace(/^\s*X-Frame-Options: DENY\n/m, ""));
  const port = await freePort();
  const host = await startServer({ PORT: String(port), DIST_DIR: dist });
  try {
    // Served at another address than the build's: the address items fail too.
    const items = await runLiveChecks(`http://127.0.0.1:${port}/`);
    const headerItem = items.find((item) => item.title === "Security headers");
    expect(headerItem).toMatchObject({ ok: false, detail: "X-Frame-Options is missing" });
  } finally {
    await host.stop();
    await rm(dist, { recursive: true, force: true });
  }
});

test("fails the sample site as `npm start` serves it: an outbox build, placeholders, a past class", async ({
  baseURL,
}) => {
  const items = await runLiveChecks(`${baseURL}/`, undefined, "2026-11-27");
  const failed = formatChecklist(items.filter((item) => !item.ok));
  expect(failed).toContain("✗ Built for production: the page is an outbox build");
  expect(failed).toContain(
    "✗ No placeholder content: The site address https://bootcamp.example.com/",
  );
  expect(failed).toContain("The phone numbers (555) 010-2040 and (555) 010-3050 are placeholders");
  expect(failed).toContain(
    "✗ Next class in the future: The next class start 2025-06-06 is in the past",
  );
  expect(items.find((item) => item.title === "Security headers")?.ok).toBe(true);
});
