// `npm run bench`: builds the site, serves it on loopback as a CDN would, loads it with Lighthouse
// (mobile, simulated throttling) `--loads` times and opens a Playwright session per run, and
// prints the medians as one table.
// Each build is measured beside the same page with its scripts stripped (versus-stripped.ts), and
// on a throttled phone acting before the code ran (phone-journeys.ts).
// Exits non-zero, naming the budget, when a median misses one. `--against REF` also builds REF
// and runs both interleaved (A B A B ...), so drift on this noisy machine hits both alike.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findBrowser } from "../find-browser.ts";
import { checkBudgets } from "./budgets.ts";
import { buildGitRef, buildWorkingTree, describeRef } from "./bench-builds.ts";
import type { Sample } from "./figures.ts";
import { measurePage } from "./measure-page.ts";
import { runPhoneJourneys, type SiteVariant } from "./phone-journeys.ts";
import { parseBenchArgs, usage } from "./parse-args.ts";
import { renderTable } from "./render-table.ts";
import { LighthouseLoadError, runLighthouse } from "./run-lighthouse.ts";
import { serveSite, type SiteProcess } from "./serve-site.ts";
import { summarize } from "./summarize.ts";
import { startEmailJsStandIn } from "../../e2e/support/emailjs-stand-in.ts";
import { routeRecaptcha, STAND_IN_SITE_KEY } from "../../e2e/support/recaptcha-stand-in.ts";
import type { BrowserContext } from "@playwright/test";

/** A token's wait on a phone: the widget asks Google once, about a Slow 4G round trip and more. */
const RECAPTCHA_TOKEN_MS = 700;
import { strippedCopy, versusStripped } from "./versus-stripped.ts";

type Target = {
  name: string;
  slug: string;
  dir: string;
  url: string;
  samples: Sample[];
  failing: Set<string>;
  /** The same page with its scripts stripped: Lighthouse only. */
  stripped?: boolean;
};

const options = parseBenchArgs(process.argv.slice(2));
if (options.help) {
  console.log(usage);
  process.exit(0);
}
const chromePath = findBrowser();
if (!chromePath) {
  console.error(
    "No Chromium found: set CHROME_PATH, or run `npm run test:e2e` once to install it.",
  );
  process.exit(2);
}

const root = process.cwd();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const reportDir = path.resolve(root, options.outDir, stamp);
// This checkout builds inside the project (.cache is git-ignored): the prerender imports the
// server bundle, whose dependencies resolve only from the project's node_modules. A git ref is
// unpacked outside it, so Tailwind scans that copy exactly as it would scan a checkout of its own.
await mkdir(path.join(root, ".cache"), { recursive: true });
const work = await mkdtemp(path.join(root, ".cache", "bench-"));
const refWork = await mkdtemp(path.join(os.tmpdir(), "site-bench-ref-"));
const servers: SiteProcess[] = [];
const emailJs = await startEmailJsStandIn();
const log = (line: string) => process.stderr.write(`${line}\n`);

async function serve(name: string, slug: string, dir: string, stripped = false): Promise<Target> {
  const server = await serveSite(dir, options.port && options.port + servers.length);
  servers.push(server);
  return { name, slug, dir, url: `${server.origin}/`, samples: [], failing: new Set(), stripped };
}

/** A build and its stripped twin, served side by side. */
async function serveWithStripped(name: string, slug: string, dir: string) {
  const strippedDir = await strippedCopy(dir, `${dir}-stripped`);
  return [
    await serve(name, slug, dir),
    await serve(`${name}, scripts stripped`, `${slug}-stripped`, strippedDir, true),
  ];
}

