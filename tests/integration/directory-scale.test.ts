// A directory past the browser index's limit (ADR 022), as a server process holds it: the home
// page's results come from the database and the whole list is never read; a write from anywhere
// (here plain SQL, as another process or psql would) is found by the next searches once the
// database announces it, without reloading the directory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql, type Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { createDirectory, type Directory } from "../../app/features/restaurants/search/directory.server";
import { searchDirectory } from "../../app/features/restaurants/search/search-query.server";
import type { Db } from "../../database/types";
import { refreshStatistics } from "../../server/data/database";
import { EMPTY_FILTERS } from "../../app/features/restaurants/search/filters";
import { CLIENT_FILTER_LIMIT } from "../../app/features/restaurants/search/search-index";
import { COUNT_CAP } from "../../app/features/restaurants/search/search-query.server";
import { buildRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { createChangeFeed, type ChangeFeed } from "../../server/data/changes";
import { createRestaurantCountCache, createRestaurantListCache } from "../../server/data/restaurant-cache";
import { keepSearchText } from "../../server/data/search-text";
import { searchTextOfRow } from "../../app/features/restaurants/core/mapping";
import { createTestDatabase, type TestDatabase } from "../setup/db";

let database: TestDatabase;
let feed: ChangeFeed;
let directory: Directory;
let listReads = 0;
const COUNT = CLIENT_FILTER_LIMIT + 1;

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const row = buildRestaurant({
      slug: `place-${i}`,
      name_en: `Place ${i}`,
      name_he: null,
      address: `${i} Long Street`,
    });
    return { ...row, search_text: searchTextOfRow(row) };
  });
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(restaurants).values(rows.slice(i, i + 500));
  feed = await createChangeFeed(database);
  const list = createRestaurantListCache(database.db, feed);
  directory = createDirectory({
    db: database.db,
    list: () => {
      listReads++;
      return list();
    },
    size: createRestaurantCountCache(database.db, feed),
  });
  keepSearchText(database.db, feed);
}, 60_000);
afterAll(async () => {
  await feed?.close();
  await database?.destroy();
});

