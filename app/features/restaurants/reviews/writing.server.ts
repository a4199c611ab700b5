// A diner's side of reviews: writing one review per place, editing it (the latest version counts;
// each earlier one is kept in review_versions), deleting it, and asking once for a second look at a
// rejection. Every function checks its actor itself ("review:write" with the place's linked owners),
// reads the account from the database (a verified e-mail, its age), and sets only the review's
// status: the database recounts the totals and empties the page caches by itself (0021_reviews.sql).
import { and, count, eq, isNull } from "drizzle-orm";
import type { HoldSignal, ReviewStatus } from "../../../../database/reviews";
import { reviewDecisions, reviews, reviewVersions, type ReviewRow } from "../../../../database/schema/reviews";
import type { Db } from "../../../../database/types";
import type { ReviewSettings } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { can, type Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { hitRateLimits } from "../../../lib/rate-limit.server";
import { REVIEW_LIMITS } from "./limits";
import { speaksOfKashrut } from "./kashrut-words";
import type { ReviewValues } from "./rules";
import { holdSignals } from "./signals.server";
import { isNewAccount, reviewedPlace, reviewerOf, type Reviewer } from "./subjects.server";

/** Who writes: a signed-in account (its id and e-mail, for the decisions' log). */
export interface ReviewAuthor extends Subject {
  id: string;
  email: string;
}

/** The author's own review as their page shows it. */
export interface OwnReview {
  id: string;
  rating: number;
  body: string;
  language: ReviewValues["language"];
  ateHere: boolean;
  visitMonth: string;
  status: ReviewStatus;
  heldFor: HoldSignal[];
  rejectionReason: string | null;
  /** The author asked for a second look already (once per review). */
  secondLookAsked: boolean;
  /** How many earlier versions it has. */
  versions: number;
  updatedAt: string;
}

async function ownRow(db: Db, authorId: string, restaurantId: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.author_id, authorId), eq(reviews.restaurant_id, restaurantId)));
  return row;
}

async function ownReview(db: Db, row: ReviewRow): Promise<OwnReview> {
  const [versions] = await db.select({ n: count() }).from(reviewVersions).where(eq(reviewVersions.review_id, row.id));
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    language: row.language,
    ateHere: row.ate_here,
    visitMonth: row.visit_month,
    status: row.status,
    heldFor: row.held_for,
    rejectionReason: row.rejection_reason,
    secondLookAsked: row.second_look_at !== null,
    versions: versions?.n ?? 0,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The review page for `viewer` (null: a visitor) at the listing `slug`; undefined when there is none. */
export interface ReviewPage {
  place: { slug: string; name: { en: string; he?: string } };
  /** The viewer is one of its linked owners: they may not review it. */
  isOwner: boolean;
  /** The viewer may write here (signed in, not an owner of the place). */
  mayWrite: boolean;
  emailVerified: boolean;
  /** A new account: its browser finds the proof-of-work before sending (without it, a stricter quota). */
  needsProof: boolean;
  review: OwnReview | null;
}

export async function reviewPageFor(
  db: Db,
  viewer: ReviewAuthor | null,
  slug: string,
  settings: ReviewSettings,
  now = new Date(),
): Promise<ReviewPage | undefined> {
  if (slug.includes("\u0000")) return undefined;
  const place = await reviewedPlace(db, slug);
  if (!place) return undefined;
  const reviewer = viewer ? await reviewerOf(db, viewer.id) : null;
  const row = viewer ? await ownRow(db, viewer.id, place.id) : undefined;
  return {
    place: { slug: place.slug, name: { en: place.nameEn, ...(place.nameHe ? { he: place.nameHe } : {}) } },
    isOwner: viewer !== null && place.ownerIds.includes(viewer.id),
    mayWrite: can(viewer, "review:write", place),
    emailVerified: reviewer?.emailVerified === true,
    needsProof: reviewer !== null && isNewAccount(reviewer, settings.newAccountDays, now),
    review: row ? await ownReview(db, row) : null,
  };
}

/**
 * The place and the account a write is about, checked: the listing exists, the account's e-mail is
 * verified (read from the database: a link opened a moment ago counts), and the rule book lets the
 * actor review it (its linked owners may not).
 */
async function subjectsOf(db: Db, actor: ReviewAuthor | null, slug: string) {
  if (!actor) throw new AppError("forbidden", "access.denied");
  const place = slug.includes("\u0000") ? null : await reviewedPlace(db, slug);
  if (!place) throw new AppError("notFound", "reviewWrite.placeGone");
  assertCan(actor, "review:write", place);
  const reviewer = await reviewerOf(db, actor.id);
  if (!reviewer) throw new AppError("forbidden", "access.denied");
  if (!reviewer.emailVerified) throw new AppError("forbidden", "reviewWrite.verifyFirst");
  return { place, reviewer };
}

export interface WrittenReview {
  slug: string;
  values: ReviewValues;
  clientIp: string;
  /** The browser found the proof-of-work (checked by the caller); without it a new account has a stricter quota. */
  proofOfWork: boolean;
}

/** Counts one write under the address's and the account's quotas (RateLimitedError, nothing spent, when over). */
async function spendQuota(db: Db, reviewer: Reviewer, written: WrittenReview, settings: ReviewSettings, now: Date) {
  const basic = isNewAccount(reviewer, settings.newAccountDays, now) && !written.proofOfWork;
  await hitRateLimits(
    db,
    basic
      ? [
          { key: `review-basic:ip:${written.clientIp}`, limit: REVIEW_LIMITS.basicPerIp },
          { key: `review-basic:account:${reviewer.id}`, limit: REVIEW_LIMITS.basicPerAccount },
        ]
      : [
          { key: `review:ip:${written.clientIp}`, limit: REVIEW_LIMITS.perIp },
          { key: `review:account:${reviewer.id}`, limit: REVIEW_LIMITS.perAccount },
        ],
    now,
  );
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Writes `actor`'s review of the place, or edits the one they wrote (one per account and place). A
 * text that speaks of kashrut is refused with the offer of the problem report ("reviewWrite.kashrutOffer"),
 * unless the author said it is about the food and service: then it is held with "kashrut". Any hold
 * signal, or an edit of a hidden or rejected review, holds it; otherwise it is published. Refused,
 * with nothing stored or spent, for a visitor, an unverified address, a linked owner, a gone listing;
 * over a limit, RateLimitedError with nothing stored.
 */
export async function writeReview(
  db: Db,
  actor: ReviewAuthor | null,
  written: WrittenReview,
  settings: ReviewSettings,
  now = new Date(),
): Promise<{ id: string; status: ReviewStatus; heldFor: HoldSignal[]; edited: boolean }> {
  const { place, reviewer } = await subjectsOf(db, actor, written.slug);
  const { values } = written;
  const aboutKashrut = speaksOfKashrut(values.body);
  if (aboutKashrut && !values.notKashrut) throw new AppError("invalid", "reviewWrite.kashrutOffer");
  await spendQuota(db, reviewer, written, settings, now);
  const before = await ownRow(db, reviewer.id, place.id);
  const heldFor = await holdSignals(db, { reviewer, place, body: values.body, reviewId: before?.id }, settings, now);
  if (aboutKashrut) heldFor.push("kashrut");
  const status: ReviewStatus =
    heldFor.length > 0 || before?.status === "hidden" || before?.status === "rejected" ? "held" : "published";
  const fields = {
    rating: values.rating,
    body: values.body,
    language: values.language,
    ate_here: values.ateHere,
    visit_month: values.visitMonth,
  };
  if (!before) {
    try {
      const [row] = await db
        .insert(reviews)
        .values({
          ...fields,
          restaurant_id: place.id,
          author_id: reviewer.id,
          status,
          held_for: heldFor,
          created_at: now,
          updated_at: now,
          published_at: status === "published" ? now : null,
        })
        .returning({ id: reviews.id });
      if (!row) throw new Error("reviews: the insert returned no row");
      return { id: row.id, status, heldFor, edited: false };
    } catch (error) {
      // Two first reviews sent at once: the second finds the first and is refused (one per place).
      if (isUniqueViolation(error)) throw new AppError("conflict", "reviewWrite.writtenMeanwhile");
      throw error;
    }
  }
  await db.transaction(async (tx) => {
    // The row as it is now (locked): its version is kept before it is overwritten.
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, before.id)).for("update");
    if (!current) throw new AppError("conflict", "reviewWrite.writtenMeanwhile");
    await tx.insert(reviewVersions).values({
      review_id: current.id,
      rating: current.rating,
      body: current.body,
      language: current.language,
      ate_here: current.ate_here,
      visit_month: current.visit_month,
      written_at: current.updated_at,
    });
    await tx
      .update(reviews)
      .set({
        ...fields,
        status,
        held_for: heldFor,
        rejection_reason: null,
        updated_at: now,
        published_at: status === "published" && current.status !== "published" ? now : current.published_at,
      })
      .where(eq(reviews.id, current.id));
  });
  return { id: before.id, status, heldFor, edited: true };
}

