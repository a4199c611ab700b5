// Backups (`npm run backup`, `npm run restore -- FILE`): one .tar.gz file an operator can copy,
// holding a manifest, a consistent snapshot of the database and the uploads. docs/backups.md.
//
// - PGlite: the data directory's dump (`dumpDataDir`), taken while this process holds the
//   database's lock, so the uploads folder cannot change under the backup either.
// - PostgreSQL: `pg_dump` (plain SQL, no owners or privileges) from PATH, inside an exported
//   snapshot so the manifest's counts describe exactly what was dumped; restored by `psql` in one
//   transaction and in its restricted mode, so a crafted dump runs SQL and nothing else (no shell
//   command, no file read or written on this machine).
// - Uploads on local disk are added file by file; in a bucket (STORAGE=s3) they are left out and
//   the manifest says so.
//
// A restore reads and checks the whole file, and builds the new database and uploads folder beside
// the old ones before swapping them in, so a refused or failed restore leaves everything as it was.
// It trusts nothing in the file beyond its manifest: no entry larger than declared, no upload name
// the app does not make (the file may have come from anywhere).
//
// The archive is plain ustar inside gzip (server/ops/tar.ts). This file holds what a backup is (its
// errors, its manifest, the commands' options); create.ts writes one, restore.ts reads one back, and
// pg-tools.ts holds the database side (the queries, pg_dump and psql).
import path from "node:path";
import { z } from "zod";
import { openGzip, readTar, TarFormatError, type TarEntry } from "../tar";

// ---------------------------------------------------------------------------------------------
// Errors: each message is meant for the operator, as the command prints it.

/** A backup or restore that cannot go ahead; nothing was changed. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The file given to restore is not a backup made by `npm run backup`. */
export class NotABackupError extends BackupError {
  override name = "NotABackupError";
  constructor(file: string, why: string) {
    super(`${file} is not a backup made by \`npm run backup\` (${why}). Nothing was changed.`);
  }
}

/** The target database already holds data, and the restore was not forced. */
export class DatabaseNotEmptyError extends BackupError {
  override name = "DatabaseNotEmptyError";
  constructor(readonly contents: DatabaseContents) {
    super(
      `The database already holds ${describeContents(contents)}. Restoring replaces all of it, and the uploads folder: ` +
        "run the restore again with --force to do so (make a backup of it first if you may want it back). Nothing was changed.",
    );
  }
}

/** A PostgreSQL client tool (pg_dump, psql) is missing or too old. */
export class ToolMissingError extends BackupError {
  override name = "ToolMissingError";
}

// ---------------------------------------------------------------------------------------------
// The manifest: the archive's first entry.

export const FORMAT = "kosher-tel-aviv-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const UPLOADS_PREFIX = "uploads/";
export const DATABASE_ENTRY = { pglite: "database/pglite-data.tar", postgres: "database/postgres.sql" } as const;
export const S3_UPLOADS_NOTE = "uploads live in the bucket; back them up with the bucket's versioning or replication";

const contentsSchema = z.object({
  restaurants: z.number().int().min(0),
  users: z.number().int().min(0),
  blogPosts: z.number().int().min(0),
});

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    entry: z.string(),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** Applied migrations: how many, and the newest one's tag and timestamp (drizzle's created_at). */
    migrations: z.object({
      applied: z.number().int().min(0),
      latest: z.string().nullable(),
      latestAt: z.number().nullable(),
    }),
    contents: contentsSchema,
    /** The pg_dump that made it (PostgreSQL). */
    tool: z.string().optional(),
  }),
  uploads: z.discriminatedUnion("included", [
    z.object({ included: z.literal(true), files: z.number().int().min(0), bytes: z.number().int().min(0) }),
    z.object({ included: z.literal(false), note: z.string() }),
  ]),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type DatabaseContents = z.infer<typeof contentsSchema>;
export type DatabaseKind = BackupManifest["database"]["kind"];
export type MigrationLevel = BackupManifest["database"]["migrations"];

// ---------------------------------------------------------------------------------------------
// Options and results.

