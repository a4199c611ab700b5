// A diner's review and a review's report and reply, in Hebrew: typed by the English area.
import { heReviewsModerate } from "./reviews-moderate";
import { heReviewsShow } from "./reviews-show";
import { heReviewsWrite } from "./reviews-write";
import type { ReviewMessages } from "../en";

export const heReview: ReviewMessages = {
  ...heReviewsModerate,
  ...heReviewsShow,
  ...heReviewsWrite,
};
