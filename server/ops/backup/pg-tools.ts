// The database side of backups (manifest.ts): the queries PGlite and PostgreSQL both answer, and
// PostgreSQL's client tools, pg_dump and psql, run so that a restored dump can do nothing but SQL.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { accessSync, constants, createReadStream, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { MIGRATIONS_FOLDER } from "../../data/database";
import { BackupError, ToolMissingError, type DatabaseContents, type MigrationLevel } from "./manifest";

// ---------------------------------------------------------------------------------------------
// The database: PGlite without the server's wrapper (the restore holds the lock itself), and the
// few queries both kinds answer.

export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export async function connectPostgres(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new BackupError(
      `Could not connect to the PostgreSQL database in DATABASE_URL (${(error as Error).message || String(error)}). Nothing was changed.`,
    );
  }
  return client;
}

export function pgliteQuery(client: PGlite): Query {
  return async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
}

export function clientQuery(client: pg.Client): Query {
  return async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
}

const COUNTED_TABLES = { restaurants: "restaurants", users: "users", blogPosts: "blogs" } as const;

/** How many restaurants, users and blog posts the database holds (0 for a table not there yet). */
export async function readContents(query: Query): Promise<DatabaseContents> {
  const names = Object.values(COUNTED_TABLES)
    .map((name) => `'${name}'`)
    .join(", ");
  const present = new Set(
    (
      await query(
        `select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname in (${names})`,
      )
    ).map((row) => String(row.name)),
  );
  const count = async (table: string) =>
    present.has(table) ? Number((await query(`select count(*)::int as n from public.${table}`))[0]?.n ?? 0) : 0;
  return {
    restaurants: await count(COUNTED_TABLES.restaurants),
    users: await count(COUNTED_TABLES.users),
    blogPosts: await count(COUNTED_TABLES.blogPosts),
  };
}

export function readJournal(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** The applied migrations, from drizzle's own table. */
export async function readMigrationLevel(query: Query): Promise<MigrationLevel> {
  const [table] = await query("select to_regclass('drizzle.__drizzle_migrations')::text as name");
  if (!table?.name) return { applied: 0, latest: null, latestAt: null };
  const [row] = await query(
    "select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations",
  );
  const latestAt = row?.latest == null ? null : Number(row.latest);
  return {
    applied: Number(row?.applied ?? 0),
    latest: readJournal().find((entry) => entry.when === latestAt)?.tag ?? null,
    latestAt,
  };
}

export function isEmpty(contents: DatabaseContents): boolean {
  return contents.restaurants === 0 && contents.users === 0 && contents.blogPosts === 0;
}

export function sameContents(a: DatabaseContents, b: DatabaseContents): boolean {
  return a.restaurants === b.restaurants && a.users === b.users && a.blogPosts === b.blogPosts;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL's client tools.

const CLIENT_PACKAGE_HINT =
  "Install PostgreSQL's client tools, of the server's major version or newer: `apt-get install -y postgresql-client` on Debian/Ubuntu (as root; in the Docker image too), `brew install libpq` on macOS";

/** The tool's path on PATH; ToolMissingError naming the package otherwise. */
export function findTool(name: "pg_dump" | "psql", env: NodeJS.ProcessEnv): string {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not in this folder.
    }
  }
  throw new ToolMissingError(
    `${name} was not found on PATH, and a backup of a PostgreSQL database needs it. ${CLIENT_PACKAGE_HINT}.`,
  );
}

/** pg_dump refuses a server newer than itself: say so before starting, with the fix. */
export async function checkToolVersion(client: pg.Client, tool: string, name: string): Promise<void> {
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(tool)?.[1] ?? 0);
  const server = Number((await client.query<{ v: string }>("show server_version_num")).rows[0]?.v ?? 0);
  const serverMajor = Math.floor(server / 10_000);
  if (toolMajor > 0 && serverMajor > toolMajor) {
    throw new ToolMissingError(
      `${name} ${toolMajor} cannot dump a PostgreSQL ${serverMajor} server. Install the client tools of version ${serverMajor} or newer (e.g. \`apt-get install -y postgresql-client-${serverMajor}\` from apt.postgresql.org).`,
    );
  }
}

/** The URL without its password (so it is not on the process list), and the password in PGPASSWORD. */
export function toolConnection(url: string, env: NodeJS.ProcessEnv): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export function lastLines(text: string): string {
  const lines = text
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "");
  return lines.slice(-3).join(" / ") || "no message";
}

