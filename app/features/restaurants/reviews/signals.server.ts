// The signals that hold a diner's review for an admin before it shows (database/reviews.ts
// HOLD_SIGNALS). Never its sentiment: only who wrote it, what its text carries (a link, a phone
// number, a watched word), how fast reviews come (a burst), whether its text was written about
// another place, and whether the reviewer has a claim on the place. Each check is a plain function
// of the review and the database, so the tests try each on its own.
import { and, count, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { HoldSignal } from "../../../../database/reviews";
import { claims } from "../../../../database/schema/lifecycle";
import { reviews, reviewWatchedWords } from "../../../../database/schema/reviews";
import type { Db } from "../../../../database/types";
import type { ReviewSettings } from "../../../lib/context";
import { foldedWords, hasPhrase } from "./kashrut-words";
import { isNewAccount, type ReviewedPlace, type Reviewer } from "./subjects.server";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Texts this similar (pg_trgm's similarity of their lower-cased letters) count as the same text: the
 * same review with a word changed or a name swapped is still "written about another place".
 */
export const REPEATED_TEXT_SIMILARITY = 0.8;

// A link: a scheme, "www.", or a name with a top-level domain people use ("falafel.co.il", "bit.ly/x").
const LINK =
  /(?:https?:\/\/|www\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|il|io|ly|me|app|biz|info|co|shop|site|online|xyz|link|to|gl)\b)/i;

/** Whether a text holds a link (or an e-mail address, whose domain is one). */
export function hasLink(text: string): boolean {
  return LINK.test(text);
}

/**
 * Whether a text holds a phone number: an Israeli one (03-555-1234, 054 123 4567, *6030, 1-800-123-456),
 * or an international one (+972 3 555 1234, 00 44 20 7946 0000). A year, a price or "2 for 1" is not one.
 */
export function hasPhone(text: string): boolean {
  // A business's star number.
  if (/(?:^|[^\p{L}\p{N}*])\*\d{4}(?!\d)/u.test(text)) return true;
  // Digits with the separators people write between them, starting with + or 0 (or 1-700/1-800).
  for (const match of text.matchAll(/\+?\(?\d[\d ().-]{5,}\d/g)) {
    const run = match[0];
    const digits = run.replace(/\D/g, "");
    if (run.startsWith("+") && digits.length >= 8 && digits.length <= 15) return true;
    if (digits.startsWith("0") && digits.length >= 9 && digits.length <= 15) return true;
    if (/^1[78]00\d{6}$/.test(digits)) return true;
  }
  return false;
}

/** The watched words and phrases the text holds as whole words (a Hebrew one with its prefixes). */
export function watchedWordsIn(text: string, watched: readonly string[]): string[] {
  const words = foldedWords(text);
  return watched.filter((entry) => hasPhrase(words, foldedWords(entry)));
}

/** What the signals are read about: the review being written, its author and its place. */
export interface ReviewBeingWritten {
  reviewer: Reviewer;
  place: ReviewedPlace;
  body: string;
  /** The review's id when this is an edit (it is left out of the counts). */
  reviewId?: string | undefined;
}

/** The account has never had a review published (the first one through the gate is held). */
async function firstReview(db: Db, { reviewer }: ReviewBeingWritten): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.author_id, reviewer.id), isNotNull(reviews.published_at)));
  return (row?.n ?? 0) === 0;
}

/** Reviews (besides this one) written or edited within the last day, matching `where`. */
async function writtenToday(db: Db, review: ReviewBeingWritten, now: Date, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(
      and(
        where,
        gt(reviews.updated_at, new Date(now.getTime() - DAY_MS)),
        review.reviewId ? ne(reviews.id, review.reviewId) : undefined,
      ),
    );
  // This one counts too.
  return (row?.n ?? 0) + 1;
}

/** The same text (or nearly) in a review of another place, by anyone. */
async function repeatedText(db: Db, { place, body }: ReviewBeingWritten): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        ne(reviews.restaurant_id, place.id),
        sql`similarity(lower(${reviews.body}), lower(${body})) >= ${REPEATED_TEXT_SIMILARITY}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The reviewer has an open or approved claim on the place. */
async function conflict(db: Db, { reviewer, place }: ReviewBeingWritten): Promise<boolean> {
  const [row] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(
      and(
        eq(claims.user_id, reviewer.id),
        eq(claims.restaurant_id, place.id),
        inArray(claims.status, ["open", "approved"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The words the admins watch for, as stored (folded). */
export async function watchedWords(db: Db): Promise<string[]> {
  const rows = await db.select({ word: reviewWatchedWords.word }).from(reviewWatchedWords);
  return rows.map((row) => row.word);
}

/** Every signal that fires for `review` at `now`, in HOLD_SIGNALS' order (empty: it may be published). */
export async function holdSignals(
  db: Db,
  review: ReviewBeingWritten,
  settings: ReviewSettings,
  now: Date,
): Promise<HoldSignal[]> {
  const fired: HoldSignal[] = [];
  if (isNewAccount(review.reviewer, settings.newAccountDays, now)) fired.push("new-account");
  if (await firstReview(db, review)) fired.push("first-review");
  if (hasLink(review.body)) fired.push("link");
  if (hasPhone(review.body)) fired.push("phone");
  if (watchedWordsIn(review.body, await watchedWords(db)).length > 0) fired.push("watched-word");
  if ((await writtenToday(db, review, now, eq(reviews.restaurant_id, review.place.id))) > settings.burstPerPlace)
    fired.push("burst-place");
  if ((await writtenToday(db, review, now, eq(reviews.author_id, review.reviewer.id))) > settings.burstPerAccount)
    fired.push("burst-account");
  if (await repeatedText(db, review)) fired.push("repeated-text");
  if (await conflict(db, review)) fired.push("conflict");
  return fired;
}
