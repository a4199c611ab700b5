// The reviews room's browser-safe public file: what other rooms and the routes may import.
// Each part of reviews adds its exports in its own block below.

// -- shown on pages (the restaurant page's section, the card's rating, the ordering by rating)
export { averageOf } from "./average";
export { bayesianRating, compareByRating, meanStars, type RatingTotals } from "./bayes";
export { Stars } from "./components/Stars";
export { REVIEWS_ANCHOR } from "./anchor";

// -- written by diners (the form and its rules)
export { ReviewForm, type ReviewAnswer } from "./components/ReviewForm";
export { DeleteReview, ReviewStatePanel, SIGNAL_WORDS } from "./components/OwnReviewPanel";
export { recogniseLanguage, type TypedReview } from "./form-facts";
export { parseReview, type ReviewValues } from "./rules";

// -- reported, replied to and moderated
