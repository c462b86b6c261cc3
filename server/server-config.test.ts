import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatHeadersFile, HEADERS_FILE } from "./headers-file.ts";
import { headerRules } from "./security-headers.ts";
import { envFromArgs, listenProblem, readServerConfig } from "./server-config.ts";

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), "server-config-"));
  await writeFile(path.join(cwd, "index.html"), "<!doctype html>");
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

const problem = (env: NodeJS.ProcessEnv) => {
  const result = readServerConfig({ DIST_DIR: ".", ...env }, cwd);
  return result.ok ? null : result.problem;
};

describe("readServerConfig", () => {
  it("defaults to loopback, port 4173 and .outbox/, creating the folder", () => {
    const result = readServerConfig({ DIST_DIR: "." }, cwd);
    expect(result).toEqual({
      ok: true,
      config: {
        port: 4173,
        host: "127.0.0.1",
        distDir: cwd,
        outboxDir: path.join(cwd, ".outbox"),
        outboxToken: undefined,
        outboxRateLimit: undefined,
        outboxRequireRecaptcha: false,
      },
    });
  });

  it("takes OUTBOX_REQUIRE_RECAPTCHA=1 (or 0) and refuses anything else in one line", () => {
    const on = readServerConfig({ DIST_DIR: ".", OUTBOX_REQUIRE_RECAPTCHA: "1" }, cwd);
    expect(on.ok && on.config.outboxRequireRecaptcha).toBe(true);
    const off = readServerConfig({ DIST_DIR: ".", OUTBOX_REQUIRE_RECAPTCHA: "0" }, cwd);
    expect(off.ok && off.config.outboxRequireRecaptcha).toBe(false);
    expect(problem({ OUTBOX_REQUIRE_RECAPTCHA: "yes" })).toBe(
      'OUTBOX_REQUIRE_RECAPTCHA must be 1 (refuse sends without a reCAPTCHA token) or 0, not "yes".',
    );
  });

  it("knows a build that sends to EmailJS, and refuses to rehearse reCAPTCHA with it", async () => {
    const rules = headerRules({ emailOrigin: "https://api.emailjs.com" });
    await writeFile(path.join(cwd, HEADERS_FILE), formatHeadersFile(rules));
    const served = readServerConfig({ DIST_DIR: "." }, cwd);
    expect(served.ok && served.config.emailOrigin).toBe("https://api.emailjs.com");
    expect(problem({ OUTBOX_REQUIRE_RECAPTCHA: "1" })).toBe(
      "--require-recaptcha rehearses with the outbox, but this build sends registrations to EmailJS (https://api.emailjs.com), its keys being set: put # before the VITE_EMAILJS_* lines in .env, run it again, and remove the # afterwards.",
    );
    const outbox = headerRules({ emailOrigin: "/outbox" });
    await writeFile(path.join(cwd, HEADERS_FILE), formatHeadersFile(outbox));
    const rehearsal = readServerConfig({ DIST_DIR: ".", OUTBOX_REQUIRE_RECAPTCHA: "1" }, cwd);
    expect(rehearsal.ok && rehearsal.config.emailOrigin).toBeUndefined();
  });

  it("takes OUTBOX_RATE_LIMIT as sends per second and refuses anything else in one line", () => {
    const ok = readServerConfig({ DIST_DIR: ".", OUTBOX_RATE_LIMIT: "2" }, cwd);
    expect(ok.ok && ok.config.outboxRateLimit).toBe(2);
    expect(problem({ OUTBOX_RATE_LIMIT: "fast" })).toBe(
      'OUTBOX_RATE_LIMIT must be a whole number of sends per second (1 or more), not "fast".',
    );
  });

  it("refuses a non-loopback HOST without OUTBOX_TOKEN, and takes one with it", () => {
    expect(problem({ HOST: "0.0.0.0" })).toMatch(
      /^HOST=0.0.0.0 would show every registration .*set OUTBOX_TOKEN/,
    );
    expect(problem({ HOST: "::" })).toContain("OUTBOX_TOKEN");
    expect(problem({ HOST: "0.0.0.0", OUTBOX_TOKEN: "long-secret" })).toBeNull();
    expect(problem({ HOST: "localhost" })).toBeNull();
  });

  it("says how to fix a missing build, an unwritable outbox and a bad port", () => {
    expect(problem({ DIST_DIR: "nothing-here" })).toContain("run `npm run build`");
    expect(problem({ OUTBOX_DIR: "index.html/outbox" })).toMatch(
      /is not writable \(ENOTDIR\): set OUTBOX_DIR/,
    );
    expect(problem({ PORT: "http" })).toBe(
      "PORT=http is not a port number: use e.g. --port 4173 (npm start -- --port 4173).",
    );
  });
});

describe("listenProblem", () => {
  it("says which port is busy and how to pick another", () => {
    const config = {
      port: 4173,
      host: "127.0.0.1",
      distDir: "",
      outboxDir: "",
      outboxToken: undefined,
      outboxRateLimit: undefined,
      outboxRequireRecaptcha: false,
      emailOrigin: undefined,
    };
    const busy = Object.assign(new Error("listen EADDRINUSE"), { code: "EADDRINUSE" });
    expect(listenProblem(busy, config)).toBe(
      "Port 4173 on 127.0.0.1 is already in use: stop the other server or pick another port, e.g. npm start -- --port 4174.",
    );
  });
});

describe("envFromArgs", () => {
  it("turns npm start's flags into the variables they stand for, in any shell", () => {
    expect(envFromArgs(["--port", "4174", "--rate-limit", "1", "--require-recaptcha"])).toEqual({
      PORT: "4174",
      OUTBOX_RATE_LIMIT: "1",
      OUTBOX_REQUIRE_RECAPTCHA: "1",
    });
    expect(envFromArgs([])).toEqual({});
  });

  it("refuses a flag it does not know", () => {
    expect(() => envFromArgs(["--require-captcha"])).toThrow(/--require-captcha/);
  });
});
