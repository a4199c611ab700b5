// Opens the database the configuration asks for — PGlite on disk by default, PostgreSQL when
// DATABASE_URL is set — applies the committed migrations, and hands back one Drizzle handle.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "../database/schema/index";
import type { Db } from "../database/types";

/** The committed migrations, found from this module's place in the source tree or in build/server. */
export const MIGRATIONS_FOLDER = findMigrationsFolder(path.dirname(fileURLToPath(import.meta.url)));

function findMigrationsFolder(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    if (path.dirname(dir) === dir) return path.resolve("drizzle");
  }
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when a trivial query succeeds; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel` until the returned function is called.
   * On PostgreSQL a dedicated connection listens and reconnects by itself after an outage.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests use it to dump a template). */
  pglite?: PGlite;
  /** The node-postgres pool, when on PostgreSQL. */
  pool?: pg.Pool;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; omitted means in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data directory dump to start from (tests load a migrated template). */
  loadDataDir?: Blob | undefined;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.migrate !== false) await applyMigrations(database);
  return database;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

function listenOnPostgres(url: string, channel: string, onPayload: (payload: string) => void) {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let delay = 500;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    // A lost connection ends the client; "end" below reconnects.
    next.on("error", () => {});
    next.on("end", () => {
      if (!closed && client === next) reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    delay = 500;
  };
  const reconnect = () => {
    client = undefined;
    const timer = setTimeout(() => {
      if (closed) return;
      connect().catch(() => {
        delay = Math.min(delay * 2, 10_000);
        reconnect();
      });
    }, delay);
    timer.unref();
  };
  return connect().then(() => async () => {
    closed = true;
    await client?.end().catch(() => {});
  });
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on("error", (error) => console.error("[db] idle PostgreSQL client error:", error.message));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    pool,
    async ping() {
      await pool.query("select 1");
    },
    listen: (channel, onPayload) => listenOnPostgres(url, channel, onPayload),
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    async ping() {
      await client.query("select 1");
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function applyMigrations(database: Database): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
  } else if (database.pool) {
    await migratePg(drizzlePg({ client: database.pool }), { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

