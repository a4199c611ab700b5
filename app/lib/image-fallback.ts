/** The attribute naming an image's placeholder, read by the head script before hydration. */
export const FALLBACK_ATTRIBUTE = "data-fallback";
