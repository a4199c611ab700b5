import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/restaurant";
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

describe("restaurant loader", () => {
  it("loads a restaurant by slug in the app shape", async () => {
    await database.db
      .insert(restaurants)
      .values(buildRestaurant({ slug: "by-slug", name_en: "By Slug", name_he: "לפי כתובת" }));
    const services = createServices(database.db);
    const data = await loader(routeArgs(services, "/he/restaurant/by-slug", undefined, { slug: "by-slug" }));
    expect(data.restaurant.name).toEqual({ en: "By Slug", he: "לפי כתובת" });
    expect(data.contactEmail).toBe(services.settings.contactEmail);
  });

  it("redirects an unknown slug to the home page", async () => {
    const services = createServices(database.db);
    const thrown = await loader(routeArgs(services, "/en/restaurant/nope", undefined, { slug: "nope" })).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/");
  });

  it("redirects an unknown slug on a Hebrew page to the Hebrew home page", async () => {
    const services = createServices(database.db);
    const thrown = await loader(routeArgs(services, "/he/restaurant/nope", undefined, { slug: "nope" })).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/he");
  });
});
