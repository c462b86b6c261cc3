// One Lighthouse run with its defaults (mobile form factor, simulated throttling) in a fresh
// Chromium with a fresh profile. Returns the scores and paint metrics; writes the JSON and HTML
// reports.
import { writeFile } from "node:fs/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { lighthouseChromeFlags } from "../chrome-flags.ts";
import type { Sample } from "./figures.ts";

const categories = {
  performance: "performance",
  accessibility: "accessibility",
  bestPractices: "best-practices",
  seo: "seo",
} as const;

const metrics = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  speedIndex: "speed-index",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  mainThread: "mainthread-work-breakdown",
} as const;

export type LighthouseRun = { sample: Sample; failing: string[]; warnings: string[] };

/** A load Lighthouse could not measure (its trace lacked a navigation start, say). */
export class LighthouseLoadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse: ${message}`);
  }
}

export async function runLighthouse(
  url: string,
  chromePath: string,
  reportBase: string,
): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: lighthouseChromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ["json", "html"],
      logLevel: "error",
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const [json = "", html = ""] = result.report as string[];
    await writeFile(`${reportBase}.report.json`, json);
    await writeFile(`${reportBase}.report.html`, html);
    return readResult(result.lhr);
  } finally {
    chrome.kill();
  }
}

/** The figures of one report, plus the audits that cost points, to say why a score is short. */
export function readResult(lhr: Result): LighthouseRun {
  if (lhr.runtimeError) {
    throw new LighthouseLoadError(lhr.runtimeError.code, lhr.runtimeError.message);
  }
  const sample: Sample = {};
  const failing = new Set<string>();
  for (const [id, key] of Object.entries(categories)) {
    const category = lhr.categories[key];
    if (category?.score == null) continue;
    sample[id] = Math.round(category.score * 100);
    if (category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit?.score != null && audit.score < 1) failing.add(ref.id);
    }
  }
  for (const [id, key] of Object.entries(metrics)) {
    const value = lhr.audits[key]?.numericValue;
    if (value !== undefined) sample[id] = value;
  }
  return { sample, failing: [...failing], warnings: lhr.runWarnings.map(String) };
}
