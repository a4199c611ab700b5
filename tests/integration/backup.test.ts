// Backups (docs/backups.md): a PGlite install in a temporary DATA_DIR is backed up, changed and
// restored, through the module and through the commands as an operator runs them. The PGlite
// cases run in the PGlite run (they use their own DATA_DIR, so CI's PostgreSQL run would only repeat
// them); the pg_dump case needs the PostgreSQL run (DATABASE_URL) and pg_dump on PATH.
import { createHash, randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { gzipSync, createGunzip, createGzip } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { buildBlog, createUser, insertRestaurant } from "../../database/factories";
import { users } from "../../database/schema/auth";
import { blogs } from "../../database/schema/blogs";
import { restaurants } from "../../database/schema/restaurants";
import type { Db } from "../../database/types";
import { createBackup } from "../../server/ops/backup/create";
import {
  BackupError,
  type BackupManifest,
  DatabaseNotEmptyError,
  formatBytes,
  NotABackupError,
  readManifest,
  S3_UPLOADS_NOTE,
  ToolMissingError,
} from "../../server/ops/backup/manifest";
import { restoreBackup } from "../../server/ops/backup/restore";
import { readTar, writeArchive } from "../../server/ops/tar";
import { pgliteDirIn } from "../../server/config";
import { openDatabase, type Database } from "../../server/data/database";
import { createLocalStorage } from "../../server/uploads/storage";
import { runScript } from "../setup/commands";
import { createTestDatabase, placeMigratedPglite, secondRunOnPostgres } from "../setup/db";
import { craftedTarHeader } from "../setup/tar";
import { createTestAuth } from "../setup/services";

const SLOW = 180_000;

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** A PGlite install's DATA_DIR: its own database (a copy of the run's migrated data folder) and uploads folder. */
async function createInstall(): Promise<{ dataDir: string; pgliteDir: string; uploadsDir: string }> {
  const dataDir = tempDir("kta-backup-");
  const pgliteDir = pgliteDirIn(dataDir);
  const uploadsDir = path.join(dataDir, "uploads");
  placeMigratedPglite(pgliteDir);
  const database = await openDatabase({ pgliteDir, migrate: false });
  try {
    await seed(database.db, uploadsDir);
  } finally {
    await database.close();
  }
  return { dataDir, pgliteDir, uploadsDir };
}

/** Demo-like data: restaurants, users made through sign-up, a blog post, and upload files. */
async function seed(db: Db, uploadsDir: string): Promise<void> {
  const auth = createTestAuth(db);
  await createUser(db, auth, { role: "admin" });
  await createUser(db, auth, { role: "owner" });
  for (const name of ["Olive Backup", "Fig Snapshot", "Cedar Archive"]) await insertRestaurant(db, { name_en: name });
  await db.insert(blogs).values(buildBlog({ slug: "kept-post" }));
  const storage = createLocalStorage(uploadsDir);
  await storage.put("restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp", randomBytes(300_000));
  await storage.put("restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp", randomBytes(1_000));
  await storage.put("restaurant-menus/pdf_bbbbbbbbbbbbbbbbbbbbbbbb.pdf", Buffer.from("%PDF-1.4 menu"));
}

/** Changes everything the backup holds: a restaurant gone and one added, a post gone, a user added, files swapped. */
async function change(db: Db, uploadsDir: string): Promise<void> {
  await db.delete(restaurants).where(eq(restaurants.name_en, "Fig Snapshot"));
  await insertRestaurant(db, { name_en: "Added Later" });
  await db.delete(blogs);
  await createUser(db, createTestAuth(db));
  rmSync(path.join(uploadsDir, "restaurant-images", "aaaaaaaaaaaaaaaaaaaaaaaa-800.webp"));
  await createLocalStorage(uploadsDir).put("restaurant-images/cccccccccccccccccccccccc-800.webp", Buffer.from("new"));
}

interface State {
  restaurants: string[];
  users: string[];
  blogs: string[];
  /** Path in the uploads folder → sha256. */
  files: Record<string, string>;
}

function filesOf(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else
        files[`${prefix}${entry.name}`] = createHash("sha256")
          .update(readFileSync(path.join(dir, entry.name)))
          .digest("hex");
    }
  };
  walk(root, "");
  return files;
}

async function stateOf(db: Db, uploadsDir: string): Promise<State> {
  const files = filesOf(uploadsDir);
  return {
    restaurants: (await db.select({ name: restaurants.name_en }).from(restaurants)).map((row) => row.name).sort(),
    users: (await db.select({ email: users.email }).from(users)).map((row) => row.email).sort(),
    blogs: (await db.select({ slug: blogs.slug }).from(blogs)).map((row) => row.slug ?? "").sort(),
    files,
  };
}

/** Opens the install's PGlite (taking its lock, as the server would) for `work`, then closes it. */
async function withInstallDb<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: pgliteDirIn(dataDir), migrate: false });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const installState = (install: { dataDir: string; uploadsDir: string }) =>
  withInstallDb(install.dataDir, (database) => stateOf(database.db, install.uploadsDir));

/** Nothing half-done is left beside the database or the uploads folder. */
function expectNoLeftovers(dataDir: string) {
  expect(
    readdirSync(dataDir).filter((name) => /\.(restore|previous|partial)-|^restored-uploads|^\.kta-/.test(name)),
  ).toEqual([]);
}

