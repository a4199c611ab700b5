// Search, Hebrew-aware, written once for the browser index and the database (ADR 022). Text is
// normalised the same way everywhere: case-insensitive, niqqud and cantillation marks ignored,
// final letters read as their regular forms, geresh/gershayim and quote marks ignored. A term's
// word matches a restaurant when, in its normalised text (`searchTextOf`):
//   1. the word appears anywhere (a prefix or a part of a longer word counts), or
//   2. a Hebrew word without its one-letter prefixes (ו ה ב ל מ ש כ, up to two of them) begins a
//      word of the text ("ובתל" finds "תל אביב"), or
//   3. a word of at least TYPO_MIN_LENGTH letters (letters only: a number is never a typo) is close to one of the text's words: the share of
//      trigrams they have in common, counted as PostgreSQL's pg_trgm counts them, is at least
//      TYPO_SIMILARITY (one wrong letter in a word of five: "olivw" finds "olive").
// The browser and the server's list run these rules in matching.ts; the database runs the same three in SQL
// (search-query.server.ts), on the same stored text, and a test holds the two to the same results.

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

/** Between the fields of a search text, so no word is found across two of them (any character PostgreSQL text may hold). */
const FIELD_SEPARATOR = " \u001F ";

/** The text a restaurant's search terms are matched against: its fields joined, then normalised. */
export function searchTextOf(fields: readonly string[]): string {
  return normalizeForSearch(
    fields
      .map((field) => field.trim())
      .filter(Boolean)
      .join(FIELD_SEPARATOR),
  );
}

/** The one-letter Hebrew prefixes: and, the, in, to, from, that, as. */
const PREFIX = /^[והבלמשכ]/;
const HEBREW_WORD = /^[\u05D0-\u05EA]+$/;
/** What is left of a word after its prefixes must be at least this long. */
const MIN_STEM = 2;

/** What a Hebrew word reads as without one or two one-letter prefixes ("ובתל": בתל, תל); none for other words. */
export function wordStems(word: string): string[] {
  const stems: string[] = [];
  if (!HEBREW_WORD.test(word)) return stems;
  let stem = word;
  for (let i = 0; i < 2 && PREFIX.test(stem) && stem.length - 1 >= MIN_STEM; i++) {
    stem = stem.slice(1);
    stems.push(stem);
  }
  return stems;
}

/** Whether `text` has a word that begins with `start`. */
function beginsAWord(text: string, start: string): boolean {
  return text.startsWith(start) || text.includes(` ${start}`);
}

/** Typo tolerance applies to words at least this long; shorter ones differ too much by one letter. */
export const TYPO_MIN_LENGTH = 4;
/** pg_trgm's default strict word similarity threshold, which the database's index condition uses. */
export const TYPO_SIMILARITY = 0.5;

/** Whether rule 3 applies to a search word: letters only, at least TYPO_MIN_LENGTH of them. */
export function mayBeTypo(word: string): boolean {
  return LETTERS_ONLY.test(word) && [...word].length >= TYPO_MIN_LENGTH;
}
const LETTERS_ONLY = /^\p{L}+$/u;

/** Letters and digits: what pg_trgm takes as a word's characters (the rest separates words). */
const TRIGRAM_WORD = /[\p{L}\p{N}]+/gu;

/** A text's trigrams as pg_trgm makes them: each word padded with two spaces before and one after. */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const [word] of text.matchAll(TRIGRAM_WORD)) {
    const padded = [" ", " ", ...word, " "];
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3).join(""));
  }
  return trigrams;
}

/** pg_trgm's similarity: trigrams in common over trigrams in either. */
export function trigramSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const trigram of a) if (b.has(trigram)) common++;
  return common / (a.size + b.size - common);
}

/** The space-separated words of a search text, each once. */
export function textWords(text: string): string[] {
  return [...new Set(text.split(" "))];
}

/** Rules 1 and 2 above: the word anywhere in the text, or one of its Hebrew stems beginning a word. */
export function wordInText(word: string, text: string): boolean {
  return text.includes(word) || wordStems(word).some((stem) => beginsAWord(text, stem));
}

/** Text words' trigrams, kept across search words (a directory's texts share a vocabulary); bounded. */
const wordTrigrams = new Map<string, Set<string>>();
const MAX_KEPT_WORDS = 50_000;

function trigramsOfWord(textWord: string): Set<string> {
  let trigrams = wordTrigrams.get(textWord);
  if (!trigrams) {
    if (wordTrigrams.size >= MAX_KEPT_WORDS) wordTrigrams.clear();
    trigrams = trigramsOf(textWord);
    wordTrigrams.set(textWord, trigrams);
  }
  return trigrams;
}

/** Rule 3 for one search word: whether a (distinct) word of the texts is close to it. */
export function closeTo(word: string): (textWord: string) => boolean {
  const trigrams = trigramsOf(word);
  return (textWord) =>
    LETTERS_ONLY.test(textWord) && trigramSimilarity(trigrams, trigramsOfWord(textWord)) >= TYPO_SIMILARITY;
}