/** Deletes `actor`'s own review of the place (its versions, reports, reply and decisions go with it). */
export async function deleteReview(db: Db, actor: ReviewAuthor | null, slug: string): Promise<void> {
  if (!actor) throw new AppError("forbidden", "access.denied");
  const place = slug.includes("\u0000") ? null : await reviewedPlace(db, slug);
  if (!place) throw new AppError("notFound", "reviewWrite.placeGone");
  // Only the author's own: the row is found by the place and the actor, never by an id sent.
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.author_id, actor.id), eq(reviews.restaurant_id, place.id)))
    .returning({ id: reviews.id });
  if (deleted.length === 0) throw new AppError("notFound", "reviewWrite.noReview");
}

/**
 * The author of a rejected review asks, once, for a second look: the review stays rejected, and the
 * request (with their words, maybe none) is logged for the admins' queue.
 */
export async function askSecondLook(
  db: Db,
  actor: ReviewAuthor | null,
  slug: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  if (!actor) throw new AppError("forbidden", "access.denied");
  const place = slug.includes("\u0000") ? null : await reviewedPlace(db, slug);
  if (!place) throw new AppError("notFound", "reviewWrite.placeGone");
  const row = await ownRow(db, actor.id, place.id);
  if (!row) throw new AppError("notFound", "reviewWrite.noReview");
  if (row.status !== "rejected") throw new AppError("conflict", "reviewWrite.secondLookNotRejected");
  await db.transaction(async (tx) => {
    // Once: the first request sets the time; a second (even sent at the same moment) finds it set.
    const marked = await tx
      .update(reviews)
      .set({ second_look_at: now })
      .where(and(eq(reviews.id, row.id), eq(reviews.status, "rejected"), isNull(reviews.second_look_at)))
      .returning({ id: reviews.id });
    if (marked.length === 0) throw new AppError("conflict", "reviewWrite.secondLookOnce");
    await tx.insert(reviewDecisions).values({
      review_id: row.id,
      decision: "second-look",
      reason,
      actor_id: actor.id,
      actor_email: actor.email,
      created_at: now,
    });
  });
}
