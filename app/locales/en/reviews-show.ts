// English messages: the reviews on a restaurant page: totals, distribution, the list and its pages (the section's code loads them with it) (spread into the review area, ADR 012).
export const enReviewsShow = {} as const;
