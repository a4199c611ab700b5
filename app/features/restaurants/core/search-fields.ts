// Which of a listing's fields its search text is made of. Shared by the stored search text of a row
// (mapping.ts) and the browser's and server's matching (search/matching.ts), so both search the same words.
import { isTag, TAGS } from "./constants";
import type { Restaurant } from "./types";

/** What a restaurant's search text is made of: names, descriptions, address and tags (with their English labels), in both languages. */
export function searchFields(restaurant: Pick<Restaurant, "name" | "description" | "address" | "tags">): string[] {
  const tagText = restaurant.tags.flatMap((tag) => (isTag(tag) ? [tag, TAGS[tag]] : [tag]));
  return [
    restaurant.name.en,
    restaurant.name.he ?? "",
    restaurant.description?.en ?? "",
    restaurant.description?.he ?? "",
    restaurant.address,
    ...tagText,
  ];
}
