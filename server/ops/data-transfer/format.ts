// The export file's shape (docs/data-transfer.md), and its two spellings: one JSON document, or
// two CSV files (restaurants.csv, blog-posts.csv). A restaurant's fields are the restaurant form's
// own field names and value formats, so an exported row is what the form would submit and
// re-imports unchanged; the few things the form does not edit (slug, hours, verification date,
// owners) come after them.
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { EMPTY_FORM } from "../../../app/features/restaurants/editing/form-schema";
import type { RestaurantFormValues } from "../../../app/features/restaurants/core/types";
import type { WeeklyHours } from "../../../database/hours";
import type { PesachPlans } from "../../../database/lifecycle";
import type { BilingualMessage } from "./messages";

export const EXPORT_FORMAT = "kosher-tel-aviv";
export const EXPORT_VERSION = 1;

/** One restaurant: the form's values, then what the form does not edit. */
export interface ExportedRestaurant extends RestaurantFormValues {
  /** The restaurant's address on the site (/restaurant/<slug>), and what an import matches on. */
  slug: string;
  /** The structured weekly hours and Shabbat rules, or null when not set. */
  hours: WeeklyHours | null;
  /** Pesach plans by year (`{ "2027": { status, … } }`); {} when none. */
  pesach: PesachPlans;
  /** yyyy-MM-dd, or "" when never verified. */
  lastVerified: string;
  /** The e-mail addresses of the accounts linked as its owners, sorted. */
  owners: string[];
}

/** One blog post: the blog form's fields, and its date. */
export interface ExportedPost {
  slug: string;
  title: string;
  subtitle: string;
  image: string;
  content: string;
  /** When it was published, ISO 8601 (UTC). */
  date: string;
}

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  restaurants: ExportedRestaurant[];
  posts: ExportedPost[];
}

export type Table = "restaurants" | "posts";

/** The form's fields, in the form's order: taken from the form's own empty values, never listed twice. */
export const FORM_FIELDS = Object.keys(EMPTY_FORM) as (keyof RestaurantFormValues)[];

/** Restaurant columns (and JSON keys), in file order. */
export const RESTAURANT_COLUMNS = [
  "slug",
  ...FORM_FIELDS,
  "hours",
  "pesach",
  "lastVerified",
  "owners",
] as const satisfies readonly (keyof ExportedRestaurant)[];
export const POST_COLUMNS = [
  "slug",
  "title",
  "subtitle",
  "image",
  "content",
  "date",
] as const satisfies readonly (keyof ExportedPost)[];

/** File names of a CSV export (`--out DIR`). */
export const CSV_FILES: Record<Table, string> = { restaurants: "restaurants.csv", posts: "blog-posts.csv" };

/** How plain lists (tags, owners) are written in one CSV cell: items joined by this. */
export const LIST_SEPARATOR = "|";

/** One row of a file to import: its number in the file (1-based) and its fields, not yet checked. */
export interface ImportRow {
  row: number;
  values: Record<string, unknown>;
  /** Why the row could not be read as fields (reported by the import on that row). */
  unreadable?: { kind: "notAnObject" } | { kind: "cellCount"; cells: number; columns: number };
}

/** A file's rows, by table. */
export interface ImportInput {
  restaurants: ImportRow[];
  posts: ImportRow[];
}

/** A problem with the file itself (not JSON, no header, unknown column): nothing can be imported. */
/** One problem: the table, the row's number in its file (1-based), the field ("" for the whole row). Shared by the import and the files it carries. */
export interface RowError {
  table: Table;
  row: number;
  field: string;
  message: BilingualMessage;
}

export class FileFormatError extends Error {
  override name = "FileFormatError";
}

// JSON ----------------------------------------------------------------------------------------

export function toJson(data: ExportFile): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Rows of a JSON export. A row's number is its place in its list, from 1 (`restaurants[0]` is
 * restaurant row 1). `format` and `version` are optional (a hand-written file may leave them out),
 * but a file of another format or a later version is refused.
 */
