import type { enReviewsQueue } from "../en/reviews-queue";

// Hebrew messages: the admins' moderation queue and the watched words; the type asks for exactly the English keys.
export const heReviewsQueue: Record<keyof typeof enReviewsQueue, string> = {};
