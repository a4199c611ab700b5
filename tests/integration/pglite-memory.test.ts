// The embedded database's memory: PGlite keeps PostgreSQL's whole buffer pool resident in the
// server process, so its size is the largest part of the server's RSS (budget: <= 400 MB at
// 10,000 restaurants, measured by `npm run bench`). Whatever the engine the suite runs on, this
// file opens an embedded database on disk, as `npm start` does without DATABASE_URL.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondRunOnPostgres } from "../setup/db";
import { buildRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { openDatabase } from "../../server/data/database";

const MB = 1024 * 1024;
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "kta-pglite-memory-"));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function setting(database: Awaited<ReturnType<typeof openDatabase>>, name: string) {
  const result = await database.pglite!.query<{ setting: string; unit: string | null }>(
    "select setting, unit from pg_settings where name = $1",
    [name],
  );
  return result.rows[0]!;
}

// Reads no database but embedded ones of its own: run once, in the PGlite run (tests/setup/db.ts).
describe.skipIf(secondRunOnPostgres())("embedded database memory", () => {
  it("starts with a buffer pool of at most 32 MB, keeps postgresql.conf as initdb wrote it, and keeps its data across restarts", async () => {
    const pgliteDir = path.join(dataDir, "db");
    const first = await openDatabase({ pgliteDir });
    try {
      await first.db.insert(restaurants).values(buildRestaurant({ slug: "kept-across-restarts" }));
    } finally {
      await first.close();
    }
    // The setting is given at start, not written into the data folder.
    expect(readFileSync(path.join(pgliteDir, "postgresql.conf"), "utf8")).toMatch(/^shared_buffers = 128MB/m);

    const second = await openDatabase({ pgliteDir });
    try {
      const buffers = await setting(second, "shared_buffers");
      expect(buffers.unit).toBe("8kB");
      expect(Number(buffers.setting) * 8 * 1024).toBeLessThanOrEqual(32 * MB);
      // Settings from postgresql.conf still apply.
      expect((await setting(second, "TimeZone")).setting).toBe("UTC");
      const rows = await second.db.select({ slug: restaurants.slug }).from(restaurants);
      expect(rows.map((row) => row.slug)).toEqual(["kept-across-restarts"]);
    } finally {
      await second.close();
    }
  });
});
