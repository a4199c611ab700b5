// The owner's public reply to a review: one per review, by one of the place's linked owners
// ("review:reply"; not admins, not diners), on a published review only. Posting again edits it, and
// each edit keeps the text it replaced (review_reply_edits). The database empties the page caches
// itself when a reply changes (its trigger on review_replies).
import { asc, eq } from "drizzle-orm";
import { users } from "../../../../database/schema/auth";
import { reviewReplies, reviewReplyEdits, reviews } from "../../../../database/schema/reviews";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import type { Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import type { ReviewReplyValues } from "./moderation-rules";
import { publishedReviewOfPlace } from "./review-lookup.server";

export interface ReviewReply {
  body: string;
  createdAt: string;
  updatedAt: string;
  /** Earlier texts, oldest first, with who replaced them and when. */
  edits: { previousBody: string; editor: string | null; at: string }[];
}

/** The review's reply and its edits (null when there is none). */
export async function replyOf(db: Db, reviewId: string): Promise<ReviewReply | null> {
  const [reply] = await db.select().from(reviewReplies).where(eq(reviewReplies.review_id, reviewId));
  if (!reply) return null;
  const edits = await db
    .select({ previousBody: reviewReplyEdits.previous_body, editor: users.name, at: reviewReplyEdits.created_at })
    .from(reviewReplyEdits)
    .leftJoin(users, eq(users.id, reviewReplyEdits.editor_id))
    .where(eq(reviewReplyEdits.review_id, reviewId))
    .orderBy(asc(reviewReplyEdits.created_at), asc(reviewReplyEdits.id));
  return {
    body: reply.body,
    createdAt: reply.created_at.toISOString(),
    updatedAt: reply.updated_at.toISOString(),
    edits: edits.map((edit) => ({ ...edit, at: edit.at.toISOString() })),
  };
}

/**
 * Writes (or edits) the reply of one of the place's owners to its published review `reviewId`.
 * Refused (nothing stored): anyone but a linked owner (403), a review not shown (404). Returns
 * whether it was a new reply or an edit (an unchanged text is no edit and logs nothing).
 */
export async function replyToReview(
  db: Db,
  owner: (Subject & { id: string }) | null,
  reply: { slug: string; reviewId: string; values: ReviewReplyValues },
  now = new Date(),
): Promise<"created" | "edited" | "unchanged"> {
  const { place, review } = await publishedReviewOfPlace(db, reply.slug, reply.reviewId);
  assertCan(owner, "review:reply", place);
  return db.transaction(async (tx) => {
    // The review locked: two posts at once make one reply and one edit, never two replies.
    const [locked] = await tx
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, review.id))
      .for("update");
    if (locked?.status !== "published") throw new AppError("notFound", "reviewModerate.notFound");
    const [existing] = await tx.select().from(reviewReplies).where(eq(reviewReplies.review_id, review.id));
    if (!existing) {
      await tx.insert(reviewReplies).values({
        review_id: review.id,
        author_id: owner.id,
        body: reply.values.body,
        created_at: now,
        updated_at: now,
      });
      return "created" as const;
    }
    if (existing.body === reply.values.body) return "unchanged" as const;
    await tx
      .insert(reviewReplyEdits)
      .values({ review_id: review.id, previous_body: existing.body, editor_id: owner.id, created_at: now });
    await tx
      .update(reviewReplies)
      .set({ body: reply.values.body, author_id: owner.id, updated_at: now })
      .where(eq(reviewReplies.review_id, review.id));
    return "edited" as const;
  });
}
