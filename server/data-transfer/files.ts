// An export on disk (docs/data-transfer.md): writing the files `npm run export` makes, and reading
// back the files `npm run import` is given. The commands only parse their arguments and print;
// what is written where, and what a given path holds, is decided here.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CSV_FILES, FileFormatError, fromCsv, fromJson, toCsv, toJson, type ExportFile, type ImportInput, type Table } from "./format";
import { importMessage, type BilingualMessage } from "./messages";

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

// Reading -------------------------------------------------------------------------------------

export interface ImportSource {
  input: ImportInput;
  /** Where each table's rows came from, to head its errors. */
  labels: Record<Table, string>;
}

/** The rows of the files (or folders of CSV files) given to the import, by table. */
export function readImportSource(paths: string[]): ImportSource {
  const input: ImportInput = { restaurants: [], posts: [] };
  const labels: Partial<Record<Table, string>> = {};
  const take = (table: Table, label: string, rows: ImportInput[Table]) => {
    if (labels[table]) throw new TransferFileError(`Both ${labels[table]} and ${label} hold ${table === "posts" ? "blog posts" : "restaurants"}: give one file for each.`);
    labels[table] = label;
    input[table] = rows;
  };
  const files = paths.flatMap((given) => {
    if (!existsSync(given)) throw new TransferFileError(`There is no file or folder ${given}.`);
    if (!statSync(given).isDirectory()) return [given];
    const inside = Object.values(CSV_FILES)
      .map((name) => path.join(given, name))
      .filter((file) => existsSync(file));
    if (inside.length === 0) throw new TransferFileError(`The folder ${given} has neither ${CSV_FILES.restaurants} nor ${CSV_FILES.posts}.`);
    return inside;
  });
  for (const file of files) {
    try {
      const text = readDataFile(file);
      const extension = path.extname(file).toLowerCase();
      if (extension === ".json") {
        const rows = fromJson(text);
        take("restaurants", `${file} (restaurants)`, rows.restaurants);
        take("posts", `${file} (posts)`, rows.posts);
      } else if (extension === ".csv") {
        const { table, rows } = fromCsv(text);
        take(table, file, rows);
      } else {
        throw new TransferFileError(`${file}: give a .json or .csv file.`);
      }
    } catch (error) {
      if (error instanceof TransferFileError) throw error;
      if (error instanceof FileFormatError) throw new TransferFileError(`${file}: ${error.message}`);
      if (error instanceof Error && "code" in error) throw new TransferFileError(`Cannot read ${file}: ${String(error.code)}.`);
      throw error;
    }
  }
  return { input, labels: { restaurants: labels.restaurants ?? "restaurants", posts: labels.posts ?? "posts" } };
}

/** A JSON or CSV file's text, refused by its size before it is read when over MAX_DATA_FILE_BYTES. */
function readDataFile(file: string): string {
  const { size } = statSync(file);
  if (size > MAX_DATA_FILE_BYTES) throw new TransferFileError(importMessage("fileTooLarge", { file, size: bytes(size), limit: bytes(MAX_DATA_FILE_BYTES) }));
  return readFileSync(file, "utf8");
}
