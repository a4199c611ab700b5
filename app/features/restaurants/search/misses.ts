// The home page's searches that found nothing — what a term is once the server has
// read it. The browser's word is never trusted: its term is normalised as the search normalises
// (app/lib/search-text.ts: case, niqqud, final letters, quotes, spaces), cut to MISS_TERM_MAX characters, and
// kept only with at least MISS_TERM_MIN_LETTERS letters or digits (counted as characters, not
// bytes: "פיצ" has three); control characters read as spaces. Nothing about who searched is ever part of it.
import { normalizeForSearch } from "../../../lib/search-text";

/** The longest term kept, in characters (after normalising). */
export const MISS_TERM_MAX = 60;
/** Terms with fewer letters (or digits) than this are not kept. */
export const MISS_TERM_MIN_LETTERS = 3;
/** The largest beacon body the server reads (the browser sends at most MISS_TERM_MAX characters). */
export const MISS_BEACON_MAX_BYTES = 200;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;
/** Control and format characters, lone surrogates, unassigned code points: read as spaces (a NUL is no text PostgreSQL may hold). */
const NOT_TEXT = /\p{C}+/gu;

/** The term as it is counted, or null when it is not kept (too short, no searchable text). */
export function missTerm(raw: string): string | null {
  const term = [...normalizeForSearch(raw.slice(0, MISS_TERM_MAX * 4).replace(NOT_TEXT, " "))]
    .slice(0, MISS_TERM_MAX)
    .join("")
    .trim();
  return (term.match(LETTER_OR_DIGIT)?.length ?? 0) >= MISS_TERM_MIN_LETTERS ? term : null;
}

/**
 * A count's key in the tally: the Tel Aviv day, the term and who searched it, as the day's keyed
 * hash of their address (server/statistics/search-misses.ts). Neither a term (normalised) nor a
 * hash (base64url) ever holds a tab.
 */
export function missKey(day: string, term: string, visitor: string): string {
  return `${day}\t${term}\t${visitor}`;
}

/** A tally key read back; null for a key not made by missKey. */
export function parseMissKey(key: string): { day: string; term: string; visitor: string } | null {
  const [day = "", term = "", visitor = "", ...rest] = key.split("\t");
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && term !== "" && visitor !== "" && rest.length === 0
    ? { day, term, visitor }
    : null;
}
