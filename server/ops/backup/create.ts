// `npm run backup`: writes the backup file that manifest.ts describes.
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { startPglite } from "../../data/database";
import { lockPgliteDir } from "../../data/pglite-lock";
import { isUploadKey, storedKeys } from "../../uploads/storage";
import { writeArchive } from "../tar";
import {
  BackupError,
  DATABASE_ENTRY,
  defaultBackupFile,
  describeContents,
  FORMAT,
  FORMAT_VERSION,
  formatBytes,
  kindName,
  MANIFEST_ENTRY,
  plural,
  S3_UPLOADS_NOTE,
  UPLOADS_PREFIX,
  type BackupManifest,
  type BackupResult,
  type CreateBackupOptions,
  type DatabaseContents,
  type DatabaseKind,
  type MigrationLevel,
} from "./manifest";
import {
  checkToolVersion,
  clientQuery,
  connectPostgres,
  findTool,
  lastLines,
  pgliteQuery,
  readContents,
  readMigrationLevel,
  runTool,
  toolConnection,
} from "./pg-tools";

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
      log(
        `Database: ${formatBytes(snapshot.bytes)} (${kindName(snapshot.kind)}; ${describeContents(snapshot.contents)})`,
      );
      const { files, leftOut } = options.uploadsDir
        ? await listUploads(options.uploadsDir)
        : { files: [], leftOut: [] };
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
      if (leftOut.length > 0)
        log(`Uploads: left out ${plural(leftOut.length, "file")} the app does not make: ${leftOut.join(", ")}`);
      const bytes = await writeArchive(out, async (tar) => {
        await tar.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2) + "\n"), now);
        if (Buffer.isBuffer(snapshot.data)) await tar.addBuffer(manifest.database.entry, snapshot.data, now);
        else await tar.addFile(manifest.database.entry, snapshot.data.file, snapshot.bytes, now);
        for (const upload of files)
          await tar.addFile(UPLOADS_PREFIX + upload.name, upload.file, upload.size, upload.mtime);
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
async function withDatabaseSnapshot<T>(
  options: CreateBackupOptions,
  scratch: string,
  write: (snapshot: DatabaseSnapshot) => Promise<T>,
): Promise<T> {
  if (options.databaseUrl) return write(await dumpPostgres(options.databaseUrl, scratch, options.env ?? process.env));

  const dir = options.pgliteDir;
  if (!existsSync(path.join(dir, "PG_VERSION")))
    throw new BackupError(`There is no database in ${dir} to back up (is DATA_DIR right?).`);
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
      [
        "--format=plain",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshotId}`,
        `--file=${file}`,
        `--dbname=${connection.url}`,
      ],
      connection.env,
    );
    if (result.code !== 0) throw new BackupError(`pg_dump failed (exit ${result.code}): ${lastLines(result.stderr)}`);
    await client.query("commit");
    const { size } = await stat(file);
    return {
      kind: "postgres",
      data: { file },
      bytes: size,
      sha256: await sha256OfFile(file),
      contents,
      migrations,
      tool,
    };
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

function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest("hex");
}
