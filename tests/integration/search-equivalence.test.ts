// Search past the browser index (ADR 022): the database gives the same restaurants as the
// browser's own filtering, for Hebrew and English terms with prefixes, niqqud, final letters,
// geresh and a typo, alone and with the other filters. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { EMPTY_FILTERS, type FilterState } from "../../app/features/restaurants/search/filters";
import { applyFilters } from "../../app/features/restaurants/search/matching";
import {
  fillSearchText,
  searchDirectory,
  trigramsReadHebrew,
} from "../../app/features/restaurants/search/search-query.server";
import { createDirectory } from "../../app/features/restaurants/search/directory.server";
import { CLIENT_FILTER_LIMIT, decodeIndex, toIndexRow } from "../../app/features/restaurants/search/search-index";
import { listRestaurants } from "../../app/features/restaurants/core/queries.server";
import type { Restaurant } from "../../app/features/restaurants/core/types";
import { buildRestaurant } from "../../database/factories";
import type { WeeklyHours } from "../../database/hours";
import { restaurants, type NewRestaurantRow } from "../../database/schema/restaurants";
import { createTestDatabase, type TestDatabase } from "../setup/db";

let database: TestDatabase;
let all: Restaurant[];

const CLOCK = { today: "2026-11-25", maxAgeDays: 180, graceDays: 30 };

const PLACES: Partial<NewRestaurantRow>[] = [
  {
    slug: "olive-grill",
    name_en: "Olive Grill",
    name_he: "גריל הזית",
    address: "12 Dizengoff St, Tel Aviv",
    tags: ["Meat", "Grill"],
    kashrut: "mehadrin",
    // Valid.
    certificate_body: "rabbinate_tel_aviv",
    certificate_valid_until: "2026-12-01",
    // Kosher for Pesach 2027, closed for 2028.
    pesach: { "2027": { status: "kosher" }, "2028": { status: "closed" } },
    // The practical facts people filter by.
    price_level: 3,
    delivery: true,
    takeaway: true,
    wheelchair: "yes",
  },
  {
    slug: "cafe-noa",
    pesach: { "2027": { status: "not_kosher", kitniyot: true }, "2028": { status: "kosher" } },
    name_en: "Café Noa",
    name_he: "קפה נועה",
    address: "3 Shenkin St, Tel Aviv",
    tags: ["Cafe", "Dairy"],
    kashrut: "rabanut",
    booking_link: "https://book.example/noa",
    price_level: 2,
    takeaway: true,
    wheelchair: "partly",
    // Renewal pending (within 30 days after it).
    certificate_body: "tzohar",
    certificate_valid_until: "2026-11-10",
  },
  {
    slug: "shawarma-king",
    name_en: "Shawarma King",
    name_he: "מלך השווארמה",
    address: "5 Allenby St",
    tags: ["Meat"],
    kashrut: "badatz",
    description_he: "שווארמה בלאפה, ובפיתה.",
    // Expired.
    certificate_body: "badatz_landau",
    certificate_valid_until: "2026-09-01",
  },
  {
    slug: "tel-aviv-pizza",
    name_en: "Tel Aviv Pizza",
    name_he: "פיצה תל אביב",
    address: "40 Ibn Gabirol St",
    tags: ["Pizza", "Dairy"],
    kashrut: "tzohar",
    wolt_link: "https://wolt.example/p",
    certificate_body: "none",
    price_level: 1,
    delivery: true,
    takeaway: true,
    catering: true,
    wheelchair: "yes",
  },
  {
    slug: "shalom-bakery",
    name_en: "Shalom Bakery",
    name_he: "מאפיית שָׁלוֹם",
    address: "1 Rothschild Blvd",
    tags: ["Bakery"],
    kashrut: "rabanut",
    last_verified: "2026-10-01",
    // The last day of the grace period: still in the filter.
    certificate_body: "rabbinate_tel_aviv",
    certificate_valid_until: "2026-10-26",
  },
  {
    slug: "hummus-eliyahu",
    name_en: "Hummus Eliyahu",
    name_he: "חומוס אליהו",
    address: "9 Ben Yehuda St",
    tags: ["Vegan"],
    kashrut: "mehadrin",
    last_verified: "2025-01-01",
  },
  {
    slug: "cheese-and-wine",
    name_en: "Cheese & Wine",
    name_he: "גבינה ויין",
    address: "22 Yehuda HaLevi St",
    tags: ["Dairy"],
    kashrut: "tzohar",
    description_en: "Fondue, raclette and a 50% happy hour.",
    price_level: 4,
    catering: true,
    wheelchair: "no",
  },
  {
    slug: "grill-house",
    name_en: "The Grill House",
    name_he: "בית הגריל",
    address: "Namal Tel Aviv",
    tags: ["Grill"],
    kashrut: "badatz",
    online_order_link: "https://order.example/g",
  },
  {
    slug: "sushi-lev",
    name_en: "Sushi Lev",
    name_he: "סושי לב",
    address: "Habima Sq",
    tags: ["Sushi"],
    kashrut: "mehadrin",
    description_en: "Omakase under_score",
  },
  {
    slug: "closed-deli",
    name_en: "Old Deli",
    name_he: "המעדנייה הישנה",
    address: "Levinsky Market",
    tags: ["Meat"],
    kashrut: "rabanut",
    is_permanently_closed: true,
    price_level: 1,
    delivery: true,
  },
];

