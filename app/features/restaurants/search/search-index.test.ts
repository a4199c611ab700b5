import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { EMPTY_FILTERS } from "./filters";
import { applyFilters } from "./matching";
import { rowToRestaurant as fromRow } from "../core/mapping";
import { decodeIndex, forCard, fromIndexRow, toIndexRow } from "./search-index";

const full = fromRow(
  buildRestaurantRow({
    name_en: "Olive Grill",
    name_he: "גריל הזית",
    description_en: "Grilled fish",
    description_he: null,
    photo: "/uploads/a/b-1200.webp",
    tags: ["Meat", "Grill"],
    kashrut: "mehadrin",
    booking_link: "https://book.example/olive",
    wolt_link: null,
    online_order_link: "https://order.example/olive",
    is_permanently_closed: true,
    phone_number: "03-5550000",
    opening_hours: "Sun–Thu 12:00–23:00",
  }),
);
const bare = fromRow(
  buildRestaurantRow({ name_he: null, description_en: null, description_he: "רק עברית", photo: null, tags: [] }),
);

describe("search index rows: the location", () => {
  it("carry the coordinates for the map and Near me, and nothing when there are none or they are damaged", () => {
    const placed = fromRow(buildRestaurantRow({ name_en: "Placed", latitude: 32.0779, longitude: 34.7741 }));
    const row = JSON.parse(JSON.stringify(toIndexRow(placed))) as unknown[];
    expect(row[13]).toEqual([32.0779, 34.7741]);
    expect(fromIndexRow(row)?.location).toEqual({ lat: 32.0779, lng: 34.7741 });
    expect(fromIndexRow(toIndexRow(bare))).not.toHaveProperty("location");
    expect(fromIndexRow([...row.slice(0, 13), ["32", 34], ...row.slice(14)])).not.toHaveProperty("location");
  });
});

describe("search index rows: the certificate", () => {
  it("carry the body and last day for the card and the filter, and nothing when there is none or it is damaged", () => {
    const certified = fromRow(
      buildRestaurantRow({
        name_en: "Certified",
        certificate_body: "badatz_beit_yosef",
        certificate_level: "mehadrin",
        certificate_number: "77",
        certificate_valid_until: "2027-04-19",
      }),
    );
    const row = JSON.parse(JSON.stringify(toIndexRow(certified))) as unknown[];
    expect(row[14]).toEqual(["badatz_beit_yosef", "2027-04-19"]);
    // The level and number stay on the restaurant page.
    expect(fromIndexRow(row)?.certificate).toEqual({ body: "badatz_beit_yosef", validUntil: "2027-04-19" });
    expect(fromIndexRow(toIndexRow(bare))).not.toHaveProperty("certificate");
    expect(fromIndexRow([...row.slice(0, 14), [5, "2027-04-19"], ...row.slice(15)])).not.toHaveProperty("certificate");
    expect(forCard(certified).certificate).toEqual({ body: "badatz_beit_yosef", validUntil: "2027-04-19" });
  });
});

describe("search index rows: the practical facts", () => {
  const facts = fromRow(
    buildRestaurantRow({
      name_en: "Facts",
      price_level: 2,
      delivery: true,
      takeaway: false,
      catering: true,
      wheelchair: "partly",
    }),
  );

  it("carry the price level, the services and wheelchair access as one number at the row's end", () => {
    const row = JSON.parse(JSON.stringify(toIndexRow(facts))) as unknown[];
    expect(row).toHaveLength(18);
    expect(row[16]).toBe(2 | 8 | 32 | 128);
    expect(fromIndexRow(row)).toMatchObject({ priceLevel: 2, delivery: true, catering: true, wheelchair: "partly" });
    expect(fromIndexRow(row)).not.toHaveProperty("takeaway");
    for (const wheelchair of ["yes", "partly", "no"] as const) {
      for (const price_level of [1, 2, 3, 4] as const) {
        const restaurant = fromRow(buildRestaurantRow({ price_level, takeaway: true, wheelchair }));
        expect(fromIndexRow(toIndexRow(restaurant))).toMatchObject({
          priceLevel: price_level,
          takeaway: true,
          wheelchair,
        });
      }
    }
  });

  it("carry nothing when nothing is given, or when the number is damaged; a row of the old length is refused", () => {
    const row = toIndexRow(bare);
    expect(row[16]).toBe(0);
    for (const key of ["priceLevel", "delivery", "takeaway", "catering", "wheelchair"])
      expect(fromIndexRow(row)).not.toHaveProperty(key);
    expect(fromIndexRow([...row.slice(0, 16), "damaged", 0])).not.toHaveProperty("priceLevel");
    // Price bits of 5 to 7 are no level.
    expect(fromIndexRow([...row.slice(0, 16), 7, 0])).not.toHaveProperty("priceLevel");
    expect(fromIndexRow(row.slice(0, 17))).toBeUndefined();
  });

  it("filter the same way as the full records", () => {
    const others = [full, bare, fromRow(buildRestaurantRow({ price_level: 4, delivery: true, wheelchair: "yes" }))];
    const decoded = decodeIndex(JSON.parse(JSON.stringify([facts, ...others].map(toIndexRow))));
    const cases = [
      { ...EMPTY_FILTERS, priceUpTo: 2 },
      { ...EMPTY_FILTERS, priceUpTo: 1 },
      { ...EMPTY_FILTERS, factFilters: ["delivery" as const] },
      { ...EMPTY_FILTERS, factFilters: ["delivery" as const, "catering" as const] },
      { ...EMPTY_FILTERS, factFilters: ["wheelchair" as const] },
      { ...EMPTY_FILTERS, factFilters: ["takeaway" as const] },
    ];
    const expected = [[facts.id], [], [facts.id, others[2]!.id], [facts.id], [others[2]!.id], []];
    cases.forEach((filters, i) => {
      expect(applyFilters(decoded, filters).map((r) => r.id)).toEqual(
        applyFilters([facts, ...others], filters).map((r) => r.id),
      );
      expect(applyFilters(decoded, filters).map((r) => r.id)).toEqual(expected[i]);
    });
  });
});

