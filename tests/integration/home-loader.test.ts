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
