// The map above the list, loaded with the map's code when the map is shown (LazyMapView.tsx).
import { useCallback } from "react";
import type { MapTiles } from "../../../../lib/context";
import { translator } from "../../../../lib/i18n/messages";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { useHydrated } from "../../../../lib/use-hydrated";
import { KASHRUT_LABELS } from "../../core";
import type { ListedRestaurant } from "../search-index";
import { MapPlaceholder } from "./MapPlaceholder";
import { shortStatus, type StatusOf } from "./RestaurantCard";
import ResultsMap from "./ResultsMap";

/** The map above the list: a skip link first, since the map holds a stop for every pin. */
export default function MapView({
  results,
  tiles,
  statusOf,
  skipTo,
}: {
  results: readonly ListedRestaurant[];
  tiles: MapTiles;
  /** The search index's pins' "open now" (the index's code), once it is in. */
  statusOf?: StatusOf | undefined;
  /** The id of the list the skip link jumps to. */
  skipTo: string;
}) {
  const { language, t } = useLanguage();
  const hydrated = useHydrated();
  // What a pin's popup says under the name. Made here, with the cards' own words, so the map's
  // code shares no module with the page (which would split them into more files to fetch).
  const linesOf = useCallback(
    (restaurant: ListedRestaurant) => {
      const status = shortStatus(restaurant, Date.now(), statusOf);
      const t = translator(language);
      return [
        t("restaurant.kashrut", { kashrut: KASHRUT_LABELS[restaurant.kashrut][language] }),
        ...(status ? [t(status.message)] : []),
      ];
    },
    [statusOf, language],
  );
  return (
    <section aria-label={t("map.label")} className="mt-4">
      <a
        href={`#${skipTo}`}
        className="sr-only rounded-md bg-white px-3 py-2 font-medium text-brand-800 underline focus:not-sr-only focus:mb-2 focus:inline-block"
      >
        {t("map.skip")}
      </a>
      {/* Leaflet draws in the browser only: the server's page (and a page being hydrated) has the placeholder. */}
      {hydrated ? (
        <ResultsMap results={results} tiles={tiles} linesOf={linesOf} />
      ) : (
        <MapPlaceholder text={t("map.loading")} />
      )}
    </section>
  );
}
