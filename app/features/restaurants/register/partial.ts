// Whether a register list looks partial (a scraper that stopped, a page saved half-loaded), so an
// import of it needs an admin's reason: far fewer rows than the last list, or an alphabetical list
// that stops well before the end of the Hebrew alphabet. Pure, so it is unit tested.
import { PARTIAL_SHARE, type PartialReason } from "../../../../database/register";

const ALPHABET = "אבגדהוזחטיכלמנסעפצקרשת";
/** Final letters read as their usual form (ך is כ). */
const FINALS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
/** A complete register's last names start with one of these (ש, ת): it runs to the end of the alphabet. */
const LAST_LETTERS_FROM = ALPHABET.indexOf("ש");
/** Too few Hebrew names say nothing about where the alphabet stops. */
const MIN_HEBREW_NAMES = 20;
/** Share of neighbouring Hebrew names in order for a list to count as alphabetical. */
const ORDERED_SHARE = 0.8;

/** The place in the alphabet of a name's first Hebrew letter, or -1 when it does not start with one. */
function letterIndex(name: string): number {
  const first = name.trim().replace(/^[\s"'()\-.]+/, "")[0] ?? "";
  return ALPHABET.indexOf(FINALS[first] ?? first);
}

/**
 * Why `names` (in the file's order) look like a partial list, or null: "short" when there are fewer
 * than PARTIAL_SHARE of `previousActiveCount` (the last list's rows; null for the first list), and
 * "midAlphabet" when the names run in alphabetical order and the last ones start well before ש.
 */
export function partialReason(names: readonly string[], previousActiveCount: number | null): PartialReason | null {
  if (previousActiveCount !== null && previousActiveCount > 0 && names.length < previousActiveCount * PARTIAL_SHARE)
    return "short";
  const letters = names.map(letterIndex).filter((index) => index >= 0);
  if (letters.length < MIN_HEBREW_NAMES) return null;
  const ordered = letters.filter((letter, i) => i > 0 && letter >= (letters[i - 1] ?? 0)).length;
  if (ordered < (letters.length - 1) * ORDERED_SHARE) return null;
  return (letters.at(-1) ?? 0) < LAST_LETTERS_FROM ? "midAlphabet" : null;
}
