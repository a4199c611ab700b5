// The home page's searches that found nothing, in the database (search_misses: a Tel Aviv
// day, a normalised term, how many different visitors searched it — nothing about who, once the
// day's counting is done; until then search_miss_visitors holds the day's keyed hashes). Counted in memory on the request
// path (server/statistics/search-misses.ts) and written here in batches, where each term is searched
// again on its own: a term the directory does find (a forged beacon, a search narrowed by filters,
// a listing added since) is dropped. A term seen once on a day is removed when the day is over, and
// the admins' list never shows a term counted once in its period.
import { setImmediate } from "node:timers/promises";
import { and, desc, gte, like, lt, lte, sql, asc } from "drizzle-orm";
import { rateLimits } from "../../../../database/schema/people";
import { searchMissVisitors, searchMisses } from "../../../../database/schema/statistics";
import type { Db } from "../../../../database/types";
import { addDays } from "../../../lib/dates";
import type { Subject } from "../../../lib/permissions";
import { assertCan } from "../../../lib/permissions.server";
import { EMPTY_FILTERS } from "./filters";
import { parseMissKey } from "./misses";
import { searchDirectory } from "./search-query.server";

/** Whether the directory's own search finds anything for the term alone (no other filter). */
export type TermFinds = (term: string) => Promise<boolean>;

/** The directory's search in the database, for one term and nothing else. */
export function termFindsIn(db: Db): TermFinds {
  return async (term) =>
    (await searchDirectory(db, { ...EMPTY_FILTERS, searchTerm: term }, { limit: 1 })).restaurants.length > 0;
}

/**
 * Adds a batch (keys from missKey: a day, a term, a visitor's hash) to the table, leaving out every
 * term the directory finds. Each term is searched once per batch. A term is counted once per
 * visitor and day, whatever the batch's count and however many processes saw that visitor: the
 * visitor is added to search_miss_visitors, and only a visitor new there adds one to the day's
 * count (one statement). Returns how many (day, term, visitor) were new.
 */
export async function recordMisses(
  db: Db,
  counts: ReadonlyMap<string, number>,
  finds: TermFinds = termFindsIn(db),
): Promise<number> {
  const found = new Map<string, boolean>();
  const rows: { day: string; term: string; visitor: string }[] = [];
  for (const [key, count] of counts) {
    const parsed = parseMissKey(key);
    if (!parsed || !(count > 0)) continue;
    let hit = found.get(parsed.term);
    if (hit === undefined) {
      // A term the search cannot run is not kept (and never holds back the rest of the batch).
      hit = await finds(parsed.term).catch(() => true);
      found.set(parsed.term, hit);
      // The embedded database searches inside this process: between two terms, every request
      // waiting is answered first, so a long batch never holds the server for more than one search.
      await setImmediate();
    }
    if (!hit) rows.push(parsed);
  }
  if (rows.length === 0) return 0;
  const values = sql.join(
    rows.map((row) => sql`(${row.day}::date, ${row.term}, ${row.visitor})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with new_visitors as (
      insert into ${searchMissVisitors} (day, term, visitor) values ${values}
      on conflict do nothing
      returning day, term
    ), counted as (
      insert into ${searchMisses} (day, term, count)
      select day, term, count(*)::int from new_visitors group by day, term
      on conflict (day, term) do update set count = ${searchMisses}.count + excluded.count
      returning count
    )
    select count(*)::int as added from new_visitors`);
  return Number((result as unknown as { rows: { added: number }[] }).rows[0]?.added ?? 0);
}

/**
 * Once a day's counting is done (it is before `today`, Tel Aviv's): forgets who searched (the
 * visitors' hashes), removes the terms fewer than two visitors searched, and the beacon limit's
 * windows that have ended. Returns how many terms were removed.
 */
export async function pruneSingleMisses(db: Db, today: string, now = new Date()): Promise<number> {
  await db.delete(searchMissVisitors).where(lt(searchMissVisitors.day, today));
  await db.delete(rateLimits).where(and(like(rateLimits.key, "search-missed:%"), lt(rateLimits.resetAt, now)));
  const removed = await db
    .delete(searchMisses)
    .where(and(lt(searchMisses.day, today), lte(searchMisses.count, 1)))
    .returning({ term: searchMisses.term });
  return removed.length;
}

/** How many terms the admins' list shows. */
export const TOP_MISSES = 50;

export interface TopMiss {
  term: string;
  count: number;
}

/**
 * The terms most searched for in vain in the `days` up to `today` (admins): a term is listed only
 * once at least two different visitors searched it on one day (a day's count is its visitors);
 * the count shown is the sum of its days'.
 */
export async function topMisses(
  db: Db,
  viewer: Subject,
  { days, today, limit = TOP_MISSES }: { days: number; today: string; limit?: number },
): Promise<TopMiss[]> {
  assertCan(viewer, "suggestions:manage");
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`a period of ${days} days`);
  const total = sql<number>`sum(${searchMisses.count})::int`;
  return db
    .select({ term: searchMisses.term, count: total })
    .from(searchMisses)
    .where(and(gte(searchMisses.day, addDays(today, 1 - days)), lte(searchMisses.day, today)))
    .groupBy(searchMisses.term)
    .having(sql`max(${searchMisses.count}) > 1`)
    .orderBy(desc(total), asc(searchMisses.term))
    .limit(limit);
}
