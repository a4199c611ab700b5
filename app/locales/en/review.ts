// A diner's review (writing, editing, deleting it) and a review's report and reply: their own area
// (ADR 012), so the public's other forms (a problem report, a suggestion) do not carry them.
import { enReviewsModerate } from "./reviews-moderate";
import { enReviewsShow } from "./reviews-show";
import { enReviewsWrite } from "./reviews-write";

export const enReview = {
  ...enReviewsModerate,
  ...enReviewsShow,
  ...enReviewsWrite,
} as const;
