// The home page's search and filters in the database, for a directory past the browser index's
// limit (CLIENT_FILTER_LIMIT): the same rules as `applyFilters` (matching.ts, app/lib/search-text.ts),
// run on the stored search text with pg_trgm's index, so no process holds the whole directory.
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { restaurants, restaurantSearch, searchVocabulary } from "../../../../database/schema/restaurants";
import { reviewTotals } from "../../../../database/schema/reviews";
import { BAYES_WEIGHT } from "../../../../database/reviews";
import type { Db } from "../../../../database/types";
import { addDays } from "../../../lib/dates";
import {
  cardParts,
  certificateOfRow,
  type FreshnessClock,
  present as presentText,
  searchTextOfRow,
  oldestPassingDay,
} from "../core";
import type { RestaurantRow } from "../../../../database/schema/restaurants";
import { cardCertificate, type ListedRestaurant } from "./search-index";
import type { FactFilter, FilterState, LinkFilter, OpenClock } from "./filters";
import { isOpenAt } from "./matching";
import { mayBeTypo, searchWords, TYPO_SIMILARITY, wordStems } from "../../../lib/search-text";

export interface DirectoryPage {
  /** The first `limit` matches, in the listing's order: what their cards show. */
  restaurants: ListedRestaurant[];
  /** How many restaurants match; with `totalIsAtLeast`, at least this many (COUNT_CAP). */
  total: number;
  totalIsAtLeast: boolean;
}

/**
 * Past this many matches the database stops counting and the page says "more than 100": an exact
 * count of a common word at 100,000 reads a tenth of the table (17 ms for 1,000 in PGlite; about
 * 2 ms for 100), and a visitor facing a hundred results narrows the search rather than scrolls.
 */
export const COUNT_CAP = 100;

/** `text` in a LIKE pattern, its own % _ \ taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A typo's close words (`closeWords`), perhaps remembered by the caller (the vocabulary changes only with a write). */
export type CloseWords = (word: string) => Promise<readonly string[]>;

/** An array parameter of text values. */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The words any restaurant's text has that are close to `word` (app/lib/search-text.ts, rule 3): `%` lets the
 * vocabulary's trigram index find the candidates (its threshold, pg_trgm's 0.3, is below ours);
 * `similarity` is the exact test the browser makes.
 */
export async function closeWords(db: Db, word: string): Promise<string[]> {
  const rows = await db
    .select({ word: searchVocabulary.word })
    .from(searchVocabulary)
    .where(
      sql`${searchVocabulary.word} % ${word} and similarity(${searchVocabulary.word}, ${word}) >= ${TYPO_SIMILARITY}`,
    );
  return rows.map((row) => row.word);
}

/**
 * One search word (app/lib/search-text.ts, rules 1–3): it anywhere in the text, a stem beginning a word, or one of
 * its close words among the text's words (the search table's words index: drizzle/0022).
 */
function wordCondition(word: string, close: readonly string[]): SQL {
  const text = restaurantSearch.search_text;
  const forms = [
    sql`${text} like ${`%${literal(word)}%`}`,
    ...wordStems(word).map(
      (stem) => sql`(${text} like ${`${literal(stem)}%`} or ${text} like ${`% ${literal(stem)}%`})`,
    ),
  ];
  // A close word holding the search word adds nothing (a text with it holds the word: the first form), and
  // testing the words costs a split of each text read: often the word itself is the only close one.
  const others = close.filter((closeWord) => !closeWord.includes(word));
  if (others.length > 0) forms.push(sql`string_to_array(${text}, ' ') && ${textArray(others)}`);
  return or(...forms) ?? sql`false`;
}

const LINK_COLUMN: Record<LinkFilter, AnyPgColumn> = {
  booking: restaurants.booking_link,
  wolt: restaurants.wolt_link,
  order: restaurants.online_order_link,
};

