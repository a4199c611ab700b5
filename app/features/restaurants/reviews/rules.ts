// What a diner's review must be, as a zod schema whose every rule names its message (app/lib/form-rules.ts):
// 1-5 stars, a text of REVIEW_TEXT_MIN..REVIEW_TEXT_MAX characters, its language (he or en), "I ate here"
// and the month of the visit (YYYY-MM, from January 2000 to the current month). No kashrut rating: a
// text that speaks of kashrut is offered the problem report instead (kashrut-words.ts). The server
// parses with it; the form itself reads only form-facts.ts, so the review page carries no zod of its own.
import { z } from "zod";
import {
  REVIEW_LANGUAGES,
  REVIEW_REASON_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  VISIT_MONTH,
} from "../../../../database/reviews";
import {
  FORM_PARSE,
  fieldMessages,
  formText,
  hasNoControlCharacters,
  paragraphText,
  storableText,
} from "../../../lib/form-rules";
import type { MessageKey } from "../../../locales/en";
import { FIRST_VISIT_MONTH, currentMonth } from "./form-facts";

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
