import { describe, expect, it } from "vitest";
import { buildRestaurantRow } from "../../../../database/factories";
import { emptyWeek } from "../hours/hours";
import { rowToRestaurant } from "../core/mapping";
import type { Restaurant } from "../core/types";
import {
  lastChangeOf,
  OPEN_DATA_LICENSE,
  openDataGeoJson,
  openDataJson,
  openDataRecord,
  type OpenDataContext,
} from "./feed";

const context: OpenDataContext = {
  publicUrl: "https://kosher.example",
  clock: { today: "2026-11-26", maxAgeDays: 180, graceDays: 14 },
};
const updatedAt = new Date("2026-11-01T08:00:00Z");
const week = { ...emptyWeek(true), days: [[{ from: "12:00", to: "23:00" }], [], [], [], [], [], []] };

function restaurant(overrides: Parameters<typeof buildRestaurantRow>[0] = {}): Restaurant {
  return rowToRestaurant(
    buildRestaurantRow({
      slug: "falafel-hakosem",
      name_en: "Falafel HaKosem",
      name_he: "פלאפל הקוסם",
      description_en: "Falafel",
      description_he: "פלאפל",
      address: "Shlomo HaMelech 1",
      kashrut: "rabanut",
      tags: ["Meat"],
      phone_number: "03-1234567",
      menu_link: "https://menu.example",
      wolt_link: "https://wolt.example",
      latitude: 32.07,
      longitude: 34.77,
      last_verified: "2026-10-01",
      certificate_body: "rabbinate_tel_aviv",
      certificate_level: "mehadrin",
      certificate_number: "123",
      certificate_valid_until: "2027-03-01",
      hours: week,
      opening_hours: "Closed on Yom Kippur eve",
      delivery: true,
      wheelchair: "partly",
      photo: "https://uploads.example/photo.webp",
      ...overrides,
    }),
  );
}

describe("openDataRecord (one public listing)", () => {
  it("gives both languages' pages and texts, the kashrut with diet:kosher, practical facts, location, links, hours and freshness", () => {
    const record = openDataRecord({ restaurant: restaurant(), updatedAt }, context);
    expect(record.url).toEqual({
      en: "https://kosher.example/en/restaurant/falafel-hakosem",
      he: "https://kosher.example/he/restaurant/falafel-hakosem",
    });
    expect(record.name).toEqual({ en: "Falafel HaKosem", he: "פלאפל הקוסם" });
    expect(record.description).toEqual({ en: "Falafel", he: "פלאפל" });
    expect(record.kashrut).toEqual({
      value: "rabanut",
      label: { en: "Rabanut", he: "רבנות" },
      dietKosher: "only",
      certificate: {
        body: "rabbinate_tel_aviv",
        level: "mehadrin",
        number: "123",
        validUntil: "2027-03-01",
        state: "valid",
      },
    });
    expect(record.tags).toEqual([{ id: "Meat", en: "Meat", he: "בשרי" }]);
    expect(record.practical).toEqual({
      priceLevel: null,
      delivery: true,
      takeaway: null,
      catering: null,
      wheelchair: "partly",
    });
    expect(record.location).toEqual({ lat: 32.07, lon: 34.77 });
    expect(record.openingHours).toBe("Su 12:00-23:00; Mo-Sa off");
    expect(record.hours).toEqual(week);
    expect(record.hoursNote).toBe("Closed on Yom Kippur eve");
    expect(record.links).toMatchObject({
      phone: "03-1234567",
      menu: "https://menu.example",
      wolt: "https://wolt.example",
      booking: null,
    });
    expect(record.freshness).toEqual({ lastVerified: "2026-10-01", state: "fresh" });
    expect(record.updatedAt).toBe("2026-11-01T08:00:00.000Z");
    expect(record.closed).toBe(false);
    expect(record.osm).toMatchObject({
      amenity: "restaurant",
      name: "פלאפל הקוסם",
      "name:en": "Falafel HaKosem",
      "diet:kosher": "only",
      opening_hours: "Su 12:00-23:00; Mo-Sa off",
      delivery: "yes",
      wheelchair: "limited",
    });
  });

  it("marks a closed listing and gives it no hours, and says yes for an expired certificate", () => {
    const record = openDataRecord(
      { restaurant: restaurant({ is_permanently_closed: true, certificate_valid_until: "2026-01-01" }), updatedAt },
      context,
    );
    expect(record.closed).toBe(true);
    expect(record.openingHours).toBeNull();
    expect(record.hours).toBeNull();
    expect(record.osm.opening_hours).toBeUndefined();
    expect(record.osm["disused:amenity"]).toBe("restaurant");
    expect(record.kashrut.dietKosher).toBe("yes");
    expect(record.kashrut.certificate?.state).toBe("expired");
  });

  it("passes on nothing it does not name: no owners, e-mails, user ids or photos", () => {
    const withSecrets = {
      ...restaurant(),
      owners: [{ id: "user-owner-1", email: "owner@example.com" }],
      createdBy: "user-admin-1",
      reports: [{ email: "reporter@example.com" }],
    } as Restaurant;
    const text = JSON.stringify(openDataRecord({ restaurant: withSecrets, updatedAt }, context));
    for (const secret of [
      "user-owner-1",
      "owner@example.com",
      "user-admin-1",
      "reporter@example.com",
      "photo.webp",
      "owners",
      "email",
    ])
      expect(text).not.toContain(secret);
  });
});

describe("the feeds", () => {
  const records = [
    openDataRecord({ restaurant: restaurant(), updatedAt }, context),
    openDataRecord(
      {
        restaurant: restaurant({ slug: "nowhere", latitude: null, longitude: null, last_verified: "2026-11-20" }),
        updatedAt,
      },
      context,
    ),
  ];
  const now = new Date("2026-11-26T10:00:00Z");

  it("JSON: the licence, attribution, count, version and every record", () => {
    const feed = openDataJson(records, context.publicUrl, now);
    expect(feed).toMatchObject({
      version: 1,
      generatedAt: "2026-11-26T10:00:00.000Z",
      count: 2,
      license: OPEN_DATA_LICENSE,
      source: "https://kosher.example",
    });
    expect(feed.attribution).toContain("ODbL-1.0");
    expect(feed.restaurants).toHaveLength(2);
  });

  it("GeoJSON: a FeatureCollection of Features with [lon, lat] points, null geometry when the location is unknown", () => {
    const feed = openDataGeoJson(records, context.publicUrl, now);
    expect(feed.type).toBe("FeatureCollection");
    expect(feed.license).toEqual(OPEN_DATA_LICENSE);
    expect(feed.features[0]).toMatchObject({
      type: "Feature",
      id: "falafel-hakosem",
      geometry: { type: "Point", coordinates: [34.77, 32.07] },
    });
    expect(feed.features[0]?.properties).not.toHaveProperty("location");
    expect(feed.features[1]?.geometry).toBeNull();
  });

  it("Last-Modified is the latest change or verification", () => {
    expect(lastChangeOf(records)?.toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(lastChangeOf([])).toBeNull();
  });
});