export function fromJson(text: string): ImportInput {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new FileFormatError(`This is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(data))
    throw new FileFormatError('The file must be a JSON object with "restaurants" and "posts" lists.');
  if (data.format !== undefined && data.format !== EXPORT_FORMAT)
    throw new FileFormatError(`Unknown "format" ${JSON.stringify(data.format)}; expected "${EXPORT_FORMAT}".`);
  if (data.version !== undefined && data.version !== EXPORT_VERSION)
    throw new FileFormatError(
      `Unknown "version" ${JSON.stringify(data.version)}; this import reads version ${EXPORT_VERSION}.`,
    );
  const list = (key: Table): ImportRow[] => {
    const value = data[key] ?? [];
    if (!Array.isArray(value)) throw new FileFormatError(`"${key}" must be a list.`);
    // A row that is not an object is reported by the import (as that row's error), not here.
    return value.map((values: unknown, i): ImportRow =>
      isObject(values) ? { row: i + 1, values } : { row: i + 1, values: {}, unreadable: { kind: "notAnObject" } },
    );
  };
  const unknown = Object.keys(data).filter(
    (key) => !["format", "version", "exportedAt", "restaurants", "posts"].includes(key),
  );
  if (unknown.length > 0)
    throw new FileFormatError(`Unknown key ${JSON.stringify(unknown[0])}; a file has "restaurants" and "posts".`);
  return { restaurants: list("restaurants"), posts: list("posts") };
}

// CSV -----------------------------------------------------------------------------------------

/**
 * A table as CSV: a header of the column names, then one line per row, UTF-8 with a byte-order
 * mark (so spreadsheets read Hebrew right). Tags and owners are joined by "|"; menu images and
 * hours are JSON text (empty when there are none); booleans are true/false.
 */
export function toCsv(table: "restaurants", rows: ExportedRestaurant[]): string;
export function toCsv(table: "posts", rows: ExportedPost[]): string;
export function toCsv(table: Table, rows: ExportedRestaurant[] | ExportedPost[]): string {
  const columns: readonly string[] = table === "restaurants" ? RESTAURANT_COLUMNS : POST_COLUMNS;
  const cells = (rows as object[]).map((row) =>
    columns.map((column) => asText(cellOf(column, (row as Record<string, unknown>)[column]))),
  );
  return stringify([columns as string[], ...cells], { bom: true, record_delimiter: "\n" });
}

/**
 * A cell a spreadsheet must show as text, never run: one starting with =, +, -, @ (a formula, even
 * from a restaurant's own name or phone "+972…"), a tab or a return gets a leading apostrophe, as
 * does one that already starts with an apostrophe; fromCsv takes exactly one off again.
 */
const FORMULA_START = /^['=+\-@\t\r]/;
function asText(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
function fromText(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}

function cellOf(column: string, value: unknown): string {
  if (column === "menuImages") return Array.isArray(value) && value.length > 0 ? JSON.stringify(value) : "";
  if (column === "hours") return value === null || value === undefined ? "" : JSON.stringify(value);
  if (column === "pesach")
    return value && typeof value === "object" && Object.keys(value).length > 0 ? JSON.stringify(value) : "";
  if (Array.isArray(value)) return value.join(LIST_SEPARATOR);
  if (typeof value === "boolean") return value ? "true" : "false";
  return typeof value === "string" ? value : String(value ?? "");
}

/**
 * Rows of one CSV file, and which table it holds (told by its header: restaurant columns or blog
 * post columns). Row numbers are a spreadsheet's: the header is row 1, the first data row row 2,
 * and a cell with line breaks is still one row. Empty lines count as rows and are skipped.
 * A cell that does not read as its column's type (a menuImages cell that is not JSON, a
 * isPermanentlyClosed cell that is not true/false) is passed on as it is, for the import's rules
 * to report on that row and field.
 */
export function fromCsv(text: string): { table: Table; rows: ImportRow[] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    throw new FileFormatError(`This is not readable CSV: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === ""))
    throw new FileFormatError("The file is empty: the first row must name the columns.");
  const columns = header.map((cell) => cell.trim());
  const table = tableOf(columns);
  const known: readonly string[] = table === "restaurants" ? RESTAURANT_COLUMNS : POST_COLUMNS;
  columns.forEach((column, i) => {
    if (!known.includes(column))
      throw new FileFormatError(
        `Row 1: unknown column "${column}". ${table === "restaurants" ? "Restaurant" : "Blog post"} columns are: ${known.join(", ")}.`,
      );
    if (columns.indexOf(column) !== i) throw new FileFormatError(`Row 1: the column "${column}" appears twice.`);
  });
  const rows: ImportRow[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((cell) => cell.trim() === "")) return;
    if (cells.length !== columns.length) {
      rows.push({ row, values: {}, unreadable: { kind: "cellCount", cells: cells.length, columns: columns.length } });
      return;
    }
    rows.push({
      row,
      values: Object.fromEntries(columns.map((column, c) => [column, valueOf(column, fromText(cells[c] ?? ""))])),
    });
  });
  return { table, rows };
}

function tableOf(columns: string[]): Table {
  const restaurantOnly = columns.some(
    (column) => column !== "slug" && (RESTAURANT_COLUMNS as readonly string[]).includes(column),
  );
  const postOnly = columns.some((column) => column !== "slug" && (POST_COLUMNS as readonly string[]).includes(column));
  if (restaurantOnly && !postOnly) return "restaurants";
  if (postOnly && !restaurantOnly) return "posts";
  throw new FileFormatError(
    "Row 1: cannot tell whether this file holds restaurants or blog posts. Restaurant files have restaurant columns (nameEn, address…), blog post files have post columns (title, content…), besides slug.",
  );
}

function valueOf(column: string, cell: string): unknown {
  switch (column) {
    case "tags":
    case "owners":
      return cell
        .split(LIST_SEPARATOR)
        .map((item) => item.trim())
        .filter((item) => item !== "");
    case "menuImages":
      return cell.trim() === "" ? [] : jsonOr(cell);
    case "hours":
      return cell.trim() === "" ? null : jsonOr(cell);
    case "pesach":
      return cell.trim() === "" ? {} : jsonOr(cell);
    // The practical yes-flags read as the closed box does.
    case "delivery":
    case "takeaway":
    case "catering":
    case "isPermanentlyClosed": {
      const word = cell.trim().toLowerCase();
      // Spreadsheets write TRUE/FALSE; an empty cell is the form's unticked box.
      if (word === "true") return true;
      if (word === "false" || word === "") return false;
      return cell;
    }
    default:
      return cell;
  }
}

function jsonOr(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}
