// Whether a register list looks partial: far fewer businesses than the previous list, or an
// alphabetical list cut short (a scraper that read only its first pages, a page saved halfway).
import { PARTIAL_SHARE, type PartialReason } from "../../../../database/register";

const ALPHABET = "אבגדהוזחטיכלמנסעפצקרשת";
const FINAL_FORMS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };

/** The place of a name's first letter in the Hebrew alphabet (0-21); null for a name that starts otherwise (Latin, a digit, a bracket). */
function hebrewInitial(name: string): number | null {
  const first = name.trim().charAt(0);
  const index = ALPHABET.indexOf(FINAL_FORMS[first] ?? first);
  return index === -1 ? null : index;
}

/**
 * Fewer Hebrew names than this and the alphabet says nothing: a small list (a revoked list, a few
 * dozen names) may well have none after "פ". A whole register has about 1,100, and names starting
 * with ר, ש and ת are common (about one in eight).
 */
export const ALPHABET_MIN_NAMES = 200;
/**
 * A list is alphabetical when, where the first letter changes from one Hebrew name to the next, it
 * moves forward (at least 90 % of the changes, of at least ten changes): a list in another order
 * (the portal's, a shuffled one, one reversed) says nothing about the alphabet.
 */
const ALPHABET_MIN_STEPS = 10;
const SORTED_SHARE = 0.9;
/** A complete alphabetical list reaches ר (and on to ת); one whose last names are before ר stopped early. */
const LAST_INITIAL_AT_LEAST = ALPHABET.indexOf("ר");
/** …and starts by ג: one whose first Hebrew names come later is missing its first pages. */
const FIRST_INITIAL_AT_MOST = ALPHABET.indexOf("ג");

/** Whether an alphabetical list stops (or starts) mid-alphabet; an unsorted or small list never does. */
export function stopsMidAlphabet(names: readonly string[]): boolean {
  const initials = names.map(hebrewInitial).filter((initial): initial is number => initial !== null);
  if (initials.length < ALPHABET_MIN_NAMES) return false;
  let steps = 0;
  let forward = 0;
  for (let i = 1; i < initials.length; i += 1) {
    const [before, after] = [initials[i - 1] ?? 0, initials[i] ?? 0];
    if (after === before) continue;
    steps += 1;
    if (after > before) forward += 1;
  }
  if (steps < ALPHABET_MIN_STEPS || forward < SORTED_SHARE * steps) return false;
  const tail = initials.slice(-Math.ceil(initials.length / 50));
  const head = initials.slice(0, Math.ceil(initials.length / 50));
  return Math.max(...tail) < LAST_INITIAL_AT_LEAST || Math.min(...head) > FIRST_INITIAL_AT_MOST;
}

/**
 * Why a new list looks partial, or null: "short" when it has fewer than PARTIAL_SHARE (70 %) of the
 * previous snapshot's active entries (none before: no such check), "midAlphabet" when it is
 * alphabetical and stops (or starts) mid-alphabet. Meant for the register; a revoked list is short by nature.
 */
export function partialReason(
  entries: readonly { name: string }[],
  previousActiveCount: number | null,
): PartialReason | null {
  if (previousActiveCount !== null && previousActiveCount > 0 && entries.length < PARTIAL_SHARE * previousActiveCount)
    return "short";
  return stopsMidAlphabet(entries.map((entry) => entry.name)) ? "midAlphabet" : null;
}
