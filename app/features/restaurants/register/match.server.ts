// Pairing register entries with listings. PLACEHOLDER until the full matcher lands: exact
// normalised name and address only.
import { normalizeForSearch } from "../../../lib/search-text";
import type { EntryMatch, ListingForMatch, RegisterEntryRead } from "./types";

export function matchEntries(
  entries: readonly RegisterEntryRead[],
  listings: readonly ListingForMatch[],
): EntryMatch[] {
  const byKey = new Map<string, string>();
  for (const listing of listings)
    for (const name of [listing.nameHe, listing.nameEn])
      for (const address of [listing.addressHe, listing.address])
        byKey.set(`${normalizeForSearch(name)}|${normalizeForSearch(address)}`, listing.id);
  return entries.map((entry) => {
    const id = byKey.get(`${normalizeForSearch(entry.name)}|${normalizeForSearch(entry.address)}`) ?? null;
    return {
      position: entry.position,
      restaurantId: id,
      grade: id ? "exact" : "new",
      reasons: id ? ["name", "street"] : [],
    };
  });
}
