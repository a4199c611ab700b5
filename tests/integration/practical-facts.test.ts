// The practical facts (ADR 024): saved through the restaurant form's path by the linked owner and
// by an admin (another owner and a guest refused, nothing changed), each change in the history and
// its panel; bad values refused with the field's message; the restaurant page's loader sending
// them; the home page's loader filtering by them from the URL (no JavaScript needed).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMPTY_FORM } from "../../app/features/restaurants/editing/form-schema";
import type { AppServices } from "../../app/lib/context";
import { action as editorAction, loader as editorLoader } from "../../app/routes/dashboard/restaurant";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as restaurantLoader } from "../../app/routes/restaurant";
import { insertRestaurant } from "../../database/factories";
import { restaurantChanges, restaurantOwners, restaurants } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";
import { callRoute, signedInUser } from "../setup/routes";
import { createServices, routeArgs } from "../setup/services";
import type { MetaDescriptor } from "react-router";
import { structuredDataOf } from "../setup/meta";

type Who = "ownerLinked" | "ownerUnlinked" | "admin" | "guest";

let database: TestDatabase;
let services: AppServices;
const cookies: Partial<Record<Who, string>> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db);
  for (const [who, role] of [
    ["ownerLinked", "owner"],
    ["ownerUnlinked", "owner"],
    ["admin", "admin"],
    ["guest", "guest"],
  ] as const) {
    const user = await signedInUser(services, { email: `${who.toLowerCase()}@facts.example`, role, firstName: who });
    cookies[who] = user.cookie;
    ids[who] = user.id;
  }
});
beforeEach(async () => {
  await database.db.delete(restaurants);
  await database.db.delete(restaurantChanges);
  const restaurant = await insertRestaurant(database.db, {
    slug: "facts-place",
    name_en: "Facts Place",
    name_he: "מקום העובדות",
    address: "1 Fact St",
    // The kashrut value as the one model stores it: with the certificate's body it is read from (ADR 032).
    kashrut: "rabanut",
    certificate_body: "rabbinate_tel_aviv",
    certificate_level: "regular",
  });
  ids.restaurant = restaurant.id;
  await database.db.insert(restaurantOwners).values({ restaurant_id: restaurant.id, user_id: ids.ownerLinked! });
});
afterAll(async () => {
  await database?.destroy();
});

const row = async () => (await database.db.select().from(restaurants).where(eq(restaurants.id, ids.restaurant!)))[0]!;
const save = (who: Who, facts: Record<string, unknown>) =>
  callRoute(editorAction, services, `/dashboard/edit/${ids.restaurant}`, {
    cookie: cookies[who]!,
    params: { id: ids.restaurant! },
    json: {
      intent: "save",
      values: {
        ...EMPTY_FORM,
        nameEn: "Facts Place",
        nameHe: "מקום העובדות",
        address: "1 Fact St",
        kashrut: "rabanut",
        ...facts,
      },
    },
  });

const FACTS = { priceLevel: "2", delivery: true, takeaway: true, catering: false, wheelchair: "yes" };

