import { parseArgs } from "node:util";

export type BenchOptions = {
  /** Runs per build (Lighthouse, the page's figures, the phone's journeys); figures are medians. */
  runs: number;
  /** Lighthouse loads of each page per run, interleaved with its stripped twin's. */
  loads: number;
  /** A git ref to build too and compare against, run interleaved with this checkout. */
  against: string | undefined;
  /** Port of the first static server (the second takes the next one); 0 picks free ports. */
  port: number;
  /** Where reports go (git-ignored). */
  outDir: string;
  help: boolean;
};

export const usage = `Usage: npm run bench -- [--runs N] [--loads L] [--against REF] [--port P] [--out DIR] [--help]
  --runs N       runs per build (default 5); the table shows medians
  --loads L      Lighthouse loads of each page per run (default 3): its figures are medians of N × L
  --against REF  also build the git ref REF and compare, runs interleaved (A B A B ...)
  --port P       serve the builds on ports P and P+1 (default: any free port)
  --out DIR      where the JSON and HTML reports go (default bench-results)`;

export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      runs: { type: "string", default: "5" },
      loads: { type: "string", default: "3" },
      against: { type: "string" },
      port: { type: "string", default: "0" },
      out: { type: "string", default: "bench-results" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const wholeNumber = (option: "runs" | "loads") => {
    const value = Number(values[option]);
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`--${option} must be a whole number ≥ 1`);
    }
    return value;
  };
  const runs = wholeNumber("runs");
  const loads = wholeNumber("loads");
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65534) throw new Error(`--port must be a port`);
  const against = values.against?.trim();
  if (values.against !== undefined && !against) throw new Error(`--against needs a git ref`);
  return { runs, loads, against, port, outDir: values.out, help: values.help };
}
