import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { MapTiles } from "../../../../lib/context";
import { useLanguage } from "../../../../lib/i18n/use-language";
import { homePath, suggestPath } from "../../../../lib/paths";
import { useNow } from "../../../../lib/use-now";
import type { FreshnessClock, LatLng } from "../../core";
import type { RestWindow } from "../../hours";
import { MapView } from "./MapView";
import {
  clearedFilters,
  parseFilters,
  parseShown,
  RESULTS_PAGE,
  serializeFilters,
  type DaysOf,
  type FilterState,
  type ResultsSort,
  type ResultsView,
} from "../filters";
import type { ListedRestaurant } from "../search-index";
import { useSearchIndex } from "../use-search-index";
import { type PesachSeason, pesachExceptions } from "../../pesach";
import { FilterBar } from "./FilterBar";
import { ResultsGrid } from "./ResultsGrid";
import type { StatusOf } from "./RestaurantCard";
import { ResultsToolbar } from "./ResultsToolbar";

const RESULTS_ID = "results";

const SEARCH_URL_DELAY_MS = 300;

/** What the home page's loader sends: the results on screen, their number, the index's version, and the clocks. */
export interface DirectoryData {
  restaurants: ListedRestaurant[];
  total: number;
  /** Past the database's count cap: at least `total` match. */
  totalIsAtLeast: boolean;
  indexVersion: string | null;
  clock: FreshnessClock;
  windows: RestWindow[];
  tiles: MapTiles;
  /** The Pesach whose season it is (the server's calendar), or null the rest of the year. */
  pesach: PesachSeason | null;
  /** The page's heading as the server rendered it (search/hero-html.server.tsx). */
  hero: string;
}