async function entriesOf(file: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) names.push(entry.name);
  return names;
}

/** Copies a backup with its manifest and database snapshot changed by `edit` (a consistent file otherwise). */
async function rewriteBackup(
  source: string,
  target: string,
  edit: (manifest: BackupManifest, database: Buffer) => Buffer,
): Promise<void> {
  const entries: [string, Buffer][] = [];
  for await (const entry of readTar(createReadStream(source).pipe(createGunzip()))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.body()) parts.push(chunk);
    entries.push([entry.name, Buffer.concat(parts)]);
  }
  const manifest = JSON.parse(entries[0]![1].toString("utf8")) as BackupManifest;
  const database = edit(manifest, entries[1]![1]);
  manifest.database.bytes = database.length;
  manifest.database.sha256 = createHash("sha256").update(database).digest("hex");
  await writeArchive(target, async (tar) => {
    await tar.addBuffer("manifest.json", Buffer.from(JSON.stringify(manifest)), new Date());
    await tar.addBuffer(manifest.database.entry, database, new Date());
    for (const [name, data] of entries.slice(2)) await tar.addBuffer(name, data, new Date());
  });
}

/** A backup's entries: its manifest, its database snapshot and its uploads (name and bytes). */
async function partsOf(
  file: string,
): Promise<{ manifest: BackupManifest; database: Buffer; uploads: [string, Buffer][] }> {
  const entries: [string, Buffer][] = [];
  for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.body()) parts.push(chunk);
    entries.push([entry.name, Buffer.concat(parts)]);
  }
  return {
    manifest: JSON.parse(entries[0]![1].toString("utf8")) as BackupManifest,
    database: entries[1]![1],
    uploads: entries.slice(2),
  };
}

interface CraftedEntry {
  name: string;
  /** The bytes that follow the header; zeros are streamed, so a test can make a bomb without holding it. */
  data: Buffer | { zeros: number };
  /** The size the header claims, when not the data's. */
  claims?: number;
  /** The ustar type flag: "0" a file, "x" a pax header. */
  type?: string;
}

