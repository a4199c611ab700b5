import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/home";
import { FilterBar } from "../features/restaurants/search/components/FilterBar";
import { Hero } from "../features/restaurants/search/components/Hero";
import {
  applyFilters,
  clearedFilters,
  parseFilters,
  parseShown,
  RESULTS_PAGE,
  searchText,
  serializeFilters,
  type FilterState,
  type ResultsSort,
  type ResultsView,
} from "../features/restaurants/search/filters";
import { ResultsToolbar } from "../features/restaurants/search/components/ResultsToolbar";
import { byDistance, distanceMeters, formatDistance } from "../features/restaurants/map/distance";
import type { LatLng } from "../features/restaurants/map/location";
import { KASHRUT_LABELS } from "../features/restaurants/constants";
import { RestaurantCard, shortStatus } from "../features/restaurants/search/components/RestaurantCard";
import type { MapTiles } from "../lib/context";
import { useHydrated } from "../lib/use-hydrated";
import { CLIENT_FILTER_LIMIT, decodeIndex, forCard, searchIndexPath, type ListedRestaurant } from "../features/restaurants/search/search-index";
import { searchIndexOf } from "../features/restaurants/search/search-index.server";
import type { Restaurant } from "../features/restaurants/types";
import { servicesContext } from "../lib/context";
import { detectLanguage } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { homePath, inBothLanguages } from "../lib/paths";
import { useLanguage } from "../lib/i18n/use-language";
import { useNow } from "../lib/use-now";
import { pageMeta, publicUrlFrom } from "../lib/seo";
import { freshnessClock, freshnessOf, type FreshnessClock } from "../features/restaurants/freshness";
import type { RestWindow } from "../features/restaurants/hours/hours";
import { windowsAround } from "../features/restaurants/hours/rest-windows.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { publicRestaurants, settings } = context.get(servicesContext);
  const all = await publicRestaurants();
  const params = new URL(request.url).searchParams;
  // The day in Tel Aviv that freshness is judged on, here and in the browser alike (ADR 014).
  const clock = freshnessClock(settings.verificationMaxAgeDays);
  // Shabbat and Yom Tov around now (plain instants): "open now" is judged with them here, and in
  // the browser with its own clock (issue 15; the calendar library stays on the server).
  const now = Date.now();
  const windows = windowsAround(now);
  const filters = parseFilters(params);
  const matching = applyFilters(all, filters, clock, { now, windows });
  return {
    // Only the page of results on screen travels with the HTML; the browser then loads the search
    // index (when the directory is small enough) and filters locally.
    restaurants: matching.slice(0, parseShown(params)).map((restaurant) => forCard(restaurant, filters.view === "map")),
    total: matching.length,
    indexVersion: all.length <= CLIENT_FILTER_LIMIT ? searchIndexOf(all).version : null,
    clock,
    windows,
    tiles: settings.mapTiles,
  };
}

/** Whether the search index is in the browser: then filter changes need no trip to the server. */
let indexInBrowser = false;

// With the index in the browser, filters only change the query string; otherwise ask the server.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return !indexInBrowser;
  return defaultShouldRevalidate;
}

/**
 * Loads the search index once the page has painted and the browser is idle, and builds the search
 * text while idle, so the first keystroke is as fast as the rest. Until it arrives (or if it
 * cannot be loaded) filters ask the server, as they do without JavaScript.
 */
function useSearchIndex(version: string | null): Restaurant[] | null {
  const [index, setIndex] = useState<{ version: string; restaurants: Restaurant[] } | null>(null);
  useEffect(() => {
    if (!version || index?.version === version) return;
    const controller = new AbortController();
    const idle = (work: () => void) => {
      if (typeof requestIdleCallback !== "function") {
        const timer = setTimeout(work, 50);
        return () => clearTimeout(timer);
      }
      const handle = requestIdleCallback(work, { timeout: 1_000 });
      return () => cancelIdleCallback(handle);
    };
    let cancelIdle = idle(() => {
      fetch(searchIndexPath(version), { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((body: unknown) => {
          const restaurants = decodeIndex(body);
          cancelIdle = idle(() => {
            restaurants.forEach(searchText);
            setIndex({ version, restaurants });
          });
        })
        .catch(() => {
          // Filtering stays on the server: slower, never wrong.
        });
    });
    return () => {
      controller.abort();
      cancelIdle();
    };
  }, [version, index?.version]);
  const ready = index !== null && index.version === version;
  useEffect(() => {
    indexInBrowser = ready;
    return () => {
      indexInBrowser = false;
    };
  }, [ready]);
  return ready ? index.restaurants : null;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language,
    title: t("meta.defaultTitle"),
    description: t("meta.defaultDescription"),
    path: homePath(language),
    alternates: inBothLanguages(homePath),
  });
}

// The map view's code (Leaflet, its CSS, the clusters) loads only when the map is shown (issue 16):
// never with the page. If it cannot be loaded, the page says so and the list stays.
const ResultsMap = lazy(() => import("../features/restaurants/map/components/ResultsMap").catch(() => ({ default: MapFailed })));

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

