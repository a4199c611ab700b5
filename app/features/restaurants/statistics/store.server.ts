// The listings' counts in the database (ADR 025): batches added by the server's tally, and what
// the dashboard reads. Reading is for whoever may edit the listings asked about: the route checks,
// and `statisticsScope` below decides which listings a viewer's totals cover.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { restaurantOwners, restaurants } from "../../../../database/schema/restaurants";
import { listingStats } from "../../../../database/schema/statistics";
import type { Db } from "../../../../database/types";
import { addDays } from "../../../lib/dates";
import type { Bilingual } from "../../../lib/i18n/language";
import { can, type Subject } from "../../../lib/permissions";
import { COUNTS, type Count } from "./kinds";

/** One count to add: `count` more of `kind` for the listing at `slug` on a Tel Aviv `day`. */
export interface ListingCount {
  day: string;
  slug: string;
  kind: Count;
  count: number;
}

const COLUMN: Record<Count, string> = {
  views: "views",
  phone: "phone_taps",
  navigate: "navigate_taps",
  booking: "booking_taps",
  order: "order_taps",
  wolt: "wolt_taps",
  menu: "menu_taps",
};

/** Rows per statement: 8 parameters each, well under PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 1_000;

/**
 * Adds counts to the listings' days, by slug (a slug no listing has any more is dropped). Every
 * column is added to what is stored, so processes writing at once never lose each other's counts.
 */
export async function addListingCounts(db: Db, counts: readonly ListingCount[]): Promise<void> {
  const byDay = new Map<string, { day: string; slug: string } & Record<Count, number>>();
  for (const { day, slug, kind, count } of counts) {
    const key = `${day}\t${slug}`;
    let row = byDay.get(key);
    if (!row) {
      row = { day, slug, views: 0, phone: 0, navigate: 0, booking: 0, order: 0, wolt: 0, menu: 0 };
      byDay.set(key, row);
    }
    row[kind] += count;
  }
  const rows = [...byDay.values()];
  const columns = sql.raw(COUNTS.map((kind) => COLUMN[kind]).join(", "));
  const added = sql.raw(
    COUNTS.map((kind) => `${COLUMN[kind]} = listing_stats.${COLUMN[kind]} + excluded.${COLUMN[kind]}`).join(", "),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = sql.join(
      rows.slice(start, start + ROWS_PER_STATEMENT).map(
        (row) =>
          sql`(${row.slug}, ${row.day}::date, ${sql.join(
            COUNTS.map((kind) => sql`${row[kind]}::int`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      INSERT INTO listing_stats (restaurant_id, day, ${columns})
      SELECT r.id, v.day, ${sql.raw(COUNTS.map((kind) => `v.${COLUMN[kind]}`).join(", "))}
      FROM (VALUES ${values}) AS v(slug, day, ${columns})
      JOIN restaurants r ON r.slug = v.slug
      WHERE true
      ON CONFLICT (restaurant_id, day) DO UPDATE SET ${added}`);
  }
}

export type Counts = Record<Count, number>;
export interface DayCounts extends Counts {
  day: string;
}

const sums = {
  views: sql<number>`coalesce(sum(${listingStats.views}), 0)::int`,
  phone: sql<number>`coalesce(sum(${listingStats.phone_taps}), 0)::int`,
  navigate: sql<number>`coalesce(sum(${listingStats.navigate_taps}), 0)::int`,
  booking: sql<number>`coalesce(sum(${listingStats.booking_taps}), 0)::int`,
  order: sql<number>`coalesce(sum(${listingStats.order_taps}), 0)::int`,
  wolt: sql<number>`coalesce(sum(${listingStats.wolt_taps}), 0)::int`,
  menu: sql<number>`coalesce(sum(${listingStats.menu_taps}), 0)::int`,
};

export function noCounts(): Counts {
  return { views: 0, phone: 0, navigate: 0, booking: 0, order: 0, wolt: 0, menu: 0 };
}

/** The Tel Aviv days from `days - 1` days before `today` to `today`, oldest first. */
export function daysEndingOn(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - days + 1));
}

/**
 * Which listings a viewer's statistics cover: every listing for an administrator (`"all"`), the
 * listings an owner is linked to, none for anyone else (the rule book's `restaurant:edit`).
 */
export async function statisticsScope(db: Db, viewer: Subject & { id: string }): Promise<"all" | string[]> {
  // As hasRestaurantAccess: every listing without a look-up; an owner's own; a guest's none (even
  // with a link left from when they were an owner).
  if (can(viewer, "restaurant:edit")) return "all";
  if (!can(viewer, "restaurant:edit", { ownerIds: [viewer.id] })) return [];
  const rows = await db
    .select({ id: restaurantOwners.restaurant_id })
    .from(restaurantOwners)
    .where(eq(restaurantOwners.user_id, viewer.id));
  return rows.map((row) => row.id);
}

function inScope(scope: "all" | readonly string[]): SQL | undefined {
  return scope === "all" ? undefined : inArray(listingStats.restaurant_id, [...scope]);
}

/** The counts of each day in the period (zero on days without any), summed over the listings in scope. */
export async function countsByDay(
  db: Db,
  scope: "all" | readonly string[],
  days: readonly string[],
): Promise<DayCounts[]> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || (scope !== "all" && scope.length === 0)) return days.map((day) => ({ day, ...noCounts() }));
  const rows = await db
    .select({ day: listingStats.day, ...sums })
    .from(listingStats)
    .where(and(gte(listingStats.day, first), lte(listingStats.day, last), inScope(scope)))
    .groupBy(listingStats.day);
  const found = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = found.get(day);
    return row ? { ...row, day } : { day, ...noCounts() };
  });
}

export interface ListingTotals extends Counts {
  id: string;
  slug: string;
  name: Bilingual;
}

/** The period's totals per listing in scope, most viewed first (at most `limit`; listings without counts last). */
export async function totalsByListing(
  db: Db,
  scope: "all" | readonly string[],
  days: readonly string[],
  limit: number,
): Promise<ListingTotals[]> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || (scope !== "all" && scope.length === 0)) return [];
  const period = and(
    eq(listingStats.restaurant_id, restaurants.id),
    gte(listingStats.day, first),
    lte(listingStats.day, last),
  );
  const rows = await db
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      nameEn: restaurants.name_en,
      nameHe: restaurants.name_he,
      ...sums,
    })
    .from(restaurants)
    .leftJoin(listingStats, period)
    .where(scope === "all" ? undefined : inArray(restaurants.id, [...scope]))
    .groupBy(restaurants.id)
    .orderBy(desc(sums.views), asc(restaurants.name_en))
    .limit(limit);
  return rows.map(({ nameEn, nameHe, ...row }) => ({
    ...row,
    name: nameHe ? { en: nameEn, he: nameHe } : { en: nameEn },
  }));
}
