// English messages: a diner's review form: writing, editing, deleting, the kashrut offer, the held notice and the second look (spread into the contribute area, ADR 012).
export const enReviewsWrite = {} as const;
