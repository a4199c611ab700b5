// An export on disk (docs/data-transfer.md): writing the files `npm run export` makes, and reading
// back the files `npm run import` is given. The commands only parse their arguments and print;
// what is written where, and what a given path holds, is decided here.
import { randomBytes } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { StoredFileReader } from "../../uploads/open-storage";
import { isValidStorageKey, keyOfUrl } from "../../uploads/storage";
import { openGzip, readTar, TarFormatError, writeArchive } from "../tar";
import { carriedInFolder, storedFilesOf, type CarriedFiles } from "./carried";
import {
  CSV_FILES,
  FileFormatError,
  fromCsv,
  fromJson,
  toCsv,
  toJson,
  type ExportFile,
  type ImportInput,
  type Table,
} from "./format";
import { importMessage, type BilingualMessage } from "./messages";

/** An export with its files (`--with-files`), as a folder or an archive: the data, and the files under `files/<key>`. */
export const BUNDLE_JSON = "export.json";
export const BUNDLE_FILES = "files";

/** A .tar.gz (or .tgz) name: an export with its files is then an archive rather than a folder. */
export function isArchiveName(name: string): boolean {
  return /\.(tar\.gz|tgz)$/i.test(name);
}

/**
 * The largest JSON or CSV file an import reads: checked on the file's size before it is read, as
 * the whole file is then held in memory (twice: the text and its rows). 10,000 restaurants make
 * about 24 MB of JSON.
 */
export const MAX_DATA_FILE_BYTES = 50 * 1024 * 1024;

/** A problem with the files given or asked for, meant for the operator: the command prints it and exits 1. */
export class TransferFileError extends Error {
  override name = "TransferFileError";
  /** The message in Hebrew, when it has one. */
  readonly he: string | undefined;
  constructor(message: string | BilingualMessage) {
    super(typeof message === "string" ? message : message.en);
    this.he = typeof message === "string" ? undefined : message.he;
  }
}

const bytes = (n: number) => n.toLocaleString("en-US");

// Writing -------------------------------------------------------------------------------------

export interface ExportTarget {
  format: "json" | "csv";
  /** JSON: the file; CSV: the folder to write the two files into. */
  out: string;
}

/**
 * Writes a file only its owner can read (mode 0600, as backups are: an export holds owners'
 * e-mail addresses): through a temporary file beside it, renamed over the target when complete,
 * so an existing file gets the mode too and a failed write leaves no half-written file.
 */
