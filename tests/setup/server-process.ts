// Runs the built server (`node server.js`) as a child process, as `npm start` does.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ExitResult {
  code: number | null;
  output: string;
}

function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return { ...base, HOST: "127.0.0.1", ...env };
}

/** Starts the server and resolves once it listens (PORT=0 picks a free port). */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env: cleanEnv({ PORT: "0", ...env }) });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      // "listening on http://127.0.0.1:PORT (…)", or "on every network interface, port PORT (…)".
      const match = /listening on (?:http:\/\/[^\s]+:|every network interface, port )(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        child,
        output: () => output,
        async stop() {
          child.kill("SIGTERM");
          return exited;
        },
      });
    };
    child.stdout.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs the server expecting it to exit by itself (a configuration error). */
export function runServerToExit(env: Record<string, string>, timeoutMs = 30_000): Promise<ExitResult> {
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env: cleanEnv(env) });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A TCP port free on 127.0.0.1 right now (for a server that must know its port before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
