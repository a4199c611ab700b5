// What the review form needs in the browser, kept apart from the rules' zod and from the kashrut words
// (which use the search normaliser): the visit month's bounds, the language recognised from the letters,
// and the shape of what a refusal hands back. Tiny, so the review page carries little.
import type { ReviewLanguage } from "../../../../database/reviews";

/** The earliest month of a visit a review may name. */
export const FIRST_VISIT_MONTH = "2000-01";

/** The current month, YYYY-MM, in Israel's time (the site's clock), for the visit month's upper bound. */
export function currentMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jerusalem", year: "numeric", month: "2-digit" })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}`;
}

/**
 * The language a text is written in, by its letters: Hebrew when it has at least as many Hebrew letters
 * as Latin ones (and some), else English. The author may correct it in the form.
 */
export function recogniseLanguage(text: string): ReviewLanguage {
  const hebrew = (text.match(/[\u05D0-\u05EA]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  return hebrew > 0 && hebrew >= latin ? "he" : "en";
}

/** What the author typed, as a refusal hands it back to fill the form again. */
export interface TypedReview {
  rating: string;
  body: string;
  language: string;
  ateHere: boolean;
  visitMonth: string;
  notKashrut: boolean;
}
