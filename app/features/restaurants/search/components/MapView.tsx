import { lazy, Suspense, useCallback } from "react";
import type { MapTiles } from "../../../../lib/context";
import { translator } from "../../../../lib/i18n/messages";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { useHydrated } from "../../../../lib/use-hydrated";
import { KASHRUT_LABELS } from "../../core";
import type { ListedRestaurant } from "../search-index";
import { shortStatus, type StatusOf } from "./RestaurantCard";

// The map view's code (Leaflet, its CSS, the clusters) loads only when the map is shown:
// never with the page. If it cannot be loaded, the page says so and the list stays.
const ResultsMap = lazy(() => import("./ResultsMap").catch(() => ({ default: MapFailed })));

function MapFailed() {
  const { t } = useLanguage();
  return <MapPlaceholder text={t("map.failed")} />;
}

/** Where the map will be, its height kept, so nothing moves when it arrives. */
function MapPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex h-[min(60vh,32rem)] items-center justify-center rounded-xl border border-stone-200 bg-stone-100 p-4 text-center text-stone-700">
      {text}
    </div>
  );
}

/** The map above the list: a skip link first, since the map holds a stop for every pin. */
export function MapView({
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
      {hydrated ? (
        <Suspense fallback={<MapPlaceholder text={t("map.loading")} />}>
          <ResultsMap results={results} tiles={tiles} linesOf={linesOf} />
        </Suspense>
      ) : (
        <MapPlaceholder text={t("map.loading")} />
      )}
    </section>
  );
}