/** The home page: the directory's filters, toolbar, map and results (the route loads the data). */
export function Directory({ loaderData }: { loaderData: DirectoryData }) {
  const { language, t } = useLanguage();
  const home = homePath(language);
  const [searchParams, setSearchParams] = useSearchParams();
  const urlKey = searchParams.toString();
  const pesachSeason = { pesachSeason: loaderData.pesach !== null };

  // The filters answer every click and keystroke from local state at once; the URL follows
  // (search after a short pause). `key` is the query the URL will have once it catches up and
  // `base` the query it had when the change was made: a URL that is neither changed from outside
  // (Back, a link), and the filters follow it.
  const [local, setLocal] = useState(() => ({
    filters: parseFilters(searchParams, pesachSeason),
    key: urlKey,
    base: urlKey,
  }));
  let filters = local.filters;
  if (urlKey !== local.key && urlKey !== local.base) {
    filters = parseFilters(searchParams, pesachSeason);
    setLocal({ filters, key: urlKey, base: urlKey });
  }

  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingSearch.current), []);
  // The index and the code that filters it load when the visitor reaches for the filters (a pointer
  // over them, a touch, focus): a visit that only scrolls and opens a card fetches neither (ADR 008).
  const [wantIndex, setWantIndex] = useState(false);
  const reach = wantIndex ? undefined : () => setWantIndex(true);
  // The map shows every result, not a page of them: it wants the index as soon as it is open.
  const index = useSearchIndex(wantIndex || filters.view === "map" ? loaderData.indexVersion : null);

  const commit = useCallback(
    (next: FilterState) => {
      clearTimeout(pendingSearch.current);
      setSearchParams(serializeFilters(next), { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );
  const change = (next: FilterState, delay = 0) => {
    setLocal({ filters: next, key: serializeFilters(next).toString(), base: urlKey });
    clearTimeout(pendingSearch.current);
    if (delay === 0) commit(next);
    else pendingSearch.current = setTimeout(() => commit(next), delay);
  };

  // Where the visitor is, once they pressed "Near me" and the browser said: only in this page's memory.
  const [here, setHere] = useState<LatLng | null>(null);
  // The filters as they are now, for answers that come later (the browser's position).
  const latest = useRef(filters);
  useLayoutEffect(() => {
    latest.current = filters;
  });

  // Filtered in the keystroke's own render, not deferred: the index's word lists and remembered
  // typo answers make a keystroke ~2 ms of filtering at 2,000, so the grid updates within the frame
  // (a deferred render waited for the next frame: p95 27 ms; now 12–15 ms).
  // The clock is read only with the index (its "open now"): the server's results need none, so the
  // whole directory is not rendered again right after hydration for a time it does not use.
  const now = useNow(index !== null);
  // Pesach's days in "open now" (the cards, the map's popups and the filter).
  const season = loaderData.pesach;
  const exceptionsOf = useCallback<DaysOf>((restaurant) => pesachExceptions(restaurant.pesach, season), [season]);
  const results = useMemo(() => {
    // "Open now" in the browser is judged on its own clock, when the filters change.
    const matching: readonly ListedRestaurant[] = index
      ? index.applyFilters(
          index.restaurants,
          filters,
          loaderData.clock,
          now === null ? undefined : { now, windows: loaderData.windows, exceptionsOf },
          loaderData.pesach?.year,
        )
      : loaderData.restaurants;
    // Nearest first needs the position; without it (a shared link) the usual order stays.
    return filters.sort === "distance" && here && index ? index.byDistance(matching, here) : matching;
  }, [
    index,
    loaderData.restaurants,
    loaderData.clock,
    loaderData.windows,
    loaderData.pesach,
    exceptionsOf,
    filters,
    now,
    here,
  ]);
  // "350 m away" on each card once "Near me" knows (the index brings the places and the code).
  const distanceOf = useMemo(
    () =>
      index && here
        ? (restaurant: ListedRestaurant) =>
            restaurant.location
              ? index.formatDistance(index.distanceMeters(here, restaurant.location), language)
              : undefined
        : undefined,
    [index, here, language],
  );
  // The index's cards' "open now" from their week, by the index's code (a page's cards carry theirs).
  const statusOf = useMemo<StatusOf | undefined>(
    () =>
      index
        ? (restaurant, at) =>
            restaurant.hours
              ? index.statusAt(restaurant.hours, loaderData.windows, at, exceptionsOf(restaurant))
              : undefined
        : undefined,
    [index, loaderData.windows, exceptionsOf],
  );
  const total = index ? results.length : loaderData.total;
  const totalIsAtLeast = !index && loaderData.totalIsAtLeast;
  // Only a page of cards is rendered at a time, so a keystroke never re-renders thousands.
  const shown = parseShown(searchParams);
  const moreQuery = serializeFilters(filters);
  moreQuery.set("show", String(shown + RESULTS_PAGE));

  return (
    <>
      {/* The heading, made on the server (search/hero-html.server.tsx): it never changes here. */}
      <div dangerouslySetInnerHTML={{ __html: loaderData.hero }} />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <div onFocus={reach} onPointerEnter={reach} onTouchStart={reach}>
          <FilterBar
            filters={filters}
            resultCount={total}
            resultCountIsAtLeast={totalIsAtLeast}
            homePath={home}
            pesachSeason={loaderData.pesach !== null}
            onSearchChange={(value) => change({ ...filters, searchTerm: value }, SEARCH_URL_DELAY_MS)}
            onChange={(next) => change(next)}
            onClear={() => change(clearedFilters(filters))}
          />
          <ResultsToolbar
            filters={filters}
            here={here}
            onView={(view: ResultsView) => change({ ...latest.current, view })}
            onSort={(sort: ResultsSort) => change({ ...latest.current, sort })}
            onLocated={setHere}
          />
        </div>
        {filters.view === "map" ? (
          <MapView results={results} tiles={loaderData.tiles} statusOf={statusOf} skipTo={RESULTS_ID} />
        ) : null}
        <section
          id={RESULTS_ID}
          tabIndex={-1}
          aria-label={t("home.listLabel")}
          className="mt-6"
          data-search={filters.searchTerm}
          data-index={index ? "ready" : undefined}
        >
          <ResultsGrid
            results={results}
            shown={shown}
            clock={loaderData.clock}
            distanceOf={distanceOf}
            season={season}
            statusOf={statusOf}
          />
          {total > shown || totalIsAtLeast ? (
            <div className="mt-8 text-center">
              <Link
                to={`?${moreQuery.toString()}`}
                replace
                preventScrollReset
                className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 bg-white px-5 py-2 font-medium text-brand-800 hover:bg-brand-50"
              >
                {t("home.showMore", { count: totalIsAtLeast ? RESULTS_PAGE : Math.min(RESULTS_PAGE, total - shown) })}
              </Link>
            </div>
          ) : null}
        </section>
        {/* Below the results, and so right under "No restaurants found" when nothing matches. */}
        <p className="mt-8 text-center">
          <Link
            to={suggestPath(language)}
            className="inline-block min-h-11 py-2.5 font-medium text-brand-800 underline underline-offset-4"
            data-testid="suggest-link"
          >
            {t("home.suggestHint")}
          </Link>
        </p>
        <p className="mt-4 text-center text-sm text-stone-600">{t("disclaimer.ai")}</p>
      </div>
    </>
  );
}
