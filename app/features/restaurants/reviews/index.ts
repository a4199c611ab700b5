// The reviews room's browser-safe public file: what other rooms and the routes may import.
// Each part of reviews adds its exports in its own block below.

// -- shown on pages (the restaurant page's section, the card's rating, the ordering by rating)

// -- written by diners (the form and its rules)
export { ReviewForm, type ReviewAnswer } from "./components/ReviewForm";
export { DeleteReview, ReviewStatePanel, SIGNAL_WORDS } from "./components/OwnReviewPanel";
export { recogniseLanguage, type TypedReview } from "./form-facts";
export { parseReview, type ReviewValues } from "./rules";

// -- reported, replied to and moderated