describe("search index rows", () => {
  it("round-trip to what cards and filters need: links only say that they exist", () => {
    const roundTrip = (restaurant: typeof full) => fromIndexRow(JSON.parse(JSON.stringify(toIndexRow(restaurant))));
    expect(roundTrip(full)).toStrictEqual({
      id: full.id,
      slug: full.slug,
      name: { en: "Olive Grill", he: "גריל הזית" },
      address: full.address,
      kashrut: "mehadrin",
      tags: ["Meat", "Grill"],
      isPermanentlyClosed: true,
      menuImages: [],
      description: { en: "Grilled fish" },
      photo: "/uploads/a/b-1200.webp",
      bookingLink: "1",
      onlineOrderLink: "1",
    });
    expect(roundTrip(bare)).toStrictEqual({
      id: bare.id,
      slug: bare.slug,
      name: { en: bare.name.en },
      address: bare.address,
      kashrut: bare.kashrut,
      tags: [],
      isPermanentlyClosed: false,
      menuImages: [],
      description: { en: "", he: "רק עברית" },
    });
  });

  it("never carry what a card does not show", () => {
    const row = JSON.stringify(toIndexRow(full));
    expect(row).not.toContain("03-5550000");
    expect(row).not.toContain("Sun–Thu 12:00–23:00");
    expect(row).not.toContain("book.example");
  });

  it("filter the same way as the full records", () => {
    const decoded = decodeIndex(JSON.parse(JSON.stringify([full, bare].map(toIndexRow))));
    const cases = [
      { ...EMPTY_FILTERS, searchTerm: "זית" },
      { ...EMPTY_FILTERS, searchTerm: "fish" },
      { ...EMPTY_FILTERS, linkFilters: ["order" as const] },
      { ...EMPTY_FILTERS, linkFilters: ["wolt" as const] },
      { ...EMPTY_FILTERS, kashrutTypes: ["mehadrin" as const] },
      { ...EMPTY_FILTERS, selectedTags: ["Grill"] },
    ];
    for (const filters of cases) {
      expect(applyFilters(decoded, filters).map((r) => r.id)).toEqual(
        applyFilters([full, bare], filters).map((r) => r.id),
      );
    }
  });

  it("leave out malformed rows instead of failing", () => {
    expect(decodeIndex({ not: "a list" })).toEqual([]);
    expect(
      decodeIndex([
        null,
        [1, 2],
        ["id", "slug", "Name", "", "", "no-such-kashrut", [], "", 0, "", "", "", 0, 0],
        toIndexRow(bare),
      ]),
    ).toHaveLength(1);
  });
});

describe("search index rows: the wheelchair order", () => {
  it("is the lists' own", async () => {
    const { WHEELCHAIR_ACCESS } = await import("../../../../database/practical");
    for (const [i, wheelchair] of WHEELCHAIR_ACCESS.entries()) {
      expect(toIndexRow(fromRow(buildRestaurantRow({ wheelchair })))[16]).toBe((i + 1) << 6);
    }
  });
});

describe("search index rows: the published reviews", () => {
  it("carry the count and the stars at the row's end, and nothing without reviews", () => {
    const rated = { ...fromRow(buildRestaurantRow({ name_en: "Rated" })), rating: { count: 12, stars: 51 } };
    const row = JSON.parse(JSON.stringify(toIndexRow(rated))) as unknown[];
    expect(row[17]).toEqual([12, 51]);
    expect(fromIndexRow(row)?.rating).toEqual({ count: 12, stars: 51 });
    expect(forCard(rated).rating).toEqual({ count: 12, stars: 51 });
    expect(toIndexRow(bare)[17]).toBe(0);
    expect(fromIndexRow(toIndexRow(bare))).not.toHaveProperty("rating");
    expect(fromIndexRow([...row.slice(0, 17), "damaged"])).not.toHaveProperty("rating");
  });
});