/** Terms: English and Hebrew, a part of a word, prefixes, niqqud, final letters, geresh, typos, nothing. */
const TERMS = [
  "olive",
  "OLIVE grill",
  "oliv",
  "olivw",
  "grll",
  "café",
  "cafe",
  "tel aviv",
  "זית",
  "הזית",
  "בתל אביב",
  "ובתל",
  "ובבית",
  "מהגריל",
  "וגבינה",
  "לפיצה",
  "שלום",
  "שָׁלוֹם",
  "שלומ",
  "בשווארמה",
  "שוורמה",
  "ש",
  "ו",
  "חומוס אליהו",
  "חומס",
  "50%",
  "5o%",
  "1234",
  "12",
  "under_score",
  "kafego",
  "omakasi",
  "a\\b",
  "zzz",
  "ג'בינה",
  "dairy",
  "חלבי",
];

/** Other filters a term is combined with. */
const WITH: Partial<FilterState>[] = [
  {},
  { kashrutTypes: ["mehadrin", "tzohar"] },
  { selectedTags: ["Dairy", "Grill"] },
  { linkFilters: ["booking", "wolt"] },
  { recentlyVerified: true },
  // A valid kashrut certificate.
  { validCertificate: true },
  // Kosher for Pesach (2027, the season's year here).
  { pesachKosher: true },
  // The practical filters.
  { priceUpTo: 2 },
  { priceUpTo: 1, factFilters: ["delivery"] },
  { factFilters: ["takeaway", "wheelchair"] },
  { factFilters: ["catering"], kashrutTypes: ["tzohar"] },
];

/** The season's Pesach, for Kosher for Pesach. */
const PESACH_YEAR = "2027";

const slugs = (list: readonly { slug: string }[]) => list.map((restaurant) => restaurant.slug);

beforeAll(async () => {
  database = await createTestDatabase();
  // Inserted without a search text (as a script would), then filled as the server fills it.
  await database.db.insert(restaurants).values(PLACES.map((place) => buildRestaurant(place)));
  await fillSearchText(database.db);
  all = await listRestaurants(database.db);
});
afterAll(async () => {
  await database?.destroy();
});

