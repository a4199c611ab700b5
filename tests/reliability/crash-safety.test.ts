// Crash safety: a process writing restaurants is killed with SIGKILL in the middle of its writes;
// after a restart every write it was told had succeeded is there, and the database still works.
// On PGlite (the default, an on-disk data folder) and on PostgreSQL (a private server that is also
// crashed with an immediate stop, so it has to recover from its write-ahead log).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { openDatabase, type Database } from "../../server/data/database";
import { requirePostgres, startPrivatePostgres, type PrivatePostgres } from "./support/postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WRITER = path.join(import.meta.dirname, "support/writer.ts");

interface Crash {
  acked: string[];
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs the writer, kills it with SIGKILL once `killAfter` writes were acknowledged (more are in flight). */
function writeThenKill(env: Record<string, string>, killAfter: number, onKill?: () => void): Promise<Crash> {
  // `node --import tsx` rather than the tsx command: one process, so SIGKILL hits the writer itself.
  const child = spawn(process.execPath, ["--import", "tsx", WRITER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const acked: string[] = [];
  let output = "";
  let pending = "";
  let killed = false;
  const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      // Every complete line that reached us was printed after its insert resolved.
      if (line.startsWith("ack ")) acked.push(line.slice(4));
      else output += `${line}\n`;
    }
    if (!killed && acked.length >= killAfter) {
      killed = true;
      child.kill("SIGKILL");
      onKill?.();
    }
  });
  return new Promise((resolve) => {
    child.once("exit", (_code, signal) => {
      clearTimeout(timer);
      // The tail is enough to diagnose (PGlite prints its whole bundle when it aborts).
      resolve({ acked, signal, output: output.slice(-3_000) });
    });
  });
}

async function missingOf(database: Database, ids: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await database.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(inArray(restaurants.id, ids.slice(i, i + 500)));
    for (const row of rows) found.add(row.id);
  }
  return ids.filter((id) => !found.has(id));
}

async function assertUsable(database: Database) {
  const [row] = await database.db
    .insert(restaurants)
    .values(buildRestaurant({ name_en: "After The Crash" }))
    .returning({ id: restaurants.id });
  expect(row?.id).toBeTruthy();
  expect(await missingOf(database, [row!.id])).toEqual([]);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("crash safety", () => {
  it("PGlite on disk: after SIGKILL mid-write, every acknowledged write is there and the database reopens and takes writes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kta-crash-pglite-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = { WRITER_PGLITE_DIR: path.join(dir, "db") };
    const allAcked: string[] = [];
    // Twice: the second writer opens a data folder that a killed process left behind.
    for (const [round, killAfter] of [
      [1, 150],
      [2, 250],
    ] as const) {
      const crash = await writeThenKill({ ...env, WRITER_TAG: `pglite${round}` }, killAfter);
      expect(crash.signal, crash.output).toBe("SIGKILL");
      expect(crash.acked.length).toBeGreaterThanOrEqual(killAfter);
      allAcked.push(...crash.acked);
      const reopened = await openDatabase({ pgliteDir: env.WRITER_PGLITE_DIR });
      try {
        expect(await missingOf(reopened, allAcked)).toEqual([]);
        await assertUsable(reopened);
      } finally {
        await reopened.close();
      }
    }
    console.log(`[crash-safety] PGlite: ${allAcked.length} acknowledged writes checked over 2 SIGKILLs`);
  });

  it("PostgreSQL: writer SIGKILLed and server crashed (immediate stop) mid-write; after restart every acknowledged write is there", async (context) => {
    if (!requirePostgres("crash safety on PostgreSQL")) return context.skip();
    const server: PrivatePostgres = await startPrivatePostgres();
    cleanups.push(() => server.destroy());
    let crashed: Promise<void> | undefined;
    // The server goes down at the same moment as the writer: no clean shutdown, no checkpoint.
    const crash = await writeThenKill({ WRITER_DATABASE_URL: server.url, WRITER_TAG: "pg" }, 300, () => {
      crashed = server.stop("immediate");
    });
    await crashed;
    expect(crash.signal, crash.output).toBe("SIGKILL");
    expect(crash.acked.length).toBeGreaterThanOrEqual(300);
    await server.start();
    const reopened = await openDatabase({ databaseUrl: server.url });
    try {
      expect(await missingOf(reopened, crash.acked)).toEqual([]);
      await assertUsable(reopened);
    } finally {
      await reopened.close();
    }
    console.log(
      `[crash-safety] PostgreSQL: ${crash.acked.length} acknowledged writes checked after SIGKILL + immediate stop`,
    );
  });
});
