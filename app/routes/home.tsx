import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/home";
import { Directory } from "../features/restaurants/search/components/Directory";
import { parseFilters, parseShown } from "../features/restaurants/search/filters";
import { cardRows } from "../features/restaurants/search/card-rows.server";
import { heroHtml } from "../features/restaurants/search/hero-html.server";
import { searchIndexInBrowser } from "../features/restaurants/search/use-search-index";
import { freshnessClock } from "../features/restaurants/core/freshness";
import { withBatchDay } from "../features/restaurants/certificate/batch-day.server";
import { windowsAround } from "../features/restaurants/hours/rest-windows.server";
import { pesachExceptions } from "../features/restaurants/pesach/hours";
import { pesachSeasonAt, seasonNow } from "../features/restaurants/pesach/season.server";
import { servicesContext } from "../lib/context";
import { detectLanguage } from "../lib/i18n/language";
import { loaderMeta } from "../lib/meta";
import { homePageMeta } from "../lib/seo.server";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { directory, settings } = services;
  // The page's address is `url`: the request is as sent, and a move in the browser asks for `/he.data`.
  const params = url.searchParams;
  // Shabbat and Yom Tov around now (plain instants): "open now" is judged with them here, and in
  // the browser with its own clock (the calendar library stays on the server).
  // The services' clock when a test sets one (seasonNow), else the machine's.
  const now = seasonNow(services).getTime();
  // The day in Tel Aviv that freshness is judged on, here and in the browser alike (ADR 014), with
  // the city's batch date of certificates (ADR 033).
  const clock = await withBatchDay(
    services,
    freshnessClock(settings.verificationMaxAgeDays, new Date(now), settings.certificateGraceDays),
  );
  const windows = windowsAround(now);
  // In Pesach's season (the server's calendar), its filter, the cards' marks and its days in "open now".
  const pesach = pesachSeasonAt(new Date(now));
  const filters = parseFilters(params, { pesachSeason: pesach !== null });
  const found = await directory({
    state: filters,
    clock,
    open: { now, windows, exceptionsOf: (restaurant) => pesachExceptions(restaurant.pesach, pesach) },
    limit: parseShown(params),
    pesachYear: pesach?.year,
  });
  // A search that found nothing is counted in memory (never for a bot or a short term;
  // the term is searched again alone before it is written, so one narrowed by filters is dropped).
  if (found.total === 0 && filters.searchTerm.trim() !== "")
    services.searchMissed?.(filters.searchTerm, request.headers.get("user-agent"), services.clientIp);
  return {
    // Only the page of results on screen travels with the HTML; the browser then loads the search
    // index (when the directory is small enough) and filters locally.
    restaurants: cardRows(found.restaurants, { map: filters.view === "map", season: pesach, now, windows }),
    total: found.total,
    totalIsAtLeast: found.totalIsAtLeast,
    indexVersion: found.indexVersion,
    clock,
    windows,
    tiles: settings.mapTiles,
    pesach,
    // The heading, as the server renders it: the browser carries none of its code or words.
    hero: heroHtml(detectLanguage(url.pathname)),
    meta: homePageMeta({ url, context }),
  };
}

// With the index in the browser, filters only change the query string; otherwise ask the server.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return !searchIndexInBrowser();
  return defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  return loaderMeta(args);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <Directory loaderData={loaderData} />;
}
