import { parseArgs } from "node:util";

export type BenchOptions = {
  /** Lighthouse runs per build; figures are medians over them. */
  runs: number;
  /** A git ref to build too and compare against, run interleaved with this checkout. */
  against: string | undefined;
  /** Port of the first static server (the second takes the next one); 0 picks free ports. */
  port: number;
  /** Where reports go (git-ignored). */
  outDir: string;
  help: boolean;
};

export const usage = `Usage: npm run bench -- [--runs N] [--against REF] [--port P] [--out DIR] [--help]
  --runs N       Lighthouse runs per build (default 5); the table shows medians
  --against REF  also build the git ref REF and compare, runs interleaved (A B A B ...)
  --port P       serve the builds on ports P and P+1 (default: any free port)
  --out DIR      where the JSON and HTML reports go (default bench-results)`;

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      runs: { type: "string", default: "5" },
      against: { type: "string" },
      port: { type: "string", default: "0" },
      out: { type: "string", default: "bench-results" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65534) throw new Error(`--port must be a port`);
  const against = values.against?.trim();
  if (values.against !== undefined && !against) throw new Error(`--against needs a git ref`);
  return { runs, against, port, outDir: values.out, help: values.help };
}
