// The statistics page's addresses (ADR 025): the page (one listing's, or the overview) for a
// period of days, and its CSV. Here rather than in app/lib/paths.ts, which every page loads.
import { localizePath, type Language } from "../../../lib/i18n/language";

export interface StatisticsQuery {
  restaurant?: string;
  days?: number;
}

export function dashboardStatisticsPath(language: Language, query: StatisticsQuery = {}): string {
  return withQuery(localizePath("/dashboard/statistics", language), query);
}

export function dashboardStatisticsCsvPath(language: Language, query: StatisticsQuery = {}): string {
  return withQuery(localizePath("/dashboard/statistics/csv", language), query);
}

function withQuery(path: string, { restaurant, days }: StatisticsQuery): string {
  const search = new URLSearchParams();
  if (restaurant) search.set("restaurant", restaurant);
  if (days) search.set("days", String(days));
  return search.size > 0 ? `${path}?${search.toString()}` : path;
}
