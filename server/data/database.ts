// Opens the database the configuration asks for — PGlite on disk by default, PostgreSQL when
// DATABASE_URL is set — applies the committed migrations, and hands back one Drizzle handle.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { sql } from "drizzle-orm";
import * as schema from "../../database/schema/index";
import { lockPgliteDir } from "./pglite-lock";
import type { Db } from "../../database/types";

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
  /**
   * False while notifications could be missed (PostgreSQL: the LISTEN connection is down).
   * Caches fed by notifications must not be trusted meanwhile.
   */
  notificationsLive(): boolean;
  /** Called when notifications may have been missed and listening works again: drop caches. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests use it to dump a template). */
  pglite?: PGlite;
  /** The node-postgres pool, when on PostgreSQL. */
  pool?: pg.Pool;
  /** The connection string, when on PostgreSQL (migrations use their own connection). */
  url?: string;
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

/** Per-connection limits so that no request waits on PostgreSQL indefinitely. */
export const POSTGRES_POOL_OPTIONS = {
  max: 10,
  // A server that does not answer (stopped host, dropped packets) fails the request in 3 s.
  connectionTimeoutMillis: 3_000,
  // Detects a peer that vanished without closing the connection.
  keepAlive: true,
  // A query may run 30 s on the server; the client gives up a little later if no answer comes at all.
  statement_timeout: 30_000,
  query_timeout: 35_000,
  idleTimeoutMillis: 30_000,
} satisfies pg.PoolConfig;

/**
 * One dedicated connection LISTENing on every channel asked for. When it is lost (server restart,
 * network) it reconnects by itself; notifications sent meanwhile are lost, so after reconnecting
 * it tells the `onResync` listeners, who must drop whatever those notifications kept fresh.
 */
function createPostgresNotifier(url: string) {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const resyncListeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let started: Promise<void> | undefined;
  let closed = false;
  let missed = false;
  let delay = 250;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, keepAlive: true });
    next.on("notification", (message) => {
      if (!message.payload) return;
      for (const listener of channels.get(message.channel) ?? []) listener(message.payload);
    });
    // A lost connection ends the client; "end" below reconnects.
    next.on("error", () => {});
    next.on("end", () => {
      if (client !== next) return;
      client = undefined;
      missed = true;
      if (!closed) scheduleReconnect();
    });
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = 250;
    if (missed) {
      missed = false;
      for (const listener of resyncListeners) listener();
    }
  };
  const scheduleReconnect = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (closed) return;
      connect().catch(() => {
        // Short steps: an outage ends within seconds of the server answering again.
        delay = Math.min(delay * 2, 2_000);
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  return {
    async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
      if (!CHANNEL.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const known = channels.get(channel);
      const listeners = known ?? new Set();
      listeners.add(onPayload);
      channels.set(channel, listeners);
      // The first listen connects (and fails if the server cannot be reached, as start-up should).
      if (!started) {
        started = connect();
        started.catch(() => {
          started = undefined;
        });
      }
      await started;
      if (!known && client) await client.query(`LISTEN ${channel}`);
      return async () => {
        listeners.delete(onPayload);
        if (listeners.size > 0 || channels.get(channel) !== listeners) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    live: () => client !== undefined,
    onResync(listener: () => void): () => void {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, ...POSTGRES_POOL_OPTIONS });
  let closing = false;
  // An idle client losing its connection (server restart) must not crash the process. After
  // close() a connection may still be finishing (pool.end() resolves before the server has seen
  // it go): its termination is expected, not an error.
  pool.on("error", (error) => {
    if (!closing) console.error("[db] idle PostgreSQL client error:", error.message);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const notifier = createPostgresNotifier(url);
  return {
    db,
    kind: "postgres",
    pool,
    url,
    async ping() {
      await pool.query("select 1");
    },
    listen: (channel, onPayload) => notifier.listen(channel, onPayload),
    notificationsLive: () => notifier.live(),
    onResync: (listener) => notifier.onResync(listener),
    async close() {
      closing = true;
      await notifier.close();
      await pool.end();
    },
  };
}

/**
 * PostgreSQL settings PGlite starts with, on top of its own (`PGlite.defaultStartParams`).
 * `initdb` writes `shared_buffers = 128MB` into postgresql.conf, and PGlite's WASM runtime has the
 * whole pool resident from start-up (measured: ~150 MB of the server's RSS at 10,000 restaurants,
 * whose restaurants table is ~5 MB). 32 MB still holds every table of this app's database in the
 * buffer pool; pages beyond it are read back from the operating system's file cache. Given on the
 * command line, so postgresql.conf and existing data folders stay untouched.
 */
export const PGLITE_SETTINGS = { shared_buffers: "32MB" } as const;

/**
 * A PGlite instance with this app's settings, ready; the caller holds the folder's lock (or has
 * none: in memory). openDatabase wraps it; backups and restores open folders they have locked.
 */
export async function startPglite({
  dataDir,
  loadDataDir,
}: {
  dataDir?: string | undefined;
  loadDataDir?: Blob | undefined;
}): Promise<PGlite> {
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // Trigram search (drizzle/0011): shipped with PGlite, loaded by every instance that opens the data.
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
  });
  await client.waitReady;
  return client;
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const unlock = options.pgliteDir ? lockPgliteDir(options.pgliteDir) : () => {};
  let client: PGlite;
  try {
    client = await startPglite({ dataDir: options.pgliteDir, loadDataDir: options.loadDataDir });
  } catch (error) {
    unlock();
    throw error;
  }
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
    // In process: no notification can be missed.
    notificationsLive: () => true,
    onResync: () => () => {},
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/** The advisory lock key held while migrating PostgreSQL ("kta-migr" as a number). */
const MIGRATION_LOCK = 0x6b74616d;

export async function applyMigrations(database: Database): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
  } else if (database.url) {
    // Its own connection, without the pool's statement timeout: a migration may take long.
    const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      // Processes started together take turns: the first applies what is pending, the others
      // then find nothing to do (the lock ends with the connection, whatever happens).
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.end();
    }
  }
}

/**
 * Refreshes the planner's statistics of every table, and marks the search table's settled pages visible
 * so a search reads its walk's index alone (drizzle/0023: an index-only scan visits the table for a page
 * not yet marked). PGlite runs no autovacuum to do either; VACUUM skips pages already marked, so after the
 * first pass it reads only what changed.
 */
export async function refreshStatistics(database: Pick<Database, "db">): Promise<void> {
  await database.db.execute(sql`vacuum restaurant_search`);
  await database.db.execute(sql`analyze`);
}
