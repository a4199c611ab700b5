// What a diner's review must be, as a zod schema whose every rule names its message (app/lib/form-rules.ts):
// 1-5 stars, a text of REVIEW_TEXT_MIN..REVIEW_TEXT_MAX characters, its language (he or en), "I ate here"
// and the month of the visit (YYYY-MM, from January 2000 to the current month). No kashrut rating: a
// text that speaks of kashrut is offered the problem report instead (speaksOfKashrut). Browser-safe:
// the form reads the limits and recognises the language as the author types.
import { z } from "zod";
import {
  REVIEW_LANGUAGES,
  REVIEW_REASON_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  VISIT_MONTH,
  type ReviewLanguage,
} from "../../../../database/reviews";
import {
  FORM_PARSE,
  fieldMessages,
  formText,
  hasNoControlCharacters,
  paragraphText,
  storableText,
} from "../../../lib/form-rules";
import { normalizeForSearch, wordStems } from "../../../lib/search-text";
import type { MessageKey } from "../../../locales/en";

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

const checkbox = () =>
  z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true" || value === "1");

/** The review form's schema at `now` (the visit month may not be after the current month). */
export function reviewSchema(now: Date) {
  const latest = currentMonth(now);
  return z.object({
    rating: z
      .string()
      .regex(/^[1-5]$/, { error: "reviewWrite.ratingRequired" satisfies MessageKey })
      .transform(Number),
    body: storableText()
      .transform((value) => value.replace(/\r\n?/g, "\n").trim())
      .pipe(
        z
          .string()
          .min(REVIEW_TEXT_MIN, { error: "reviewWrite.textTooShort" satisfies MessageKey })
          .max(REVIEW_TEXT_MAX, { error: "reviewWrite.textTooLong" satisfies MessageKey })
          .refine(hasNoControlCharacters, { error: "error.invalidCharacters" satisfies MessageKey }),
      ),
    language: z.enum(REVIEW_LANGUAGES, { error: "reviewWrite.languageRequired" satisfies MessageKey }),
    ateHere: checkbox(),
    visitMonth: z
      .string()
      .regex(VISIT_MONTH, { error: "reviewWrite.monthInvalid" satisfies MessageKey })
      .refine((month) => month >= FIRST_VISIT_MONTH, { error: "reviewWrite.monthTooEarly" satisfies MessageKey })
      .refine((month) => month <= latest, { error: "reviewWrite.monthInFuture" satisfies MessageKey }),
    /** "My review is about the food and service, not kashrut": sends a text that speaks of kashrut, held. */
    notKashrut: checkbox(),
  });
}

export type ReviewValues = z.infer<ReturnType<typeof reviewSchema>>;
export type ReviewField = keyof ReviewValues;

export type ParsedReview =
  { ok: true; values: ReviewValues } | { ok: false; errors: Partial<Record<ReviewField, MessageKey>> };

/** The review form as sent (a field left out, or a file where text belongs, reads as empty), checked at `now`. */
export function parseReview(form: { get(name: string): unknown }, now: Date): ParsedReview {
  const text = formText(form);
  const optional = (name: string) => (typeof form.get(name) === "string" ? text(name) : undefined);
  const parsed = reviewSchema(now).safeParse(
    {
      rating: text("rating"),
      body: text("body"),
      language: text("language"),
      ateHere: optional("ateHere"),
      visitMonth: text("visitMonth"),
      notKashrut: optional("notKashrut"),
    },
    FORM_PARSE,
  );
  if (parsed.success) return { ok: true, values: parsed.data };
  return { ok: false, errors: fieldMessages<ReviewField>(parsed.error.issues) };
}

/** The author's words when asking for a second look at a rejection (may be empty). */
export const secondLookSchema = z.object({ reason: paragraphText(REVIEW_REASON_MAX, "reviewWrite.reasonTooLong") });

/** What the author typed, as a refusal hands it back to fill the form again. */
export interface TypedReview {
  rating: string;
  body: string;
  language: string;
  ateHere: boolean;
  visitMonth: string;
  notKashrut: boolean;
}