/** The practical filters, as FACT_OF in matching.ts. */
const FACT_CONDITION: Record<FactFilter, SQL> = {
  delivery: sql`${restaurants.delivery}`,
  takeaway: sql`${restaurants.takeaway}`,
  catering: sql`${restaurants.catering}`,
  wheelchair: sql`${restaurants.wheelchair} = 'yes'`,
};

const present = (column: AnyPgColumn) => sql`coalesce(btrim(${column}), '') <> ''`;

/**
 * Everything `matchesFilters` checks except "open now", which needs the hours and the Shabbat windows: the
 * search words on the search table, the filters on the restaurants' own columns (`restaurants`: joined only then).
 */
async function conditions(
  state: FilterState,
  clock: FreshnessClock | undefined,
  closeTo: CloseWords,
  pesachYear?: string,
): Promise<{ where: SQL | undefined; searched: boolean; restaurants: boolean }> {
  const words = searchWords(state.searchTerm);
  const close = await Promise.all(words.map((word) => (mayBeTypo(word) ? closeTo(word) : [])));
  const searched = words.map((word, i) => wordCondition(word, close[i] ?? []));
  const parts: (SQL | undefined)[] = [];
  if (state.selectedTags.length > 0) parts.push(sql`${restaurants.tags} && ${textArray(state.selectedTags)}`);
  if (state.kashrutTypes.length > 0) parts.push(inArray(restaurants.kashrut, state.kashrutTypes));
  if (state.linkFilters.length > 0) parts.push(or(...state.linkFilters.map((link) => present(LINK_COLUMN[link]))));
  if (state.recentlyVerified)
    parts.push(clock ? sql`${restaurants.last_verified} >= ${addDays(clock.today, -clock.maxAgeDays)}` : sql`false`);
  // Valid or renewal pending, as hasValidCertificate (core/certificate-status.ts): never revoked, and
  // no grace past a last day that a later register did not renew.
  if (state.validCertificate)
    parts.push(
      clock
        ? sql`${restaurants.certificate_body} <> 'none' and ${restaurants.certificate_valid_until} >= ${oldestPassingDay(clock)}
            and ${restaurants.certificate_revoked_on} is null
            and (${restaurants.certificate_valid_until} >= ${clock.today} or ${restaurants.register_published_on} is null
              or ${restaurants.register_published_on} <= ${restaurants.certificate_valid_until})`
        : sql`false`,
    );
  // Kosher for the season's Pesach (kosherForPesach in pesach.ts).
  if (state.pesachKosher)
    parts.push(pesachYear ? sql`${restaurants.pesach} -> ${pesachYear}::text ->> 'status' = 'kosher'` : sql`false`);
  // A price level given and within the limit (null is not); every practical fact asked for.
  if (state.priceUpTo > 0) parts.push(sql`${restaurants.price_level} <= ${state.priceUpTo}`);
  for (const fact of state.factFilters) parts.push(FACT_CONDITION[fact]);
  return { where: and(...searched, ...parts), searched: searched.length > 0, restaurants: parts.length > 0 };
}

/**
 * The columns a card shows (forCard), read for a page of results: a whole row would also bring
 * the search text, its words and the menus (a page of 24 whole rows: 10 ms in PGlite, these: 3 ms).
 */
const CARD_COLUMNS = {
  id: restaurants.id,
  slug: restaurants.slug,
  name_en: restaurants.name_en,
  name_he: restaurants.name_he,
  kashrut: restaurants.kashrut,
  tags: restaurants.tags,
  photo: restaurants.photo,
  is_permanently_closed: restaurants.is_permanently_closed,
  last_verified: restaurants.last_verified,
  hours: restaurants.hours,
  latitude: restaurants.latitude,
  longitude: restaurants.longitude,
  certificate_body: restaurants.certificate_body,
  certificate_level: restaurants.certificate_level,
  certificate_valid_until: restaurants.certificate_valid_until,
  certificate_revoked_on: restaurants.certificate_revoked_on,
  register_published_on: restaurants.register_published_on,
  kosher_kind: restaurants.kosher_kind,
  pesach: restaurants.pesach,
  // Its published reviews' totals (review_totals, joined by primary key: cardsFrom).
  review_count: reviewTotals.count,
  review_stars: reviewTotals.stars,
};

