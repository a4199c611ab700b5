// The browser's filtering engine: the search index's decoder and the filters' rules (matching.ts,
// app/lib/search-text.ts). The home page imports it only with the index, after the first paint
// (use-search-index.ts), so a first visit does not carry it; until then filters ask the server.
import { decodeIndex, searchIndexPath } from "./search-index";
import type { Restaurant } from "../core";
import { applyFilters as filter } from "./matching";
import { missed } from "./missed-beacon";

export { prepareForSearch, warmSearch } from "./matching";

/**
 * The filters' rules. Each search's number of results is told to missed-beacon.ts, which
 * reports a term that found nothing once typing settles (here, so the first visit carries none of it).
 */
export const applyFilters: typeof filter = (restaurants, state, ...rest) => {
  const found = filter(restaurants, state, ...rest);
  missed(state.searchTerm, found.length);
  return found;
};

/** The index of this version, decoded (a failed answer rejects: filters then stay on the server). */
export async function fetchIndex(version: string, signal: AbortSignal): Promise<Restaurant[]> {
  const response = await fetch(searchIndexPath(version), { signal });
  if (!response.ok) throw new Error(String(response.status));
  return decodeIndex(await response.json());
}
// The index's cards say "open now" from their week (a page's cards carry an open line instead).
export { statusAt } from "../hours";
// "Near me" needs the index's places: its distances come with it.
export { byDistance, distanceMeters, formatDistance } from "../map";