// ---------------------------------------------------------------------------------------------
// psql's restricted mode: a restore runs the dump's SQL, and nothing else.
//
// A plain dump is a psql script, and psql's meta-commands would run from it as the operator: `\!`
// runs a shell command, `\o`, `\w`, `\copy` and `\i` write or read files. A backup may have come
// from anywhere, so the dump runs in restricted mode (`\restrict KEY`, added against
// CVE-2025-8714), where psql refuses every meta-command but `\unrestrict KEY`; with ON_ERROR_STOP
// the restore stops at the first one, and its transaction is rolled back. The key is ours, random
// and sent only on psql's standard input: pg_dump's own `\restrict` and `\unrestrict` lines (which
// it writes from the same releases) are taken out of the dump, and a dump in which psql could meet
// any other `\unrestrict` is refused before psql starts, because psql before 14.24, 15.19, 16.15,
// 17.11 and 18.6 expands backticks in `\unrestrict`'s argument, running a shell command before it
// checks the key (CVE-2026-18408; psql 15.18 does).

/** The first release of each major version whose psql has `\restrict`; every release from 18 has it. */
const PSQL_RESTRICT_SINCE: Readonly<Record<number, number>> = { 13: 22, 14: 19, 15: 14, 16: 10, 17: 6 };
const PSQL_RESTRICT_ALL_FROM = 18;
/** What psql says when restricted mode refuses a meta-command. */
export const PSQL_RESTRICTED_REFUSAL = "backslash commands are restricted";

/** Refuses, from `psql --version`, a psql without restricted mode, before anything is changed. */
export function checkPsqlRestrict(version: string): void {
  const match = /\(PostgreSQL\) ((\d+)(?:\.(\d+))?\S*)/.exec(version);
  const major = Number(match?.[2] ?? 0);
  const minor = Number(match?.[3] ?? 0);
  const since = PSQL_RESTRICT_SINCE[major];
  if (major >= PSQL_RESTRICT_ALL_FROM || (since !== undefined && minor >= since)) return;
  const versions = `${Object.entries(PSQL_RESTRICT_SINCE)
    .map(([one, first]) => `${one}.${first}`)
    .join(", ")} or ${PSQL_RESTRICT_ALL_FROM}`;
  throw new ToolMissingError(
    `${match ? `psql ${match[1]}` : `psql (which says ${JSON.stringify(version)})`} cannot restore a backup safely: a restore runs the backup's dump in psql's restricted mode (\\restrict), ` +
      `so that a crafted backup cannot run commands or read and write files on this machine, and psql has it from ${versions} on. ` +
      "Install a current release of PostgreSQL's client tools: `apt-get update && apt-get install -y postgresql-client` on Debian/Ubuntu (as root), `brew upgrade libpq` on macOS. Nothing was changed.",
  );
}

/**
 * What psql reads: our own `\restrict` first, then one transaction replacing the schemas the app's
 * migrations make with the dump's. The commit is the script's last line, so psql stopping anywhere
 * before it (a refused meta-command, an SQL error, its input cut short) commits nothing: its
 * connection closes with the transaction open, and PostgreSQL rolls it back.
 */
export async function* restoreScript(dump: string): AsyncGenerator<Buffer> {
  const key = randomBytes(32).toString("hex");
  yield Buffer.from(
    `\\restrict ${key}\nbegin;\ndrop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n`,
  );
  yield* createReadStream(dump) as AsyncIterable<Buffer>;
  yield Buffer.from("\ncommit;\n");
}

/** pg_dump's own line opening or closing restricted mode. */
const PG_DUMP_RESTRICT_LINE = /^\\(?:un)?restrict [A-Za-z0-9]+\n?$/;
/** pg_dump's key is 63 characters; a longer line is passed on, and psql refuses it if it is one. */
const PG_DUMP_RESTRICT_LINE_MAX = 1024;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const UNRESTRICT = Buffer.from("unrestrict");

function isPgDumpRestrictLine(line: Buffer): boolean {
  return (
    line[0] === BACKSLASH &&
    line.length <= PG_DUMP_RESTRICT_LINE_MAX + 1 &&
    PG_DUMP_RESTRICT_LINE.test(line.toString("latin1"))
  );
}

function mayStartPgDumpRestrictLine(start: Buffer): boolean {
  if (start[0] !== BACKSLASH || start.length > PG_DUMP_RESTRICT_LINE_MAX) return false;
  const text = start.toString("latin1");
  return (
    "\\restrict ".startsWith(text) || "\\unrestrict ".startsWith(text) || /^\\(?:un)?restrict [A-Za-z0-9]*$/.test(text)
  );
}

