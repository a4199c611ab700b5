// A fresh, migrated database for one test file: a copy of the run's template.
import { randomBytes } from "node:crypto";
import { cpSync, readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { pgliteDirIn } from "../../server/config";
import { openDatabase, type Database } from "../../server/data/database";
import { withDatabase } from "./global-db";

export interface TestDatabase extends Database {
  /** Connection string of this copy (PostgreSQL only), for child processes. */
  url: string | undefined;
  /** Drops the copy. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject("dbKind") === "postgres") {
    const serverUrl = inject("postgresUrl");
    const name = `kta_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(serverUrl, name);
    const database = await openDatabase({ databaseUrl: url, migrate: false });
    return {
      ...database,
      url,
      async destroy() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        try {
          await cleanup.query(`drop database if exists ${name} with (force)`);
        } catch {
          // Ending other sessions needs pg_signal_backend; without it, wait for ours to finish closing.
          await new Promise((resolve) => setTimeout(resolve, 500));
          await cleanup.query(`drop database if exists ${name}`);
        } finally {
          await cleanup.end();
        }
      },
    };
  }
  const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const database = await openDatabase({ loadDataDir: dump, migrate: false });
  return { ...database, url: undefined, destroy: () => database.close() };
}

/**
 * The database for a server run as a child process on the data folder `dataDir`: on PostgreSQL a
 * copy of the template, whose URL goes into the server's environment; on PGlite a copy of the
 * run's migrated data folder placed where the server keeps its own (`dataDir/db`, which one process
 * alone may open), so it starts on a migrated database instead of migrating a new one.
 */
export async function createServerDatabase(dataDir: string): Promise<{
  database: TestDatabase | undefined;
  env: Record<string, string>;
}> {
  if (inject("dbKind") === "postgres") {
    const database = await createTestDatabase();
    return { database, env: { DATABASE_URL: database.url! } };
  }
  placeMigratedPglite(pgliteDirIn(dataDir));
  return { database: undefined, env: {} };
}

/**
 * True in CI's second run of the database suite, on PostgreSQL (DATABASE_URL). A test that never
 * reads the run's database (it opens an embedded one in a data folder of its own, or none) would
 * repeat itself there to the byte, so it is declared with `describe.skipIf(secondRunOnPostgres())`
 * and runs once, in the PGlite run (`npm test`).
 */
export function secondRunOnPostgres(): boolean {
  return inject("dbKind") === "postgres";
}

/**
 * Puts a copy of the run's migrated embedded database at `pgliteDir` (a data folder's `db`): opened
 * with `migrate: false`, or by a server or command, it is ready at once, where an empty folder is
 * migrated first (seconds). Made in both runs (tests/setup/global-db.ts).
 */
export function placeMigratedPglite(pgliteDir: string): void {
  cpSync(inject("pgliteTemplateDir"), pgliteDir, { recursive: true });
}
