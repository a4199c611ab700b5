// An export on disk (docs/data-transfer.md): writing the files `npm run export` makes, and reading
// back the files `npm run import` is given. The commands only parse their arguments and print;
// what is written where, and what a given path holds, is decided here.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CSV_FILES, FileFormatError, fromCsv, fromJson, toCsv, toJson, type ExportFile, type ImportInput, type Table } from "./format";

/** A problem with the files given or asked for, meant for the operator: the command prints it and exits 1. */
export class TransferFileError extends Error {
  override name = "TransferFileError";
}

// Writing -------------------------------------------------------------------------------------

export interface ExportTarget {
  format: "json" | "csv";
  /** JSON: the file; CSV: the folder to write the two files into. */
  out: string;
}

/** Writes an export where `target` says; returns the files written. Throws the file system's error (with code and path). */
export function writeExport(data: ExportFile, target: ExportTarget): string[] {
  if (target.format === "json") {
    writeFileSync(target.out, toJson(data));
    return [target.out];
  }
  mkdirSync(target.out, { recursive: true });
  const restaurantsFile = path.join(target.out, CSV_FILES.restaurants);
  const postsFile = path.join(target.out, CSV_FILES.posts);
  writeFileSync(restaurantsFile, toCsv("restaurants", data.restaurants));
  writeFileSync(postsFile, toCsv("posts", data.posts));
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
      const text = readFileSync(file, "utf8");
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
      if (error instanceof FileFormatError) throw new TransferFileError(`${file}: ${error.message}`);
      if (error instanceof Error && "code" in error) throw new TransferFileError(`Cannot read ${file}: ${String(error.code)}.`);
      throw error;
    }
  }
  return { input, labels: { restaurants: labels.restaurants ?? "restaurants", posts: labels.posts ?? "posts" } };
}
