// Reporting a review: any signed-in account, once per review, never its own. A report weighs 2 from
// an established account (verified e-mail, older than the new-account age), else 1, and 0 from one of
// the place's own owners (they may report, never hide); when the open
// reports of a published review weigh REVIEW_HIDE_WEIGHT together, the review is hidden until an
// admin decides, and the hiding is logged as the reports' decision. The database recounts the
// totals and empties the page caches itself (its trigger on reviews).
import { and, count, eq, isNull, sum } from "drizzle-orm";
import { REVIEW_HIDE_WEIGHT } from "../../../../database/reviews";
import { reviewDecisions, reviewReports, reviews } from "../../../../database/schema/reviews";
import type { Db } from "../../../../database/types";
import type { AppServices } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import type { Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { hitRateLimits, type Limit } from "../../../lib/rate-limit.server";
import type { ReviewReportValues } from "./moderation-rules";
import { publishedReviewOfPlace } from "./review-lookup.server";
import { isNewAccount, reviewerOf } from "./subjects.server";

const DAY_MS = 24 * 60 * 60_000;

/** How many reviews one account, and one address, may report in a day. */
export const REVIEW_REPORT_LIMITS = {
  perAccount: { max: 20, windowMs: DAY_MS },
  perIp: { max: 40, windowMs: DAY_MS },
} satisfies Record<string, Limit>;

interface Reporter extends Subject {
  id?: string;
}

export interface ReportedReview {
  reviewId: string;
  weight: number;
  /** The review was hidden by this report (the open reports reached the threshold). */
  hidden: boolean;
  /** For a kashrut concern: what the problem report quotes (the route files it). */
  place: { slug: string; nameEn: string };
  body: string;
}

/** The account's report on the review, if it made one (the page says "reported already"). */
export async function hasReported(db: Db, reviewId: string, reporterId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(reviewReports)
    .where(and(eq(reviewReports.review_id, reviewId), eq(reviewReports.reporter_id, reporterId)));
  return (row?.n ?? 0) > 0;
}

/** The weight an account's report carries: 2 when established, else 1. */
export async function reportWeight(
  services: Pick<AppServices, "db" | "settings">,
  reporterId: string,
  now: Date,
): Promise<number> {
  const reporter = await reviewerOf(services.db, reporterId);
  if (!reporter) return 1;
  const established = reporter.emailVerified && !isNewAccount(reporter, services.settings.reviews.newAccountDays, now);
  return established ? 2 : 1;
}

/**
 * Files `reporter`'s report on the published review `reviewId` of the place at `slug`. Refused (an
 * AppError, nothing stored): a visitor, an unknown or unpublished review, the author's own review, a
 * second report by the same account, over a limit.
 */
export async function reportReview(
  services: Pick<AppServices, "db" | "settings" | "clientIp">,
  reporter: Reporter | null,
  report: { slug: string; reviewId: string; values: ReviewReportValues },
  now = new Date(),
): Promise<ReportedReview> {
  assertCan(reporter, "review:report");
  const reporterId = reporter.id;
  if (reporterId === undefined) throw new AppError("forbidden", "access.denied");
  const { db } = services;
  const { place, review } = await publishedReviewOfPlace(db, report.slug, report.reviewId);
  if (review.authorId === reporterId) throw new AppError("forbidden", "reviewModerate.ownReview");
  if (await hasReported(db, review.id, reporterId)) throw new AppError("conflict", "reviewModerate.alreadyReported");
  // The place's own owners may report its reviews (an admin reads it) but never hide one: their
  // report weighs nothing towards the threshold.
  const weight = place.ownerIds.includes(reporterId) ? 0 : await reportWeight(services, reporterId, now);
  await hitRateLimits(
    db,
    [
      { key: `review-report:account:${reporterId}`, limit: REVIEW_REPORT_LIMITS.perAccount },
      { key: `review-report:ip:${services.clientIp}`, limit: REVIEW_REPORT_LIMITS.perIp },
    ],
    now,
  );
  const hidden = await db.transaction(async (tx) => {
    // The review's row is locked, so two reports at once add up and hide it once.
    const [locked] = await tx
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, review.id))
      .for("update");
    if (!locked) throw new AppError("notFound", "reviewModerate.notFound", { subject: review.id });
    const inserted = await tx
      .insert(reviewReports)
      .values({
        review_id: review.id,
        reporter_id: reporterId,
        reason: report.values.reason,
        note: report.values.note,
        weight,
        created_at: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    if (inserted.length === 0) throw new AppError("conflict", "reviewModerate.alreadyReported");
    if (locked.status !== "published") return false;
    const [open] = await tx
      .select({ weight: sum(reviewReports.weight) })
      .from(reviewReports)
      .where(and(eq(reviewReports.review_id, review.id), isNull(reviewReports.settled_at)));
    if (Number(open?.weight ?? 0) < REVIEW_HIDE_WEIGHT) return false;
    await tx.update(reviews).set({ status: "hidden" }).where(eq(reviews.id, review.id));
    await tx.insert(reviewDecisions).values({
      review_id: review.id,
      decision: "hidden",
      reason: "",
      actor_id: null,
      actor_email: "reports",
      created_at: now,
    });
    return true;
  });
  return {
    reviewId: review.id,
    weight,
    hidden,
    place: { slug: place.slug, nameEn: place.nameEn },
    body: review.body,
  };
}