type CardRow = Pick<RestaurantRow, Exclude<keyof typeof CARD_COLUMNS, "review_count" | "review_stars">> & {
  review_count: number | null;
  review_stars: number | null;
};

/** The cards' columns of the restaurants, with their reviews' totals. */
function cardsFrom(db: Db) {
  return db
    .select(CARD_COLUMNS)
    .from(restaurants)
    .leftJoin(reviewTotals, eq(reviewTotals.restaurant_id, restaurants.id));
}

/**
 * A card's data from its columns: what `forCard(rowToRestaurant(row), true)` gives for the whole
 * row, built as one object (the page's 24 cards are read on every uncached page; a whole listing
 * first, then its card, took about 7 µs a row, this well under 1).
 */
function toListed(row: CardRow): ListedRestaurant {
  const card: ListedRestaurant = {
    slug: row.slug,
    name: cardParts.name(row),
    kashrut: cardParts.kashrut(row),
    tags: cardParts.tags(row),
    isPermanentlyClosed: row.is_permanently_closed,
  };
  const photo = presentText(row.photo);
  if (photo) card.photo = photo;
  const lastVerified = presentText(row.last_verified);
  if (lastVerified) card.lastVerified = lastVerified;
  if (row.hours) card.hours = row.hours;
  const location = cardParts.location(row);
  if (location) card.location = location;
  const certificate = certificateOfRow(row);
  if (certificate) card.certificate = cardCertificate(certificate);
  const pesach = cardParts.pesach(row);
  if (pesach) card.pesach = pesach;
  if (row.review_count) card.rating = { count: row.review_count, stars: row.review_stars ?? 0 };
  return card;
}

/** The cards of the given restaurants in the given order (saved places); ids not found are left out. */
export function cardsByIds(db: Db, ids: readonly string[]): Promise<ListedRestaurant[]> {
  return cardsInOrder(db, ids);
}

/**
 * The listing's order (compareForListing): with a photo first, then Tzohar, then by English name. The search
 * table holds these keys and its index this order (drizzle/0022), so a page of matches needs no sort.
 */
const listingOrder = () => [
  desc(restaurantSearch.has_photo),
  desc(restaurantSearch.tzohar),
  asc(restaurantSearch.name_key),
  asc(restaurantSearch.name_en),
  asc(restaurantSearch.slug),
];
const LISTING_ORDER = listingOrder();

/**
 * The same order on the restaurants' own columns (their index: drizzle/0011), for a page without search
 * words: one query then reads it with the cards' columns.
 */
const RESTAURANT_ORDER = [
  desc(sql`coalesce(btrim(${restaurants.photo}), '') <> ''`),
  desc(sql`${restaurants.kashrut} = 'tzohar'`),
  asc(sql`lower(${restaurants.name_en})`),
  asc(restaurants.name_en),
  asc(restaurants.slug),
];

/**
 * Best rated first (sort=rating): by the Bayesian average (reviews/bayes.ts: C·m + Σ stars over
 * C + n, m the mean of every published review), then by more reviews, places without reviews
 * after; then the listing's order. The same doubles in the same order of operations as the
 * browser's, so both agree to the last place. review_totals is joined by primary key, and the mean
 * is one pass over it (one row per reviewed place).
 */
function ratingOrder(): SQL[] {
  const mean = sql`(select coalesce(sum(${reviewTotals.stars})::float8 / nullif(sum(${reviewTotals.count}), 0), 0) from ${reviewTotals})`;
  return [
    desc(sql`coalesce(${reviewTotals.count}, 0) > 0`),
    desc(
      sql`(${BAYES_WEIGHT}::float8 * ${mean} + coalesce(${reviewTotals.stars}, 0)) / (${BAYES_WEIGHT} + coalesce(${reviewTotals.count}, 0))`,
    ),
    desc(sql`coalesce(${reviewTotals.count}, 0)`),
    ...LISTING_ORDER,
  ];
}

