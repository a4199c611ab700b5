// What every register file reader shares: cleaning a field, refusing a bad one (naming its row and
// column), reading a date into Tel Aviv's day, and building an entry from its fields.
import { AppError } from "../../../lib/errors";
import type { MessageKey } from "../../../locales/en";
import type { CertificateLevel } from "../../../../database/lifecycle";
import type { KosherKind } from "../../../../database/register";
import { isEatery, kindFromText } from "./business-types";
import { REGISTER_FIELD_MAX, REGISTER_MAX_ENTRIES } from "./limits";
import type { RegisterEntryRead } from "./types";

/** The city the Tel Aviv register speaks for, as it writes it. */
export const TEL_AVIV_CITY = "תל אביב-יפו";

/** Where a value is in the file: its row as the shape counts them (a CSV's spreadsheet row, a page's card, a JSON record) and its column. */
export interface Place {
  row: number;
  column: string;
}

/** Refuses the file: nothing is imported, and the message (in the page's language) says why. */
export function refuse(messageKey: MessageKey, values?: Record<string, string | number>): never {
  throw new AppError("invalid", messageKey, values === undefined ? {} : { values });
}

/** A value as a message quotes it: short, and isolated (U+2068…U+2069) so Hebrew or Latin reads right on either page. */
export function quoted(value: string): string {
  const short = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `\u2068${short}\u2069`;
}

// Control characters and the invisible direction marks some saved pages carry (they break matching
// and show nothing); tabs and line breaks become spaces.
// eslint-disable-next-line no-control-regex -- the control characters are exactly what is removed
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** A field's text: invisible characters out, runs of white space as one space, trimmed. */
export function cleanText(value: string): string {
  return value.replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
}

/**
 * A spreadsheet runs a cell starting with =, +, - or @ as a formula (CSV injection). The register
 * has no such name, so a file with one is refused, naming the cell, rather than stored altered: a
 * changed name would not match its listing and would hide what the file really holds. A phone or a
 * number ("+972 3-555 1234", "-") is not a formula and passes.
 */
const FORMULA_START = /^[=+\-@]/;
const NUMBER_LIKE = /^[+-]?[\d\s().\-+/]*$/;

/** Refuses a formula-like value. Checks the file's own text (before cleaning), so a tab or return in front does not hide it. */
export function assertNoFormula(value: string, place: Place): void {
  // eslint-disable-next-line no-control-regex -- control characters in front are what is looked past
  const start = value.replace(/^[\s\u0000-\u001F]+/, "");
  if (FORMULA_START.test(start) && !NUMBER_LIKE.test(start))
    refuse("registerFile.formula", { row: place.row, column: place.column, value: quoted(start) });
}

/** A field read for an entry: refused when formula-like or too long, else cleaned. */
export function field(value: string | undefined, place: Place): string {
  const text = value ?? "";
  assertNoFormula(text, place);
  const clean = cleanText(text);
  if (clean.length > REGISTER_FIELD_MAX)
    refuse("registerFile.tooLong", { row: place.row, column: place.column, max: REGISTER_FIELD_MAX });
  return clean;
}

/** Every cell of a raw row checked for formulas (a row is stored as the file had it). */
export function assertRawRow(raw: Record<string, string>, row: number): void {
  for (const [column, value] of Object.entries(raw)) assertNoFormula(value, { row, column });
}

const TEL_AVIV_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Jerusalem",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The day an instant falls on in Tel Aviv, "YYYY-MM-DD". */
export function telAvivDay(milliseconds: number): string {
  return TEL_AVIV_DAY.format(new Date(milliseconds));
}

function calendarDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A date as the register's files write it, as Tel Aviv's day: Unix seconds (the scraper's CSV and
 * the saved page's data-kosher_date), milliseconds, .NET's "/Date(ms)/", ISO ("2024-10-02",
 * "2024-10-02T00:00:00" read as Tel Aviv's own time, or with a zone), or the Israeli "02/10/2024".
 * null for an empty value; anything else, or a day outside 2000-2100, is refused naming the cell.
 */
export function readDay(value: string, place: Place): string | null {
  const text = cleanText(value);
  if (text === "") return null;
  const day = dayOf(text);
  if (day === null || day < "2000-01-01" || day > "2100-12-31")
    refuse("registerFile.badDate", { row: place.row, column: place.column, value: quoted(text) });
  return day;
}

/** A date written in any of readDay's forms, as Tel Aviv's day; null when it is none of them. */
export function dayOf(text: string): string | null {
  if (/^\d{9,10}$/.test(text)) return telAvivDay(Number(text) * 1000);
  if (/^\d{12,13}$/.test(text)) return telAvivDay(Number(text));
  const dotNet = /^\/Date\((\d{1,13})([+-]\d{4})?\)\/$/.exec(text);
  if (dotNet) return telAvivDay(Number(dotNet[1]));
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    text,
  );
  if (iso) {
    const day = calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (day === null || iso[7] === undefined) return day;
    const instant = Date.parse(text.replace(" ", "T"));
    return Number.isNaN(instant) ? null : telAvivDay(instant);
  }
  const israeli = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (israeli) return calendarDay(Number(israeli[3]), Number(israeli[2]), Number(israeli[1]));
  return null;
}

/** A "YYYY-MM-DD" in a file's name ("tel-aviv-2024-06-27.csv"): the day it was saved, as the list stood. */
export function dayInFileName(fileName: string): string | null {
  const found = /(\d{4})-(\d{2})-(\d{2})/.exec(fileName);
  if (!found) return null;
  const day = calendarDay(Number(found[1]), Number(found[2]), Number(found[3]));
  return day !== null && day >= "2000-01-01" && day <= "2100-12-31" ? day : null;
}

/** The facts of one entry, before it is numbered. */
export interface EntryFields {
  name: string;
  businessType: string;
  address: string;
  city: string;
  phone: string;
  validUntil: string | null;
  level: CertificateLevel | null;
  /** Told by the file (the portal); when undefined, read from the business type's words. */
  kind?: KosherKind | null;
  raw: Record<string, string>;
}

/** An entry from its fields: the name required, eatery and kind read from the business type. */
export function entryOf(fields: EntryFields, position: number, row: number, nameColumn: string): RegisterEntryRead {
  if (fields.name === "") refuse("registerFile.noName", { row, column: nameColumn });
  if (position >= REGISTER_MAX_ENTRIES) refuse("registerFile.tooManyRows", { max: REGISTER_MAX_ENTRIES });
  const { kind, ...facts } = fields;
  return {
    position,
    ...facts,
    kind: kind === undefined ? kindFromText(fields.businessType) : kind,
    eatery: isEatery(fields.businessType),
  };
}
