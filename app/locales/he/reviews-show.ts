import type { enReviewsShow } from "../en/reviews-show";

// Hebrew messages: the reviews on a restaurant page: totals, distribution, the list and its pages (the section's code loads them with it); the type asks for exactly the English keys.
export const heReviewsShow: Record<keyof typeof enReviewsShow, string> = {};
