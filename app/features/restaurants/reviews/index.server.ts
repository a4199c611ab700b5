// The reviews room's server-only public file (React Router keeps `.server` modules out of the browser).
// Each part of reviews adds its exports in its own block below.
export { isNewAccount, reviewedPlace, reviewerOf, type ReviewedPlace, type Reviewer } from "./subjects.server";

// -- shown on pages (the restaurant page's section, the card's rating, the ordering by rating)
export {
  publishedReviews,
  reviewTotalsOf,
  reviewsPageParam,
  reviewsSectionOf,
  reviewsStructuredData,
  visitMonthText,
  type PublishedReview,
  type ReviewsSectionData,
  type ShownReview,
} from "./listing.server";
export { reviewsSectionHtml } from "./section-html.server";

// -- written by diners (writing, editing, deleting, the signals that hold a review)
export { speaksOfKashrut } from "./kashrut-words";
export { kashrutReportLink, reviewFormAction, reviewPage } from "./review-page.server";
export { hasLink, hasPhone, holdSignals, watchedWordsIn } from "./signals.server";
export {
  askSecondLook,
  deleteReview,
  reviewPageFor,
  writeReview,
  type OwnReview,
  type ReviewAuthor,
  type ReviewPage,
} from "./writing.server";
export { REVIEW_LIMITS } from "./limits";

// -- reported, replied to and moderated
export { countReviewsToModerate } from "./moderation.server";
export { replyOf, type ReviewReply } from "./replies.server";
