// The review-report page's model (/…/restaurant/:slug/reviews/:id/report): what the page shows the
// viewer (a visitor is asked to sign in; an author is told it is their own; an account that reported
// already is told so), and what a posted report does. The route files the kashrut concern's problem
// report (features never import each other).
import type { AppServices } from "../../../lib/context";
import { actionError, parsedOrThrow } from "../../../lib/action-error.server";
import { readFormData } from "../../../lib/form-data.server";
import { formText } from "../../../lib/form-rules";
import type { Viewer } from "../../../lib/session.server";
import { parseReviewReport } from "./moderation-rules";
import { hasReported, reportReview, type ReportedReview } from "./reports.server";
import { reviewOfPlace } from "./review-lookup.server";

/** The page's data; null when the place or the review is not there (the route sends the visitor on). */
export async function reviewReportPage(db: AppServices["db"], viewer: Viewer | null, slug: string, id: string) {
  const found = await reviewOfPlace(db, slug, id);
  if (!found) return null;
  const { place, review } = found;
  const { authorId, ...quoted } = review;
  const shown = review.status === "published";
  return {
    place: { slug: place.slug, name: { en: place.nameEn, he: place.nameHe ?? undefined } },
    reviewId: review.id,
    // A review no longer shown (hidden, held, rejected) is not quoted: the page says it is gone.
    review: shown ? quoted : null,
    shown,
    signedIn: viewer !== null,
    own: viewer !== null && viewer.id === authorId,
    reported: viewer !== null && (await hasReported(db, review.id, viewer.id)),
  };
}

/** Files the posted report; the refusal (a message, the form filled again) or what was reported. */
export async function reviewReportAction(
  services: AppServices,
  viewer: Viewer | null,
  request: Request,
  slug: string,
  id: string,
) {
  const form = await readFormData(request);
  const text = formText(form);
  const fields = { reason: text("reason").slice(0, 50), note: text("note").slice(0, 2_000) };
  try {
    const values = parsedOrThrow(parseReviewReport(form));
    const reported: ReportedReview = await reportReview(services, viewer, { slug, reviewId: id, values });
    return { ok: true as const, reported, reason: values.reason };
  } catch (error) {
    return actionError(error, { log: "[reviews] report failed:", with: fields });
  }
}