function* zeros(count: number): Generator<Buffer> {
  const block = Buffer.alloc(1 << 20);
  for (let left = count; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
}

/**
 * Writes a gzipped tar of exactly these entries, then `trailing` zero bytes after its end marker.
 * Compressed at gzip's fastest level: the reader takes any level alike, and the snapshot alone is
 * tens of megabytes, crafted again for every case.
 */
async function craftArchive(file: string, entries: CraftedEntry[], trailing = 0): Promise<void> {
  function* blocks(): Generator<Buffer> {
    for (const entry of entries) {
      const size = Buffer.isBuffer(entry.data) ? entry.data.length : entry.data.zeros;
      yield craftedTarHeader(entry.name, entry.claims ?? size, entry.type);
      if (Buffer.isBuffer(entry.data)) yield entry.data;
      else yield* zeros(size);
      if (size % 512 !== 0) yield Buffer.alloc(512 - (size % 512));
    }
    yield Buffer.alloc(1024);
    yield* zeros(trailing);
  }
  await pipeline(Readable.from(blocks()), createGzip({ level: 1 }), createWriteStream(file));
}

const MiB = 1024 * 1024;

// Reads no database but embedded ones of its own: run once, in the PGlite run (tests/setup/db.ts).
describe.skipIf(secondRunOnPostgres())("backup and restore on PGlite", () => {
  it(
    "restores the database and the uploads as they were when the backup was made",
    async () => {
      const install = await createInstall();
      const before = await installState(install);
      expect(before.restaurants).toEqual(["Cedar Archive", "Fig Snapshot", "Olive Backup"]);
      expect(Object.keys(before.files)).toHaveLength(3);

      const lines: string[] = [];
      const backup = await createBackup({
        ...install,
        progress: (line) => lines.push(line),
      });
      expect(path.dirname(backup.file)).toBe(path.join(install.dataDir, "backups"));
      expect(readdirSync(path.dirname(backup.file))).toEqual([path.basename(backup.file)]);
      expect(path.basename(backup.file)).toMatch(/^kosher-tel-aviv-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
      expect(backup.manifest.database).toMatchObject({
        kind: "pglite",
        contents: { restaurants: 3, users: 2, blogPosts: 1 },
      });
      expect(backup.manifest.database.migrations.applied).toBeGreaterThan(0);
      expect(backup.manifest.database.migrations.latest).toMatch(/^\d{4}_/);
      expect(backup.manifest.uploads).toEqual({ included: true, files: 3, bytes: 301_000 + "%PDF-1.4 menu".length });
      expect(lines).toContainEqual(
        expect.stringMatching(/^Database: [\d.]+ MB \(PGlite; 3 restaurants, 2 users and 1 blog post\)$/),
      );
      expect(lines).toContain("Uploads: 3 files (294.0 KB)");
      expect(await entriesOf(backup.file)).toEqual([
        "manifest.json",
        "database/pglite-data.tar",
        "uploads/restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp",
        "uploads/restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp",
        "uploads/restaurant-menus/pdf_bbbbbbbbbbbbbbbbbbbbbbbb.pdf",
      ]);

      await withInstallDb(install.dataDir, (database) => change(database.db, install.uploadsDir));
      const changed = await installState(install);
      expect(changed).not.toEqual(before);

      // Without --force a database holding data is refused, and nothing changes.
      const refusal = restoreBackup({
        file: backup.file,
        force: false,
        ...install,
      });
      await expect(refusal).rejects.toBeInstanceOf(DatabaseNotEmptyError);
      await expect(refusal).rejects.toThrow(/already holds 3 restaurants, 3 users and 0 blog posts.*--force/);
      expect(await installState(install)).toEqual(changed);
      expectNoLeftovers(install.dataDir);

      const restored = await restoreBackup({
        file: backup.file,
        force: true,
        ...install,
      });
      expect(restored.uploadsRestored).toBe(3);
      expect(await installState(install)).toEqual(before);
      expectNoLeftovers(install.dataDir);

      // The restored database is one the server opens (and migrates) as usual.
      const reopened = await openDatabase({ pgliteDir: install.pgliteDir });
      await reopened.close();
    },
    SLOW,
  );

  it(
    "works as commands: progress lines, the running server's lock, --force, usage errors",
    async () => {
      const install = await createInstall();
      const env = { DATA_DIR: install.dataDir };
      const before = await installState(install);

      const made = await runScript("scripts/backup.ts", [], env);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^Database: [\d.]+ MB \(PGlite; 3 restaurants, 2 users and 1 blog post\)$/m);
      expect(made.stdout).toMatch(/^Uploads: 3 files \(294\.0 KB\)$/m);
      const file = /^Backup written: (.+\.tar\.gz) \([\d.]+ [KM]B\)$/m.exec(made.stdout)?.[1];
      expect(file && existsSync(file)).toBe(true);
      expect(path.dirname(file!)).toBe(path.join(install.dataDir, "backups"));

      // While the server (here: this process) has the embedded database open, both commands refuse.
      const held = await openDatabase({ pgliteDir: install.pgliteDir, migrate: false });
      try {
        for (const attempt of await Promise.all([
          runScript("scripts/backup.ts", [], env),
          runScript("scripts/restore.ts", [file!, "--force"], env),
        ])) {
          expect(attempt.status).toBe(1);
          expect(attempt.stderr).toMatch(
            /^The embedded database in .* is already open in another process \(pid \d+\)\..*\nStop the server first: /,
          );
        }
      } finally {
        await held.close();
      }

      const refused = await runScript("scripts/restore.ts", [file!], env);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("The database already holds 3 restaurants, 2 users and 1 blog post.");
      expect(refused.stderr).toContain("--force");

      await withInstallDb(install.dataDir, (database) => change(database.db, install.uploadsDir));
      const restored = await runScript("scripts/restore.ts", [file!, "--force"], env);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toContain("Uploads: 3 files restored into");
      expect(restored.stdout).toContain("Restored.");
      expect(await installState(install)).toEqual(before);

      const copy = path.join(install.dataDir, "copy.tar.gz");
      const chosen = await runScript("scripts/backup.ts", ["--out", copy], env);
      expect(chosen.status, chosen.stderr).toBe(0);
      expect(existsSync(copy)).toBe(true);
      const again = await runScript("scripts/backup.ts", ["--out", copy], env);
      expect(again).toMatchObject({ status: 1, stderr: expect.stringContaining("already exists") });

      // Refused before either opens anything, so side by side.
      const [usage, unknown] = await Promise.all([
        runScript("scripts/restore.ts", [], env),
        runScript("scripts/backup.ts", ["--outt", "x"], env),
      ]);
      expect(usage).toMatchObject({
        status: 1,
        stderr: expect.stringContaining("Usage: npm run restore -- FILE [--force]"),
      });
      expect(unknown).toMatchObject({ status: 1, stderr: expect.stringContaining("Usage: npm run backup") });
    },
    SLOW,
  );

  it(
    "refuses a file that is not a backup, or a damaged one, and changes nothing",
    async () => {
      const install = await createInstall();
      const before = await installState(install);
      const backup = await createBackup(install);
      const dir = tempDir("kta-not-backups-");

      const text = path.join(dir, "notes.txt");
      writeFileSync(text, "restaurants: many\n");
      const gzipped = path.join(dir, "notes.txt.gz");
      writeFileSync(gzipped, gzipSync("restaurants: many\n".repeat(100)));
      const otherTar = path.join(dir, "other.tar.gz");
      await writeArchive(otherTar, (tar) => tar.addBuffer("hello.txt", Buffer.from("hello"), new Date()));
      const truncated = path.join(dir, "truncated.tar.gz");
      const whole = readFileSync(backup.file);
      writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const foreignManifest = path.join(dir, "foreign.tar.gz");
      await writeArchive(foreignManifest, (tar) =>
        tar.addBuffer("manifest.json", Buffer.from('{"format":"something-else"}'), new Date()),
      );

      const cases: [string, RegExp][] = [
        [
          text,
          /notes\.txt is not a backup made by `npm run backup` \(it is not gzip-compressed\)\. Nothing was changed\./,
        ],
        [gzipped, /is not a backup made by `npm run backup` \(it is not a tar archive/],
        [otherTar, /is not a backup .*its first entry is "hello\.txt", not manifest\.json/],
        [foreignManifest, /is not a backup .*its manifest is not valid/],
        [truncated, /truncated\.tar\.gz is incomplete or damaged \(the file ends too early\)\. Nothing was changed\./],
        [path.join(dir, "missing.tar.gz"), /missing\.tar\.gz does not exist/],
      ];
      for (const [file, message] of cases) {
        const attempt = restoreBackup({ file, force: true, ...install });
        await expect(attempt, file).rejects.toBeInstanceOf(BackupError);
        await expect(attempt, file).rejects.toThrow(message);
      }
      await expect(readManifest(text)).rejects.toBeInstanceOf(NotABackupError);

      // A snapshot that loads but is not what its manifest says fails after the new database was built: the old one stays.
      const disagreeing = path.join(dir, "disagreeing.tar.gz");
      await rewriteBackup(backup.file, disagreeing, (manifest, database) => {
        manifest.database.contents.restaurants = 99;
        return database;
      });
      await expect(restoreBackup({ file: disagreeing, force: true, ...install })).rejects.toThrow(
        /The restored database holds 3 restaurants.*not what the manifest lists \(99 restaurants/,
      );
      expect(await installState(install)).toEqual(before);
      expectNoLeftovers(install.dataDir);

      const command = await runScript("scripts/restore.ts", [text, "--force"], { DATA_DIR: install.dataDir });
      expect(command.status).toBe(1);
      expect(command.stderr.trim().split("\n")).toHaveLength(1);
      expect(command.stderr).toContain("is not a backup made by `npm run backup`");
    },
    SLOW,
  );

  it(
    "refuses a crafted archive — a name the app does not make, an entry larger than the manifest says, a bomb — before holding or writing more than its manifest declares, and changes nothing",
    async () => {
      const install = await createInstall();
      const before = await installState(install);
      const backup = await createBackup(install);
      const { manifest, database, uploads } = await partsOf(backup.file);
      const dir = tempDir("kta-crafted-");
      const manifestOf = (edit: (copy: BackupManifest) => void = () => {}): CraftedEntry => {
        const copy = structuredClone(manifest);
        edit(copy);
        return { name: "manifest.json", data: Buffer.from(JSON.stringify(copy)) };
      };
      const snapshot: CraftedEntry = { name: manifest.database.entry, data: database };
      const files: CraftedEntry[] = uploads.map(([name, data]) => ({ name, data }));
      const [last] = uploads.slice(-1) as [[string, Buffer]];
      /** The backup with one more upload, which its manifest counts. */
      const withUpload = (
        name: string,
        data = Buffer.from("<script>alert(document.cookie)</script>"),
      ): CraftedEntry[] => [
        manifestOf((copy) => {
          if (!copy.uploads.included) throw new Error("the backup holds uploads");
          copy.uploads.files += 1;
          copy.uploads.bytes += data.length;
        }),
        snapshot,
        ...files,
        { name, data },
      ];
      const compressed = gzipSync(Buffer.alloc(64 * MiB), { level: 1 });

      const cases: { name: string; entries: CraftedEntry[]; trailing?: number; refusal: RegExp }[] = [
        {
          name: "outside",
          entries: withUpload("uploads/../x"),
          refusal: /holds a file the app does not make: "uploads\/\.\.\/x"/,
        },
        {
          name: "page",
          entries: withUpload("uploads/restaurant-images/evil.html"),
          refusal: /holds a file the app does not make: "uploads\/restaurant-images\/evil\.html"/,
        },
        {
          name: "script",
          entries: withUpload("uploads/restaurant-images/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp.js"),
          refusal: /holds a file the app does not make/,
        },
        {
          name: "second-manifest",
          entries: [manifestOf(), snapshot, ...files, manifestOf()],
          refusal: /unexpected entry "manifest\.json"/,
        },
        {
          name: "huge-header",
          entries: [
            manifestOf(),
            snapshot,
            ...files.slice(0, -1),
            { name: last[0], data: Buffer.alloc(1_000), claims: 8_000_000_000 },
          ],
          refusal: /its uploads are larger than the manifest lists \(3 files, 294\.0 KB\)/,
        },
        {
          name: "upload-bomb",
          entries: [manifestOf(), snapshot, ...files.slice(0, -1), { name: last[0], data: { zeros: 64 * MiB } }],
          refusal: /its uploads are larger than the manifest lists/,
        },
        {
          name: "extra-upload",
          entries: [
            manifestOf(),
            snapshot,
            ...files,
            { name: "uploads/restaurant-menus/pdf_dddddddddddddddddddddddd.pdf", data: Buffer.alloc(0) },
          ],
          refusal: /its uploads are more than the manifest lists/,
        },
        {
          name: "database-bomb",
          entries: [
            manifestOf(),
            { name: manifest.database.entry, data: { zeros: manifest.database.bytes + 64 * MiB } },
            ...files,
          ],
          refusal: new RegExp(
            `its database snapshot is [\\d.]+ MB, the manifest says ${formatBytes(manifest.database.bytes).replace(".", "\\.")}`,
          ),
        },
        {
          name: "pax-bomb",
          entries: [manifestOf(), { name: "PaxHeader", type: "x", data: { zeros: 64 * MiB } }, snapshot, ...files],
          refusal: /a pax header of 67108864 bytes/,
        },
        {
          name: "trailing-bomb",
          entries: [manifestOf(), snapshot, ...files],
          trailing: 64 * MiB,
          refusal: /it goes on after its end marker/,
        },
        {
          // PGlite decompresses a gzipped snapshot by itself, whole and in memory.
          name: "compressed-snapshot",
          entries: [
            manifestOf((copy) => {
              copy.database.bytes = compressed.length;
              copy.database.sha256 = createHash("sha256").update(compressed).digest("hex");
            }),
            { name: manifest.database.entry, data: compressed },
            ...files,
          ],
          refusal: /its database snapshot is gzip-compressed/,
        },
      ];
      for (const crafted of cases) {
        const file = path.join(dir, `${crafted.name}.tar.gz`);
        await craftArchive(file, crafted.entries, crafted.trailing);
        const attempt = restoreBackup({ file, force: true, ...install });
        await expect(attempt, crafted.name).rejects.toBeInstanceOf(BackupError);
        await expect(attempt, crafted.name).rejects.toThrow(crafted.refusal);
        await expect(attempt, crafted.name).rejects.toThrow(/Nothing was changed\.$/);
        expect(filesOf(install.uploadsDir), crafted.name).toEqual(before.files);
        expectNoLeftovers(install.dataDir);
        expect(existsSync(path.join(install.dataDir, "x")), crafted.name).toBe(false);
      }
      expect(await installState(install)).toEqual(before);
    },
    SLOW,
  );

  it(
    "leaves out of a backup a file in the uploads folder that the app did not make, and says so, so the backup restores",
    async () => {
      const install = await createInstall();
      writeFileSync(
        path.join(install.uploadsDir, "restaurant-images", "evil.html"),
        "<script>alert(document.cookie)</script>",
      );
      const lines: string[] = [];
      const backup = await createBackup({
        ...install,
        progress: (line) => lines.push(line),
      });
      expect(lines).toContain("Uploads: 3 files (294.0 KB)");
      expect(lines).toContain("Uploads: left out 1 file the app does not make: restaurant-images/evil.html");
      expect(await entriesOf(backup.file)).not.toContain("uploads/restaurant-images/evil.html");
      const restored = await restoreBackup({
        file: backup.file,
        force: true,
        ...install,
      });
      expect(restored.uploadsRestored).toBe(3);
      expect(existsSync(path.join(install.uploadsDir, "restaurant-images", "evil.html"))).toBe(false);
    },
    SLOW,
  );

  it(
    "streams the database snapshot to disk while checking it, never holding it in memory",
    async () => {
      const install = await createInstall();
      const backup = await createBackup(install);
      const { manifest, uploads } = await partsOf(backup.file);
      // A snapshot of 256 MB of zeros (about a megabyte compressed), as large as its manifest says, with a wrong checksum.
      const size = 256 * MiB;
      const file = path.join(tempDir("kta-crafted-"), "large.tar.gz");
      await craftArchive(file, [
        {
          name: "manifest.json",
          data: Buffer.from(JSON.stringify({ ...manifest, database: { ...manifest.database, bytes: size } })),
        },
        { name: manifest.database.entry, data: { zeros: size } },
        ...uploads.map(([name, data]) => ({ name, data })),
      ]);
      const start = process.memoryUsage().arrayBuffers;
      let peak = start;
      const sample = () => (peak = Math.max(peak, process.memoryUsage().arrayBuffers));
      const sampler = setInterval(sample, 5);
      try {
        await expect(restoreBackup({ file, force: true, ...install })).rejects.toThrow(/does not match its checksum/);
      } finally {
        clearInterval(sampler);
        sample();
      }
      // Streamed, the restore holds about 20 MB of buffers at a time; holding the snapshot, over 180 MB.
      expect(peak - start).toBeLessThan(size / 4);
      expectNoLeftovers(install.dataDir);
    },
    SLOW,
  );

  it(
    "with uploads in a bucket, holds the database only and says so; restoring leaves the uploads folder alone",
    async () => {
      const install = await createInstall();
      const before = await installState(install);
      const lines: string[] = [];
      const backup = await createBackup({
        dataDir: install.dataDir,
        pgliteDir: install.pgliteDir,
        uploadsDir: null,
        progress: (line) => lines.push(line),
      });
      expect(backup.manifest.uploads).toEqual({ included: false, note: S3_UPLOADS_NOTE });
      expect(S3_UPLOADS_NOTE).toBe(
        "uploads live in the bucket; back them up with the bucket's versioning or replication",
      );
      expect(lines).toContain(`Uploads: not included (${S3_UPLOADS_NOTE})`);
      expect(await entriesOf(backup.file)).toEqual(["manifest.json", "database/pglite-data.tar"]);

      await withInstallDb(install.dataDir, (database) => change(database.db, install.uploadsDir));
      const changed = await installState(install);
      const restoreLines: string[] = [];
      await restoreBackup({
        file: backup.file,
        force: true,
        ...install,
        progress: (line) => restoreLines.push(line),
      });
      const after = await installState(install);
      expect({ ...after, files: undefined }).toEqual({ ...before, files: undefined });
      expect(after.files).toEqual(changed.files);
      expect(restoreLines).toContainEqual(expect.stringContaining("Uploads: not in this backup"));
    },
    SLOW,
  );

  it(
    "restores a backup's uploads beside the database when the uploads now live in a bucket, for uploads:copy-to-s3",
    async () => {
      const install = await createInstall();
      const before = await installState(install);
      const backup = await createBackup(install);
      const lines: string[] = [];
      const result = await restoreBackup({
        file: backup.file,
        force: true,
        dataDir: install.dataDir,
        pgliteDir: install.pgliteDir,
        uploadsDir: null,
        progress: (line) => lines.push(line),
      });
      expect(result.uploadsRestored).toBe(3);
      expect(result.uploadsExtractedTo).toMatch(/restored-uploads-/);
      expect(filesOf(result.uploadsExtractedTo!)).toEqual(before.files);
      expect(lines).toContainEqual(
        expect.stringContaining(`npm run uploads:copy-to-s3 -- --from ${result.uploadsExtractedTo}`),
      );
      expect(await installState(install)).toEqual(before);
    },
    SLOW,
  );
});

describe("the backup file format", () => {
  it("round-trips entries of any size, and paths longer than ustar's name field", async () => {
    const dir = tempDir("kta-tar-");
    const file = path.join(dir, "test.tar.gz");
    const source = path.join(dir, "source.bin");
    const big = randomBytes(1_500_000);
    writeFileSync(source, big);
    const longName = `uploads/${"d".repeat(90)}/${"f".repeat(95)}.webp`;
    const entries: [string, Buffer][] = [0, 1, 511, 512, 513, 70_000].map((size) => [
      `entry-${size}.bin`,
      randomBytes(size),
    ]);
    entries.push([longName, Buffer.from("long")]);
    await writeArchive(file, async (tar) => {
      for (const [name, data] of entries) await tar.addBuffer(name, data, new Date());
      await tar.addFile("from-disk.bin", source, big.length, new Date());
    });
    const read: [string, Buffer][] = [];
    for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
      const parts: Buffer[] = [];
      for await (const chunk of entry.body()) parts.push(chunk);
      read.push([entry.name, Buffer.concat(parts)]);
    }
    const digest = (list: [string, Buffer][]) =>
      list.map(([name, data]) => [name, data.length, createHash("sha256").update(data).digest("hex")]);
    expect(digest(read)).toEqual(digest([...entries, ["from-disk.bin", big]]));
    // Entries a reader does not read are skipped.
    const names: string[] = [];
    for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) names.push(entry.name);
    expect(names).toEqual([...entries.map(([name]) => name), "from-disk.bin"]);
  });

  it("writes nothing under the final name when writing fails", async () => {
    const dir = tempDir("kta-tar-");
    const file = path.join(dir, "out.tar.gz");
    await expect(
      writeArchive(file, (tar) => tar.addFile("gone.bin", path.join(dir, "gone.bin"), 10, new Date())),
    ).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});

/** A PostgreSQL backup as `npm run backup` writes one, holding `sql` as its dump (and no uploads). */
function postgresBackupEntries(sql: Buffer): CraftedEntry[] {
  const manifest: BackupManifest = {
    format: "kosher-tel-aviv-backup",
    version: 1,
    createdAt: new Date().toISOString(),
    database: {
      kind: "postgres",
      entry: "database/postgres.sql",
      bytes: sql.length,
      sha256: createHash("sha256").update(sql).digest("hex"),
      migrations: { applied: 0, latest: null, latestAt: null },
      contents: { restaurants: 0, users: 0, blogPosts: 0 },
      tool: "pg_dump (PostgreSQL) 15.18",
    },
    uploads: { included: false, note: S3_UPLOADS_NOTE },
  };
  return [
    { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) },
    { name: manifest.database.entry, data: sql },
  ];
}

function pgToolsOnPath(): boolean {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir !== "" && existsSync(path.join(dir, "pg_dump")) && existsSync(path.join(dir, "psql")));
}

describe("backup and restore on PostgreSQL", () => {
  it("says which package to install when pg_dump or psql is missing", async () => {
    const dataDir = tempDir("kta-backup-");
    const emptyPath = path.join(dataDir, "bin");
    mkdirSync(emptyPath);
    const options = {
      dataDir,
      pgliteDir: pgliteDirIn(dataDir),
      databaseUrl: "postgres://kosher:secret@127.0.0.1:1/kosher",
      uploadsDir: null,
      env: { PATH: emptyPath },
    };
    const backup = createBackup(options);
    await expect(backup).rejects.toBeInstanceOf(ToolMissingError);
    await expect(backup).rejects.toThrow(/pg_dump was not found on PATH.*apt-get install -y postgresql-client/);
    expect(readdirSync(dataDir)).toEqual(["bin"]);
  });

  it("refuses a psql too old for restricted mode (\\restrict) before changing anything, naming the versions that have it", async () => {
    const dataDir = tempDir("kta-backup-");
    const bin = path.join(dataDir, "bin");
    mkdirSync(bin);
    const calls = path.join(dataDir, "psql-calls");
    const file = path.join(dataDir, "postgres.tar.gz");
    await craftArchive(file, postgresBackupEntries(Buffer.from("select 1;\n")));
    const databaseUrl = "postgres://kosher:secret@127.0.0.1:1/kosher";
    /** A restore whose psql says it is `version` (and notes each call's arguments). */
    const restoreWith = (version: string) => {
      writeFileSync(path.join(bin, "psql"), `#!/bin/sh\necho "$*" >> '${calls}'\necho '${version}'\n`, { mode: 0o755 });
      return restoreBackup({
        file,
        force: true,
        dataDir,
        pgliteDir: pgliteDirIn(dataDir),
        databaseUrl,
        uploadsDir: null,
        env: { PATH: bin },
      });
    };
    for (const version of [
      "psql (PostgreSQL) 15.13 (Debian 15.13-0+deb12u1)",
      "psql (PostgreSQL) 17.5",
      "psql (PostgreSQL) 16.9",
      "psql (PostgreSQL) 13.21",
      "psql (PostgreSQL) 12.22",
      "psql (PostgreSQL) 9.6.24",
    ]) {
      const refused = restoreWith(version);
      await expect(refused, version).rejects.toBeInstanceOf(ToolMissingError);
      await expect(refused, version).rejects.toThrow(
        /^psql [\d.]+ cannot restore a backup safely: .*restricted mode \(\\restrict\).*13\.22, 14\.19, 15\.14, 16\.10, 17\.6 or 18\b.*apt-get install -y postgresql-client.*Nothing was changed\.$/,
      );
    }
    // Versions with \restrict pass the check, and get as far as connecting (which fails here).
    for (const version of [
      "psql (PostgreSQL) 15.14",
      "psql (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)",
      "psql (PostgreSQL) 16.10",
      "psql (PostgreSQL) 17.6 (Homebrew)",
      "psql (PostgreSQL) 14.19",
      "psql (PostgreSQL) 13.22",
      "psql (PostgreSQL) 18.0",
      "psql (PostgreSQL) 19devel",
    ]) {
      await expect(restoreWith(version), version).rejects.toThrow(
        /^Could not connect to the PostgreSQL database in DATABASE_URL/,
      );
    }
    // psql was only ever asked its version, and nothing was written beside the backup.
    expect(new Set(readFileSync(calls, "utf8").trim().split("\n"))).toEqual(new Set(["--version"]));
    expect(readdirSync(dataDir).sort()).toEqual(["bin", "postgres.tar.gz", "psql-calls"]);
  });

  it("says so in one line when PostgreSQL cannot be reached", async (ctx) => {
    ctx.skip(!pgToolsOnPath(), "pg_dump and psql are not on PATH (apt-get install -y postgresql-client)");
    const dataDir = tempDir("kta-backup-");
    const databaseUrl = "postgres://kosher:secret@127.0.0.1:1/kosher";
    await expect(
      createBackup({ dataDir, pgliteDir: pgliteDirIn(dataDir), databaseUrl, uploadsDir: null }),
    ).rejects.toThrow(/^Could not connect to the PostgreSQL database in DATABASE_URL \(.+\)\. Nothing was changed\.$/);
    const file = path.join(dataDir, "missing.tar.gz");
    await expect(
      restoreBackup({ file, force: false, dataDir, pgliteDir: pgliteDirIn(dataDir), databaseUrl, uploadsDir: null }),
    ).rejects.toThrow(/does not exist/);
  });

  it(
    "round-trips through pg_dump and psql, and refuses a non-empty database without --force",
    async (ctx) => {
      ctx.skip(inject("dbKind") !== "postgres", "needs PostgreSQL: runs in CI's DATABASE_URL run of the db suite");
      ctx.skip(!pgToolsOnPath(), "pg_dump and psql are not on PATH (apt-get install -y postgresql-client)");

      const database = await createTestDatabase();
      const dataDir = tempDir("kta-backup-");
      const uploadsDir = path.join(dataDir, "uploads");
      try {
        await seed(database.db, uploadsDir);
        const before = await stateOf(database.db, uploadsDir);
        const lines: string[] = [];
        const backup = await createBackup({
          dataDir,
          pgliteDir: pgliteDirIn(dataDir),
          databaseUrl: database.url,
          uploadsDir,
          progress: (line) => lines.push(line),
        });
        expect(backup.manifest.database).toMatchObject({
          kind: "postgres",
          entry: "database/postgres.sql",
          contents: { restaurants: 3, users: 2, blogPosts: 1 },
        });
        expect(backup.manifest.database.tool).toMatch(/^pg_dump \(PostgreSQL\) \d+/);
        expect(lines).toContainEqual(
          expect.stringMatching(/^Database: [\d.]+ [KM]B \(PostgreSQL; 3 restaurants, 2 users and 1 blog post\)$/),
        );

        await change(database.db, uploadsDir);
        const changed = await stateOf(database.db, uploadsDir);
        const refusal = restoreBackup({
          file: backup.file,
          force: false,
          dataDir,
          pgliteDir: pgliteDirIn(dataDir),
          databaseUrl: database.url,
          uploadsDir,
        });
        await expect(refusal).rejects.toBeInstanceOf(DatabaseNotEmptyError);
        expect(await stateOf(database.db, uploadsDir)).toEqual(changed);

        // A PGlite backup is not restored into PostgreSQL (and the other way round).
        await expect(
          restoreBackup({ file: backup.file, force: true, dataDir, pgliteDir: pgliteDirIn(dataDir), uploadsDir }),
        ).rejects.toThrow(/holds a PostgreSQL dump, but DATABASE_URL is not set/);

        // A dump that fails half-way (after the old schema was dropped) is rolled back as a whole.
        const failing = path.join(dataDir, "failing.tar.gz");
        await rewriteBackup(backup.file, failing, (_manifest, sql) =>
          Buffer.concat([sql, Buffer.from("\nselect 1 / 0;\n")]),
        );
        await expect(
          restoreBackup({
            file: failing,
            force: true,
            dataDir,
            pgliteDir: pgliteDirIn(dataDir),
            databaseUrl: database.url,
            uploadsDir,
          }),
        ).rejects.toThrow(
          /psql could not restore the dump \(exit 3\), so the database was left as it was: .*division by zero/,
        );
        expect(await stateOf(database.db, uploadsDir)).toEqual(changed);

        await restoreBackup({
          file: backup.file,
          force: true,
          dataDir,
          pgliteDir: pgliteDirIn(dataDir),
          databaseUrl: database.url,
          uploadsDir,
        });
        expect(await stateOf(database.db, uploadsDir)).toEqual(before);
        expectNoLeftovers(dataDir);
      } finally {
        await database.destroy();
      }
    },
    SLOW,
  );

  it(
    "runs the dump in psql's restricted mode: a dump holding a psql command (\\!, \\o, a backtick in \\unrestrict) is refused, runs nothing and changes nothing",
    async (ctx) => {
      ctx.skip(inject("dbKind") !== "postgres", "needs PostgreSQL: runs in CI's DATABASE_URL run of the db suite");
      ctx.skip(!pgToolsOnPath(), "pg_dump and psql are not on PATH (apt-get install -y postgresql-client)");

      const database = await createTestDatabase();
      const dataDir = tempDir("kta-backup-");
      const uploadsDir = path.join(dataDir, "uploads");
      // Files a crafted dump would make on this machine, as the operator running the restore.
      const marker = path.join(tmpdir(), `kta-restore-meta-${randomBytes(8).toString("hex")}`);
      // Each command comes after the whole dump (pg_dump's own \unrestrict line included), so
      // without restricted mode of our own psql would run it, and the restore would succeed.
      const refusedByPsql =
        /is not a backup made by `npm run backup` \(its database dump holds a psql command.*backslash commands are restricted; only \\unrestrict is allowed\)\. Nothing was changed\.$/;
      const refusedBeforePsql =
        /is not a backup made by `npm run backup` \(its database dump holds a psql \\unrestrict command.*\)\. Nothing was changed\.$/;
      const cases: { name: string; sql: (file: string) => string; refusal: RegExp }[] = [
        { name: "shell", sql: (file) => `\\! touch ${file}\n`, refusal: refusedByPsql },
        { name: "output", sql: (file) => `\\o ${file}\nselect 'written';\n`, refusal: refusedByPsql },
        {
          name: "output-mid-line",
          sql: (file) => `select 1; \\o ${file}\nselect 'written';\n`,
          refusal: refusedByPsql,
        },
        // psql before 15.19/16.15/17.11/18.6 runs a backtick in \unrestrict's argument even in restricted mode.
        { name: "backtick", sql: (file) => `\\unrestrict \`touch ${file}\`\n`, refusal: refusedBeforePsql },
        {
          name: "backtick-mid-line",
          sql: (file) => `select 1; \\unrestrict \`touch ${file}\`\n`,
          refusal: refusedBeforePsql,
        },
      ];
      const markers = cases.map((crafted) => `${marker}-${crafted.name}`);
      try {
        await seed(database.db, uploadsDir);
        const before = await stateOf(database.db, uploadsDir);
        const backup = await createBackup({
          dataDir,
          pgliteDir: pgliteDirIn(dataDir),
          databaseUrl: database.url,
          uploadsDir,
        });
        await change(database.db, uploadsDir);
        const changed = await stateOf(database.db, uploadsDir);

        for (const [index, crafted] of cases.entries()) {
          const made = markers[index]!;
          const file = path.join(dataDir, `${crafted.name}.tar.gz`);
          await rewriteBackup(backup.file, file, (_manifest, sql) =>
            Buffer.concat([sql, Buffer.from(crafted.sql(made))]),
          );
          const outcome = await restoreBackup({
            file,
            force: true,
            dataDir,
            pgliteDir: pgliteDirIn(dataDir),
            databaseUrl: database.url,
            uploadsDir,
          }).then(
            () => new Error("the restore succeeded"),
            (error: unknown) => error,
          );
          expect(existsSync(made), `${crafted.name}: ${made} was made`).toBe(false);
          expect(outcome, crafted.name).toBeInstanceOf(BackupError);
          expect((outcome as Error).message, crafted.name).toMatch(crafted.refusal);
          expect(await stateOf(database.db, uploadsDir), crafted.name).toEqual(changed);
          expectNoLeftovers(dataDir);
        }

        // A backup as pg_dump wrote it (its own \restrict and \unrestrict lines included) still restores.
        await restoreBackup({
          file: backup.file,
          force: true,
          dataDir,
          pgliteDir: pgliteDirIn(dataDir),
          databaseUrl: database.url,
          uploadsDir,
        });
        expect(await stateOf(database.db, uploadsDir)).toEqual(before);
        expectNoLeftovers(dataDir);
      } finally {
        for (const file of markers) rmSync(file, { force: true });
        await database.destroy();
      }
    },
    SLOW,
  );
});
