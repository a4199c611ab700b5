/** The id of the restaurant page's reviews section: its pages' links land on it, and its code loads once the visitor moves. */
export const REVIEWS_ANCHOR = "reviews";