/** A restaurant with a published review (review_totals may keep a row of zeros for one without). */
const REVIEWED = sql`exists (select 1 from ${reviewTotals} where ${reviewTotals.restaurant_id} = ${restaurantSearch.id} and ${reviewTotals.count} > 0)`;

type Matching = Awaited<ReturnType<typeof conditions>>;

/** What the walk's indexes hold (drizzle/0023): read in the listing's order, they need nothing of the table's rows. */
const WALKED = {
  id: restaurantSearch.id,
  has_photo: restaurantSearch.has_photo,
  tzohar: restaurantSearch.tzohar,
  name_key: restaurantSearch.name_key,
  name_en: restaurantSearch.name_en,
  slug: restaurantSearch.slug,
};

/**
 * The ids of the first `limit` matches in `order`, read from the search table: the restaurants' rows
 * are joined only when a filter reads them, review_totals only for the rating's order.
 *
 * In the listing's order the walkable rows come from the index that holds their text (drizzle/0023: read
 * in order, the table's rows never visited) and the rest (long texts, few) from their own index, the two
 * pages merged: with the text in the table, a common word matching late read 10,000 scattered pages at
 * 100,000 listings.
 */
async function matchingIds(
  db: Db,
  matching: Matching,
  { order, limit, reviewed }: { order: SQL[]; limit: number; reviewed?: boolean },
): Promise<string[]> {
  const where =
    reviewed === undefined ? matching.where : and(matching.where, reviewed ? REVIEWED : sql`not ${REVIEWED}`);
  const select = (part?: SQL) => {
    let query = db.select(WALKED).from(restaurantSearch).$dynamic();
    if (matching.restaurants) query = query.innerJoin(restaurants, eq(restaurants.id, restaurantSearch.id));
    if (reviewed) query = query.leftJoin(reviewTotals, eq(reviewTotals.restaurant_id, restaurantSearch.id));
    return query.where(and(part, where));
  };
  if (order !== LISTING_ORDER) {
    const rows = await select()
      .orderBy(...order)
      .limit(limit);
    return rows.map((row) => row.id);
  }
  const branch = (part: SQL) =>
    select(part)
      .orderBy(...listingOrder())
      .limit(limit);
  // The merged page is ordered by the branches' output columns (drizzle rewrites the order it is given
  // into bare column names in place, so it gets a fresh one, never LISTING_ORDER).
  const rows = await branch(sql`${restaurantSearch.walkable}`)
    .unionAll(branch(sql`not ${restaurantSearch.walkable}`))
    .orderBy(...listingOrder())
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The first `limit` matches' ids in the page's order. Best rated first reads the reviewed places (few, in
 * review_totals) in the rating's order, then the others in the listing's order (for them the rating's
 * keys are all equal: no reviews, the mean), so neither reads every match to sort it.
 */
async function pageIds(db: Db, matching: Matching, state: FilterState, limit: number): Promise<string[]> {
  if (state.sort !== "rating") return matchingIds(db, matching, { order: LISTING_ORDER, limit });
  const reviewed = await matchingIds(db, matching, { order: ratingOrder(), limit, reviewed: true });
  if (reviewed.length >= limit) return reviewed;
  return [
    ...reviewed,
    ...(await matchingIds(db, matching, { order: LISTING_ORDER, limit: limit - reviewed.length, reviewed: false })),
  ];
}

/** The cards of `ids`, in that order. */
async function cardsInOrder(db: Db, ids: readonly string[]): Promise<ListedRestaurant[]> {
  if (ids.length === 0) return [];
  const rows = await cardsFrom(db).where(inArray(restaurants.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toListed(row)] : [];
  });
}

/**
 * The restaurants matching `state`, the first `limit` of them and how many there are. A caller
 * that knows how many match (no filter: the directory's size) passes `total` and no count is made.
 * The matches are found in the search table (ids only), then the cards' columns are read for the page.
 */
