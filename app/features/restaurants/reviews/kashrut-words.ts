// Whether a review's text speaks of kashrut, which is not a matter of opinion here: such a text is
// offered the problem report instead of being stored (writing.server.ts). Whole words and phrases in
// the text as the shared search normaliser folds it (case, niqqud, final letters), a Hebrew word with
// up to two one-letter prefixes; the watched words (signals.server.ts) are matched the same way.
// Server-side only in practice: the browser never needs it, and it keeps the normaliser off the review page.
import { normalizeForSearch, wordStems } from "../../../lib/search-text";

/**
 * Words and phrases that say the text is about kashrut (folded as normalizeForSearch folds them). A
 * Hebrew word matches with up to two one-letter prefixes ("והתעודה", "בכשרות"). "kosher" and "כשר"
 * alone do not: "great kosher sushi" and "kosher style" speak of the food, on a site where every place
 * is kosher; only their negations do ("not kosher", "לא כשר").
 */
export const KASHRUT_TERMS: readonly string[] = [
  "not kosher",
  "non kosher",
  "isnt kosher",
  "wasnt kosher",
  "no longer kosher",
  "not really kosher",
  "unkosher",
  "kashrut",
  "kashrus",
  "kashruth",
  "teuda",
  "teudah",
  "hechsher",
  "hekhsher",
  "mashgiach",
  "mashgiah",
  "mashgichim",
  "treif",
  "treyf",
  "traif",
  "trefa",
  "rabbinate",
  "rabbanut",
  "badatz",
  "לא כשר",
  "לא כשרה",
  "לא באמת כשר",
  "כשרות",
  "טרף",
  "טרפה",
  "טריפה",
  "תעודה",
  "תעודת",
  "תעודות",
  "הכשר",
  "משגיח",
  "משגיחה",
  "משגיחים",
  "רבנות",
  "בדצ",
].map(normalizeForSearch);

/** A text's words as the kashrut and watched-word checks read them: folded, split at anything but letters and digits. */
export function foldedWords(text: string): string[] {
  return normalizeForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether `phrase` (folded words) occurs as whole words in `words`; its first word may carry Hebrew prefixes. */
export function hasPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  const [first, ...rest] = phrase;
  if (first === undefined) return false;
  for (let i = 0; i + phrase.length <= words.length; i++) {
    const word = words[i] ?? "";
    if (word !== first && !wordStems(word).includes(first)) continue;
    if (rest.every((next, j) => words[i + 1 + j] === next)) return true;
  }
  return false;
}

/** Whether a text speaks of kashrut (whole words and phrases; "scampi" is not "scam", "teudat" is not "teuda"). */
export function speaksOfKashrut(text: string): boolean {
  const words = foldedWords(text);
  return KASHRUT_TERMS.some((term) => hasPhrase(words, term.split(" ")));
}