try {
  await mkdir(reportDir, { recursive: true });
  // The page as an operator deploys it: EmailJS (a loopback stand-in on another origin that
  // answers the CORS preflight) and reCAPTCHA (Google's script played by a stand-in whose
  // tokens take a phone's round trip). Lighthouse, the page's figures and the taps measure it.
  log("Building this checkout as deployed, and its outbox, EmailJS and reCAPTCHA builds…");
  const emailJsKeys = {
    VITE_EMAILJS_PUBLIC_KEY: "bench-public-key",
    VITE_EMAILJS_SERVICE_ID: "bench-service",
    VITE_EMAILJS_TEMPLATE_ID: "bench-template",
    VITE_EMAILJS_ORIGIN: emailJs.origin,
  };
  const recaptcha = (context: BrowserContext) =>
    routeRecaptcha(context, { tokenMs: RECAPTCHA_TOKEN_MS });
  const targets = await serveWithStripped(
    "this checkout, deployed",
    "current",
    await buildWorkingTree(root, path.join(work, "dist"), {
      ...emailJsKeys,
      VITE_RECAPTCHA_SITE_KEY: STAND_IN_SITE_KEY,
    }),
  );
  // The registrations, each beside its two sends: through the outbox, through EmailJS, and
  // through the outbox with reCAPTCHA.
  const variants: SiteVariant[] = [
    {
      prefix: "",
      name: "outbox build",
      distDir: await buildWorkingTree(root, path.join(work, "dist-outbox")),
    },
    {
      prefix: "xo.",
      name: "EmailJS build",
      distDir: await buildWorkingTree(root, path.join(work, "dist-cross-origin"), emailJsKeys),
    },
    {
      prefix: "rc.",
      name: "reCAPTCHA build",
      distDir: await buildWorkingTree(root, path.join(work, "dist-recaptcha"), {
        VITE_RECAPTCHA_SITE_KEY: STAND_IN_SITE_KEY,
      }),
      prepare: recaptcha,
    },
  ];
  if (options.against) {
    const name = `${options.against} (${await describeRef(root, options.against)})`;
    log(`Building ${name}…`);
    targets.push(
      ...(await serveWithStripped(name, "ref", await buildGitRef(root, options.against, refWork))),
    );
  }

  // Each run loads every page `loads` times, the pages in turn (A B A B ...), then the page's own
  // figures and the phone's journeys once, after its first load. One Lighthouse load of a page
  // that runs 2.4 KB of script swings by a tenth or more on a shared machine, so the load figures
  // are medians of runs × loads; the journeys, a few minutes a run, are medians of the runs.
  const failedLoads: string[] = [];
  for (let run = 1; run <= options.runs; run++) {
    for (let load = 1; load <= options.loads; load++) {
      for (const target of targets) {
        const report = path.join(reportDir, `${target.slug}-run${run}-load${load}`);
        // A load Lighthouse could not measure is named and left out of the medians; the run goes
        // on (the page's figures and journeys do not depend on it).
        const lighthouse = await runLighthouse(target.url, chromePath, report).catch((error) => {
          if (!(error instanceof LighthouseLoadError)) throw error;
          failedLoads.push(`run ${run}, load ${load}, ${target.name}: ${error.code}`);
          log(
            `run ${run}/${options.runs}, load ${load}/${options.loads}, ${target.name}: ${error.message}`,
          );
          return undefined;
        });
        const once = load === 1 && !target.stripped;
        const page = once ? await measurePage(target.url, target.dir, chromePath) : {};
        const journeys = !once
          ? {}
          : target.slug === "current"
            ? await runPhoneJourneys(root, target.dir, chromePath, variants, recaptcha)
            : await runPhoneJourneys(root, target.dir, chromePath, [
                { prefix: "", name: target.name, distDir: target.dir },
              ]);
        target.samples.push({ ...lighthouse?.sample, ...page, ...journeys });
        if (!lighthouse) continue;
        lighthouse.failing.forEach((audit) => target.failing.add(audit));
        lighthouse.warnings.forEach((warning) => log(`  Lighthouse warning: ${warning}`));
        const { performance, lcp = Number.NaN, tbt = Number.NaN } = lighthouse.sample;
        const lcpSeconds = (lcp / 1000).toFixed(2);
        log(
          `run ${run}/${options.runs}, load ${load}/${options.loads}, ${target.name}: performance ${performance}, LCP ${lcpSeconds} s, TBT ${Math.round(tbt)} ms`,
        );
      }
    }
  }

  const columns = targets.map((target) => ({
    name: target.name,
    summary: summarize(target.samples),
  }));
  // Targets come in pairs (page, stripped page): the ratios join each page's summary.
  const [current, currentStripped, ref, refStripped] = columns;
  if (!current || !currentStripped) throw new Error("nothing was measured");
  if (ref && refStripped) {
    Object.assign(ref.summary, versusStripped(ref.summary, refStripped.summary));
  }
  Object.assign(
    current.summary,
    versusStripped(
      current.summary,
      currentStripped.summary,
      ref && refStripped ? { page: ref.summary, stripped: refStripped.summary } : undefined,
    ),
  );
  const misses = checkBudgets(current.summary);
  console.log(`\n${renderTable(columns)}\n`);
  for (const target of targets.filter((target) => target.failing.size > 0)) {
    log(`Audits that cost points (${target.name}, any run): ${[...target.failing].join(", ")}`);
  }
  const summary = {
    date: new Date().toISOString(),
    runs: options.runs,
    loads: options.loads,
    targets: targets.map((target, index) => ({
      name: target.name,
      summary: columns[index]?.summary,
      samples: target.samples,
      failingAudits: [...target.failing],
    })),
    budgetsMissed: misses.map((miss) => miss.message),
    failedLoads,
  };
  await writeFile(path.join(reportDir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  log(`Reports: ${path.relative(root, reportDir)}/`);
  if (failedLoads.length > 0) {
    log(`Lighthouse loads left out of the medians: ${failedLoads.join("; ")}`);
  }
  for (const miss of misses) console.error(`Budget missed: ${miss.message}`);
  if (misses.length > 0) process.exitCode = 1;
  else log("Every budget holds.");
} finally {
  servers.forEach((server) => server.stop());
  await emailJs.close();
  await rm(work, { recursive: true, force: true });
  await rm(refWork, { recursive: true, force: true });
}
