// The page against itself without scripts, measured in the same interleaved run: the budgets of
// issue 15 are ratios and differences of medians, which hold on a machine 2–3× faster or slower.
import { readFile, cp, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Summary } from "./summarize.ts";

/** The page with every script element removed (JSON-LD data blocks stay: they never run). */
export function stripScripts(html: string): string {
  return html.replace(
    /<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g,
    "",
  );
}

/** Copies a build and strips the scripts from its page; returns the copy's folder. */
export async function strippedCopy(distDir: string, outDir: string): Promise<string> {
  await cp(distDir, outDir, { recursive: true });
  const page = path.join(outDir, "index.html");
  await writeFile(page, stripScripts(await readFile(page, "utf8")));
  return outDir;
}

const med = (summary: Summary, id: string) => summary[id]?.median;
/** The samples behind a figure of both pages: the fewer of the two. */
const runsOf = (page: Summary, stripped: Summary, id: string) =>
  Math.min(page[id]?.runs ?? 0, stripped[id]?.runs ?? 0);

/**
 * The `vs.*` figures of a page's summary against its stripped twin, and against a reference
 * build's pair when there is one (`--against`).
 */
export function versusStripped(
  page: Summary,
  stripped: Summary,
  reference?: { page: Summary; stripped: Summary },
): Summary {
  const out: Summary = {};
  const put = (id: string, value: number | undefined, from = id.replace(/^vs\./, "")) => {
    if (value === undefined || !Number.isFinite(value)) return;
    out[id] = { median: value, min: value, max: value, runs: runsOf(page, stripped, from) };
  };
  const ratio = (a?: number, b?: number) => (a === undefined || !b ? undefined : a / b);
  const diff = (a?: number, b?: number) => (a === undefined || b === undefined ? undefined : a - b);
  put("vs.mainThread", ratio(med(page, "mainThread"), med(stripped, "mainThread")));
  put("vs.tbt", diff(med(page, "tbt"), med(stripped, "tbt")));
  put("vs.lcp", ratio(med(page, "lcp"), med(stripped, "lcp")));
  // Performance 100 wherever the stripped page scores 100: no points below it.
  const strippedPerformance = med(stripped, "performance");
  put("vs.performance", strippedPerformance === 100 ? diff(100, med(page, "performance")) : 0);
  if (reference) {
    put(
      "vs.strippedMainThreadToday",
      ratio(med(stripped, "mainThread"), med(reference.stripped, "mainThread")),
      "mainThread",
    );
    put(
      "vs.lcpToday",
      ratio(
        ratio(med(page, "lcp"), med(stripped, "lcp")),
        ratio(med(reference.page, "lcp"), med(reference.stripped, "lcp")),
      ),
      "lcp",
    );
  }
  return out;
}
