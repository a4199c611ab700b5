// What an admin's rejection reason and a watched word must be, as zod schemas whose every rule names
// its message (the dashboard's words, the manage area).
import { z } from "zod";
import { REVIEW_REASON_MAX, WATCHED_WORD_MAX } from "../../../../database/reviews";
import { paragraphText } from "../../../lib/form-rules";
import { normalizeForSearch } from "../../../lib/search-text";
import type { MessageKey } from "../../../locales/en";

/** An admin's reason for a rejection: required (its author reads it), at most REVIEW_REASON_MAX characters. */
export const rejectionSchema = z.object({
  reason: paragraphText(REVIEW_REASON_MAX, "reviewQueue.reasonTooLong", "reviewQueue.reasonRequired"),
});

/** A watched word or phrase as stored: folded by the search normaliser, 2..WATCHED_WORD_MAX characters. */
export const watchedWordSchema = z.object({
  word: paragraphText(WATCHED_WORD_MAX * 4, "reviewQueue.wordTooLong")
    .transform((value) => normalizeForSearch(value))
    .pipe(
      z
        .string()
        .min(2, { error: "reviewQueue.wordTooShort" satisfies MessageKey })
        .max(WATCHED_WORD_MAX, { error: "reviewQueue.wordTooLong" satisfies MessageKey }),
    ),
});