const search = (searchTerm: string) => directory({ state: { ...EMPTY_FILTERS, searchTerm }, limit: 24 });

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("a directory past the browser index's limit", () => {
  it("answers the home page from the database: a page of results, the count, no index for the browser", async () => {
    const all = await search("");
    expect(all.total).toBe(COUNT);
    expect(all.restaurants).toHaveLength(24);
    expect(all.indexVersion).toBeNull();
    const one = await search("place 2500");
    expect(one.restaurants.map((restaurant) => restaurant.slug)).toEqual(["place-2500"]);
    expect(listReads).toBe(0);
  });

  it("counts matches up to 100 and then says more than that; a page that is not full is the whole count", async () => {
    const common = await search("place");
    expect(common).toMatchObject({ total: COUNT_CAP, totalIsAtLeast: true });
    // Showing more than the cap counts as far as the page goes.
    expect(await directory({ state: { ...EMPTY_FILTERS, searchTerm: "place" }, limit: 144 })).toMatchObject({
      total: 144,
      totalIsAtLeast: true,
    });
    expect(common.restaurants).toHaveLength(24);
    const few = await search("place 249");
    // place-249, place-1249, place-2249, place-2490 … place-2499: all on one page
    expect(few).toMatchObject({ total: 13, totalIsAtLeast: false });
    const all = await search("");
    expect(all).toMatchObject({ total: COUNT, totalIsAtLeast: false });
  });

  it("finds a rename written by plain SQL once the database announces it (the server fills the search text)", async () => {
    await database.db
      .update(restaurants)
      .set({ name_en: "Zeytinia Harbour Kitchen" })
      .where(eq(restaurants.slug, "place-7"));
    const found = await eventually(
      () => search("zeytinia"),
      (result) => result.total === 1,
    );
    expect(found.restaurants.map((restaurant) => restaurant.slug)).toEqual(["place-7"]);
    expect((await search("place 7")).restaurants.map((restaurant) => restaurant.slug)).not.toContain("place-7");
    expect(listReads).toBe(0);
  });

  it("counts a restaurant added or removed by another client", async () => {
    await database.db
      .insert(restaurants)
      .values(buildRestaurant({ slug: "added-elsewhere", name_en: "Added Elsewhere" }));
    expect(
      (
        await eventually(
          () => search(""),
          (result) => result.total === COUNT + 1,
        )
      ).total,
    ).toBe(COUNT + 1);
    expect(
      (
        await eventually(
          () => search("added elsewhere"),
          (result) => result.total === 1,
        )
      ).total,
    ).toBe(1);
    await database.db.execute(sql`delete from restaurants where slug = 'added-elsewhere'`);
    expect(
      (
        await eventually(
          () => search(""),
          (result) => result.total === COUNT,
        )
      ).total,
    ).toBe(COUNT);
    expect(listReads).toBe(0);
  });

  it("walks the listing's order in the index that holds each text, never visiting the table's rows", async () => {
    // The statements a search makes, as the database receives them (the same connection, logged).
    const statements: { sql: string; params: unknown[] }[] = [];
    const logger: Logger = { logQuery: (query, params) => statements.push({ sql: query, params }) };
    const logged = (database.pglite
      ? drizzlePglite({ client: database.pglite, logger })
      : drizzlePg({ client: database.pool!, logger })) as unknown as Db;
    // The statistics job marks the settled pages visible (PGlite has no autovacuum; PostgreSQL's may not have run).
    await refreshStatistics(database);
    // A word every listing holds, so the page is the first 24 in order, in the walk's index.
    await searchDirectory(logged, { ...EMPTY_FILTERS, searchTerm: "long street" }, { limit: 24, total: COUNT });
    const walk = statements.find((statement) => statement.sql.includes("union all"));
    expect(walk, "the page's ids come from the two indexes of the order, merged").toBeDefined();
    const explain = `explain (analyze, format json) ${walk!.sql}`;
    const explained = database.pglite
      ? await database.pglite.query(explain, walk!.params)
      : await database.pool!.query(explain, walk!.params);
    const plan = JSON.stringify(explained.rows);
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Index Name":"restaurant_search_walk_idx"');
    expect(plan).toContain('"Heap Fetches":0');
  });

  it("finds a search's page and its count in one walk: the matches are not read again to count them", async () => {
    const statements: string[] = [];
    const logger: Logger = { logQuery: (query) => statements.push(query) };
    const logged = (database.pglite
      ? drizzlePglite({ client: database.pglite, logger })
      : drizzlePg({ client: database.pool!, logger })) as unknown as Db;
    const common = await searchDirectory(logged, { ...EMPTY_FILTERS, searchTerm: "long street" }, { limit: 24 });
    expect(common).toMatchObject({ total: COUNT_CAP, totalIsAtLeast: true });
    expect(common.restaurants.map((found) => found.slug).slice(0, 2)).toEqual(["place-0", "place-1"]);
    // Besides the typos' close words (one lookup a word): the walk (ids), then the page's cards,
    // and no count of its own.
    const reads = statements.filter((statement) => !statement.includes('"search_vocabulary"'));
    expect(reads.filter((statement) => statement.includes("union all"))).toHaveLength(1);
    expect(reads.filter((statement) => /count\(/i.test(statement))).toEqual([]);
    expect(reads).toHaveLength(2);
  });

  it("finds a listing whose text is too long for the walk's index, in its place in the order", async () => {
    const long = buildRestaurant({
      slug: "place-0-long",
      name_en: "Place 0 Long",
      name_he: null,
      address: "1 Long Street",
      description_en: `A courtyard of lemon trees and a zanzibarish spice market. ${"Slow cooked beans. ".repeat(260)}`,
      description_he: "חצר של עצי לימון ושוק תבלינים. ".repeat(160),
    });
    await database.db.insert(restaurants).values({ ...long, search_text: searchTextOfRow(long) });
    try {
      const kept = await database.db.execute(
        sql`select walkable, octet_length(search_text) as bytes from restaurant_search where slug = ${long.slug}`,
      );
      // What this test is about: the row is left out of the walk's index (a B-tree entry holds ~2,700 bytes).
      expect((kept as unknown as { rows: { walkable: boolean; bytes: number }[] }).rows[0]).toMatchObject({
        walkable: false,
      });
      const slugs = async (term: string) => (await search(term)).restaurants.slice(0, 3).map((found) => found.slug);
      // Between "Place 0" and "Place 1" by name: the two indexes' pages merged in the listing's order.
      expect(await slugs("place")).toEqual(["place-0", "place-0-long", "place-1"]);
      // A word only in its long descriptions, in English and in Hebrew.
      expect(await slugs("zanzibarish")).toEqual(["place-0-long"]);
      expect(await slugs("תבלינים")).toEqual(["place-0-long"]);
    } finally {
      await database.db.delete(restaurants).where(eq(restaurants.slug, long.slug));
    }
  });

  it("keeps the search's own table in step with every write, by plain SQL too: the order at once, a delete gone", async () => {
    const firstSlugs = async () => (await search("place")).restaurants.slice(0, 2).map((found) => found.slug);
    // With its search text, as the app writes it: a row without one is found only once this
    // process has filled it in after the database's announcement (another test's subject), which
    // a busy machine may not have done by the next line.
    const photo = buildRestaurant({ slug: "zz-place-photo", name_en: "Zz Place Photo" });
    await database.db.insert(restaurants).values({ ...photo, search_text: searchTextOfRow(photo) });
    // Last by name among places without a photo or Tzohar, then first with a photo, then first of the
    // Tzohar places once the photo is gone.
    expect(await firstSlugs()).toEqual(["place-0", "place-1"]);
    await database.db.execute(sql`update restaurants set photo = 'photo.webp' where slug = 'zz-place-photo'`);
    expect(await firstSlugs()).toEqual(["zz-place-photo", "place-0"]);
    await database.db.execute(
      sql`update restaurants set photo = null, kashrut = 'tzohar' where slug in ('zz-place-photo', 'place-9')`,
    );
    expect(await firstSlugs()).toEqual(["place-9", "zz-place-photo"]);
    await database.db.execute(sql`delete from restaurants where slug = 'zz-place-photo'`);
    await database.db.execute(sql`update restaurants set kashrut = 'rabanut' where slug = 'place-9'`);
    expect(await firstSlugs()).toEqual(["place-0", "place-1"]);
    const counted = await database.db.execute(
      sql`select (select count(*) from restaurant_search)::int as searched, (select count(*) from restaurants)::int as listed`,
    );
    const [row] = (counted as unknown as { rows: { searched: number; listed: number }[] }).rows;
    expect(row?.searched).toBe(row?.listed);
  });
});
