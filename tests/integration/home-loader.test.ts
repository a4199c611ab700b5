import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/home";
import { buildRestaurant } from "../../database/factories";
import { restaurants } from "../../database/schema/restaurants";
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
    await database.db.insert(restaurants).values([
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
    expect("phoneNumber" in result.restaurants[3]!).toBe(false);
  });
});

describe("home loader with a large directory", () => {
  it("filters and pages on the server instead of sending every restaurant", async () => {
    const big = await createTestDatabase();
    try {
      const rows = Array.from({ length: 2_600 }, (_, i) =>
        buildRestaurant({ slug: `big-${i}`, name_en: `Big Place ${i}`, kashrut: i % 2 === 0 ? "tzohar" : "rabanut" }),
      );
      for (let i = 0; i < rows.length; i += 500) await big.db.insert(restaurants).values(rows.slice(i, i + 500));
      const services = createServices(big.db);
      const first = await loader(routeArgs(services, "/"));
      expect(first).toMatchObject({ mode: "server", total: 2_600 });
      expect(first.restaurants).toHaveLength(48);
      const filtered = await loader(routeArgs(services, "/?kashrut=tzohar&show=96"));
      expect(filtered).toMatchObject({ mode: "server", total: 1_300 });
      expect(filtered.restaurants).toHaveLength(96);
      expect(filtered.restaurants.every((r) => r.kashrut === "tzohar")).toBe(true);
    } finally {
      await big.destroy();
    }
  });
});