/**
 * The dump as psql is given it, streamed: without pg_dump's own `\restrict` and `\unrestrict` lines
 * (exactly `\restrict KEY` or `\unrestrict KEY`, KEY alphanumeric: a COPY row never looks like one,
 * its backslashes being doubled), and refused with `crafted` if psql could read `\unrestrict`
 * anywhere else in it.
 */
export async function* restrictedDump(
  chunks: AsyncIterable<Buffer>,
  crafted: (why: string) => Error,
): AsyncGenerator<Buffer> {
  yield* refusingUnrestrict(withoutPgDumpRestrictLines(chunks), () =>
    crafted("its database dump holds a psql \\unrestrict command besides pg_dump's own lines"),
  );
}

async function* withoutPgDumpRestrictLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const empty = Buffer.alloc(0);
  // The current line so far while it may still be one of pg_dump's (at most a kilobyte), or null once it cannot.
  let held: Buffer | null = empty;
  for await (const chunk of chunks) {
    const out: Buffer[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      const piece = chunk.subarray(start, end);
      start = end;
      if (held === null) {
        out.push(piece);
      } else {
        const line: Buffer = held.length === 0 ? piece : Buffer.concat([held, piece]);
        if (newline !== -1) {
          if (!isPgDumpRestrictLine(line)) out.push(line);
        } else if (mayStartPgDumpRestrictLine(line)) {
          held = Buffer.from(line);
          continue;
        } else {
          out.push(line);
          held = null;
          continue;
        }
      }
      if (newline !== -1) held = empty;
    }
    if (out.length > 0) yield Buffer.concat(out);
  }
  if (held !== null && held.length > 0 && !isPgDumpRestrictLine(held)) yield held;
}

/**
 * The chunks, refused as soon as they hold `\unrestrict` after an odd run of backslashes: where
 * psql could read it as the command. (An even run is not: COPY rows double every backslash, and
 * psql reads `\\` as a command of its own, refused in restricted mode, which stops the restore.)
 * Each chunk is checked before it is passed on.
 */
async function* refusingUnrestrict(chunks: AsyncIterable<Buffer>, refuse: () => Error): AsyncGenerator<Buffer> {
  let backslashes = 0; // the run of backslashes just read
  let matched = -1; // how much of "unrestrict" follows an odd run, or -1
  for await (const chunk of chunks) {
    let at = 0;
    while (at < chunk.length) {
      if (backslashes === 0 && matched === -1) {
        at = chunk.indexOf(BACKSLASH, at);
        if (at === -1) break;
      }
      const byte = chunk[at];
      at += 1;
      if (byte === BACKSLASH) {
        backslashes += 1;
        matched = -1;
        continue;
      }
      if (backslashes > 0) matched = backslashes % 2 === 1 && byte === UNRESTRICT[0] ? 1 : -1;
      else matched = byte === UNRESTRICT[matched] ? matched + 1 : -1;
      backslashes = 0;
      if (matched === UNRESTRICT.length) throw refuse();
    }
    yield chunk;
  }
}

/** psql's messages kept for the error: the last of them (a dump can make it print without end). */
const PSQL_STDERR_KEPT = 64 * 1024;

/**
 * Runs psql with `input` on its standard input, streamed; its output is dropped. `inputError` is
 * set when the input could not all be written: psql stopped reading (after an error), or reading
 * the input failed (psql is then killed before it could read a commit).
 */
export async function runPsqlScript(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; input: AsyncIterable<Buffer> },
): Promise<{ code: number | null; stderr: string; inputError?: Error }> {
  const child = spawn(command, args, { env: options.env, stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-PSQL_STDERR_KEPT)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  const fed = pipeline(Readable.from(options.input), child.stdin).then(
    () => undefined,
    (error: unknown) => {
      child.kill("SIGKILL");
      return error instanceof Error ? error : new Error(String(error));
    },
  );
  const [code, inputError] = await Promise.all([exited, fed]);
  return { code, stderr, ...(inputError ? { inputError } : {}) };
}

/** The input failed because psql had stopped reading it (it exited), not on our side. */
export function psqlStoppedReading(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    code === "EPIPE" ||
    code === "ERR_STREAM_PREMATURE_CLOSE" ||
    code === "ERR_STREAM_DESTROYED" ||
    code === "ECONNRESET"
  );
}
