// The cards a page's HTML carries (home, Saved): what a card shows (forCard), its season's Pesach
// status, and its "open now" for the coming days worked out here (open-line.server.ts) in place of
// its week, so the page needs no hours code to say it. The map view adds the place.
import { openLineOf } from "../hours/index.server";
import type { RestWindow } from "../hours";
import { pesachExceptions, forCardPesach, type PesachSeason } from "../pesach";
import { forCard, type ListedRestaurant } from "./search-index";

export function cardRows(
  restaurants: readonly ListedRestaurant[],
  {
    map,
    season,
    now,
    windows,
  }: { map: boolean; season: PesachSeason | null; now: number; windows: readonly RestWindow[] },
): ListedRestaurant[] {
  return restaurants.map((restaurant) => {
    const { pesach: plans, hours, ...card } = forCard(restaurant, map);
    const mark = forCardPesach(plans, season);
    return {
      ...card,
      ...(mark ? { pesach: mark } : {}),
      ...(hours && !card.isPermanentlyClosed
        ? { openLine: openLineOf(hours, windows, now, pesachExceptions(plans, season)) }
        : {}),
    };
  });
}
