// The owner's reply page's model (/…/restaurant/:slug/reviews/:id/reply): the published review, the
// reply as it stands and its edits; and what a posted reply does. Who may open it is the rule
// book's ("review:reply": the place's linked owners); the route guards, replyToReview asks again.
import type { AppServices } from "../../../lib/context";
import { actionError, parsedOrThrow } from "../../../lib/action-error.server";
import { readFormData } from "../../../lib/form-data.server";
import { formText } from "../../../lib/form-rules";
import { can } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import type { Viewer } from "../../../lib/session.server";
import { parseReviewReply } from "./moderation-rules";
import { replyOf, replyToReview } from "./replies.server";
import { publishedReviewOfPlace, reviewOfPlace } from "./review-lookup.server";

/** The page's data; null when the place or its published review is not there; `allowed` false for anyone but its owners. */
export async function reviewReplyPage(db: AppServices["db"], viewer: Viewer | null, slug: string, id: string) {
  const found = await reviewOfPlace(db, slug, id);
  if (!found || found.review.status !== "published") return null;
  const { place, review } = found;
  const { authorId: _author, ...shown } = review;
  return {
    allowed: can(viewer, "review:reply", place),
    place: { slug: place.slug, name: { en: place.nameEn, he: place.nameHe ?? undefined } },
    review: shown,
    reply: await replyOf(db, review.id),
  };
}

/** Saves the posted reply; the refusal (a message, the text kept) or whether it was new, edited or unchanged. */
export async function reviewReplyAction(
  services: AppServices,
  viewer: Viewer | null,
  request: Request,
  slug: string,
  id: string,
) {
  const form = await readFormData(request);
  const body = formText(form)("body").slice(0, 4_000);
  try {
    // Who may reply is decided before what was written: anyone but the place's owners is refused alike.
    const { place } = await publishedReviewOfPlace(services.db, slug, id);
    assertCan(viewer, "review:reply", place);
    const values = parsedOrThrow(parseReviewReply(form));
    return { saved: await replyToReview(services.db, viewer, { slug, reviewId: id, values }) };
  } catch (error) {
    return actionError(error, { log: "[reviews] reply failed:", with: { body } });
  }
}
