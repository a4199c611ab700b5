// The one review a report or a reply is about: found by its id under its place's slug (a review of
// another place, a malformed id or a review not shown to the public is "not found"), with the
// author's name as the restaurant page shows it.
import { and, eq } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { reviews } from "../../../../database/schema/reviews";
import type { ReviewLanguage, ReviewStatus } from "../../../../database/reviews";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import { isUuid } from "../../../lib/ids";
import { reviewedPlace, type ReviewedPlace } from "./subjects.server";

/** A review as the report and reply pages show it. */
export interface ShownReview {
  id: string;
  authorId: string;
  authorName: string;
  rating: number;
  body: string;
  language: ReviewLanguage;
  ateHere: boolean;
  visitMonth: string;
  status: ReviewStatus;
  updatedAt: string;
}

/** The place at `slug` and its review `id`, whatever the review's status; null when either is missing. */
export async function reviewOfPlace(
  db: Db,
  slug: string,
  id: string,
): Promise<{ place: ReviewedPlace; review: ShownReview } | null> {
  // From the URL: a NUL cannot be in a stored slug (PostgreSQL refuses to compare one), nor a malformed uuid.
  if (slug.includes("\u0000") || !isUuid(id)) return null;
  const place = await reviewedPlace(db, slug);
  if (!place) return null;
  const [row] = await db
    .select({ review: reviews, authorName: users.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.author_id))
    .where(and(eq(reviews.id, id), eq(reviews.restaurant_id, place.id)));
  if (!row) return null;
  const { review } = row;
  return {
    place,
    review: {
      id: review.id,
      authorId: review.author_id,
      authorName: row.authorName,
      rating: review.rating,
      body: review.body,
      language: review.language,
      ateHere: review.ate_here,
      visitMonth: review.visit_month,
      status: review.status,
      updatedAt: review.updated_at.toISOString(),
    },
  };
}

/** As reviewOfPlace, for a review the public sees (published); AppError notFound otherwise. */
export async function publishedReviewOfPlace(db: Db, slug: string, id: string) {
  const found = await reviewOfPlace(db, slug, id);
  if (!found || found.review.status !== "published")
    throw new AppError("notFound", "reviewModerate.notFound", { subject: id });
  return found;
}
