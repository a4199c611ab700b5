// The directory's queries read only a card's columns and build each card from them; a card must be
// what the whole listing's card is (`forCard`, the search index's and the Saved page's way), for
// every shape a listing's columns can take. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "../../app/features/restaurants/search/filters";
import { searchDirectory } from "../../app/features/restaurants/search/search-query.server";
import { forCard } from "../../app/features/restaurants/search/search-index";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import { buildRestaurant } from "../../database/factories";
import type { WeeklyHours } from "../../database/hours";
import { restaurants, type NewRestaurantRow } from "../../database/schema/restaurants";
import { reviewTotals } from "../../database/schema/reviews";
import { createTestDatabase, type TestDatabase } from "../setup/db";

let database: TestDatabase;

const WEEK: WeeklyHours = {
  days: [[{ from: "09:00", to: "17:00" }], [], [], [], [], [], []],
  closedOnShabbat: true,
  beforeRest: { kind: "candles", minutes: 30 },
  afterRest: { kind: "havdalah", minutes: 60 },
};

const SHAPES: Partial<NewRestaurantRow>[] = [
  // Everything a card shows, with spaces to trim.
  {
    slug: "full",
    name_he: "  מלא ",
    photo: " /uploads/full.webp ",
    tags: ["Meat", " ", "Grill"],
    last_verified: "2026-11-01",
    hours: WEEK,
    latitude: 32.08,
    longitude: 34.78,
    certificate_body: "rabbinate_tel_aviv",
    certificate_level: "mehadrin",
    certificate_number: "12345",
    certificate_valid_until: "2027-03-01",
    kosher_kind: "meat",
    pesach: { "2027": { status: "kosher" } },
  },
  // Nothing optional: blank text, no tags, no place, no certificate, empty Pesach plans.
  { slug: "bare", name_he: "   ", photo: "", tags: [], pesach: {}, kashrut: "no-such-kashrut" },
  // A latitude without a longitude is no place.
  { slug: "half-place", latitude: 32.1, longitude: null },
  // Certificates: none, revoked, ended by a later register, a later register that renewed nothing yet.
  { slug: "no-certificate", certificate_body: "none", certificate_valid_until: "2027-01-01" },
  {
    slug: "revoked",
    certificate_body: "rabbinate_tel_aviv",
    certificate_valid_until: "2027-01-01",
    certificate_revoked_on: "2026-11-20",
  },
  {
    slug: "ended",
    certificate_body: "rabbinate_tel_aviv",
    certificate_valid_until: "2026-10-01",
    register_published_on: "2026-11-15",
  },
  {
    slug: "register-before",
    certificate_body: "tzohar",
    certificate_valid_until: "2027-10-01",
    register_published_on: "2026-11-15",
  },
  { slug: "closed", is_permanently_closed: true },
];

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = await database.db
    .insert(restaurants)
    .values(SHAPES.map((shape) => buildRestaurant(shape)))
    .returning({ id: restaurants.id, slug: restaurants.slug });
  // Published reviews on two of them (the card's average): one with stars, one counted without.
  const id = (slug: string) => rows.find((row) => row.slug === slug)!.id;
  await database.db.insert(reviewTotals).values([
    { restaurant_id: id("full"), count: 3, stars: 13 },
    { restaurant_id: id("bare"), count: 1, stars: 0 },
    { restaurant_id: id("closed"), count: 0, stars: 0 },
  ]);
});
afterAll(async () => {
  await database?.destroy();
});

describe("the directory's cards", () => {
  it("are the whole listings' cards, field for field, for every shape of a listing", async () => {
    const bySlug = <T extends { slug: string }>(list: readonly T[]) =>
      [...list].sort((a, b) => a.slug.localeCompare(b.slug));
    const found = await searchDirectory(database.db, EMPTY_FILTERS, { limit: 100 });
    const whole = (await listRestaurants(database.db)).map((listing) => forCard(listing, true));
    expect(found.restaurants).toHaveLength(SHAPES.length);
    expect(bySlug(found.restaurants)).toStrictEqual(bySlug(whole));
    // The shapes do reach a card: trimmed, kept and left out as a visitor sees them.
    const full = found.restaurants.find((card) => card.slug === "full")!;
    expect(full).toMatchObject({
      name: { en: expect.any(String) as unknown, he: "מלא" },
      photo: "/uploads/full.webp",
      tags: ["Meat", "Grill"],
      location: { lat: 32.08, lng: 34.78 },
      certificate: { body: "rabbinate_tel_aviv", validUntil: "2027-03-01" },
      rating: { count: 3, stars: 13 },
    });
    expect(full.certificate).not.toHaveProperty("number");
    const bare = found.restaurants.find((card) => card.slug === "bare")!;
    expect(Object.keys(bare).sort()).toEqual(["isPermanentlyClosed", "kashrut", "name", "rating", "slug", "tags"]);
    expect(bare).toMatchObject({ kashrut: "unknown", rating: { count: 1, stars: 0 } });
    expect(found.restaurants.find((card) => card.slug === "ended")!.certificate).toHaveProperty(
      "registerPublishedOn",
      "2026-11-15",
    );
    expect(found.restaurants.find((card) => card.slug === "register-before")!.certificate).not.toHaveProperty(
      "registerPublishedOn",
    );
  });
});