export async function searchDirectory(
  db: Db,
  state: FilterState,
  {
    clock,
    open,
    limit,
    total,
    closeTo = (word) => closeWords(db, word),
    pesachYear,
  }: {
    clock?: FreshnessClock;
    open?: OpenClock;
    limit: number;
    total?: number;
    closeTo?: CloseWords;
    pesachYear?: string | undefined;
  },
): Promise<DirectoryPage> {
  const matching = await conditions(state, clock, closeTo, pesachYear);
  if (state.openNow) {
    // Open now is judged here, on each candidate's hours (the calendar's windows are not in SQL).
    const candidates = await db
      .select({
        id: restaurants.id,
        hours: restaurants.hours,
        isPermanentlyClosed: restaurants.is_permanently_closed,
        pesach: restaurants.pesach,
      })
      .from(restaurantSearch)
      .innerJoin(restaurants, eq(restaurants.id, restaurantSearch.id))
      .leftJoin(reviewTotals, eq(reviewTotals.restaurant_id, restaurantSearch.id))
      .where(and(matching.where, sql`${restaurants.hours} is not null`, eq(restaurants.is_permanently_closed, false)))
      .orderBy(...(state.sort === "rating" ? ratingOrder() : LISTING_ORDER));
    const openIds = candidates
      .filter((row) =>
        isOpenAt(
          {
            hours: row.hours ?? undefined,
            isPermanentlyClosed: row.isPermanentlyClosed,
            pesach: row.pesach ?? undefined,
          },
          open,
        ),
      )
      .map((row) => row.id);
    return {
      restaurants: await cardsInOrder(db, openIds.slice(0, limit)),
      total: openIds.length,
      totalIsAtLeast: false,
    };
  }
  const cap = Math.max(COUNT_CAP, limit);
  // Search words in the listing's order, nothing counted yet: the walk that finds the page's ids
  // goes on to the count's cap (a common word's 101 matches lie early in the walk, and a rare
  // word's are all read either way), so the ids give the count and no second query reads the
  // matches again to count them.
  if (matching.searched && state.sort !== "rating" && total === undefined) {
    const ids = await matchingIds(db, matching, { order: LISTING_ORDER, limit: cap + 1 });
    return {
      restaurants: await cardsInOrder(db, ids.slice(0, limit)),
      total: Math.min(ids.length, cap),
      totalIsAtLeast: ids.length > cap,
    };
  }
  // Without search words in the listing's order, one query reads the page with its cards (each query costs
  // PGlite about half a millisecond, whatever it reads).
  const found =
    matching.searched || state.sort === "rating"
      ? await cardsInOrder(db, await pageIds(db, matching, state, limit))
      : (
          await cardsFrom(db)
            .where(matching.where)
            .orderBy(...RESTAURANT_ORDER)
            .limit(limit)
        ).map(toListed);
  if (total !== undefined) return { restaurants: found, total, totalIsAtLeast: false };
  // A page that is not full holds every match: nothing to count.
  if (found.length < limit) return { restaurants: found, total: found.length, totalIsAtLeast: false };
  const counted = await countUpTo(db, matching, cap + 1);
  return { restaurants: found, total: Math.min(counted, cap), totalIsAtLeast: counted > cap };
}

/**
 * How many restaurants match, counting no further than `cap`: search words are tested in the search table (its
 * rows are small), the restaurants' rows joined when a filter reads them; filters alone read only those.
 */
async function countUpTo(db: Db, matching: Matching, cap: number): Promise<number> {
  let query = matching.searched
    ? db
        .select({ one: sql`1` })
        .from(restaurantSearch)
        .$dynamic()
    : db
        .select({ one: sql`1` })
        .from(restaurants)
        .$dynamic();
  if (matching.searched && matching.restaurants)
    query = query.innerJoin(restaurants, eq(restaurants.id, restaurantSearch.id));
  const counted = query.where(matching.where).limit(cap).as("matching");
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(counted);
  return row?.total ?? 0;
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
    await db.execute(
      sql`update restaurants as r set search_text = v.text from (values ${values}) as v(id, text) where r.id = v.id and r.search_text is null`,
    );
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
