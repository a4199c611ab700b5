// English messages: reporting a review, and the owner's reply (spread into the contribute area, ADR 012).
export const enReviewsModerate = {} as const;
