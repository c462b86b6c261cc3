// The real `npm run serve` server (server/start.ts) as a child process on a free port, with an
// outbox folder of its own, for tests that need a process to crash, kill or refuse to start.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  base: string;
  outboxDir: string;
  output: () => string;
  stop: () => Promise<void>;
};

export const serverCommand = [process.execPath, "--import", "tsx", "server/start.ts"];

export async function tempDir(prefix: string) {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** Runs `command` until it exits; resolves with its exit code and everything it printed. */
export function runToExit(
  env: NodeJS.ProcessEnv,
  command = serverCommand,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command[0] ?? "", command.slice(1), { env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Starts the server on port 0 (or `env.PORT`) and resolves once it prints its address. */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  command = serverCommand,
): Promise<ServerProcess> {
  const outboxDir = env.OUTBOX_DIR ?? (await tempDir("outbox-process-"));
  const child = spawn(command[0] ?? "", command.slice(1), {
    // The IPC channel ties the server's life to this process's (server/start.ts).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DIST_DIR: process.env.DIST_DIR ?? "dist",
      ...env,
      OUTBOX_DIR: outboxDir,
    },
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const match = /Site: +http:\/\/[^/]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    outboxDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      if (!env.OUTBOX_DIR) await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

/** Sends `request` byte for byte (no client normalises the target) and returns the status line. */
export function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let data = "";
    socket.on("data", (d: Buffer) => (data += d));
    socket.on("end", () => resolve(data.split("\r\n", 1)[0] ?? ""));
    socket.on("error", reject);
  });
}

export const rawGet = (port: number, target: string, host = `127.0.0.1:${port}`) =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