const RESULTS_ID = "results";

/** The map above the list: a skip link first, since the map holds a stop for every pin. */
function MapView({ results, tiles, windows }: { results: readonly ListedRestaurant[]; tiles: MapTiles; windows: readonly RestWindow[] }) {
  const { language, t } = useLanguage();
  const hydrated = useHydrated();
  // What a pin's popup says under the name. Made here, with the cards' own words, so the map's
  // code shares no module with the page (which would split them into more files to fetch).
  const linesOf = useCallback(
    (restaurant: ListedRestaurant) => {
      const status = shortStatus(restaurant, windows, Date.now());
      const t = translator(language);
      return [t("restaurant.kashrut", { kashrut: KASHRUT_LABELS[restaurant.kashrut][language] }), ...(status ? [t(status.message)] : [])];
    },
    [windows, language],
  );
  return (
    <section aria-label={t("map.label")} className="mt-4">
      <a
        href={`#${RESULTS_ID}`}
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

const SEARCH_URL_DELAY_MS = 300;
/** Cards in the first row load eagerly; the rest wait until they scroll near. */
const EAGER_CARDS = 4;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const home = homePath(language);
  const [searchParams, setSearchParams] = useSearchParams();
  const urlKey = searchParams.toString();

  // The filters answer every click and keystroke from local state at once; the URL follows
  // (search after a short pause). `key` is the query the URL will have once it catches up and
  // `base` the query it had when the change was made: a URL that is neither changed from outside
  // (Back, a link), and the filters follow it.
  const [local, setLocal] = useState(() => ({ filters: parseFilters(searchParams), key: urlKey, base: urlKey }));
  let filters = local.filters;
  if (urlKey !== local.key && urlKey !== local.base) {
    filters = parseFilters(searchParams);
    setLocal({ filters, key: urlKey, base: urlKey });
  }

  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingSearch.current), []);
  const index = useSearchIndex(loaderData.indexVersion);

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

  const deferredFilters = useDeferredValue(filters);
  const now = useNow();
  const results = useMemo(() => {
    // "Open now" in the browser is judged on its own clock, when the filters change.
    const matching = index
      ? applyFilters(index, deferredFilters, loaderData.clock, now === null ? undefined : { now, windows: loaderData.windows })
      : loaderData.restaurants;
    // Nearest first needs the position; without it (a shared link) the usual order stays.
    return deferredFilters.sort === "distance" && here ? byDistance(matching, here) : matching;
  }, [index, loaderData.restaurants, loaderData.clock, loaderData.windows, deferredFilters, now, here]);
  const total = index ? results.length : loaderData.total;
  // Only a page of cards is rendered at a time, so a keystroke never re-renders thousands.
  const shown = parseShown(searchParams);
  const moreQuery = serializeFilters(filters);
  moreQuery.set("show", String(shown + RESULTS_PAGE));

  return (
    <>
      <Hero />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <FilterBar
          filters={filters}
          resultCount={total}
          homePath={home}
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
        {filters.view === "map" ? <MapView results={results} tiles={loaderData.tiles} windows={loaderData.windows} /> : null}
        <section
          id={RESULTS_ID}
          tabIndex={-1}
          aria-label={t("home.listLabel")}
          className="mt-6"
          data-search={deferredFilters.searchTerm}
          data-index={index ? "ready" : undefined}
        >
          <ResultsGrid results={results} shown={shown} clock={loaderData.clock} windows={loaderData.windows} here={here} />
          {total > shown ? (
            <div className="mt-8 text-center">
              <Link
                to={`?${moreQuery.toString()}`}
                replace
                preventScrollReset
                className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 bg-white px-5 py-2 font-medium text-brand-800 hover:bg-brand-50"
              >
                {t("home.showMore", { count: Math.min(RESULTS_PAGE, total - shown) })}
              </Link>
            </div>
          ) : null}
        </section>
        <p className="mt-8 text-center text-sm text-stone-600">{t("disclaimer.ai")}</p>
      </div>
    </>
  );
}

/** The cards; memoised so typing (an urgent render) does not re-render them, only new results do. */
const ResultsGrid = memo(function ResultsGrid({
  results,
  shown,
  clock,
  windows,
  here,
}: {
  results: readonly ListedRestaurant[];
  shown: number;
  clock: FreshnessClock;
  windows: readonly RestWindow[];
  here: LatLng | null;
}) {
  const { language, t } = useLanguage();
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
      {results.slice(0, shown).map((restaurant, index) => (
        <li key={restaurant.slug}>
          <RestaurantCard
            restaurant={restaurant}
            eager={index < EAGER_CARDS}
            freshness={freshnessOf(restaurant.lastVerified, clock)}
            windows={windows}
            distance={here && restaurant.location ? formatDistance(distanceMeters(here, restaurant.location), language) : undefined}
          />
        </li>
      ))}
    </ul>
  );
});
