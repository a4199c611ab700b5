import type { enReviewsWrite } from "../en/reviews-write";

// Hebrew messages: a diner's review form: writing, editing, deleting, the kashrut offer, the held notice and the second look; the type asks for exactly the English keys.
export const heReviewsWrite: Record<keyof typeof enReviewsWrite, string> = {};