export interface BackupTarget {
  /** DATA_DIR: backups go to DATA_DIR/backups by default. */
  dataDir: string;
  /** PostgreSQL's connection string; absent means PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's folder, as the server opens it (`config.pgliteDir`); used without `databaseUrl`. */
  pgliteDir: string;
  /** The uploads folder, or null when uploads live in a bucket (STORAGE=s3). */
  uploadsDir: string | null;
  /** Where pg_dump and psql are looked up (PATH); process.env unless given. */
  env?: NodeJS.ProcessEnv;
  /** Receives one line per step, for the command's output. */
  progress?: (line: string) => void;
}

export interface CreateBackupOptions extends BackupTarget {
  /** The backup file to write; DATA_DIR/backups/kosher-tel-aviv-backup-<time>.tar.gz unless given. */
  out?: string | undefined;
  now?: Date;
}

export interface BackupResult {
  file: string;
  /** The backup file's size. */
  bytes: number;
  manifest: BackupManifest;
}

export interface RestoreOptions extends BackupTarget {
  file: string;
  /** Replace a database that already holds restaurants, users or blog posts. */
  force: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Upload files put in place (in the uploads folder, or in `uploadsExtractedTo`). */
  uploadsRestored: number;
  /** With uploads in a bucket: where the backup's uploads were written, to be copied into it. */
  uploadsExtractedTo?: string;
}

/** DATA_DIR/backups/kosher-tel-aviv-backup-2026-11-25T07-30-00Z.tar.gz */
export function defaultBackupFile(dataDir: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return path.join(dataDir, "backups", `kosher-tel-aviv-backup-${stamp}.tar.gz`);
}

// ---------------------------------------------------------------------------------------------
// Reading a backup's manifest.

/** Reads and checks the manifest, the archive's first entry. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const archive = openGzip(file);
  let text: string;
  try {
    const first = await firstEntry(readTar(archive));
    if (!first) throw new NotABackupError(file, "it is an empty archive");
    if (first.name !== MANIFEST_ENTRY)
      throw new NotABackupError(file, `its first entry is ${JSON.stringify(first.name)}, not ${MANIFEST_ENTRY}`);
    if (first.size > 1_000_000) throw new NotABackupError(file, "its manifest is too large");
    text = (await collect(first.body())).toString("utf8");
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new NotABackupError(
      file,
      error instanceof TarFormatError ? `it is not a tar archive: ${error.message}` : describeReadError(error),
    );
  } finally {
    archive.destroy();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NotABackupError(file, "its manifest is not JSON");
  }
  const version = (parsed as { version?: unknown } | null)?.version;
  if (
    (parsed as { format?: unknown } | null)?.format === FORMAT &&
    typeof version === "number" &&
    version > FORMAT_VERSION
  ) {
    throw new BackupError(
      `${file} was made by a newer version of the app (backup format ${version}; this one reads ${FORMAT_VERSION}). Update the app first. Nothing was changed.`,
    );
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new NotABackupError(file, `its manifest is not valid: ${result.error.issues[0]?.path.join(".") || "format"}`);
  if (result.data.database.entry !== DATABASE_ENTRY[result.data.database.kind])
    throw new NotABackupError(file, "its manifest names an unexpected database entry");
  return result.data;
}

async function firstEntry(entries: AsyncGenerator<TarEntry>): Promise<TarEntry | undefined> {
  const next = await entries.next();
  return next.done ? undefined : next.value;
}

export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "Z_DATA_ERROR") return "it is not gzip-compressed";
  if (code === "Z_BUF_ERROR") return "the file ends too early";
  if (error instanceof TarFormatError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

export function kindName(kind: DatabaseKind): string {
  return kind === "pglite" ? "PGlite" : "PostgreSQL";
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

export function describeContents(contents: DatabaseContents): string {
  return `${plural(contents.restaurants, "restaurant")}, ${plural(contents.users, "user")} and ${plural(contents.blogPosts, "blog post")}`;
}

/** 1.2 MB, 340 KB, 12 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
