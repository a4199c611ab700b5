// The home page's search and filters in the database, for a directory past the browser index's
// limit (CLIENT_FILTER_LIMIT, issue 28): the same rules as `applyFilters` (filters.ts, search.ts),
// run on the stored search text with pg_trgm's index, so no process holds the whole directory.
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { restaurants } from "../../../../database/schema/restaurants";
import type { Db } from "../../../../database/types";
import { addDays } from "../../../lib/dates";
import type { FreshnessClock } from "../freshness";
import { rowToRestaurant, searchTextOfRow } from "../mapping";
import type { Restaurant } from "../types";
import { isOpenAt, type FilterState, type LinkFilter, type OpenClock } from "./filters";
import { mayBeTypo, searchWords, TYPO_SIMILARITY, wordStems } from "./search";

export interface DirectoryPage {
  /** The first `limit` matches, in the listing's order. */
  restaurants: Restaurant[];
  /** How many restaurants match. */
  total: number;
}

/** `text` in a LIKE pattern, its own % _ \ taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One search word (search.ts, rules 1–3): a form of it anywhere in the text, or a text word close
 * enough. The trigram operator `<<%` lets the index find the candidates (its threshold is
 * TYPO_SIMILARITY, pg_trgm's default); the exact test is the same similarity the browser computes.
 */
function wordCondition(word: string): SQL {
  const text = restaurants.search_text;
  const forms = [
    sql`${text} like ${`%${literal(word)}%`}`,
    ...wordStems(word).map((stem) => sql`(${text} like ${`${literal(stem)}%`} or ${text} like ${`% ${literal(stem)}%`})`),
  ];
  if (mayBeTypo(word)) {
    forms.push(
      sql`(${word} <<% ${text} and exists (select 1 from unnest(string_to_array(${text}, ' ')) as w(word) where similarity(w.word, ${word}) >= ${TYPO_SIMILARITY}))`,
    );
  }
  return or(...forms) ?? sql`false`;
}

const LINK_COLUMN: Record<LinkFilter, AnyPgColumn> = {
  booking: restaurants.booking_link,
  wolt: restaurants.wolt_link,
  order: restaurants.online_order_link,
};

const present = (column: AnyPgColumn) => sql`coalesce(btrim(${column}), '') <> ''`;

/** Everything `matchesFilters` checks except "open now", which needs the hours and the Shabbat windows. */
function conditions(state: FilterState, clock: FreshnessClock | undefined): SQL | undefined {
  const parts: (SQL | undefined)[] = searchWords(state.searchTerm).map(wordCondition);
  if (state.selectedTags.length > 0)
    parts.push(
      sql`${restaurants.tags} && ${sql`array[${sql.join(
        state.selectedTags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`}`,
    );
  if (state.kashrutTypes.length > 0) parts.push(inArray(restaurants.kashrut, state.kashrutTypes));
  if (state.linkFilters.length > 0) parts.push(or(...state.linkFilters.map((link) => present(LINK_COLUMN[link]))));
  if (state.recentlyVerified) parts.push(clock ? sql`${restaurants.last_verified} >= ${addDays(clock.today, -clock.maxAgeDays)}` : sql`false`);
  return and(...parts);
}

/** The listing's order (compareForListing): with a photo first, then Tzohar, then by English name. */
const LISTING_ORDER = [
  desc(sql`coalesce(btrim(${restaurants.photo}), '') <> ''`),
  desc(sql`${restaurants.kashrut} = 'tzohar'`),
  asc(sql`lower(${restaurants.name_en})`),
  asc(restaurants.name_en),
  asc(restaurants.slug),
];

/** The restaurants matching `state`, the first `limit` of them and how many there are. */
export async function searchDirectory(
  db: Db,
  state: FilterState,
  { clock, open, limit }: { clock?: FreshnessClock; open?: OpenClock; limit: number },
): Promise<DirectoryPage> {
  const where = conditions(state, clock);
  if (state.openNow) {
    // Open now is judged here, on each candidate's hours (the calendar's windows are not in SQL).
    const candidates = await db
      .select({ id: restaurants.id, hours: restaurants.hours, isPermanentlyClosed: restaurants.is_permanently_closed })
      .from(restaurants)
      .where(and(where, sql`${restaurants.hours} is not null`, eq(restaurants.is_permanently_closed, false)))
      .orderBy(...LISTING_ORDER);
    const openIds = candidates
      .filter((row) => isOpenAt({ hours: row.hours ?? undefined, isPermanentlyClosed: row.isPermanentlyClosed }, open))
      .map((row) => row.id);
    const page = openIds.slice(0, limit);
    const rows = page.length === 0 ? [] : await db.select().from(restaurants).where(inArray(restaurants.id, page));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      restaurants: page.flatMap((id) => {
        const row = byId.get(id);
        return row ? [rowToRestaurant(row)] : [];
      }),
      total: openIds.length,
    };
  }
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(restaurants)
      .where(where)
      .orderBy(...LISTING_ORDER)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(restaurants)
      .where(where),
  ]);
  return { restaurants: rows.map(rowToRestaurant), total: counted[0]?.total ?? 0 };
}

/** How many restaurants the directory has (to choose between the browser index and the database). */
export async function countRestaurants(db: Db): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(restaurants);
  return row?.total ?? 0;
}

/**
 * Writes the search text of rows that have none (written before the column existed, or by a write
 * that changed what is searched without it: see drizzle/0011), `batch` at a time, until none is
 * left. Returns how many it wrote. Safe to run in several processes at once.
 */
export async function fillSearchText(db: Db, batch = 500): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await db
      .select({
        id: restaurants.id,
        name_en: restaurants.name_en,
        name_he: restaurants.name_he,
        description_en: restaurants.description_en,
        description_he: restaurants.description_he,
        address: restaurants.address,
        tags: restaurants.tags,
      })
      .from(restaurants)
      .where(isNull(restaurants.search_text))
      .limit(batch);
    if (rows.length === 0) return written;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::uuid, ${searchTextOfRow(row)})`),
      sql`, `,
    );
    // Only a row still without one: a save in between wrote its own.
    await db.execute(sql`update restaurants as r set search_text = v.text from (values ${values}) as v(id, text) where r.id = v.id and r.search_text is null`);
    written += rows.length;
  }
}

/** Whether the database makes trigrams of Hebrew letters (not when its LC_CTYPE is C: then Hebrew typos go unmatched). */
export async function trigramsReadHebrew(db: Db): Promise<{ ok: boolean; ctype: string }> {
  const result = await db.execute(
    sql`select coalesce(array_length(show_trgm('שלום'), 1), 0) as trigrams, (select datctype from pg_database where datname = current_database()) as ctype`,
  );
  const row = (result as unknown as { rows: { trigrams: number; ctype: string }[] }).rows[0];
  return { ok: Number(row?.trigrams ?? 0) > 0, ctype: String(row?.ctype ?? "unknown") };
}
