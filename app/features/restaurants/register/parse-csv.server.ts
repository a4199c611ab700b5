// The register's CSV shapes: the scraper's seven columns, and the revoked list as a two-column table
// of name and address. Read with csv-parse (already the project's CSV reader: quotes, commas and line
// breaks inside cells are its job, not a hand-made split).
import { CsvError, parse } from "csv-parse/sync";
import { entryOf, field, readDay, refuse, TEL_AVIV_CITY, assertRawRow } from "./parse-fields.server";
import { REGISTER_MAX_ENTRIES } from "./limits";
import type { RegisterEntryRead } from "./types";

/** The header public scrapers of the register write, exactly. */
export const SCRAPER_COLUMNS = [
  "kosher_date",
  "href",
  "post_title",
  "business_type",
  "wrap_address",
  "wrap_congregation",
  "wrap_phone",
] as const;

/**
 * Header names of the revoked list's columns, in English or as the register's pages word them: a
 * name and an address, and maybe the business type and the day it was revoked. A CSV with any other
 * column is not the revoked list (revoking on a file that is something else would be a serious mistake).
 */
const NAME_COLUMNS = ["name", "business_name", "שם", "שם העסק", "שם בית העסק"];
const ADDRESS_COLUMNS = ["address", "כתובת", "כתובת העסק"];
const TYPE_COLUMNS = ["business_type", "type", "סוג עסק", "סוג העסק"];
const DATE_COLUMNS = ["revoked_on", "date", "תאריך", "תאריך ביטול", "תאריך הביטול"];
const REVOKED_COLUMNS = [...NAME_COLUMNS, ...ADDRESS_COLUMNS, ...TYPE_COLUMNS, ...DATE_COLUMNS];

function headerCells(text: string): string[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.split(",").map((cell) => cell.trim().replace(/^"|"$/g, "").trim().toLowerCase());
}

/** The CSV shape a text's header names, or null. */
export function csvShapeOf(text: string): "scraperCsv" | "revokedList" | null {
  const header = headerCells(text);
  if (header.join(",") === SCRAPER_COLUMNS.join(",")) return "scraperCsv";
  const known = header.every((cell) => REVOKED_COLUMNS.includes(cell));
  const named =
    header.some((cell) => NAME_COLUMNS.includes(cell)) && header.some((cell) => ADDRESS_COLUMNS.includes(cell));
  return known && named ? "revokedList" : null;
}

/**
 * Rows as spreadsheet rows: the header is row 1 (its names read in lower case); a blank row or a
 * repeated header counts and is skipped; a wrong cell count is refused.
 */
function readRows(text: string): { header: string[]; rows: { row: number; raw: Record<string, string> }[] } {
  let records: string[][];
  try {
    // Reading stops past the most rows a file may have, so a huge wrong file is refused early.
    records = parse(text, { relax_column_count: true, skip_empty_lines: false, to: REGISTER_MAX_ENTRIES + 2 });
  } catch (error) {
    refuse("registerFile.brokenCsv", { row: rowOf(error) });
  }
  if (records.length > REGISTER_MAX_ENTRIES + 1) refuse("registerFile.tooManyRows", { max: REGISTER_MAX_ENTRIES });
  const [first, ...body] = records;
  const header = (first ?? []).map((cell) => cell.trim().toLowerCase());
  const rows: { row: number; raw: Record<string, string> }[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((cell) => cell.trim() === "")) return;
    // Two files joined into one (two saved runs of a scraper) repeat the header: it is no business.
    if (cells.length === header.length && cells.every((cell, c) => cell.trim().toLowerCase() === header[c])) return;
    if (cells.length !== header.length)
      refuse("registerFile.cellCount", { row, cells: cells.length, columns: header.length });
    rows.push({ row, raw: Object.fromEntries(header.map((column, c) => [column, cells[c] ?? ""])) });
  });
  return { header, rows };
}

/** The row csv-parse stopped at (its records read so far, the header being row 1), or else its line. */
function rowOf(error: unknown): number {
  if (!(error instanceof CsvError)) return 1;
  const { records, lines } = error;
  if (typeof records === "number") return records + 1;
  return typeof lines === "number" ? lines : 1;
}

/** The scraper's CSV: kosher_date (Unix seconds) becomes the certificate's last day in Tel Aviv. */
export function readScraperCsv(text: string): RegisterEntryRead[] {
  return readRows(text).rows.map(({ row, raw }, position) => {
    assertRawRow(raw, row);
    const at = (column: (typeof SCRAPER_COLUMNS)[number]) => ({ row, column });
    return entryOf(
      {
        name: field(raw.post_title, at("post_title")),
        businessType: field(raw.business_type, at("business_type")),
        address: field(raw.wrap_address, at("wrap_address")),
        city: TEL_AVIV_CITY,
        phone: field(raw.wrap_phone, at("wrap_phone")),
        validUntil: readDay(raw.kosher_date ?? "", at("kosher_date")),
        level: null,
        raw,
      },
      position,
      row,
      "post_title",
    );
  });
}

/** The revoked list as CSV: a name and an address column (and, if given, a business type); no dates. */
export function readRevokedCsv(text: string): RegisterEntryRead[] {
  const { header, rows } = readRows(text);
  const column = (names: string[]) => header.find((cell) => names.includes(cell.toLowerCase())) ?? "";
  const [nameColumn, addressColumn, typeColumn] = [column(NAME_COLUMNS), column(ADDRESS_COLUMNS), column(TYPE_COLUMNS)];
  return rows.map(({ row, raw }, position) => {
    assertRawRow(raw, row);
    return entryOf(
      {
        name: field(raw[nameColumn], { row, column: nameColumn }),
        businessType: typeColumn === "" ? "" : field(raw[typeColumn], { row, column: typeColumn }),
        address: field(raw[addressColumn], { row, column: addressColumn }),
        city: TEL_AVIV_CITY,
        phone: "",
        validUntil: null,
        level: null,
        kind: null,
        raw,
      },
      position,
      row,
      nameColumn,
    );
  });
}
