import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FILTERS, RESULTS_PAGE } from "../../app/features/restaurants/search/filters";
import { applyFilters } from "../../app/features/restaurants/search/matching";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import { loader } from "../../app/routes/home";
import { buildRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
import { COUNT_CAP, fillSearchText } from "../../app/features/restaurants/search/search-query.server";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { createServices, routeArgs } from "../setup/services";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

describe("home loader", () => {
  it("lists restaurants with a photo first, then tzohar first, in the app shape", async () => {
    await database.db
      .insert(restaurants)
      .values([
        buildRestaurant({ name_en: "A No Photo Tzohar", kashrut: "tzohar" }),
        buildRestaurant({ name_en: "B Photo Rabanut", kashrut: "rabanut", photo: "/uploads/x/b-1200.webp" }),
        buildRestaurant({ name_en: "C Photo Tzohar", kashrut: "tzohar", photo: "/uploads/x/c-1200.webp" }),
        buildRestaurant({ name_en: "D No Photo Mehadrin", kashrut: "mehadrin", phone_number: "" }),
      ]);
    const services = createServices(database.db);
    const result = await loader(routeArgs(services, "/"));
    expect(result.restaurants.map((r) => r.name.en)).toEqual([
      "C Photo Tzohar",
      "B Photo Rabanut",
      "A No Photo Tzohar",
      "D No Photo Mehadrin",
    ]);
    // The HTML carries only what a card shows.
    expect(Object.keys(result.restaurants[0]!).sort()).toEqual([
      "isPermanentlyClosed",
      "kashrut",
      "name",
      "photo",
      "slug",
      "tags",
    ]);
  });
});

describe("home loader paging", () => {
  it("sends only the page of results on screen, filtered on the server, and names the search index", async () => {
    const small = await createTestDatabase();
    try {
      const rows = Array.from({ length: 60 }, (_, i) =>
        buildRestaurant({
          slug: `small-${i}`,
          name_en: `Small Place ${i}`,
          kashrut: i % 3 === 0 ? "tzohar" : "rabanut",
        }),
      );
      await small.db.insert(restaurants).values(rows);
      const services = createServices(small.db);
      const first = await loader(routeArgs(services, "/"));
      expect(first.total).toBe(60);
      expect(first.restaurants).toHaveLength(RESULTS_PAGE);
      expect(first.indexVersion).toMatch(/^[\w-]{16}$/);
      const filtered = await loader(routeArgs(services, "/?kashrut=tzohar"));
      expect(filtered.total).toBe(20);
      expect(filtered.restaurants.every((r) => r.kashrut === "tzohar")).toBe(true);
      // A change to the list is a new index version, so browsers never keep a stale one.
      await small.db.insert(restaurants).values(buildRestaurant({ slug: "small-new" }));
      expect((await loader(routeArgs(services, "/"))).indexVersion).not.toBe(first.indexVersion);
    } finally {
      await small.destroy();
    }
  });

  it("past the client limit, offers no index and pages on the server", async () => {
    const big = await createTestDatabase();
    try {
      const rows = Array.from({ length: 2_600 }, (_, i) =>
        buildRestaurant({ slug: `big-${i}`, name_en: `Big Place ${i}`, kashrut: i % 2 === 0 ? "tzohar" : "rabanut" }),
      );
      for (let i = 0; i < rows.length; i += 500) await big.db.insert(restaurants).values(rows.slice(i, i + 500));
      // Inserted without their search text, as a script would: the server writes it before listening.
      await fillSearchText(big.db);
      const services = createServices(big.db);
      const first = await loader(routeArgs(services, "/"));
      expect(first).toMatchObject({ indexVersion: null, total: 2_600 });
      expect(first.restaurants).toHaveLength(RESULTS_PAGE);
      // Past the limit the database counts a filter's matches up to 100 (or as far as the page goes), then says "more than" (ADR 022).
      const filtered = await loader(routeArgs(services, `/?kashrut=tzohar&show=${RESULTS_PAGE * 4}`));
      expect(filtered).toMatchObject({
        indexVersion: null,
        total: Math.max(COUNT_CAP, RESULTS_PAGE * 4),
        totalIsAtLeast: true,
      });
      expect(filtered.restaurants).toHaveLength(RESULTS_PAGE * 4);
      expect(filtered.restaurants.every((r) => r.kashrut === "tzohar")).toBe(true);
      // Fewer matches than the cap are counted exactly, as the browser's own filtering counts them.
      const narrow = await loader(routeArgs(services, "/?kashrut=tzohar&q=big+place+258"));
      const expected = applyFilters(await listRestaurants(big.db), {
        ...EMPTY_FILTERS,
        kashrutTypes: ["tzohar"],
        searchTerm: "big place 258",
      });
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(COUNT_CAP);
      expect(narrow).toMatchObject({ total: expected.length, totalIsAtLeast: false });
    } finally {
      await big.destroy();
    }
  });
});
