import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/home";
import { FilterBar } from "../features/restaurants/components/FilterBar";
import { Hero } from "../features/restaurants/components/Hero";
import { RestaurantCard } from "../features/restaurants/components/RestaurantCard";
import { applyFilters, EMPTY_FILTERS, parseFilters, serializeFilters, type FilterState } from "../features/restaurants/filters";
import { listRestaurants } from "../features/restaurants/queries.server";
import { servicesContext } from "../lib/context";
import { detectLanguage } from "../lib/i18n/language";
import { translator } from "../lib/i18n/messages";
import { useLanguage } from "../lib/i18n/use-language";
import { pageMeta, publicUrlFrom } from "../lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  return { restaurants: await listRestaurants(db) };
}

// Filters only change the query string and are applied in the browser from the loaded list.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const language = detectLanguage(location.pathname);
  const t = translator(language);
  return pageMeta({
    publicUrl: publicUrlFrom(matches),
    language,
    title: t("meta.defaultTitle"),
    description: t("meta.defaultDescription"),
    path: language === "he" ? "/he" : "/",
    alternates: { en: "/", he: "/he" },
  });
}

const SEARCH_URL_DELAY_MS = 300;
/** Cards in the first row load eagerly; the rest wait until they scroll near. */
const EAGER_CARDS = 4;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { language, t } = useLanguage();
  const homePath = language === "he" ? "/he" : "/";
  const [searchParams, setSearchParams] = useSearchParams();
  const urlFilters = useMemo(() => parseFilters(searchParams), [searchParams]);

  // The search box answers every keystroke from local state; the URL follows a moment later.
  const [searchTerm, setSearchTerm] = useState(urlFilters.searchTerm);
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // The URL changed from outside (Back, a link): follow it.
    if (pendingSearch.current === undefined) setSearchTerm(urlFilters.searchTerm);
  }, [urlFilters.searchTerm]);
  useEffect(() => () => clearTimeout(pendingSearch.current), []);

  const commit = useCallback(
    (next: FilterState) => {
      clearTimeout(pendingSearch.current);
      pendingSearch.current = undefined;
      setSearchParams(serializeFilters(next), { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const filters = useMemo(() => ({ ...urlFilters, searchTerm }), [urlFilters, searchTerm]);
  const deferredFilters = useDeferredValue(filters);
  const results = useMemo(() => applyFilters(loaderData.restaurants, deferredFilters), [loaderData.restaurants, deferredFilters]);

  return (
    <>
      <Hero />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <FilterBar
          filters={filters}
          resultCount={results.length}
          homePath={homePath}
          onSearchChange={(value) => {
            setSearchTerm(value);
            clearTimeout(pendingSearch.current);
            pendingSearch.current = setTimeout(() => commit({ ...urlFilters, searchTerm: value }), SEARCH_URL_DELAY_MS);
          }}
          onChange={commit}
          onClear={() => {
            setSearchTerm("");
            commit(EMPTY_FILTERS);
          }}
        />
        <section aria-label={t("home.listLabel")} className="mt-6">
          {results.length === 0 ? (
            <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
              <h2 className="text-lg font-semibold">{t("home.noResults")}</h2>
              <p className="mt-2 text-stone-700">{t("home.noResultsHint")}</p>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {results.map((restaurant, index) => (
                <li key={restaurant.id}>
                  <RestaurantCard restaurant={restaurant} eager={index < EAGER_CARDS} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <p className="mt-8 text-center text-sm text-stone-600">{t("disclaimer.ai")}</p>
      </div>
    </>
  );
}
