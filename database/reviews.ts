// Diners' reviews: their states, the signals that hold one for an admin, the reasons a review is
// reported for, and the limits. Plain data, shared by the schema, the server and the pages; it
// imports no Drizzle, so the browser bundle may import it.

/**
 * Where a review stands. Only `published` reviews are shown, counted and given to search engines.
 * - `held`: a signal fired when it was written or edited (HOLD_SIGNALS); an admin decides.
 * - `hidden`: enough weighted reports hid it (REVIEW_HIDE_WEIGHT); an admin decides.
 * - `rejected`: an admin refused it, with a reason its author sees (and may ask a second look at, once).
 */
export const REVIEW_STATUSES = ["published", "held", "hidden", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The languages a review may be written in (recorded, shown beside it, and bidi-isolated). */
export const REVIEW_LANGUAGES = ["he", "en"] as const;
export type ReviewLanguage = (typeof REVIEW_LANGUAGES)[number];

/**
 * Why a review waits for an admin before it shows: never its sentiment. Stored with the review
 * (`held_for`) and shown in the moderation queue; the published policy page names each.
 */
export const HOLD_SIGNALS = [
  /** The account is younger than REVIEW_NEW_ACCOUNT_DAYS. */
  "new-account",
  /** The account's first review. */
  "first-review",
  /** The text holds a link. */
  "link",
  /** The text holds a phone number. */
  "phone",
  /** The text holds a word on the admins' watched list. */
  "watched-word",
  /** More than REVIEW_BURST_PER_PLACE reviews of this place within a day. */
  "burst-place",
  /** More than REVIEW_BURST_PER_ACCOUNT reviews by this account within a day. */
  "burst-account",
  /** The same text was written about another place. */
  "repeated-text",
  /** The reviewer has a claim on the place (its linked owners may not review it at all). */
  "conflict",
  /** The author sent it though it speaks of kashrut, after being offered the problem report. */
  "kashrut",
] as const;
export type HoldSignal = (typeof HOLD_SIGNALS)[number];

/** Why a signed-in visitor reports a review. `kashrut` is sent to the problem-report queue too. */
export const REVIEW_REPORT_REASONS = ["spam", "attack", "wrong-place", "conflict", "kashrut", "other"] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/** What an admin (or the reports) did to a review: each a row of review_decisions, with who and why. */
export const REVIEW_DECISIONS = ["approved", "rejected", "hidden", "second-look"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 4_000;
export const REVIEW_REPLY_MAX = 2_000;
export const REVIEW_REASON_MAX = 500;
export const REVIEW_REPORT_NOTE_MAX = 1_000;
/** A watched word or phrase: at least 2 and at most 60 characters. */
export const WATCHED_WORD_MAX = 60;
/** Reviews shown per page on a restaurant page. */
export const REVIEWS_PAGE_SIZE = 10;
/**
 * Reports' weights add up to this to hide a review until an admin decides: an established account's
 * report weighs 2 (verified e-mail, older than the new-account age), any other 1.
 */
export const REVIEW_HIDE_WEIGHT = 4;
/**
 * The Bayesian average that orders by rating: (C·m + Σ stars) / (C + n), with m the mean of all
 * published reviews and C this many reviews' weight. Three five-star reviews stay below a thousand
 * at 4.6 while C·(4.6 − m) > 3·(5 − 4.6), that is for any mean of all under 4.55 with C = 25 (10
 * would hold only under 4.48, and directories' means run near 4.5).
 */
export const BAYES_WEIGHT = 25;

/** The month of the visit, `YYYY-MM`. */
export const VISIT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A restaurant's published reviews in numbers: what the card, the page and the ordering read. */
export interface ReviewTotals {
  count: number;
  /** The sum of their stars (the average is stars / count). */
  stars: number;
  /** How many gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: [number, number, number, number, number];
}
