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

/**
 * How much of a server's output is kept (its tail): a server under load logs a line per request,
 * and a bench run's millions of lines kept whole would outgrow a string (and the memory).
 */
const OUTPUT_TAIL_CHARS = 4 * 1024 * 1024;

/** A child's standard output and error, as one text of which only the last `limit` characters are kept. */
export function outputTail(limit = OUTPUT_TAIL_CHARS): { add(chunk: Buffer | string): void; text(): string } {
  let parts: string[] = [];
  let length = 0;
  const compact = () => {
    const joined = parts.join("");
    const kept = joined.length > limit ? joined.slice(-limit) : joined;
    parts = [kept];
    length = kept.length;
  };
  return {
    add(chunk) {
      const text = chunk.toString();
      parts.push(text);
      length += text.length;
      // Joined only once the parts hold twice the limit: each character is copied a few times at most.
      if (length > 2 * limit) compact();
    },
    text() {
      compact();
      return parts[0] ?? "";
    },
  };
}

/** Servers started here and still running: killed when this process exits, however it exits. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

function track(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
}

/** Stops every server started here (SIGTERM), e.g. on Ctrl-C, and resolves when all have exited. */
export async function stopAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
}

function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return { ...base, HOST: "127.0.0.1", ...env };
}

/** Starts the server and resolves once it listens (PORT=0 picks a free port). */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env: cleanEnv({ PORT: "0", ...env }) });
  track(child);
  const tail = outputTail();
  child.stdout.on("data", (chunk: Buffer) => tail.add(chunk));
  child.stderr.on("data", (chunk: Buffer) => tail.add(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${tail.text()}`));
    }, timeoutMs);
    const onData = () => {
      // "listening on http://127.0.0.1:PORT (…)", or "on every network interface, port PORT (…)".
      const match = /listening on (?:http:\/\/[^\s]+:|every network interface, port )(\d+)/.exec(tail.text());
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        child,
        output: () => tail.text(),
        async stop() {
          child.kill("SIGTERM");
          return exited;
        },
      });
    };
    child.stdout.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${tail.text()}`));
    });
  });
}

/** Runs the server expecting it to exit by itself (a configuration error). */
export function runServerToExit(env: Record<string, string>, timeoutMs = 30_000): Promise<ExitResult> {
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env: cleanEnv(env) });
  track(child);
  const tail = outputTail();
  child.stdout.on("data", (chunk: Buffer) => tail.add(chunk));
  child.stderr.on("data", (chunk: Buffer) => tail.add(chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output: tail.text() });
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
