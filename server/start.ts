// `npm start` (after the build) and `npm run serve`: serves dist/ with the outbox on loopback.
// Flags after `--` (npm start -- --require-recaptcha) stand for the OUTBOX_* and PORT variables.
// Every problem at start is one line on stderr and exit code 1, never a stack trace.
import { createSiteServer } from "./app.ts";
import { envFromArgs, listenProblem, readServerConfig } from "./server-config.ts";

let flags: NodeJS.ProcessEnv;
try {
  flags = envFromArgs(process.argv.slice(2));
} catch (error) {
  console.error(
    `${(error as Error).message}; the flags are --port N, --rate-limit N and --require-recaptcha.`,
  );
  process.exit(1);
}
const result = readServerConfig({ ...process.env, ...flags });
if (!result.ok) {
  console.error(result.problem);
  process.exit(1);
}
const { config } = result;

const server = createSiteServer({
  distDir: config.distDir,
  outboxDir: config.outboxDir,
  host: config.host,
  outboxToken: config.outboxToken,
  outboxRateLimit: config.outboxRateLimit,
  outboxRequireRecaptcha: config.outboxRequireRecaptcha,
});
server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(listenProblem(error, config));
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const { host, outboxRateLimit } = config;
  const shown = host === "127.0.0.1" || host === "::1" ? "localhost" : host;
  const port = (server.address() as { port: number }).port;
  console.log(`Site:   http://${shown}:${port}/`);
  console.log(`Outbox: http://${shown}:${port}/outbox (messages kept in ${config.outboxDir})`);
  if (config.emailOrigin)
    console.log(
      `Email:  this build sends registrations to EmailJS (${config.emailOrigin}), not to the outbox`,
    );
  if (outboxRateLimit) console.log(`Outbox: at most ${outboxRateLimit} sends per second, then 429`);
  if (config.outboxRequireRecaptcha)
    console.log("Outbox: refuses a send without a reCAPTCHA token (400), as EmailJS does");
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}

// Started by a parent over an IPC channel (the tests' server-process helper): it goes with its
// parent, even one killed outright, rather than serving on as an orphan.
if (process.connected) process.on("disconnect", () => process.exit(0));
