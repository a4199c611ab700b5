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
// The archive is plain ustar inside gzip (server/ops/tar.ts).
import { createHash, randomBytes, type Hash } from "node:crypto";
import { spawn } from "node:child_process";
import { accessSync, constants, createReadStream, createWriteStream, existsSync, openAsBlob, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { z } from "zod";
import { MIGRATIONS_FOLDER, startPglite } from "../../data/database";
import { lockPgliteDir } from "../../data/pglite-lock";
import { isUploadKey, storedKeys } from "../../uploads/storage";
import { openGzip, readTar, TarFormatError, writeArchive, type TarEntry } from "../tar";

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

const FORMAT = "kosher-tel-aviv-backup";
const FORMAT_VERSION = 1;
const MANIFEST_ENTRY = "manifest.json";
const UPLOADS_PREFIX = "uploads/";
const DATABASE_ENTRY = { pglite: "database/pglite-data.tar", postgres: "database/postgres.sql" } as const;
export const S3_UPLOADS_NOTE = "uploads live in the bucket; back them up with the bucket's versioning or replication";

const contentsSchema = z.object({ restaurants: z.number().int().min(0), users: z.number().int().min(0), blogPosts: z.number().int().min(0) });

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
    migrations: z.object({ applied: z.number().int().min(0), latest: z.string().nullable(), latestAt: z.number().nullable() }),
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
type DatabaseKind = BackupManifest["database"]["kind"];
type MigrationLevel = BackupManifest["database"]["migrations"];

// ---------------------------------------------------------------------------------------------
// Options and results.

export interface BackupTarget {
  /** DATA_DIR: PGlite lives in DATA_DIR/db; backups go to DATA_DIR/backups by default. */
  dataDir: string;
  /** PostgreSQL's connection string; absent means PGlite. */
  databaseUrl?: string | undefined;
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

/** PGlite's folder in DATA_DIR, as the server opens it. */
export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, "db");
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
// Backup.

interface DatabaseSnapshot {
  kind: DatabaseKind;
  /** The dump: in memory (PGlite) or a file (pg_dump's). */
  data: Buffer | { file: string };
  bytes: number;
  sha256: string;
  migrations: MigrationLevel;
  contents: DatabaseContents;
  tool?: string;
}

interface UploadFile {
  /** Path inside the uploads folder, with forward slashes. */
  name: string;
  file: string;
  size: number;
  mtime: Date;
}

export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const log = options.progress ?? (() => {});
  const now = options.now ?? new Date();
  const out = path.resolve(options.out ?? defaultBackupFile(options.dataDir, now));
  if (existsSync(out)) throw new BackupError(`${out} already exists; give another file with --out.`);
  if (options.databaseUrl) findTool("pg_dump", options.env ?? process.env);
  // pg_dump's file waits beside the backup (room for one is room for the other; /tmp may be small).
  await mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(path.join(path.dirname(out), ".kta-backup-"));
  try {
    return await withDatabaseSnapshot(options, scratch, async (snapshot) => {
      log(`Database: ${formatBytes(snapshot.bytes)} (${kindName(snapshot.kind)}; ${describeContents(snapshot.contents)})`);
      const { files, leftOut } = options.uploadsDir ? await listUploads(options.uploadsDir) : { files: [], leftOut: [] };
      const manifest: BackupManifest = {
        format: FORMAT,
        version: FORMAT_VERSION,
        createdAt: now.toISOString(),
        database: {
          kind: snapshot.kind,
          entry: DATABASE_ENTRY[snapshot.kind],
          bytes: snapshot.bytes,
          sha256: snapshot.sha256,
          migrations: snapshot.migrations,
          contents: snapshot.contents,
          ...(snapshot.tool ? { tool: snapshot.tool } : {}),
        },
        uploads: options.uploadsDir
          ? { included: true, files: files.length, bytes: files.reduce((sum, one) => sum + one.size, 0) }
          : { included: false, note: S3_UPLOADS_NOTE },
      };
      log(
        manifest.uploads.included
          ? `Uploads: ${plural(manifest.uploads.files, "file")} (${formatBytes(manifest.uploads.bytes)})`
          : `Uploads: not included (${S3_UPLOADS_NOTE})`,
      );
      if (leftOut.length > 0) log(`Uploads: left out ${plural(leftOut.length, "file")} the app does not make: ${leftOut.join(", ")}`);
      const bytes = await writeArchive(out, async (tar) => {
        await tar.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2) + "\n"), now);
        if (Buffer.isBuffer(snapshot.data)) await tar.addBuffer(manifest.database.entry, snapshot.data, now);
        else await tar.addFile(manifest.database.entry, snapshot.data.file, snapshot.bytes, now);
        for (const upload of files) await tar.addFile(UPLOADS_PREFIX + upload.name, upload.file, upload.size, upload.mtime);
      });
      return { file: out, bytes, manifest };
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Runs `write` with a snapshot of the database. PGlite: the database stays locked (and open)
 * until `write` returns, so no server can change it or the uploads meanwhile.
 */
async function withDatabaseSnapshot<T>(options: CreateBackupOptions, scratch: string, write: (snapshot: DatabaseSnapshot) => Promise<T>): Promise<T> {
  if (options.databaseUrl) return write(await dumpPostgres(options.databaseUrl, scratch, options.env ?? process.env));

  const dir = pgliteDirOf(options.dataDir);
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new BackupError(`There is no database in ${dir} to back up (is DATA_DIR right?).`);
  const unlock = lockPgliteDir(dir);
  try {
    const client = await startPglite({ dataDir: dir });
    try {
      // Data files up to date, so the dump needs no WAL replay when loaded.
      await client.exec("checkpoint");
      const query = pgliteQuery(client);
      const contents = await readContents(query);
      const migrations = await readMigrationLevel(query);
      const data = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
      return await write({ kind: "pglite", data, bytes: data.length, sha256: sha256(data), contents, migrations });
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

async function dumpPostgres(url: string, scratch: string, env: NodeJS.ProcessEnv): Promise<DatabaseSnapshot> {
  const pgDump = findTool("pg_dump", env);
  const tool = (await runTool(pgDump, ["--version"], env)).stdout.trim();
  const client = await connectPostgres(url);
  try {
    await checkToolVersion(client, tool, "pg_dump");
    // One snapshot for the counts below and for pg_dump (--snapshot), held until it has finished.
    await client.query("begin transaction isolation level repeatable read read only");
    const snapshotId = String((await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]?.id);
    const query = clientQuery(client);
    const contents = await readContents(query);
    const migrations = await readMigrationLevel(query);
    const file = path.join(scratch, "postgres.sql");
    const connection = toolConnection(url, env);
    const result = await runTool(
      pgDump,
      ["--format=plain", "--no-owner", "--no-privileges", `--snapshot=${snapshotId}`, `--file=${file}`, `--dbname=${connection.url}`],
      connection.env,
    );
    if (result.code !== 0) throw new BackupError(`pg_dump failed (exit ${result.code}): ${lastLines(result.stderr)}`);
    await client.query("commit");
    const { size } = await stat(file);
    return { kind: "postgres", data: { file }, bytes: size, sha256: await sha256OfFile(file), contents, migrations, tool };
  } finally {
    await client.end();
  }
}

/**
 * The files under the uploads folder (none when it does not exist yet), leaving out half-written
 * ones; and the names of files the upload pipeline did not make, left out too, since a restore
 * refuses them.
 */
async function listUploads(root: string): Promise<{ files: UploadFile[]; leftOut: string[] }> {
  const keys = await storedKeys(root);
  const files = await Promise.all(
    keys.filter(isUploadKey).map(async (name) => {
      const file = path.join(root, ...name.split("/"));
      const info = await stat(file);
      return { name, file, size: info.size, mtime: info.mtime };
    }),
  );
  return { files, leftOut: keys.filter((key) => !isUploadKey(key)) };
}

// ---------------------------------------------------------------------------------------------
// Restore.

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.progress ?? (() => {});
  const file = path.resolve(options.file);
  let info;
  try {
    info = statSync(file);
  } catch {
    throw new BackupError(`${file} does not exist.`);
  }
  if (!info.isFile()) throw new NotABackupError(file, "it is not a file");
  const manifest = await readManifest(file);
  checkCompatible(manifest, options);
  const uploads = manifest.uploads;
  log(
    `Backup of ${manifest.createdAt}: ${kindName(manifest.database.kind)} database (${describeContents(manifest.database.contents)}), ` +
      (uploads.included ? plural(uploads.files, "upload file") : "no uploads"),
  );
  return options.databaseUrl ? restorePostgres(options.databaseUrl, file, manifest, options) : restorePglite(file, manifest, options);
}

/** Reads and checks the manifest, the archive's first entry. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const archive = openGzip(file);
  let text: string;
  try {
    const first = await firstEntry(readTar(archive));
    if (!first) throw new NotABackupError(file, "it is an empty archive");
    if (first.name !== MANIFEST_ENTRY) throw new NotABackupError(file, `its first entry is ${JSON.stringify(first.name)}, not ${MANIFEST_ENTRY}`);
    if (first.size > 1_000_000) throw new NotABackupError(file, "its manifest is too large");
    text = (await collect(first.body())).toString("utf8");
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new NotABackupError(file, error instanceof TarFormatError ? `it is not a tar archive: ${error.message}` : describeReadError(error));
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
  if ((parsed as { format?: unknown } | null)?.format === FORMAT && typeof version === "number" && version > FORMAT_VERSION) {
    throw new BackupError(
      `${file} was made by a newer version of the app (backup format ${version}; this one reads ${FORMAT_VERSION}). Update the app first. Nothing was changed.`,
    );
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new NotABackupError(file, `its manifest is not valid: ${result.error.issues[0]?.path.join(".") || "format"}`);
  if (result.data.database.entry !== DATABASE_ENTRY[result.data.database.kind])
    throw new NotABackupError(file, "its manifest names an unexpected database entry");
  return result.data;
}

function checkCompatible(manifest: BackupManifest, options: RestoreOptions): void {
  const target: DatabaseKind = options.databaseUrl ? "postgres" : "pglite";
  if (manifest.database.kind !== target) {
    throw new BackupError(
      manifest.database.kind === "pglite"
        ? "This backup holds an embedded (PGlite) database, but DATABASE_URL names a PostgreSQL server: restore it with DATABASE_URL unset (into DATA_DIR/db). Nothing was changed."
        : "This backup holds a PostgreSQL dump, but DATABASE_URL is not set: set DATABASE_URL to the PostgreSQL database to restore into. Nothing was changed.",
    );
  }
  const known = readJournal();
  const newest = Math.max(0, ...known.map((entry) => entry.when));
  const { latestAt, latest, applied } = manifest.database.migrations;
  if (latestAt !== null && latestAt > newest) {
    throw new BackupError(
      `This backup's database has a newer schema (migration ${latest ?? "unknown"}, ${applied} applied) than this version of the app knows (${known.length}). Update the app first. Nothing was changed.`,
    );
  }
}

async function restorePglite(file: string, manifest: BackupManifest, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.progress ?? (() => {});
  const dir = pgliteDirOf(options.dataDir);
  await mkdir(options.dataDir, { recursive: true });
  const unlock = lockPgliteDir(dir);
  const suffix = randomBytes(4).toString("hex");
  const stagedDb = `${dir}.restore-${suffix}`;
  const uploads = uploadsPlan(manifest, options, suffix);
  let done = false;
  let scratch: string | undefined;
  try {
    if (!options.force && existsSync(path.join(dir, "PG_VERSION"))) {
      const current = await startPglite({ dataDir: dir });
      try {
        const contents = await readContents(pgliteQuery(current));
        if (!isEmpty(contents)) throw new DatabaseNotEmptyError(contents);
      } finally {
        await current.close();
      }
    }
    // The snapshot waits on disk while it is checked, not in memory: its size is the manifest's word.
    scratch = await mkdtemp(path.join(options.dataDir, ".kta-restore-"));
    const dump = path.join(scratch, "pglite-data.tar");
    const restored = await extractArchive(file, manifest, uploads?.staging ?? null, (body) => writeNewFile(dump, body));
    await refuseCompressedSnapshot(file, dump);
    log(`Database: ${formatBytes(manifest.database.bytes)} checked; building it beside the current one…`);
    await mkdir(stagedDb, { recursive: true });
    // PGlite takes the snapshot as a Blob and reads it whole; by now it is the one the manifest names.
    const client = await startPglite({ dataDir: stagedDb, loadDataDir: await openAsBlob(dump) });
    try {
      const contents = await readContents(pgliteQuery(client));
      if (!sameContents(contents, manifest.database.contents)) {
        throw new BackupError(
          `The restored database holds ${describeContents(contents)}, not what the manifest lists (${describeContents(manifest.database.contents)}). Nothing was changed.`,
        );
      }
    } finally {
      await client.close();
    }
    // Everything is built: swap the database, then the uploads (putting the database back if that fails).
    const db = await swapIn(stagedDb, dir, suffix);
    let files: Swap | undefined;
    try {
      if (uploads?.swapInto) files = await swapIn(uploads.staging, uploads.swapInto, suffix);
    } catch (error) {
      await db.undo();
      throw error;
    }
    await db.commit();
    await files?.commit();
    done = true;
    log(`Database: restored into ${dir}`);
    return finish(manifest, restored, uploads, log);
  } finally {
    await rm(stagedDb, { recursive: true, force: true });
    if (scratch) await rm(scratch, { recursive: true, force: true });
    // Kept only when it is the result: the uploads written out for a bucket.
    if (uploads && (uploads.swapInto || !done)) await rm(uploads.staging, { recursive: true, force: true });
    unlock();
  }
}

async function restorePostgres(url: string, file: string, manifest: BackupManifest, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.progress ?? (() => {});
  const env = options.env ?? process.env;
  const psql = findTool("psql", env);
  checkPsqlRestrict((await runTool(psql, ["--version"], env)).stdout.trim());
  const client = await connectPostgres(url);
  try {
    const contents = await readContents(clientQuery(client));
    if (!options.force && !isEmpty(contents)) throw new DatabaseNotEmptyError(contents);
  } finally {
    await client.end();
  }
  const suffix = randomBytes(4).toString("hex");
  const uploads = uploadsPlan(manifest, options, suffix);
  await mkdir(options.dataDir, { recursive: true });
  const scratch = await mkdtemp(path.join(options.dataDir, ".kta-restore-"));
  // The staged uploads are removed unless they are the result (for a bucket) or the only copy left.
  let keepStaging = false;
  try {
    // The dump waits on disk as psql will read it: without pg_dump's own \restrict lines, and
    // refused if psql could take anything in it for \unrestrict (restrictedDump).
    const dump = path.join(scratch, "postgres.sql");
    const crafted = (why: string) => new NotABackupError(file, why);
    const restored = await extractArchive(file, manifest, uploads?.staging ?? null, (body) => writeNewFile(dump, restrictedDump(body, crafted)));
    log(`Database: ${formatBytes(manifest.database.bytes)} checked; restoring it in one transaction…`);
    const connection = toolConnection(url, env);
    const result = await runPsqlScript(psql, ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", `--dbname=${connection.url}`, "--file=-"], {
      env: { ...connection.env, PGOPTIONS: "-c client_min_messages=warning" },
      input: restoreScript(dump),
    });
    if (result.inputError && !psqlStoppedReading(result.inputError)) {
      throw new BackupError(`The dump could not be given to psql (${result.inputError.message}), so the database was left as it was.`);
    }
    if (result.code !== 0 || result.inputError) {
      if (result.stderr.includes(PSQL_RESTRICTED_REFUSAL)) {
        throw crafted(`its database dump holds a psql command, which pg_dump never writes; psql refused it: ${lastLines(result.stderr)}`);
      }
      throw new BackupError(`psql could not restore the dump (exit ${result.code}), so the database was left as it was: ${lastLines(result.stderr)}`);
    }
    log("Database: restored");
    if (uploads?.swapInto) {
      try {
        await (await swapIn(uploads.staging, uploads.swapInto, suffix)).commit();
      } catch (error) {
        keepStaging = true;
        throw new BackupError(
          `The database was restored, but the uploads folder could not be replaced (${(error as Error).message}); the backup's uploads are in ${uploads.staging}.`,
        );
      }
    }
    keepStaging = uploads !== null && uploads.swapInto === null;
    return finish(manifest, restored, uploads, log);
  } finally {
    await rm(scratch, { recursive: true, force: true });
    if (uploads && !keepStaging) await rm(uploads.staging, { recursive: true, force: true });
  }
}

interface UploadsPlan {
  /** Where the backup's uploads are written first. */
  staging: string;
  /** The uploads folder they replace, or null when they stay in `staging` for the operator (bucket). */
  swapInto: string | null;
}

function uploadsPlan(manifest: BackupManifest, options: RestoreOptions, suffix: string): UploadsPlan | null {
  if (!manifest.uploads.included) return null;
  if (options.uploadsDir) return { staging: `${path.resolve(options.uploadsDir)}.restore-${suffix}`, swapInto: path.resolve(options.uploadsDir) };
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return { staging: path.join(options.dataDir, `restored-uploads-${stamp}`), swapInto: null };
}

function finish(manifest: BackupManifest, restored: number, uploads: UploadsPlan | null, log: (line: string) => void): RestoreResult {
  if (!uploads) {
    const note = manifest.uploads.included ? "" : ` (${manifest.uploads.note})`;
    log(`Uploads: not in this backup${note}; the uploads folder was left as it was`);
    return { manifest, uploadsRestored: 0 };
  }
  if (uploads.swapInto) {
    log(`Uploads: ${plural(restored, "file")} restored into ${uploads.swapInto}`);
    return { manifest, uploadsRestored: restored };
  }
  log(
    `Uploads: ${plural(restored, "file")} written to ${uploads.staging}; uploads live in the bucket here: copy them in with \`npm run uploads:copy-to-s3 -- --from ${uploads.staging}\``,
  );
  return { manifest, uploadsRestored: restored, uploadsExtractedTo: uploads.staging };
}

/**
 * Reads the whole archive: the database entry goes to `database` (checked against the manifest's
 * size and checksum), uploads into `uploadsDir` (created; null skips them). Returns the number of
 * upload files. Throws before anything outside `uploadsDir` is touched.
 *
 * Each entry is held to the manifest before a byte of it is read (its header's size) and while it
 * streams, and an upload must have a name the app makes: a small crafted file (a header claiming
 * gigabytes, a gzip bomb, a name like "uploads/../x") cannot hold memory or write more to disk
 * than its manifest declares.
 */
async function extractArchive(
  file: string,
  manifest: BackupManifest,
  uploadsDir: string | null,
  database: (body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<number> {
  const damaged = (why: string) => new BackupError(`${file} is incomplete or damaged (${why}). Nothing was changed.`);
  if (uploadsDir) await mkdir(uploadsDir, { recursive: true });
  const archive = openGzip(file);
  let manifestSeen = false;
  let databaseSeen = false;
  let uploads = 0;
  let uploadBytes = 0;
  try {
    for await (const entry of readTar(archive)) {
      if (entry.name === MANIFEST_ENTRY && !manifestSeen) {
        // The first entry, read and checked by readManifest; another one is unexpected.
        manifestSeen = true;
      } else if (entry.name === manifest.database.entry && !databaseSeen) {
        databaseSeen = true;
        const expected = manifest.database;
        if (entry.size !== expected.bytes)
          throw damaged(`its database snapshot is ${formatBytes(entry.size)}, the manifest says ${formatBytes(expected.bytes)}`);
        const hash = createHash("sha256");
        await database(
          hashed(
            atMost(entry.body(), expected.bytes, () => damaged("its database snapshot is larger than the manifest says")),
            hash,
          ),
        );
        if (hash.digest("hex") !== expected.sha256) throw damaged("the database snapshot does not match its checksum");
      } else if (entry.name.startsWith(UPLOADS_PREFIX) && manifest.uploads.included) {
        const name = entry.name.slice(UPLOADS_PREFIX.length);
        if (!isUploadKey(name)) throw damaged(`it holds a file the app does not make: ${JSON.stringify(entry.name)}`);
        const listed = manifest.uploads;
        uploads += 1;
        uploadBytes += entry.size;
        if (uploads > listed.files) throw damaged(`its uploads are more than the manifest lists (${plural(listed.files, "file")})`);
        const tooLarge = () => damaged(`its uploads are larger than the manifest lists (${plural(listed.files, "file")}, ${formatBytes(listed.bytes)})`);
        if (uploadBytes > listed.bytes) throw tooLarge();
        if (!uploadsDir) continue;
        const target = path.join(uploadsDir, ...name.split("/"));
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(Readable.from(atMost(entry.body(), entry.size, tooLarge)), createWriteStream(target, { flags: "wx" }));
      } else {
        throw damaged(`unexpected entry ${JSON.stringify(entry.name)}`);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged(describeReadError(error));
  } finally {
    archive.destroy();
  }
  if (!databaseSeen) throw damaged("it holds no database snapshot");
  if (manifest.uploads.included && (uploads !== manifest.uploads.files || uploadBytes !== manifest.uploads.bytes)) {
    throw damaged(`it holds ${plural(uploads, "upload file")}, the manifest lists ${manifest.uploads.files}`);
  }
  return uploads;
}

/**
 * The chunks, refused as soon as they pass `limit` bytes. The entry's header was held to the
 * manifest already; this holds the bytes themselves to it, whatever the tar reader does, so
 * nothing past the declared size is ever written.
 */
async function* atMost(chunks: AsyncIterable<Buffer>, limit: number, tooLarge: () => Error): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (bytes > limit) throw tooLarge();
    yield chunk;
  }
}

/** The chunks, each also fed to `hash` on the way through. */
async function* hashed(chunks: AsyncIterable<Buffer>, hash: Hash): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Writes the chunks to a new file readable by its owner only (a snapshot holds password hashes). */
function writeNewFile(target: string, body: AsyncIterable<Buffer>): Promise<void> {
  return pipeline(Readable.from(body), createWriteStream(target, { flags: "wx", mode: 0o600 }));
}

/**
 * PGlite decompresses a gzipped snapshot by itself, whole and in memory, whatever it expands to
 * (a bomb that matches its checksum); `npm run backup` writes PGlite's snapshot uncompressed.
 */
async function refuseCompressedSnapshot(file: string, dump: string): Promise<void> {
  const handle = await open(dump);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    if (bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) throw new NotABackupError(file, "its database snapshot is gzip-compressed");
  } finally {
    await handle.close();
  }
}

interface Swap {
  /** Puts the previous folder back. */
  undo(): Promise<void>;
  /** Removes the previous folder. */
  commit(): Promise<void>;
}

/** Moves `staged` to `target`, keeping the previous `target` beside it until commit or undo. */
async function swapIn(staged: string, target: string, suffix: string): Promise<Swap> {
  const previous = `${target}.previous-${suffix}`;
  const hadPrevious = existsSync(target);
  if (hadPrevious) await rename(target, previous);
  try {
    await rename(staged, target);
  } catch (error) {
    if (hadPrevious) await rename(previous, target);
    throw error;
  }
  return {
    async undo() {
      await rename(target, staged);
      if (hadPrevious) await rename(previous, target);
    },
    async commit() {
      if (hadPrevious) await rm(previous, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The database: PGlite without the server's wrapper (the restore holds the lock itself), and the
// few queries both kinds answer.

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

async function connectPostgres(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new BackupError(`Could not connect to the PostgreSQL database in DATABASE_URL (${(error as Error).message || String(error)}). Nothing was changed.`);
  }
  return client;
}

function pgliteQuery(client: PGlite): Query {
  return async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
}

function clientQuery(client: pg.Client): Query {
  return async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
}

const COUNTED_TABLES = { restaurants: "restaurants", users: "users", blogPosts: "blogs" } as const;

/** How many restaurants, users and blog posts the database holds (0 for a table not there yet). */
async function readContents(query: Query): Promise<DatabaseContents> {
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
  const count = async (table: string) => (present.has(table) ? Number((await query(`select count(*)::int as n from public.${table}`))[0]?.n ?? 0) : 0);
  return { restaurants: await count(COUNTED_TABLES.restaurants), users: await count(COUNTED_TABLES.users), blogPosts: await count(COUNTED_TABLES.blogPosts) };
}

function readJournal(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  return journal.entries;
}

/** The applied migrations, from drizzle's own table. */
async function readMigrationLevel(query: Query): Promise<MigrationLevel> {
  const [table] = await query("select to_regclass('drizzle.__drizzle_migrations')::text as name");
  if (!table?.name) return { applied: 0, latest: null, latestAt: null };
  const [row] = await query("select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations");
  const latestAt = row?.latest == null ? null : Number(row.latest);
  return {
    applied: Number(row?.applied ?? 0),
    latest: readJournal().find((entry) => entry.when === latestAt)?.tag ?? null,
    latestAt,
  };
}

function isEmpty(contents: DatabaseContents): boolean {
  return contents.restaurants === 0 && contents.users === 0 && contents.blogPosts === 0;
}

function sameContents(a: DatabaseContents, b: DatabaseContents): boolean {
  return a.restaurants === b.restaurants && a.users === b.users && a.blogPosts === b.blogPosts;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL's client tools.

const CLIENT_PACKAGE_HINT =
  "Install PostgreSQL's client tools, of the server's major version or newer: `apt-get install -y postgresql-client` on Debian/Ubuntu (as root; in the Docker image too), `brew install libpq` on macOS";

/** The tool's path on PATH; ToolMissingError naming the package otherwise. */
function findTool(name: "pg_dump" | "psql", env: NodeJS.ProcessEnv): string {
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
  throw new ToolMissingError(`${name} was not found on PATH, and a backup of a PostgreSQL database needs it. ${CLIENT_PACKAGE_HINT}.`);
}

/** pg_dump refuses a server newer than itself: say so before starting, with the fix. */
async function checkToolVersion(client: pg.Client, tool: string, name: string): Promise<void> {
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
function toolConnection(url: string, env: NodeJS.ProcessEnv): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
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

function lastLines(text: string): string {
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
const PSQL_RESTRICTED_REFUSAL = "backslash commands are restricted";

/** Refuses, from `psql --version`, a psql without restricted mode, before anything is changed. */
function checkPsqlRestrict(version: string): void {
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
async function* restoreScript(dump: string): AsyncGenerator<Buffer> {
  const key = randomBytes(32).toString("hex");
  yield Buffer.from(`\\restrict ${key}\nbegin;\ndrop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n`);
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
  return line[0] === BACKSLASH && line.length <= PG_DUMP_RESTRICT_LINE_MAX + 1 && PG_DUMP_RESTRICT_LINE.test(line.toString("latin1"));
}

function mayStartPgDumpRestrictLine(start: Buffer): boolean {
  if (start[0] !== BACKSLASH || start.length > PG_DUMP_RESTRICT_LINE_MAX) return false;
  const text = start.toString("latin1");
  return "\\restrict ".startsWith(text) || "\\unrestrict ".startsWith(text) || /^\\(?:un)?restrict [A-Za-z0-9]*$/.test(text);
}

/**
 * The dump as psql is given it, streamed: without pg_dump's own `\restrict` and `\unrestrict` lines
 * (exactly `\restrict KEY` or `\unrestrict KEY`, KEY alphanumeric: a COPY row never looks like one,
 * its backslashes being doubled), and refused with `crafted` if psql could read `\unrestrict`
 * anywhere else in it.
 */
export async function* restrictedDump(chunks: AsyncIterable<Buffer>, crafted: (why: string) => Error): AsyncGenerator<Buffer> {
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
async function runPsqlScript(
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
function psqlStoppedReading(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "EPIPE" || code === "ERR_STREAM_PREMATURE_CLOSE" || code === "ERR_STREAM_DESTROYED" || code === "ECONNRESET";
}

async function firstEntry(entries: AsyncGenerator<TarEntry>): Promise<TarEntry | undefined> {
  const next = await entries.next();
  return next.done ? undefined : next.value;
}

function describeReadError(error: unknown): string {
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

function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest("hex");
}

function kindName(kind: DatabaseKind): string {
  return kind === "pglite" ? "PGlite" : "PostgreSQL";
}

function plural(count: number, noun: string): string {
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