export function writePrivateFile(file: string, data: string | Buffer): void {
  const partial = `${file}.partial-${randomBytes(4).toString("hex")}`;
  try {
    writeFileSync(partial, data, { flag: "wx", mode: 0o600 });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Makes a folder (and its missing parents) that only its owner can open (0700); an existing one is left as it is. */
export function makePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Writes an export where `target` says; returns the files written. Throws the file system's error (with code and path). */
export function writeExport(data: ExportFile, target: ExportTarget): string[] {
  if (target.format === "json") {
    writePrivateFile(target.out, toJson(data));
    return [target.out];
  }
  makePrivateFolder(target.out);
  const restaurantsFile = path.join(target.out, CSV_FILES.restaurants);
  const postsFile = path.join(target.out, CSV_FILES.posts);
  writePrivateFile(restaurantsFile, toCsv("restaurants", data.restaurants));
  writePrivateFile(postsFile, toCsv("posts", data.posts));
  return [restaurantsFile, postsFile];
}

export interface BundleTarget extends ExportTarget {
  /** Reads the stored files the export names (the configured storage's). */
  read: StoredFileReader;
}

export interface BundleWritten {
  /** The data files written (in a folder) or the archive. */
  written: string[];
  files: number;
  bytes: number;
  /** Stored files the export names that the storage does not have: not carried. */
  missing: string[];
}

/**
 * Writes an export with the stored files it names (`--with-files`): into the folder `out`
 * (export.json, or the two CSV files, and `files/<key>` for each `/uploads/<key>`), or, when
 * `out` ends in .tar.gz or .tgz, the same as one archive. Every file 0600, every folder it makes
 * 0700; the archive is written beside and renamed when complete. Throws the file system's error.
 */
export async function writeBundle(data: ExportFile, target: BundleTarget): Promise<BundleWritten> {
  const urls = [
    ...new Set(
      [
        ...data.restaurants.flatMap((row) => storedFilesOf("restaurants", { ...row })),
        ...data.posts.flatMap((row) => storedFilesOf("posts", { ...row })),
      ].map((file) => file.url),
    ),
  ].sort();
  const dataFiles =
    target.format === "json"
      ? [{ name: BUNDLE_JSON, text: toJson(data) }]
      : [
          { name: CSV_FILES.restaurants, text: toCsv("restaurants", data.restaurants) },
          { name: CSV_FILES.posts, text: toCsv("posts", data.posts) },
        ];
  const result: BundleWritten = { written: [], files: 0, bytes: 0, missing: [] };
  /** Each stored file the export names, read one at a time. */
  const eachFile = async (add: (key: string, content: Buffer) => Promise<void>) => {
    for (const url of urls) {
      const key = keyOfUrl(url);
      const content = key === null ? null : await target.read(url);
      if (key === null || content === null) {
        result.missing.push(url);
        continue;
      }
      await add(key, content);
      result.files += 1;
      result.bytes += content.length;
    }
  };
  if (isArchiveName(target.out)) {
    const at = new Date(data.exportedAt);
    await writeArchive(target.out, async (tar) => {
      for (const file of dataFiles) await tar.addBuffer(file.name, Buffer.from(file.text), at);
      await eachFile((key, content) => tar.addBuffer(`${BUNDLE_FILES}/${key}`, content, at));
    });
    result.written.push(target.out);
    return result;
  }
  if (existsSync(target.out) && !statSync(target.out).isDirectory())
    throw new TransferFileError(importMessage("bundleOutIsFile", { out: target.out }));
  makePrivateFolder(target.out);
  for (const file of dataFiles) {
    writePrivateFile(path.join(target.out, file.name), file.text);
    result.written.push(path.join(target.out, file.name));
  }
  await eachFile(async (key, content) => {
    const file = path.join(target.out, BUNDLE_FILES, ...key.split("/"));
    makePrivateFolder(path.dirname(file));
    writePrivateFile(file, content);
  });
  return result;
}

// Reading -------------------------------------------------------------------------------------

export interface ImportSource {
  input: ImportInput;
  /** Where each table's rows came from, to head its errors. */
  labels: Record<Table, string>;
  /** The files an export with its files carries (its `files/` folder), or null. */
  carried: CarriedFiles | null;
  /** Removes what reading needed (an archive's unpacked files); call it when the import is done. */
  close(): Promise<void>;
}

/** The files a folder or archive of an export may hold besides `files/`. */
const DATA_FILES = [BUNDLE_JSON, CSV_FILES.restaurants, CSV_FILES.posts];

/**
 * The rows of what was given to the import, by table: a .json or .csv file, a folder holding
 * export.json or the CSV files (and, from an export with its files, `files/`), or such an export
 * as a .tar.gz archive (unpacked into a private temporary folder until close()).
 */
export async function readImportSource(paths: string[]): Promise<ImportSource> {
  const temporary: string[] = [];
  const close = async () => {
    for (const dir of temporary.splice(0)) await rm(dir, { recursive: true, force: true });
  };
  try {
    const files: { file: string; label: string }[] = [];
    const carriers: { dir: string; given: string }[] = [];
    for (const given of paths) {
      if (!existsSync(given)) throw new TransferFileError(`There is no file or folder ${given}.`);
      let folder: string;
      if (statSync(given).isDirectory()) folder = given;
      else if (isArchiveName(given)) {
        folder = await mkdtemp(path.join(tmpdir(), "kta-import-"));
        temporary.push(folder);
        await unpackArchive(given, folder);
      } else {
        files.push({ file: given, label: given });
        continue;
      }
      const inside = DATA_FILES.filter((name) => existsSync(path.join(folder, name)));
      if (inside.length === 0)
        throw new TransferFileError(
          importMessage("noExportInFolder", {
            folder: given,
            json: BUNDLE_JSON,
            restaurants: CSV_FILES.restaurants,
            posts: CSV_FILES.posts,
          }),
        );
      for (const name of inside)
        files.push({
          file: path.join(folder, name),
          label: folder === given ? path.join(given, name) : `${given}: ${name}`,
        });
      if (existsSync(path.join(folder, BUNDLE_FILES))) carriers.push({ dir: path.join(folder, BUNDLE_FILES), given });
    }
    const [carrier, another] = carriers;
    if (carrier && another)
      throw new TransferFileError(importMessage("twoCarriers", { first: carrier.given, second: another.given }));
    return { ...readDataFiles(files), carried: carrier ? carriedInFolder(carrier.dir) : null, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function readDataFiles(files: { file: string; label: string }[]): Pick<ImportSource, "input" | "labels"> {
  const input: ImportInput = { restaurants: [], posts: [] };
  const labels: Partial<Record<Table, string>> = {};
  const take = (table: Table, label: string, rows: ImportInput[Table]) => {
    if (labels[table])
      throw new TransferFileError(
        `Both ${labels[table]} and ${label} hold ${table === "posts" ? "blog posts" : "restaurants"}: give one file for each.`,
      );
    labels[table] = label;
    input[table] = rows;
  };
  for (const { file, label } of files) {
    try {
      const text = readDataFile(file, label);
      const extension = path.extname(file).toLowerCase();
      if (extension === ".json") {
        const rows = fromJson(text);
        take("restaurants", `${label} (restaurants)`, rows.restaurants);
        take("posts", `${label} (posts)`, rows.posts);
      } else if (extension === ".csv") {
        const { table, rows } = fromCsv(text);
        take(table, label, rows);
      } else {
        throw new TransferFileError(
          `${label}: give a .json or .csv file, a folder, or a .tar.gz archive of an export.`,
        );
      }
    } catch (error) {
      if (error instanceof TransferFileError) throw error;
      if (error instanceof FileFormatError) throw new TransferFileError(`${label}: ${error.message}`);
      if (error instanceof Error && "code" in error)
        throw new TransferFileError(`Cannot read ${label}: ${String(error.code)}.`);
      throw error;
    }
  }
  return { input, labels: { restaurants: labels.restaurants ?? "restaurants", posts: labels.posts ?? "posts" } };
}

/** A JSON or CSV file's text, refused by its size before it is read when over MAX_DATA_FILE_BYTES. */
function readDataFile(file: string, label: string): string {
  const { size } = statSync(file);
  if (size > MAX_DATA_FILE_BYTES) throw tooLarge(label, size);
  return readFileSync(file, "utf8");
}

const tooLarge = (file: string, size: number) =>
  new TransferFileError(importMessage("fileTooLarge", { file, size: bytes(size), limit: bytes(MAX_DATA_FILE_BYTES) }));

/**
 * Unpacks an export's archive into `into`: its data files (each refused by its size, before it
 * is read, when over MAX_DATA_FILE_BYTES) and `files/<key>`. Any other entry, or a name that is
 * not a stored file's key, means it is not an export's archive.
 */
async function unpackArchive(archive: string, into: string): Promise<void> {
  const stream = openGzip(archive);
  const seen = new Set<string>();
  try {
    for await (const entry of readTar(stream)) {
      // A folder packed again by tar may name its entries ./export.json.
      const name = entry.name.replace(/^(\.\/)+/, "");
      const key = name.startsWith(`${BUNDLE_FILES}/`) ? name.slice(BUNDLE_FILES.length + 1) : null;
      if (!DATA_FILES.includes(name) && (key === null || !isValidStorageKey(key)))
        throw new TransferFileError(importMessage("notAnExportEntry", { archive, entry: name }));
      if (seen.has(name)) throw new TransferFileError(importMessage("notAnExportEntry", { archive, entry: name }));
      seen.add(name);
      if (key === null && entry.size > MAX_DATA_FILE_BYTES) throw tooLarge(`${archive}: ${name}`, entry.size);
      const target = path.join(into, ...name.split("/"));
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(Readable.from(entry.body()), createWriteStream(target, { flags: "wx", mode: 0o600 }));
    }
  } catch (error) {
    if (error instanceof TransferFileError) throw error;
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const reason =
      code === "Z_DATA_ERROR"
        ? "it is not gzip-compressed"
        : code === "Z_BUF_ERROR"
          ? "the file ends too early"
          : error instanceof TarFormatError
            ? error.message
            : String(error);
    throw new TransferFileError(importMessage("notAnExportArchive", { archive, reason }));
  } finally {
    stream.destroy();
  }
}
