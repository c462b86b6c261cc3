// The run-time settings of `npm start` / `npm run serve` (docs/contract.md), checked before the server
// starts: each problem is one line saying what is wrong and how to fix it.
import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readHeaderRules } from "./headers-file.ts";
import { isLoopbackHost } from "./outbox/access.ts";
import { parseRateLimit } from "./outbox/rate-limit.ts";

export type ServerConfig = {
  port: number;
  host: string;
  distDir: string;
  outboxDir: string;
  outboxToken: string | undefined;
  outboxRateLimit: number | undefined;
  outboxRequireRecaptcha: boolean;
  /** Where the build sends registrations when not to the outbox: EmailJS, its keys being set. */
  emailOrigin: string | undefined;
};

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; problem: string };

/**
 * The command line's flags as the variables they stand for: `npm start -- --port 4174
 * --rate-limit 1 --require-recaptcha` works in every shell, where a `PORT=4174 npm start`
 * prefix does not (Windows' cmd and PowerShell). A flag wins over its variable.
 */
export function envFromArgs(args: readonly string[]): NodeJS.ProcessEnv {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: "string" },
      "rate-limit": { type: "string" },
      "require-recaptcha": { type: "boolean" },
    },
  });
  return {
    ...(values.port === undefined ? {} : { PORT: values.port }),
    ...(values["rate-limit"] === undefined ? {} : { OUTBOX_RATE_LIMIT: values["rate-limit"] }),
    ...(values["require-recaptcha"] ? { OUTBOX_REQUIRE_RECAPTCHA: "1" } : {}),
  };
}

export function readServerConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ConfigResult {
  const port = Number(env.PORT ?? 4173);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return {
      ok: false,
      problem: `PORT=${env.PORT} is not a port number: use e.g. --port 4173 (npm start -- --port 4173).`,
    };
  const host = env.HOST || "127.0.0.1";
  const outboxToken = env.OUTBOX_TOKEN || undefined;
  if (!isLoopbackHost(host) && !outboxToken)
    return {
      ok: false,
      problem: `HOST=${host} would show every registration in the outbox to the network: set OUTBOX_TOKEN to a long secret (readers add ?token=…), or leave HOST unset (127.0.0.1).`,
    };
  const distDir = path.resolve(cwd, env.DIST_DIR ?? "dist");
  if (!existsSync(path.join(distDir, "index.html")))
    return {
      ok: false,
      problem: `No built site in ${distDir}: run \`npm run build\` first (\`npm start\` builds and serves).`,
    };
  let outboxRateLimit: number | undefined;
  try {
    outboxRateLimit = parseRateLimit(env.OUTBOX_RATE_LIMIT);
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const outboxRequireRecaptcha = env.OUTBOX_REQUIRE_RECAPTCHA === "1";
  if (!["", "0", "1"].includes(env.OUTBOX_REQUIRE_RECAPTCHA ?? ""))
    return {
      ok: false,
      problem: `OUTBOX_REQUIRE_RECAPTCHA must be 1 (refuse sends without a reCAPTCHA token) or 0, not "${env.OUTBOX_REQUIRE_RECAPTCHA}".`,
    };
  // The build allows the page to connect to one other origin, EmailJS's, when its keys are set.
  const policy = readHeaderRules(distDir)[0]?.headers["Content-Security-Policy"] ?? "";
  const emailOrigin = /connect-src 'self' (\S+?)(;|$)/.exec(policy)?.[1];
  // The rehearsal must never send real email while it says the outbox refuses it.
  if (outboxRequireRecaptcha && emailOrigin)
    return {
      ok: false,
      problem: `--require-recaptcha rehearses with the outbox, but this build sends registrations to EmailJS (${emailOrigin}), its keys being set: put # before the VITE_EMAILJS_* lines in .env, run it again, and remove the # afterwards.`,
    };
  const outboxDir = path.resolve(cwd, env.OUTBOX_DIR ?? ".outbox");
  const unwritable = outboxProblem(outboxDir);
  if (unwritable) return { ok: false, problem: unwritable };
  return {
    ok: true,
    config: {
      port,
      host,
      distDir,
      outboxDir,
      outboxToken,
      outboxRateLimit,
      outboxRequireRecaptcha,
      emailOrigin,
    },
  };
}

/** Creates the outbox folder and checks it takes files, so no send fails later for it. */
function outboxProblem(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error(), { code: "ENOTDIR" });
    accessSync(dir, constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return `The outbox folder ${dir} is not writable (${code}): set OUTBOX_DIR to a folder you can write to.`;
  }
}

/** The one line for a failed listen (a busy port above all). */
export function listenProblem(error: NodeJS.ErrnoException, { port, host }: ServerConfig): string {
  if (error.code === "EADDRINUSE")
    return `Port ${port} on ${host} is already in use: stop the other server or pick another port, e.g. npm start -- --port ${port + 1}.`;
  if (error.code === "EACCES")
    return `Port ${port} needs more privileges: pick a port above 1023, e.g. npm start -- --port 4173.`;
  if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND")
    return `HOST=${host} is not an address of this machine: leave HOST unset (127.0.0.1) or use one of its addresses.`;
  return `The server could not start on ${host}:${port}: ${error.message}`;
}
