// English messages: the admins' moderation queue and the watched words (spread into the manage area, ADR 012).
export const enReviewsQueue = {} as const;
