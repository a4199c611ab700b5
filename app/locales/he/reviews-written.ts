import type { enReviewsWritten } from "../en/reviews-written";

// Hebrew messages: words the server writes about reviews (the card's and page's rating lines, the policy page, e-mails); the type asks for exactly the English keys.
export const heReviewsWritten: Record<keyof typeof enReviewsWritten, string> = {};
