// The directory's order, in a file of its own: the restaurants' queries sort by it, and a page that
// reads them (the problem report's) then carries none of the public pages' words (presentation.ts).
import type { Restaurant } from "./types";

/** Spec ordering: restaurants with a photo first, then tzohar first; then by English name. */
export function compareForListing(a: Restaurant, b: Restaurant): number {
  const photo = Number(Boolean(b.photo)) - Number(Boolean(a.photo));
  if (photo !== 0) return photo;
  const tzohar = Number(b.kashrut === "tzohar") - Number(a.kashrut === "tzohar");
  if (tzohar !== 0) return tzohar;
  return a.name.en.localeCompare(b.name.en, "en");
}
