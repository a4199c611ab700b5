import type { enReviewsModerate } from "../en/reviews-moderate";

// Hebrew messages: reporting a review, and the owner's reply; the type asks for exactly the English keys.
export const heReviewsModerate: Record<keyof typeof enReviewsModerate, string> = {};
