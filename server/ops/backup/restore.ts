// `npm run restore -- FILE`: checks a backup file (manifest.ts) whole, then puts it in place.
import { createHash, randomBytes, type Hash } from "node:crypto";
import { createWriteStream, existsSync, openAsBlob, statSync } from "node:fs";
import { mkdir, mkdtemp, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { startPglite } from "../../data/database";
import { lockPgliteDir } from "../../data/pglite-lock";
import { isUploadKey } from "../../uploads/storage";
import { openGzip, readTar } from "../tar";
import {
  BackupError,
  DatabaseNotEmptyError,
  describeContents,
  describeReadError,
  formatBytes,
  kindName,
  MANIFEST_ENTRY,
  NotABackupError,
  plural,
  readManifest,
  UPLOADS_PREFIX,
  type BackupManifest,
  type DatabaseKind,
  type RestoreOptions,
  type RestoreResult,
} from "./manifest";
import {
  checkPsqlRestrict,
  clientQuery,
  connectPostgres,
  findTool,
  isEmpty,
  lastLines,
  pgliteQuery,
  PSQL_RESTRICTED_REFUSAL,
  psqlStoppedReading,
  readContents,
  readJournal,
  restoreScript,
  restrictedDump,
  runPsqlScript,
  runTool,
  sameContents,
  toolConnection,
} from "./pg-tools";

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
  return options.databaseUrl
    ? restorePostgres(options.databaseUrl, file, manifest, options)
    : restorePglite(file, manifest, options);
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
  const dir = options.pgliteDir;
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

async function restorePostgres(
  url: string,
  file: string,
  manifest: BackupManifest,
  options: RestoreOptions,
): Promise<RestoreResult> {
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
    const restored = await extractArchive(file, manifest, uploads?.staging ?? null, (body) =>
      writeNewFile(dump, restrictedDump(body, crafted)),
    );
    log(`Database: ${formatBytes(manifest.database.bytes)} checked; restoring it in one transaction…`);
    const connection = toolConnection(url, env);
    const result = await runPsqlScript(
      psql,
      ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", `--dbname=${connection.url}`, "--file=-"],
      {
        env: { ...connection.env, PGOPTIONS: "-c client_min_messages=warning" },
        input: restoreScript(dump),
      },
    );
    if (result.inputError && !psqlStoppedReading(result.inputError)) {
      throw new BackupError(
        `The dump could not be given to psql (${result.inputError.message}), so the database was left as it was.`,
      );
    }
    if (result.code !== 0 || result.inputError) {
      if (result.stderr.includes(PSQL_RESTRICTED_REFUSAL)) {
        throw crafted(
          `its database dump holds a psql command, which pg_dump never writes; psql refused it: ${lastLines(result.stderr)}`,
        );
      }
      throw new BackupError(
        `psql could not restore the dump (exit ${result.code}), so the database was left as it was: ${lastLines(result.stderr)}`,
      );
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
  if (options.uploadsDir)
    return {
      staging: `${path.resolve(options.uploadsDir)}.restore-${suffix}`,
      swapInto: path.resolve(options.uploadsDir),
    };
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return { staging: path.join(options.dataDir, `restored-uploads-${stamp}`), swapInto: null };
}

function finish(
  manifest: BackupManifest,
  restored: number,
  uploads: UploadsPlan | null,
  log: (line: string) => void,
): RestoreResult {
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
          throw damaged(
            `its database snapshot is ${formatBytes(entry.size)}, the manifest says ${formatBytes(expected.bytes)}`,
          );
        const hash = createHash("sha256");
        await database(
          hashed(
            atMost(entry.body(), expected.bytes, () =>
              damaged("its database snapshot is larger than the manifest says"),
            ),
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
        if (uploads > listed.files)
          throw damaged(`its uploads are more than the manifest lists (${plural(listed.files, "file")})`);
        const tooLarge = () =>
          damaged(
            `its uploads are larger than the manifest lists (${plural(listed.files, "file")}, ${formatBytes(listed.bytes)})`,
          );
        if (uploadBytes > listed.bytes) throw tooLarge();
        if (!uploadsDir) continue;
        const target = path.join(uploadsDir, ...name.split("/"));
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(
          Readable.from(atMost(entry.body(), entry.size, tooLarge)),
          createWriteStream(target, { flags: "wx" }),
        );
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
    if (bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b)
      throw new NotABackupError(file, "its database snapshot is gzip-compressed");
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