describe("saving the practical facts through the restaurant form's path", () => {
  it("the linked owner saves them; each is in the history, shown in the admin's panel, and on the restaurant page", async () => {
    expect((await save("ownerLinked", FACTS)).status).toBe(302);
    expect(await row()).toMatchObject({
      price_level: 2,
      delivery: true,
      takeaway: true,
      catering: false,
      wheelchair: "yes",
    });
    const [change] = await database.db
      .select()
      .from(restaurantChanges)
      .where(eq(restaurantChanges.restaurant_id, ids.restaurant!));
    expect(change).toMatchObject({ action: "update", actor_email: "ownerlinked@facts.example" });
    expect(change!.changes).toEqual({
      price_level: { old: null, new: 2 },
      delivery: { old: false, new: true },
      takeaway: { old: false, new: true },
      wheelchair: { old: null, new: "yes" },
    });

    const editor = await callRoute(editorLoader, services, `/dashboard/edit/${ids.restaurant}`, {
      cookie: cookies.admin!,
      params: { id: ids.restaurant! },
    });
    const data = editor.data as {
      initial: typeof EMPTY_FORM;
      admin: { history: { changes: Record<string, unknown> }[] };
    };
    expect(data.initial).toMatchObject(FACTS);
    expect(Object.keys(data.admin.history[0]!.changes).sort()).toEqual([
      "delivery",
      "price_level",
      "takeaway",
      "wheelchair",
    ]);

    const page = await callRoute(restaurantLoader, services, "/he/restaurant/facts-place", {
      params: { slug: "facts-place" },
    });
    expect((page.data as { restaurant: unknown }).restaurant).toMatchObject({
      priceLevel: 2,
      delivery: true,
      takeaway: true,
      wheelchair: "yes",
    });
    expect((page.data as { restaurant: object }).restaurant).not.toHaveProperty("catering");
    // Worded by the loader in the page's language, with schema.org's words beside them.
    expect((page.data as { practical: string[] }).practical).toEqual([
      "מחיר: ₪₪",
      "משלוחים",
      "טייק אוויי",
      "נגיש לכיסאות גלגלים",
    ]);
    expect(structuredDataOf((page.data as { meta: MetaDescriptor[] }).meta)).toMatchObject({
      "@type": "Restaurant",
      priceRange: "₪₪",
      amenityFeature: [
        { "@type": "LocationFeatureSpecification", name: "Delivery", value: true },
        { "@type": "LocationFeatureSpecification", name: "Takeaway", value: true },
        { "@type": "LocationFeatureSpecification", name: "Wheelchair accessible", value: true },
      ],
    });
    const english = await callRoute(restaurantLoader, services, "/en/restaurant/facts-place", {
      params: { slug: "facts-place" },
    });
    expect((english.data as { practical: string[] }).practical).toEqual([
      "Price: ₪₪",
      "Delivery",
      "Takeaway",
      "Wheelchair accessible",
    ]);
  });

  it("an admin saves them, and clears them again: not given is null and false, recorded as a change", async () => {
    expect((await save("admin", { ...FACTS, catering: true, wheelchair: "partly" })).status).toBe(302);
    expect(await row()).toMatchObject({ catering: true, wheelchair: "partly" });
    expect((await save("admin", {})).status).toBe(302);
    expect(await row()).toMatchObject({
      price_level: null,
      delivery: false,
      takeaway: false,
      catering: false,
      wheelchair: null,
    });
    expect(await database.db.$count(restaurantChanges)).toBe(2);
  });

  it("an owner not linked to it and a guest are refused, and nothing changes", async () => {
    for (const who of ["ownerUnlinked", "guest"] as const) {
      const outcome = await save(who, FACTS);
      expect(outcome.status, who).toBe(403);
    }
    expect(await row()).toMatchObject({ price_level: null, delivery: false, wheelchair: null });
    expect(await database.db.$count(restaurantChanges)).toBe(0);
  });

  it("a bad level, access or flag is refused with the field's message; nothing changes", async () => {
    for (const [bad, field, message] of [
      [{ ...FACTS, priceLevel: "5" }, "priceLevel", "form.priceLevelInvalid"],
      [{ ...FACTS, priceLevel: "₪₪" }, "priceLevel", "form.priceLevelInvalid"],
      [{ ...FACTS, wheelchair: "ramp" }, "wheelchair", "form.wheelchairInvalid"],
      [{ ...FACTS, delivery: "on" }, "delivery", "form.yesNoInvalid"],
    ] as const) {
      const outcome = await save("ownerLinked", bad);
      expect(outcome.status, field).toBe(400);
      expect(outcome.data, field).toMatchObject({ errors: { [field]: message } });
    }
    expect((await row()).price_level).toBeNull();
    expect(await database.db.$count(restaurantChanges)).toBe(0);
  });
});

describe("the home page's practical filters, from the URL", () => {
  it("keep only the restaurants with the facts asked for; unknown values are ignored", async () => {
    await database.db
      .update(restaurants)
      .set({ price_level: 2, delivery: true, wheelchair: "yes" })
      .where(eq(restaurants.id, ids.restaurant!));
    await insertRestaurant(database.db, {
      slug: "dear-place",
      name_en: "Dear Place",
      price_level: 4,
      delivery: true,
      wheelchair: "partly",
    });
    await insertRestaurant(database.db, { slug: "unknown-place", name_en: "Unknown Place" });
    const slugs = async (query: string) =>
      (await homeLoader(routeArgs(services, `/he${query}`))).restaurants.map((r) => r.slug).sort();
    expect(await slugs("")).toEqual(["dear-place", "facts-place", "unknown-place"]);
    expect(await slugs("?price=2")).toEqual(["facts-place"]);
    expect(await slugs("?has=delivery")).toEqual(["dear-place", "facts-place"]);
    expect(await slugs("?has=wheelchair")).toEqual(["facts-place"]);
    expect(await slugs("?price=3&has=delivery&has=catering")).toEqual([]);
    // The form without JavaScript sends "Any price" as an empty value; nonsense is ignored.
    expect(await slugs("?price=&has=parking&price=9")).toEqual(["dear-place", "facts-place", "unknown-place"]);
  });
});
