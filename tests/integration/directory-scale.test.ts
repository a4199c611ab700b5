// A directory past the browser index's limit (ADR 022), as a server process holds it: the home
// page's results come from the database and the whole list is never read; a write from anywhere
// (here plain SQL, as another process or psql would) is found by the next searches once the
// database announces it, without reloading the directory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createDirectory, type Directory } from "../../app/features/restaurants/search/directory.server";
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

  it("keeps the search's own table in step with every write, by plain SQL too: the order at once, a delete gone", async () => {
    const firstSlugs = async () => (await search("place")).restaurants.slice(0, 2).map((found) => found.slug);
    await database.db
      .insert(restaurants)
      .values(buildRestaurant({ slug: "zz-place-photo", name_en: "Zz Place Photo" }));
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
