// The reviews room's server-only public file (React Router keeps `.server` modules out of the browser).
// Each part of reviews adds its exports in its own block below.
export { isNewAccount, reviewedPlace, reviewerOf, type ReviewedPlace, type Reviewer } from "./subjects.server";

// -- shown on pages (the restaurant page's section, the card's rating, the ordering by rating)

// -- written by diners (writing, editing, deleting, the signals that hold a review)

// -- reported, replied to and moderated
export { countReviewsToModerate } from "./moderation.server";
export { replyOf, type ReviewReply } from "./replies.server";
