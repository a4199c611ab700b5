// English messages: words the server writes about reviews (the card's and page's rating lines, the policy page, e-mails) (spread into the written area, ADR 012).
export const enReviewsWritten = {} as const;