describe("search in the database and in the browser give the same restaurants", () => {
  it("the database reads Hebrew letters into trigrams (its LC_CTYPE is not C)", async () => {
    expect(await trigramsReadHebrew(database.db)).toMatchObject({ ok: true });
  });

  it("the Valid certificate filter keeps valid and renewal pending, on both paths", async () => {
    const state = { ...EMPTY_FILTERS, validCertificate: true };
    const expected = ["cafe-noa", "olive-grill", "shalom-bakery"];
    expect(slugs(applyFilters(all, state, CLOCK)).sort()).toEqual(expected);
    expect(slugs((await searchDirectory(database.db, state, { clock: CLOCK, limit: 100 })).restaurants).sort()).toEqual(
      expected,
    );
    // A day later the bakery's grace is over, on both paths; without a grace period only the valid one stays.
    const later = { ...CLOCK, today: "2026-11-26" };
    expect(slugs(applyFilters(all, state, later)).sort()).toEqual(["cafe-noa", "olive-grill"]);
    expect(slugs((await searchDirectory(database.db, state, { clock: later, limit: 100 })).restaurants).sort()).toEqual(
      ["cafe-noa", "olive-grill"],
    );
    const noGrace = { ...CLOCK, graceDays: 0 };
    expect(slugs(applyFilters(all, state, noGrace))).toEqual(["olive-grill"]);
    expect(slugs((await searchDirectory(database.db, state, { clock: noGrace, limit: 100 })).restaurants)).toEqual([
      "olive-grill",
    ]);
  });

  it("the practical filters keep the same restaurants in the database, the full list and the browser's index", async () => {
    const index = decodeIndex(JSON.parse(JSON.stringify(all.map(toIndexRow))));
    const cases: [Partial<FilterState>, string[]][] = [
      [{ priceUpTo: 1 }, ["closed-deli", "tel-aviv-pizza"]],
      [{ priceUpTo: 2 }, ["cafe-noa", "closed-deli", "tel-aviv-pizza"]],
      [{ priceUpTo: 3 }, ["cafe-noa", "closed-deli", "olive-grill", "tel-aviv-pizza"]],
      [{ factFilters: ["delivery"] }, ["closed-deli", "olive-grill", "tel-aviv-pizza"]],
      [{ factFilters: ["takeaway"] }, ["cafe-noa", "olive-grill", "tel-aviv-pizza"]],
      [{ factFilters: ["catering"] }, ["cheese-and-wine", "tel-aviv-pizza"]],
      // Fully accessible only: not the café's "partly", not the cheese bar's "no".
      [{ factFilters: ["wheelchair"] }, ["olive-grill", "tel-aviv-pizza"]],
      [{ factFilters: ["delivery", "catering"], priceUpTo: 2 }, ["tel-aviv-pizza"]],
    ];
    for (const [extra, expected] of cases) {
      const state = { ...EMPTY_FILTERS, ...extra };
      expect(slugs(applyFilters(all, state, CLOCK)).sort(), JSON.stringify(extra)).toEqual(expected);
      expect(slugs(applyFilters(index, state, CLOCK)).sort(), JSON.stringify(extra)).toEqual(expected);
      const found = await searchDirectory(database.db, state, { clock: CLOCK, limit: 100 });
      expect(slugs(found.restaurants).sort(), JSON.stringify(extra)).toEqual(expected);
      expect(found.total).toBe(expected.length);
    }
  });

  for (const term of TERMS) {
    it(`"${term}", alone and with other filters`, async () => {
      for (const extra of WITH) {
        const state = { ...EMPTY_FILTERS, ...extra, searchTerm: term };
        const expected = slugs(applyFilters(all, state, CLOCK, undefined, PESACH_YEAR));
        const found = await searchDirectory(database.db, state, { clock: CLOCK, limit: 100, pesachYear: PESACH_YEAR });
        expect(slugs(found.restaurants).sort(), JSON.stringify(extra)).toEqual([...expected].sort());
        expect(found.total).toBe(expected.length);
      }
    });
  }

  it("finds what the rules promise: a prefix, niqqud, a typo; and nothing for nonsense", () => {
    const find = (term: string) => slugs(applyFilters(all, { ...EMPTY_FILTERS, searchTerm: term })).sort();
    expect(find("בתל אביב")).toEqual(["tel-aviv-pizza"]);
    expect(find("שָׁלוֹם")).toEqual(["shalom-bakery"]);
    expect(find("olivw")).toEqual(["olive-grill"]);
    expect(find("שוורמה")).toEqual(["shawarma-king"]);
    expect(find("ובבית")).toEqual(["cafe-noa", "grill-house"]); // "בית הגריל", and the Cafe tag's "בית קפה"
    // A stem must begin a word: "שלומ" is not "ש" + "ל" + "ומ" inside "חומוס".
    expect(find("שלומ")).toEqual(["shalom-bakery"]);
    expect(find("zzz")).toEqual([]);
  });

  it("pages in the listing's order, and counts every match", async () => {
    const state = { ...EMPTY_FILTERS, searchTerm: "st" };
    const first = await searchDirectory(database.db, state, { clock: CLOCK, limit: 2 });
    const expected = applyFilters(all, state, CLOCK);
    expect(first.total).toBe(expected.length);
    expect(first.restaurants).toHaveLength(2);
    // Tzohar first among those without a photo (no photos here), as the listing orders them.
    expect(first.restaurants.every((restaurant) => restaurant.kashrut === "tzohar")).toBe(true);
  });

  it("open now is judged on each match's hours", async () => {
    const [row] = await database.db.select().from(restaurants).where(eq(restaurants.slug, "olive-grill"));
    const hours: WeeklyHours = {
      days: Array.from({ length: 7 }, () => [{ from: "11:00", to: "23:00" }]),
      closedOnShabbat: false,
      beforeRest: { kind: "candles", minutes: 0 },
      afterRest: { kind: "havdalah", minutes: 0 },
    };
    await database.db.update(restaurants).set({ hours }).where(eq(restaurants.id, row!.id));
    const withHours = await listRestaurants(database.db);
    const state = { ...EMPTY_FILTERS, openNow: true };
    for (const instant of ["2026-11-24T12:00:00Z", "2026-11-24T23:30:00Z"]) {
      const open = { now: Date.parse(instant), windows: [] };
      const found = await searchDirectory(database.db, state, { open, limit: 10 });
      expect(slugs(found.restaurants)).toEqual(slugs(applyFilters(withHours, state, undefined, open)));
    }
    // At noon in Tel Aviv the one restaurant with hours is open; near midnight nothing is.
    expect(
      (
        await searchDirectory(database.db, state, {
          open: { now: Date.parse("2026-11-24T12:00:00Z"), windows: [] },
          limit: 10,
        })
      ).total,
    ).toBe(1);
  });

  it("a write that changes a name without the search text leaves it empty, and the fill writes it again", async () => {
    await database.db
      .update(restaurants)
      .set({ name_en: "Sushi Lev Omakase Bar" })
      .where(eq(restaurants.slug, "sushi-lev"));
    const [stale] = await database.db
      .select({ text: restaurants.search_text })
      .from(restaurants)
      .where(eq(restaurants.slug, "sushi-lev"));
    expect(stale?.text).toBeNull();
    expect(await fillSearchText(database.db)).toBe(1);
    const found = await searchDirectory(database.db, { ...EMPTY_FILTERS, searchTerm: "omakase bar" }, { limit: 10 });
    expect(slugs(found.restaurants)).toEqual(["sushi-lev"]);
  });

  it("the home page's directory asks the database only past the browser index's limit", async () => {
    const state = { ...EMPTY_FILTERS, searchTerm: "olivw" };
    const small = createDirectory({
      db: database.db,
      list: () => listRestaurants(database.db),
      size: async () => PLACES.length,
    });
    const large = createDirectory({
      db: database.db,
      list: () => Promise.reject(new Error("the whole list must not be read past the limit")),
      size: async () => CLIENT_FILTER_LIMIT + 1,
    });
    const inMemory = await small({ state, clock: CLOCK, limit: 24 });
    const inDatabase = await large({ state, clock: CLOCK, limit: 24 });
    expect(inMemory.indexVersion).not.toBeNull();
    expect(inDatabase.indexVersion).toBeNull();
    expect(slugs(inDatabase.restaurants)).toEqual(slugs(inMemory.restaurants));
  });
});
