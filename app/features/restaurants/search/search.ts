// Text normalisation for search, Hebrew-aware: case-insensitive, niqqud and cantillation marks
// ignored, final letters read as their regular forms, geresh/gershayim and quote marks ignored.

const FINAL_FORMS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };

// U+0591–U+05AF cantillation, U+05B0–U+05BD and U+05BF, U+05C1–U+05C2, U+05C4–U+05C5, U+05C7
// niqqud and points; U+0300–U+036F Latin combining marks (é -> e after NFD).
const MARKS = /[\u0591-\u05AF\u05B0-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7\u0300-\u036F]/g;
// Geresh, gershayim, maqaf is kept as a separator; ASCII and typographic quotes, backtick.
const QUOTES = /[\u05F3\u05F4'"`\u2018\u2019\u201C\u201D\u00B4]/g;
const FINALS = /[ךםןףץ]/g;

export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(QUOTES, "")
    .toLowerCase()
    .replace(FINALS, (letter) => FINAL_FORMS[letter] ?? letter)
    .replace(/[\s\u05BE_-]+/g, " ")
    .trim();
}

/** The words of a search term, normalised; empty when the term has no searchable text. */
export function searchWords(term: string): string[] {
  const normalized = normalizeForSearch(term);
  return normalized === "" ? [] : normalized.split(" ");
}
