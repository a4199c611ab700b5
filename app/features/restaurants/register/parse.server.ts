// Reading a register file: which of the four shapes it is (told by its content, never by its name
// or by the admin), and its businesses as entries. A file that is not one of them, or is broken,
// is refused as a whole with an AppError whose message says why, in the page's language, naming the
// row and column where it helps: nothing of a refused file is kept.
import { AppError } from "../../../lib/errors";
import { csvShapeOf, readRevokedCsv, readScraperCsv } from "./parse-csv.server";
import { dayInFileName, refuse } from "./parse-fields.server";
import { looksLikeHtml, readHtml } from "./parse-html.server";
import { readPortal, type Json } from "./parse-portal.server";
import { REGISTER_FILE_MAX_BYTES } from "./limits";
import type { ParsedRegister, RegisterEntryRead } from "./types";

export { isEatery } from "./business-types";
export { REGISTER_FILE_MAX_BYTES, REGISTER_MAX_ENTRIES } from "./limits";
export { partialReason } from "./partial-list";

/** Magic numbers of files that are not text: zip (xlsx, docx), old Office, PDF, PNG, JPEG, GIF, gzip. */
const BINARY_STARTS = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x1f, 0x8b],
];

/** The file as text: refused when empty, too large, binary, or not UTF-8 (a BOM is dropped). */
function textOf(data: Buffer): string {
  if (data.length > REGISTER_FILE_MAX_BYTES)
    throw new AppError("tooLarge", "registerFile.tooLarge", {
      values: { max: Math.round(REGISTER_FILE_MAX_BYTES / 1024 / 1024) },
    });
  if (data.length === 0) refuse("registerFile.empty");
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) refuse("registerFile.encoding");
  if (BINARY_STARTS.some((start) => start.every((byte, i) => data[i] === byte)) || data.includes(0))
    refuse("registerFile.binary");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    refuse("registerFile.encoding");
  }
  text = text.replace(/^\uFEFF/, "");
  if (text.trim() === "") refuse("registerFile.empty");
  return text;
}

function parseJson(text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    refuse("registerFile.brokenJson");
  }
}

interface Read {
  shape: ParsedRegister["shape"];
  entries: RegisterEntryRead[];
  publishedOn: string | null;
}

function read(text: string): Read {
  const start = text.trimStart().charAt(0);
  if (start === "{" || start === "[") {
    const entries = readPortal(parseJson(text));
    if (entries === null) refuse("registerFile.unknownShape");
    return { shape: "portalJson", entries, publishedOn: null };
  }
  if (looksLikeHtml(text)) {
    const page = readHtml(text);
    if (page === null) refuse("registerFile.unknownShape");
    return page;
  }
  const csvShape = csvShapeOf(text);
  if (csvShape === "scraperCsv") return { shape: csvShape, entries: readScraperCsv(text), publishedOn: null };
  if (csvShape === "revokedList") return { shape: csvShape, entries: readRevokedCsv(text), publishedOn: null };
  refuse("registerFile.unknownShape");
}

/**
 * Reads a register file of any accepted shape: the scraper's CSV, the register's page(s) saved from a
 * browser, the national portal's JSON, or the list of revoked certificates (a saved page or a CSV of
 * name and address). The day it was published is the one the page states ("updated on …"), else a
 * date in the file's name ("tel-aviv-2024-06-27.csv"), else null (the admin gives it).
 * Throws AppError "tooLarge" (over REGISTER_FILE_MAX_BYTES) or "invalid" (anything else wrong), and nothing else.
 */
export function parseRegisterFile(fileName: string, data: Buffer): ParsedRegister {
  const { shape, entries, publishedOn } = read(textOf(data));
  if (entries.length === 0) refuse("registerFile.noEntries");
  return {
    shape,
    list: shape === "revokedList" ? "revoked" : "register",
    body: "rabbinate_tel_aviv",
    publishedOn: publishedOn ?? dayInFileName(fileName),
    entries,
  };
}
