// What the dashboard's statistics page (and its CSV) shows a viewer (ADR 025): one listing's days,
// or an overview — the site's days and every listing's totals for an administrator, the sum of an
// owner's listings and each one's totals for an owner. Who may see what is decided here again, not
// only by the route (statisticsScope: the rule book's restaurant:edit).
import { eq } from "drizzle-orm";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { AppError } from "../../../lib/errors";
import type { Bilingual } from "../../../lib/i18n/language";
import { isUuid } from "../../../lib/ids";
import type { Subject } from "../../../lib/permissions";
import { COUNTS } from "./kinds";
import type { Period } from "./periods";
import {
  countsByDay,
  daysEndingOn,
  noCounts,
  statisticsScope,
  totalsByListing,
  type Counts,
  type DayCounts,
  type ListingTotals,
} from "./store.server";

/** The most listings an overview lists (the most viewed first). */
export const OVERVIEW_LIMIT = 100;

export interface ListingReport {
  kind: "listing";
  listing: { id: string; slug: string; name: Bilingual };
  days: DayCounts[];
  totals: Counts;
  /** Whether the viewer has other listings to go back to. */
  more: boolean;
}

export interface OverviewReport {
  kind: "overview";
  /** The whole site (an administrator) or the viewer's own listings. */
  site: boolean;
  days: DayCounts[];
  totals: Counts;
  listings: ListingTotals[];
  /** How many listings the overview covers (it lists at most OVERVIEW_LIMIT). */
  listingCount: number;
}

export function sumCounts(days: readonly Counts[]): Counts {
  const totals = noCounts();
  for (const day of days) for (const count of COUNTS) totals[count] += day[count];
  return totals;
}

/**
 * The report for a viewer: the listing asked for (refused unless the viewer may edit it), else the
 * overview — except for an owner of exactly one listing, who sees that listing at once.
 */
export async function statisticsReport(
  db: Db,
  viewer: Subject & { id: string },
  { period, restaurantId, today }: { period: Period; restaurantId: string | null; today: string },
): Promise<ListingReport | OverviewReport> {
  const scope = await statisticsScope(db, viewer);
  const days = daysEndingOn(today, period);
  const only = scope !== "all" && scope.length === 1 && !restaurantId ? scope[0] : undefined;
  const wanted = restaurantId ?? only;
  if (wanted !== undefined) {
    if (!isUuid(wanted)) throw new AppError("notFound", "notFound.title");
    if (scope !== "all" && !scope.includes(wanted)) throw new AppError("forbidden", "access.denied");
    const [listing] = await db
      .select({ id: restaurants.id, slug: restaurants.slug, nameEn: restaurants.name_en, nameHe: restaurants.name_he })
      .from(restaurants)
      .where(eq(restaurants.id, wanted));
    if (!listing) throw new AppError("notFound", "notFound.title");
    const series = await countsByDay(db, [wanted], days);
    return {
      kind: "listing",
      listing: {
        id: listing.id,
        slug: listing.slug,
        name: listing.nameHe ? { en: listing.nameEn, he: listing.nameHe } : { en: listing.nameEn },
      },
      days: series,
      totals: sumCounts(series),
      more: scope === "all" || scope.length > 1,
    };
  }
  const series = await countsByDay(db, scope, days);
  const listings = await totalsByListing(db, scope, days, OVERVIEW_LIMIT);
  return {
    kind: "overview",
    site: scope === "all",
    days: series,
    totals: sumCounts(series),
    listings,
    listingCount: scope === "all" ? await countListings(db) : scope.length,
  };
}

function countListings(db: Db): Promise<number> {
  return db.$count(restaurants);
}

/** The report's days as CSV (a header, then one line per day, oldest first). */
export function statisticsCsv(report: ListingReport | OverviewReport): string {
  const lines = [["day", ...COUNTS].join(",")];
  for (const day of report.days) lines.push([day.day, ...COUNTS.map((count) => String(day[count]))].join(","));
  return `${lines.join("\r\n")}\r\n`;
}
