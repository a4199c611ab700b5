// Starts the built server as `npm start` does (`node server.js`, a child process) on a throw-away
// DATA_DIR holding N generated restaurants, so its own memory can be read and the bench's load
// generator and browsers do not share its process or its CPU time accounting.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../server/data/database";
import { startServer } from "../tests/setup/server-process";
import { generateRestaurants, insertRestaurants } from "./generate";
import { gcFromMetrics, type ServerGc } from "./server-gc";

export interface BenchServer {
  baseUrl: string;
  /** The server's process id (to pin it to a core: the counting comparison). */
  pid: number;
  /** Resident and peak resident memory of the server process (MB), from /proc/<pid>/status. */
  memory(): { rssMB: number; peakRssMB: number };
  /** CPU time the server process has used so far (user + system, seconds), from /proc/<pid>/stat. */
  cpuSeconds(): number;
  /** What the server's garbage collector has done so far, read from its own `/metrics`. */
  gc(): Promise<ServerGc>;
  /** Stops the server; `afterwards` may then open its data (the server's own database) before it is removed. */
  stop(afterwards?: (dataDir: string) => Promise<void>): Promise<void>;
}

/** A fixed secret is fine: the database is thrown away and nobody signs in. */
const BENCH_SECRET = "bench-only-secret-not-for-production-use-0123456789";

/** `/metrics` answers in production only to this bearer (METRICS_TOKEN); the bench reads the GC's figures there. */
const BENCH_METRICS_TOKEN = "bench-only-metrics-token-0123456789";

/** Clock ticks per second of /proc's CPU times: 100 on Linux (USER_HZ) on every common platform. */
const CLOCK_TICKS = 100;

export function processCpuSeconds(pid: number | "self"): number {
  // Fields after the command name (which may hold spaces, hence the last ")"): utime is the 12th, stime the 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function statusKb(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

export async function startBenchServer(count: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kta-bench-"));
  try {
    // Migrate and fill the database the server will open, then let go of it (PGlite is one process).
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
    try {
      await insertRestaurants(database.db, generateRestaurants(count));
    } finally {
      await database.close();
    }
    // The server warms everything (build, database, restaurant list) before it prints that it
    // listens, and startServer resolves on that line, so the first measured request is not a cold one.
    const server = await startServer(
      {
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        PORT: "0",
        HOST: "127.0.0.1",
        AUTH_SECRET: BENCH_SECRET,
        // Only canonical and alternate links use it; the port is not known before start-up.
        PUBLIC_URL: "http://127.0.0.1",
        // Map tiles from this machine (nothing listens there: the images fail fast, never the network).
        MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
        ...env,
      },
      180_000,
    );
    const pid = server.child.pid!;
    return {
      baseUrl: server.url,
      pid,
      cpuSeconds: () => processCpuSeconds(pid),
      async gc() {
        const response = await fetch(`${server.url}/metrics`, {
          headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
        });
        if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
        return gcFromMetrics(await response.text());
      },
      memory: () => ({
        rssMB: Math.round(statusKb(pid, "VmRSS") / 1024),
        peakRssMB: Math.round(statusKb(pid, "VmHWM") / 1024),
      }),
      async stop(afterwards?: (dataDir: string) => Promise<void>) {
        try {
          const code = await server.stop();
          if (code !== 0) console.warn(`server exited with ${code}:\n${server.output().slice(-2000)}`);
          // What needs the data once the server has let go of it (PGlite is one process).
          if (afterwards) await afterwards(dataDir);
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
