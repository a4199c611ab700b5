import { memo } from "react";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { freshnessOf, type FreshnessClock } from "../../core";
import type { ListedRestaurant } from "../search-index";
import type { PesachSeason } from "../../pesach";
import { RestaurantCard, type StatusOf } from "./RestaurantCard";

/** Cards in the first row load eagerly; the rest wait until they scroll near. */
const EAGER_CARDS = 4;

/** The cards; memoised so typing (an urgent render) does not re-render them, only new results do. */
export const ResultsGrid = memo(function ResultsGrid({
  results,
  shown,
  clock,
  distanceOf,
  season,
  statusOf,
}: {
  results: readonly ListedRestaurant[];
  shown: number;
  clock: FreshnessClock;
  /** How far each is from the visitor ("350 m"), once "Near me" knows. */
  distanceOf?: ((restaurant: ListedRestaurant) => string | undefined) | undefined;
  /** The Pesach whose season it is (cards then carry its mark), or null. */
  season: PesachSeason | null;
  /** The search index's cards' "open now" (the index's code), once it is in. */
  statusOf?: StatusOf | undefined;
}) {
  const { t } = useLanguage();
  if (results.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
        <h2 className="text-lg font-semibold">{t("home.noResults")}</h2>
        <p className="mt-2 text-stone-700">{t("home.noResultsHint")}</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {/* Keyed by place in the grid, not by restaurant: a keystroke's new results update the cards
          there are (their photos are keyed by restaurant) instead of taking 24 down and building 24. */}
      {results.slice(0, shown).map((restaurant, index) => (
        <li key={index}>
          <RestaurantCard
            restaurant={restaurant}
            eager={index < EAGER_CARDS}
            freshness={freshnessOf(restaurant.lastVerified, clock)}
            clock={clock}
            season={season}
            statusOf={statusOf}
            distance={distanceOf?.(restaurant)}
          />
        </li>
      ))}
    </ul>
  );
});
